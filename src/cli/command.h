// reversi-cli's tiny subcommand framework.
//
// Each subcommand lives in its own file src/cli/<name>.cpp and registers itself
// with a static registrar (the CLI sources are compiled straight into the
// executable, so the registrar always runs before main):
//
//   namespace {
//   int run(reversi::cli::Args& args) {
//     const bool quiet = args.flag("--quiet");
//     const auto games = args.option_int("--games", 1, 1'000'000);   // nullopt if absent
//     const auto file = args.positional("FILE");                      // required
//     if (!args.finish()) return args.usage_error();  // unknown options, extra arguments
//     ...
//     return reversi::cli::kOk;
//   }
//   const reversi::cli::CommandRegistrar registrar{{"name", "one-line summary",
//       "usage: reversi-cli name [--games N] FILE\n\n  ...longer help...\n", run}};
//   }  // namespace
//
// main.cpp answers `reversi-cli --help` (the list) and `reversi-cli NAME --help`
// (the usage text) itself. Exit status: kOk 0, kFailure 1, kUsage 2.
// Order of calls on Args: options and flags first, then positionals, then
// finish(). The first problem found is kept; usage_error() prints it as one line.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace reversi::cli {

enum ExitCode : int { kOk = 0, kFailure = 1, kUsage = 2 };

class Args;

struct Command {
  std::string name;     // as typed after reversi-cli
  std::string summary;  // one line for the command list
  std::string usage;    // full text for `reversi-cli NAME --help`, starting "usage: ..."
  int (*run)(Args& args) = nullptr;
};

void register_command(Command command);
const std::vector<Command>& commands();  // sorted by name
const Command* find_command(std::string_view name);

struct CommandRegistrar {
  explicit CommandRegistrar(Command command) { register_command(std::move(command)); }
};

// The arguments after the subcommand's name.
class Args {
 public:
  Args(std::string command, std::vector<std::string> tokens);

  const std::string& command() const { return command_; }

  // --- options (call before the positionals) ---
  // A flag without value, e.g. "--quiet". True if present.
  bool flag(std::string_view name);
  // "--name VALUE" or "--name=VALUE"; the last one wins if repeated.
  std::optional<std::string> option(std::string_view name);
  // An integer option within [min, max]; out of range or not a number is a usage
  // error (core/parse_number.h: the whole value, a sign only where min < 0).
  std::optional<long long> option_int(std::string_view name, long long min, long long max);
  // A number option within [min, max].
  std::optional<double> option_double(std::string_view name, double min, double max);

  // --- positionals, in order ---
  // The next positional argument; `what` names it in errors ("DEPTH").
  std::optional<std::string> positional(std::string_view what, bool required = true);
  std::optional<long long> positional_int(std::string_view what, long long min, long long max,
                                          bool required = true);
  // A board string (64 squares and the side to move) in one argument.
  std::optional<Position> positional_board(std::string_view what, bool required = true);

  // Reports what is left over (unknown options, extra arguments). Returns ok().
  bool finish();

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  // Records a usage error (the first one is kept).
  void fail(std::string message);
  // Prints "reversi-cli CMD: <error> (see reversi-cli CMD --help)" on stderr; returns kUsage.
  int usage_error() const;

 private:
  static bool looks_like_option(std::string_view token);
  std::string command_;
  std::vector<std::string> tokens_;
  std::vector<bool> used_;
  std::size_t end_of_options_;  // index of "--" (or size): later tokens are all positionals
  std::string error_;
};

// Prints "reversi-cli CMD: message" on stderr and returns kFailure.
int failure(std::string_view command, std::string_view message);

}  // namespace reversi::cli
