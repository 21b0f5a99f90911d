// The line codec of the page's worker protocols (core/line_codec.h; issue 44, "one line
// codec"): lines and their keys, values and fields; the first bad line stops the reading
// with one wording; the field readers' errors; what the writers make reads back.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/line_codec.h"
#include "core/notation.h"

using namespace reversi;

namespace {

struct Seen {
  int number;
  std::string key, value;
  bool has_value;
};
std::vector<Seen> lines(std::string_view text, char separator) {
  std::vector<Seen> out;
  for_each_protocol_line(text, separator, [&](const ProtocolLine& l) {
    out.push_back({l.number, std::string(l.key), std::string(l.value), l.has_value});
    return true;
  });
  return out;
}

}  // namespace

TEST_CASE("line codec: lines, keys and values, empty lines skipped but counted, carriage returns dropped", "[core][protocol]") {
  const auto seen = lines("id 5\n\nplayer level-6 +depth=3\r\r\nflag\n \n", ' ');
  REQUIRE(seen.size() == 4);
  CHECK((seen[0].number == 1 && seen[0].key == "id" && seen[0].value == "5" && seen[0].has_value));
  CHECK((seen[1].number == 3 && seen[1].key == "player" && seen[1].value == "level-6 +depth=3"));  // the rest, whole
  CHECK((seen[2].number == 4 && seen[2].key == "flag" && seen[2].value.empty() && !seen[2].has_value));
  CHECK((seen[3].number == 5 && seen[3].key.empty() && seen[3].has_value));  // " ": an empty key, an empty value
  CHECK(lines("", ' ').empty());
  CHECK(lines("\n\r\n\n", '\t').empty());

  // Fields at the protocol's separator; none without a separator, one empty after a bare one.
  ProtocolLine l;
  int calls = 0;
  for_each_protocol_line("move\tf5\t10\t\t2\nask\nid\t", '\t', [&](const ProtocolLine& line) {
    ++calls;
    if (line.key == "move") CHECK(line.fields('\t') == std::vector<std::string_view>{"f5", "10", "", "2"});
    if (line.key == "ask") CHECK(line.fields('\t').empty());
    if (line.key == "id") CHECK(line.fields('\t') == std::vector<std::string_view>{""});
    return true;
  });
  CHECK(calls == 3);
  // The reader stops when told to.
  calls = 0;
  for_each_protocol_line("a\nb\nc\n", ' ', [&](const ProtocolLine&) { return ++calls < 2; });
  CHECK(calls == 2);
}

TEST_CASE("line codec: the first bad line stops the reading, named with its number and text", "[core][protocol]") {
  std::vector<std::string> keys;
  const Status st = read_protocol_lines("the test's message", "a 1\n\nb 2\nc 3\n", ' ', [&](const ProtocolLine& l) -> std::string {
    keys.emplace_back(l.key);
    return l.key == "b" ? "b is wrong" : "";
  });
  REQUIRE_FALSE(st.ok());
  CHECK(st.error() == "the test's message: line 3 'b 2': b is wrong");
  CHECK(keys == std::vector<std::string>{"a", "b"});  // c never read
  CHECK(read_protocol_lines("x", "a 1\nb 2\n", ' ', [](const ProtocolLine&) { return std::string(); }).ok());
  // A long line is named by its first 80 characters.
  const std::string long_line = "k " + std::string(200, 'v');
  const Status long_st = read_protocol_lines("x", long_line, ' ', [](const ProtocolLine&) { return std::string("no"); });
  CHECK(long_st.error() == "x: line 1 '" + long_line.substr(0, 80) + "': no");
}

TEST_CASE("line codec: the field readers say what is wrong, and change nothing then", "[core][protocol]") {
  int depth = 7;
  CHECK(read_number_field("depth", "12", depth, 0, 60).empty());
  CHECK(depth == 12);
  CHECK(read_number_field("depth", "61", depth, 0, 60) == "depth '61' must be 0-60");
  CHECK(read_number_field("depth", "1x", depth, 0, 60) == "depth '1x' is not a whole number");
  CHECK(read_number_field("", "", depth, 0, 60) == "'' is not a whole number");
  CHECK(depth == 12);
  std::uint64_t id = 0;
  CHECK(read_number_field("id", "-1", id) == "id '-1' must be 0-18446744073709551615, without a sign");
  CHECK(read_number_field("id", "18446744073709551615", id).empty());
  CHECK(id == 18446744073709551615ULL);
  double value = 1;
  CHECK(read_number_field("value", "-2.5", value, -64.0, 64.0).empty());
  CHECK(value == -2.5);
  CHECK(read_number_field("value", "65", value, -64.0, 64.0) == "value '65' must be from -64 to 64");
  CHECK(read_number_field("time", "nan", value) == "time 'nan' is not a number");
  CHECK(read_number_field("time", "inf", value) == "time 'inf' is not a number");
  CHECK(read_number_field("time", "1e308", value) == "time '1e308' must be from -1e+300 to 1e+300");
  CHECK(value == -2.5);

  bool flag = false;
  CHECK(read_flag_field("mpc", "1", flag).empty());
  CHECK(flag);
  CHECK(read_flag_field("mpc", "yes", flag) == "mpc 'yes' must be 0 or 1");
  CHECK(read_flag_field("mpc", "", flag) == "mpc '' must be 0 or 1");
  CHECK(flag);

  Square s = NO_SQUARE;
  CHECK(read_square_field("F5", s).empty());
  CHECK(s == F5);
  CHECK(read_square_field("pass", s) == "'pass' is not a square");
  CHECK(read_square_field("pass", s, true).empty());
  CHECK(s == PASS);
  CHECK(read_square_field("z9", s, true) == "'z9' is not a square or pass");
  CHECK(read_square_field(std::string(100, 'q'), s) == "'" + std::string(20, 'q') + "' is not a square");

  Position p;
  CHECK(read_board_field(to_board_string(Position::initial()), p).empty());
  CHECK(p == Position::initial());
  CHECK_FALSE(read_board_field("XO", p).empty());
  CHECK(p == Position::initial());
}

TEST_CASE("line codec: what the writers make reads back", "[core][protocol]") {
  std::string out;
  write_protocol_line(out, "game", {"12", protocol_field("Anna\tB\nC"), ""}, '\t');
  write_protocol_line(out, "error", {protocol_value("two\nlines\tand a tab")}, ' ');
  write_protocol_line(out, "time", {protocol_number(0.1), protocol_number(-1e-300)}, ' ');
  CHECK(out == "game\t12\tAnna B C\t\nerror two lines\tand a tab\ntime 0.10000000000000001 -1e-300\n");
  const auto seen = lines(out, '\t');
  REQUIRE(seen.size() == 3);
  CHECK(seen[0].value == "12\tAnna B C\t");
  double back = 0;
  CHECK(read_number_field("time", protocol_number(0.1), back).empty());
  CHECK(back == 0.1);
  CHECK(read_number_field("time", protocol_number(1.0 / 3), back).empty());
  CHECK(back == 1.0 / 3);
}
