// A value or an error message. Used instead of exceptions so the core builds the
// same with Emscripten (where exceptions are off by default) and natively.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace reversi {

struct Error {
  std::string message;
};

template <class T>
class Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(Error error) : error_(std::move(error.message)) {}

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
  const std::string& error() const { return error_; }

 private:
  std::optional<T> value_;
  std::string error_;
};

// Success or an error message, for operations with no value to return.
class Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error.message)), failed_(true) {}
  static Status success() { return {}; }
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return error_; }

 private:
  std::string error_;
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
