#include "core/expected.h"

namespace reversi {

Error::Error() = default;
Error::Error(std::string english) : message(std::move(english)) {}
Error::Error(const Error&) = default;
Error::Error(Error&&) noexcept = default;
Error& Error::operator=(const Error&) = default;
Error& Error::operator=(Error&&) noexcept = default;
Error::~Error() = default;

Error Error::text(std::string key, std::string_view english, TextArgs args) {
  Error e;
  e.message = fill_args(english, args);
  e.key = std::move(key);
  e.args = std::move(args);
  return e;
}

Error Error::text(std::string key, std::string_view english, TextArgs args, Error cause) {
  // The cause's English is an argument of this English only: the translation asks for the
  // cause's own translation (ui::error_text).
  TextArgs with_cause = args;
  with_cause.emplace_back("cause", cause.message);
  Error e = text(std::move(key), english, std::move(with_cause));
  e.args = std::move(args);
  e.cause = std::make_shared<const Error>(std::move(cause));
  return e;
}

}  // namespace reversi
