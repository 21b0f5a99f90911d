// The one JSON string escaper (core/json.h), used by the game state and the web build.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "core/json.h"

using namespace reversi;

TEST_CASE("json_string: quotes, backslashes and control characters escaped", "[json]") {
  CHECK(json_string("") == "\"\"");
  CHECK(json_string("level-6") == "\"level-6\"");
  CHECK(json_string("say \"hi\"") == "\"say \\\"hi\\\"\"");
  CHECK(json_string("a\\b") == "\"a\\\\b\"");
  CHECK(json_string("one\ntwo\tthree\r\b\f") == "\"one\\ntwo\\tthree\\r\\b\\f\"");
  CHECK(json_string(std::string("nul\0end", 7)) == "\"nul\\u0000end\"");
  CHECK(json_string("\x01\x1f") == "\"\\u0001\\u001f\"");
  CHECK(json_string("\x7f") == "\"\x7f\"");  // DEL needs no escape
  // UTF-8 passes through byte for byte: the en dash and ellipsis of the status line.
  CHECK(json_string("2\u20132 \u2026 \xC3\xA9") == "\"2\u20132 \u2026 \xC3\xA9\"");
  // '/' and '<' are fine as they are.
  CHECK(json_string("</script>") == "\"</script>\"");
}

TEST_CASE("json_number: short, exact where whole, null where JSON has no number", "[json]") {
  CHECK(json_number(2.5) == "2.5");
  CHECK(json_number(-18) == "-18");
  CHECK(json_number(0) == "0");
  CHECK(json_number(-0.001) == "0");
  CHECK(json_number(1.0 / 3.0) == "0.33");
  CHECK(json_number(1.0 / 3.0, 4) == "0.3333");
  CHECK(json_number(64, 0) == "64");
  CHECK(json_number(std::nan("")) == "null");
  CHECK(json_number(1e300 * 1e300) == "null");
}
