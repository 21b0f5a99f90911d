#include "cli/command.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "core/notation.h"
#include "core/parse_number.h"

namespace reversi::cli {

namespace {
std::vector<Command>& registry() {
  static std::vector<Command> list;  // function-local: safe from static-initialisation order
  return list;
}
}  // namespace

void register_command(Command command) {
  auto& list = registry();
  const auto at = std::lower_bound(list.begin(), list.end(), command.name,
                                   [](const Command& c, const std::string& n) { return c.name < n; });
  list.insert(at, std::move(command));
}

const std::vector<Command>& commands() { return registry(); }

const Command* find_command(std::string_view name) {
  for (const Command& c : registry())
    if (c.name == name) return &c;
  return nullptr;
}

int failure(std::string_view command, std::string_view message) {
  std::cerr << "reversi-cli " << command << ": " << message << "\n";
  return kFailure;
}

Args::Args(std::string command, std::vector<std::string> tokens)
    : command_(std::move(command)), tokens_(std::move(tokens)), used_(tokens_.size(), false) {
  end_of_options_ = tokens_.size();
  for (std::size_t i = 0; i < tokens_.size(); ++i)
    if (tokens_[i] == "--") {
      end_of_options_ = i;
      used_[i] = true;
      break;
    }
}

bool Args::looks_like_option(std::string_view token) {
  // "-h", "--games", "--games=5": a dash or two, then a lower-case name. Not
  // "-5" (a number) nor "--XXO-..." (a board string may start with dashes).
  std::size_t i = token.starts_with("--") ? 2 : token.starts_with("-") ? 1 : 0;
  if (i == 0 || i >= token.size() || !(token[i] >= 'a' && token[i] <= 'z')) return false;
  const std::string_view name = token.substr(i, token.find('=') - i);
  if (name.size() > 32) return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

void Args::fail(std::string message) {
  if (error_.empty()) error_ = std::move(message);
}

int Args::usage_error() const {
  std::cerr << "reversi-cli " << command_ << ": " << error_ << " (see reversi-cli " << command_
            << " --help)\n";
  return kUsage;
}

bool Args::flag(std::string_view name) {
  bool present = false;
  for (std::size_t i = 0; i < end_of_options_; ++i) {
    const std::string& t = tokens_[i];
    if (used_[i]) continue;
    if (t == name) {
      used_[i] = true;
      present = true;
    } else if (t.size() > name.size() && t.compare(0, name.size(), name) == 0 &&
               t[name.size()] == '=') {
      used_[i] = true;
      fail("option " + std::string(name) + " takes no value");
    }
  }
  return present;
}

std::optional<std::string> Args::option(std::string_view name) {
  std::optional<std::string> value;
  for (std::size_t i = 0; i < end_of_options_; ++i) {
    const std::string& t = tokens_[i];
    if (used_[i]) continue;
    if (t == name) {
      used_[i] = true;
      if (i + 1 >= end_of_options_ || looks_like_option(tokens_[i + 1])) {
        fail("option " + std::string(name) + " needs a value");
        return std::nullopt;
      }
      used_[i + 1] = true;
      value = tokens_[++i];
    } else if (t.size() > name.size() && t.compare(0, name.size(), name) == 0 &&
               t[name.size()] == '=') {
      used_[i] = true;
      value = t.substr(name.size() + 1);
    }
  }
  return value;
}

std::optional<long long> Args::option_int(std::string_view name, long long min, long long max) {
  const auto text = option(name);
  if (!text) return std::nullopt;
  auto value = parse_int<long long>(name, *text, min, max);  // "--depth '12abc' is not ..."
  if (!value) {
    fail(value.error());
    return std::nullopt;
  }
  return *value;
}

std::optional<double> Args::option_double(std::string_view name, double min, double max) {
  const auto text = option(name);
  if (!text) return std::nullopt;
  auto value = parse_double(name, *text, min, max);
  if (!value) {
    fail(value.error());
    return std::nullopt;
  }
  return *value;
}

std::optional<std::string> Args::positional(std::string_view what, bool required) {
  for (std::size_t i = 0; i < tokens_.size(); ++i) {
    if (used_[i]) continue;
    if (i < end_of_options_ && looks_like_option(tokens_[i])) continue;  // finish() reports it
    used_[i] = true;
    return tokens_[i];
  }
  if (required) fail("missing " + std::string(what));
  return std::nullopt;
}

std::optional<long long> Args::positional_int(std::string_view what, long long min, long long max,
                                              bool required) {
  const auto text = positional(what, required);
  if (!text) return std::nullopt;
  auto value = parse_int<long long>(what, *text, min, max);
  if (!value) {
    fail(value.error());
    return std::nullopt;
  }
  return *value;
}

std::optional<Position> Args::positional_board(std::string_view what, bool required) {
  const auto text = positional(what, required);
  if (!text) return std::nullopt;
  auto position = parse_board_string(*text);
  if (!position) {
    fail(std::string(what) + ": " + position.error() +
         " (quote it: 64 squares of X, O or -, a space, then X or O)");
    return std::nullopt;
  }
  return *position;
}

bool Args::finish() {
  for (std::size_t i = 0; i < tokens_.size(); ++i) {
    if (used_[i]) continue;
    if (i < end_of_options_ && looks_like_option(tokens_[i]))
      fail("unknown option '" + tokens_[i] + "'");
    else
      fail("unexpected argument '" + tokens_[i] + "'");
    break;
  }
  return ok();
}

}  // namespace reversi::cli
