// The one strict number parser (core/parse_number.h) behind every number read from outside.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "core/parse_number.h"

using namespace reversi;

TEST_CASE("parse_int: the whole text, a number within the range", "[parse]") {
  CHECK(parse_int<int>("depth", "12", 1, 60).value() == 12);
  CHECK(parse_int<int>("depth", "060", 1, 60).value() == 60);
  CHECK(parse_int<int>("score", "+18", -64, 64).value() == 18);
  CHECK(parse_int<int>("score", "-64", -64, 64).value() == -64);
  CHECK(parse_int<long long>("n", "-9223372036854775808").value() == INT64_MIN);
  CHECK(parse_int<std::uint64_t>("seed", "18446744073709551615").value() == UINT64_MAX);

  struct Bad {
    const char* text;
    const char* message;
  };
  const Bad bad[] = {
      {"12abc", "depth '12abc' is not a whole number"},
      {"", "depth '' is not a whole number"},
      {" 12", "depth ' 12' is not a whole number"},
      {"12 ", "depth '12 ' is not a whole number"},
      {"1.5", "depth '1.5' is not a whole number"},
      {"0x10", "depth '0x10' is not a whole number"},
      {"abc", "depth 'abc' is not a whole number"},
      {"+", "depth '+' must be 1-60, without a sign"},
      {"+12", "depth '+12' must be 1-60, without a sign"},
      {"-5", "depth '-5' must be 1-60, without a sign"},
      {"0", "depth '0' must be 1-60"},
      {"61", "depth '61' must be 1-60"},
      {"99999999999999999999999", "depth '99999999999999999999999' must be 1-60"},
  };
  for (const Bad& b : bad) {
    INFO(b.text);
    const auto r = parse_int<int>("depth", b.text, 1, 60);
    REQUIRE_FALSE(r);
    CHECK(r.error() == b.message);
  }
  CHECK(parse_int<int>("score", "65", -64, 64).error() == "score '65' must be from -64 to 64");
  CHECK(parse_int<int>("score", "-", -64, 64).error() == "score '-' is not a whole number");
  CHECK(parse_int<int>("score", "--5", -64, 64).error() == "score '--5' is not a whole number");
  CHECK(parse_int<std::uint64_t>("seed", "18446744073709551616").error() ==
        "seed '18446744073709551616' must be 0-18446744073709551615");
  CHECK(parse_int<int>("", "x", 0, 9).error() == "'x' is not a whole number");
}

TEST_CASE("parse_double: decimal numbers only, within the range", "[parse]") {
  CHECK(parse_double("mpc-t", "1.5", 0, 10).value() == 1.5);
  CHECK(parse_double("mpc-t", ".5", 0, 10).value() == 0.5);
  CHECK(parse_double("mpc-t", "2.", 0, 10).value() == 2.0);
  CHECK(parse_double("mpc-t", "1e-1", 0, 10).value() == Approx(0.1));
  CHECK(parse_double("time", "-2.5", -10, 10).value() == -2.5);
  for (const char* text : {"", "1.5x", " 1", "1 ", ".", "e5", "1e", "1e+", "inf", "nan", "0x1p3", "1,5"}) {
    INFO(text);
    const auto r = parse_double("mpc-t", text, 0, 10);
    REQUIRE_FALSE(r);
    CHECK(r.error() == "mpc-t '" + std::string(text) + "' is not a number");
  }
  CHECK(parse_double("mpc-t", "+1", 0, 10).error() == "mpc-t '+1' must be 0-10, without a sign");
  CHECK(parse_double("mpc-t", "10.5", 0, 10).error() == "mpc-t '10.5' must be 0-10");
  CHECK(parse_double("mpc-t", "1e999", 0, 10).error() == "mpc-t '1e999' must be 0-10");
  CHECK(parse_double("time", "-11", -10, 10).error() == "time '-11' must be from -10 to 10");
}
