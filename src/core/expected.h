// A value or an error. Used instead of exceptions so the core builds the same with
// Emscripten (where exceptions are off by default) and natively.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace reversi {

// Named arguments of a text: {name} in it is replaced by the value.
using TextArgs = std::vector<std::pair<std::string, std::string>>;

// An error: its English text, and for the errors a player may see (bad game text, a
// corrupt saved game) what the interface needs to say it in the player's language: a
// catalog key (assets/i18n/<lang>.json, translated by ui::error_text; the core knows no
// catalog) and the arguments of its text. An error that wraps another keeps it whole as
// `cause` ({cause} in the text), so that the two translate together.
// An argument named "color" holds color_name() ("black" / "white") and is said in the
// player's language.
struct Error {
  Error();
  // An English-only error (tools, files, protocols: not shown to players as such).
  Error(std::string english);
  // Out of line (expected.cpp): every Expected<T> copies and destroys one, and inlined its
  // strings, arguments and cause would be compiled into each (the web's download).
  Error(const Error&);
  Error(Error&&) noexcept;
  Error& operator=(const Error&);
  Error& operator=(Error&&) noexcept;
  ~Error();
  // A translatable error: `english` is the text with {name} placeholders, as en.json has
  // it under `key` (tests/ui/test_text_errors.cpp checks the two agree); `message` is it
  // filled in.
  static Error text(std::string key, std::string_view english, TextArgs args = {});
  static Error text(std::string key, std::string_view english, TextArgs args, Error cause);

  std::string message;  // the English text, whole
  std::string key;      // "" when there is only the English text
  TextArgs args;
  std::shared_ptr<const Error> cause;
};

// Replaces each {name} in `text` by find(name) (a const std::string* or nullptr); a
// placeholder find does not know stays as written. (The catalogs' fill, ui::tr, is this.)
template <class Find>
std::string fill_placeholders(std::string_view text, Find find) {
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t close = text[i] == '{' ? text.find('}', i) : std::string_view::npos;
    if (close != std::string_view::npos) {
      if (const std::string* value = find(text.substr(i + 1, close - i - 1))) {
        out += *value;
        i = close + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

// fill_placeholders with named arguments: pairs of a name and its text (TextArgs, or a
// list of such pairs).
template <class Args>
std::string fill_args(std::string_view text, const Args& args) {
  return fill_placeholders(text, [&](std::string_view name) -> const std::string* {
    for (const auto& [k, v] : args)
      if (k == name) return &v;
    return nullptr;
  });
}

template <class T>
class Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(Error error) : error_(std::move(error)) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T& operator*() const& { return *value_; }
  T& operator*() & { return *value_; }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }
  // The value, or `fallback` when there is none (the error dropped).
  T value_or(T fallback) && { return ok() ? std::move(*value_) : std::move(fallback); }
  // The error's English text.
  const std::string& error() const { return error_.message; }
  // The whole error (to pass on, or to translate with ui::error_text).
  const Error& failure() const { return error_; }

 private:
  std::optional<T> value_;
  Error error_;
};

// Success or an error, for operations with no value to return.
class Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)), failed_(true) {}
  static Status success() { return {}; }
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return error_.message; }
  const Error& failure() const { return error_; }

 private:
  Error error_;
  bool failed_ = false;
};

// 'text' in single quotes, for naming the offending input in an error message.
// (Built by appending: gcc 12 warns falsely, -Wrestrict, about "literal" +
// std::string temporaries.)
inline std::string quote(std::string_view text) {
  std::string s;
  s.reserve(text.size() + 2);
  s += '\'';
  s += text;
  s += '\'';
  return s;
}

}  // namespace reversi
