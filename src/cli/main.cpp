// reversi-cli: dispatches to the subcommands registered in src/cli/*.cpp.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.h"

namespace {

using reversi::cli::commands;

void print_command_list(std::ostream& out) {
  out << "usage: reversi-cli COMMAND [ARGS...]\n"
         "       reversi-cli COMMAND --help    (the command's usage)\n\n"
         "commands:\n";
  std::size_t width = 0;
  for (const auto& c : commands()) width = std::max(width, c.name.size());
  for (const auto& c : commands())
    out << "  " << c.name << std::string(width - c.name.size() + 2, ' ') << c.summary << "\n";
  out << "\nexit status: 0 ok, 1 failure, 2 usage error\n";
}

bool is_help(const std::string& s) { return s == "--help" || s == "-h"; }

}  // namespace

int main(int argc, char** argv) {
  using namespace reversi::cli;
  std::vector<std::string> tokens(argv + 1, argv + argc);
  if (tokens.empty()) {
    print_command_list(std::cerr);
    return kUsage;
  }
  const std::string name = tokens.front();
  tokens.erase(tokens.begin());
  if (is_help(name) || (name == "help" && tokens.empty())) {
    print_command_list(std::cout);
    return kOk;
  }
  if (name == "help") {  // "help CMD" = "CMD --help"
    const Command* command = find_command(tokens.front());
    if (!command || tokens.size() > 1) {
      std::cerr << "reversi-cli help: unknown command '" << tokens.front() << "'\n";
      return kUsage;
    }
    std::cout << command->usage;
    return kOk;
  }
  const Command* command = find_command(name);
  if (!command) {
    std::string known;
    for (const auto& c : commands()) known += (known.empty() ? "" : ", ") + c.name;
    std::cerr << "reversi-cli: unknown command '" << name << "' (commands: " << known << ")\n";
    return kUsage;
  }
  for (const std::string& t : tokens) {
    if (t == "--") break;
    if (is_help(t)) {
      std::cout << command->usage;
      return kOk;
    }
  }
  Args args(command->name, std::move(tokens));
  return command->run(args);
}
