// The model of human move choice (core/human_model.h; issue 45 part 3): the features of
// known moves, the probabilities, the weights between bands, the file's round trip and the
// refusal of damaged files, and the committed data/human-model.bin.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/human_model.h"
#include "core/notation.h"

using namespace reversi;

namespace {

std::string source(const std::string& leaf) { return std::string(REVERSI_SOURCE_DIR) + "/" + leaf; }

// The board string's reader (core/notation), its side to move given apart.
Position from_rows(const std::string& rows, Color to_move) {
  const Expected<Position> p = parse_board_string(rows + (to_move == Color::Black ? " X" : " O"));
  REQUIRE(p.ok());
  return *p;
}

HumanModel two_bands() {
  HumanModel m;
  m.database_checksum = 0x12345678;
  m.test_from = 2023;
  m.depth = 8;
  m.exact_empties = 16;
  HumanBand low{kNoLowerBound, 1800, 100, {}}, high{2000, 2200, 200, {}};
  low.weights[0] = -0.2;
  high.weights[0] = -0.6;
  high.weights[5] = 1.5;
  m.bands = {low, high};
  return m;
}

}  // namespace

TEST_CASE("human model: the features of known moves", "[human_model]") {
  // Black to move; a1 is a corner black can take (b2 white, c3 black), b1/a2 ... see below.
  const Position p = from_rows(
      "--------"
      "-O------"
      "--XO----"
      "---XO---"
      "---OX---"
      "--------"
      "--------"
      "--------",
      Color::Black);
  REQUIRE(p.is_legal(A1));
  std::vector<HumanMoveValue> moves;
  for (Bitboard m = p.legal_moves(); m; m &= m - 1) moves.push_back({Square(lowest_square(m)), 0, false});
  moves[0].value = 3;  // the first legal move is the best by 3 discs (others 0)
  const auto f = human_move_features(p, moves);
  REQUIRE(f.size() == moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Square s = moves[i].square;
    CHECK(f[i][0] == (i == 0 ? 0.0 : 3.0));        // the loss
    CHECK(f[i][1] == 0.0);                          // not exact
    CHECK(f[i][2] == Approx(std::log1p(f[i][0])));  // log(1 + loss)
    CHECK(f[i][5] == (s == A1 ? 1.0 : 0.0));        // the corner
    CHECK(f[i][11] == double(popcount(p.flips(s))));
    const Position q = p.play(s);
    CHECK(f[i][9] == double(popcount(q.legal_moves())));  // the opponent's moves after it
  }
  // An X-square counts while its corner is empty: white's b2 in the start-like position.
  const Position x = from_rows(
      "--------"
      "--------"
      "--X-----"
      "---XO---"
      "---OO---"
      "--------"
      "--------"
      "--------",
      Color::White);
  REQUIRE(x.is_legal(B2));
  const std::vector<HumanMoveValue> xm = {{B2, 0, false}};
  CHECK(human_move_features(x, xm)[0][6] == 1.0);
}

TEST_CASE("human model: probabilities follow the weights and sum to one", "[human_model]") {
  const HumanModel m = two_bands();
  const Position start = Position::initial();
  const std::vector<HumanMoveValue> moves = {{D3, 0, false}, {C4, -2, false}, {F5, -6, false}, {E6, -20, false}};
  for (const int rating : {1500, 1800, 1900, 2200, 2600}) {
    const auto p = m.probabilities(rating, start, moves);
    double sum = 0;
    for (const double v : p) sum += v;
    CHECK(sum == Approx(1.0));
    // A bigger loss, a smaller probability (the loss weights are negative).
    CHECK(p[0] > p[1]);
    CHECK(p[1] > p[2]);
    CHECK(p[2] > p[3]);
  }
  // The stronger band punishes a loss more.
  CHECK(m.probabilities(2200, start, moves)[0] > m.probabilities(1800, start, moves)[0]);
  CHECK(m.band_of(1999) == 0);
  CHECK(m.band_of(2000) == 1);
  CHECK(m.band_of(-5000) == 0);
  // Between the centres: a straight line; beyond them, the nearest band's.
  CHECK(m.weights_at(2000)[0] == Approx(-0.4));
  CHECK(m.weights_at(2000)[5] == Approx(0.75));
  CHECK(m.weights_at(1000)[0] == -0.2);
  CHECK(m.weights_at(3000)[0] == -0.6);
}

TEST_CASE("human model: the file round-trips and a damaged one is refused", "[human_model]") {
  const HumanModel m = two_bands();
  const auto bytes = encode_human_model(m);
  REQUIRE(bytes.ok());
  CHECK(bytes->size() == kCheckedHeaderSize + 2 * (8 + 8 * kHumanFeatures));
  const auto back = HumanModel::parse(*bytes, "m.bin");
  REQUIRE(back.ok());
  CHECK(*back == m);

  auto flipped = *bytes;
  flipped[kCheckedHeaderSize + 10] ^= 1;
  const auto damaged = HumanModel::parse(flipped, "m.bin");
  REQUIRE_FALSE(damaged.ok());
  CHECK(damaged.error() == "m.bin: damaged (the checksum of its contents does not match)");

  auto truncated = *bytes;
  truncated.pop_back();
  REQUIRE_FALSE(HumanModel::parse(truncated, "m.bin").ok());
  CHECK(HumanModel::parse(truncated, "m.bin").error().find("truncated") != std::string::npos);

  auto foreign = *bytes;
  foreign[0] = 'X';
  CHECK(HumanModel::parse(foreign, "m.bin").error() == "m.bin: not a human-move model (no RVHUMMDL signature)");

  // Resealed (checksums right) but with the bands out of order.
  auto disordered = *bytes;
  const std::size_t second = kCheckedHeaderSize + (8 + 8 * kHumanFeatures);
  set_le(disordered.data() + second, std::uint16_t(std::int16_t(kNoLowerBound)), 2);
  seal_checked_header(disordered);
  const auto bad = HumanModel::parse(disordered, "m.bin");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().find("out of order") != std::string::npos);

  // Resealed with a weight that is not a number.
  auto nan = *bytes;
  set_le(nan.data() + kCheckedHeaderSize + 8, 0x7FF8000000000000ULL, 8);
  seal_checked_header(nan);
  REQUIRE_FALSE(HumanModel::parse(nan, "m.bin").ok());
  CHECK(HumanModel::parse(nan, "m.bin").error().find("not a number") != std::string::npos);

  CHECK_FALSE(HumanModel::load(source("no-such-model.bin")).ok());
}

TEST_CASE("human model: the committed model reads and punishes losses more as the rating grows", "[human_model]") {
  const auto m = HumanModel::load(source("data/human-model.bin"));
  REQUIRE(m.ok());
  CHECK(m->test_from == 2023);
  CHECK(m->bands.size() >= 3);
  for (std::size_t b = 1; b < m->bands.size(); ++b) CHECK(m->bands[b].weights[0] < m->bands[b - 1].weights[0]);
}
