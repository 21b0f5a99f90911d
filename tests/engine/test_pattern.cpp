// Pattern evaluation: feature extraction, symmetry, the weight file (the training:
// tests/lab/test_pattern_train.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>

#include "core/bytes.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/random_positions.h"
#include "engine/pattern.h"
#include "lab/pattern_train.h"

using namespace reversi;
using namespace reversi::pattern;

namespace {

// Square (row, file) under symmetry t, by the definition in pattern.h.
int map_square(int sq, int t) {
  int r = sq / 8, c = sq % 8;
  if (t & 4) std::swap(r, c);
  if (t & 1) c = 7 - c;
  if (t & 2) r = 7 - r;
  return r * 8 + c;
}

Weights random_weights(std::uint64_t seed) {
  Weights w;
  RandomPositions random(seed);
  for (auto& v : w.values)
    v = random.below(4) == 0 ? static_cast<std::int16_t>(random.below(401) - 200) : 0;
  for (auto& b : w.bias) b = random.below(201) - 100;
  return w;
}

}  // namespace

TEST_CASE("pattern: symmetric images match their square-by-square definition", "[pattern]") {
  RandomPositions random(7);
  for (int i = 0; i < 200; ++i) {
    const Bitboard b = random.next();
    const auto all = symmetries(b);
    for (int t = 0; t < 8; ++t) {
      Bitboard expected = 0;
      for (int sq = 0; sq < 64; ++sq)
        if (b >> sq & 1) expected |= bit(map_square(sq, t));
      REQUIRE(all[t] == expected);
      REQUIRE(symmetry(b, t) == expected);
    }
  }
}

TEST_CASE("pattern: the 46 placements are distinct and closed under the symmetries",
          "[pattern]") {
  // The squares a placement reads: the preimage of its kind's mask under its image.
  auto squares_of = [](const Placement& p) {
    Bitboard set = 0;
    for (int sq = 0; sq < 64; ++sq)
      if (symmetry(bit(sq), p.image) & kinds()[p.kind].mask) set |= bit(sq);
    return set;
  };
  std::set<std::pair<int, Bitboard>> all;
  for (const Placement& p : placements()) {
    const Bitboard set = squares_of(p);
    REQUIRE(popcount(set) == kinds()[p.kind].squares);
    REQUIRE(all.insert({p.kind, set}).second);  // no placement twice
  }
  REQUIRE(all.size() == static_cast<std::size_t>(kNumPlacements));
  for (const auto& [kind, set] : all)
    for (int t = 0; t < 8; ++t) REQUIRE(all.count({kind, symmetry(set, t)}) == 1);
}

TEST_CASE("pattern: feature indices match a square-by-square reference", "[pattern]") {
  for (const Position& pos : random_positions_after_plies(11, 300, 0, 57)) {
    const Features f = features(pos.player, pos.opponent);
    for (int i = 0; i < kNumPlacements; ++i) {
      const Placement& p = placements()[i];
      const Bitboard P = symmetry(pos.player, p.image), O = symmetry(pos.opponent, p.image);
      std::uint32_t idx = 0, place = 1;
      for (Bitboard m = kinds()[p.kind].mask; m; m &= m - 1, place *= 3) {
        const int sq = lowest_square(m);
        idx += place * ((P >> sq & 1) ? 1 : (O >> sq & 1) ? 2 : 0);
      }
      REQUIRE(f[i] == canonical_index(p.kind, idx));
      REQUIRE(gather(P, kinds()[p.kind].mask) < (Bitboard{1} << kinds()[p.kind].squares));
    }
  }
}

TEST_CASE("pattern: the evaluation is the same under all eight board symmetries", "[pattern]") {
  const PatternEvaluator eval(random_weights(3));
  REQUIRE(eval.loaded());
  int nonzero = 0;
  for (const Position& pos : random_positions_after_plies(5, 500, 0, 57)) {
    const int v = eval.evaluate(pos.player, pos.opponent);
    nonzero += v != 0;
    for (int t = 1; t < 8; ++t)
      REQUIRE(eval.evaluate(symmetry(pos.player, t), symmetry(pos.opponent, t)) == v);
  }
  REQUIRE(nonzero > 400);  // the random weights really are used
}

TEST_CASE("pattern: incremental indices equal the board's along random games with passes",
          "[pattern]") {
  // Each position's indices made from its parent's by the move (or the pass)
  // against those read from the board, and the evaluation from them (and from
  // the parent's, evaluate_after) against evaluate(P, O), bit for bit, with the
  // embedded weights and with random ones.
  const PatternEvaluator embedded;
  REQUIRE(embedded.loaded());
  const PatternEvaluator random_eval(random_weights(9));
  RandomPositions random(46);
  int positions = 0, passes = 0, nonzero = 0;
  for (int game = 0; game < 200; ++game) {
    Position pos = Position::initial();
    Indices ix = indices(pos.player, pos.opponent);
    while (!pos.is_game_over()) {
      const Indices full = indices(pos.player, pos.opponent);
      REQUIRE(ix.own == full.own);
      REQUIRE(ix.other == full.other);
      const int empties = 64 - popcount(pos.player | pos.opponent);
      for (const PatternEvaluator* e : {&embedded, &random_eval})
        REQUIRE(e->evaluate(ix, empties) == e->evaluate(pos.player, pos.opponent));
      ++positions;
      Indices child;
      if (!pos.legal_moves()) {
        pass(ix, child);
        pos = pos.pass();
        ++passes;
      } else {
        const Square sq = random.random_move(pos);
        const Bitboard f = flips(sq, pos.player, pos.opponent);
        const Bitboard cp = pos.opponent & ~f, co = pos.player | f | bit(sq);
        play(ix, sq, f, child);
        if (legal_moves(cp, co) || legal_moves(co, cp))  // evaluated only before the end
          for (const PatternEvaluator* e : {&embedded, &random_eval}) {
            const int v = e->evaluate(cp, co);
            REQUIRE(e->evaluate_after(ix, sq, f, empties - 1) == v);
            nonzero += v != 0;
          }
        pos = pos.play(sq);
        REQUIRE(pos.player == cp);
      }
      ix = child;
    }
  }
  CHECK(positions > 10000);
  CHECK(passes > 10);  // the pass path was taken
  CHECK(nonzero > positions);  // the weights really are used (two evaluators a move)
}

TEST_CASE("pattern: weight files round-trip and bad files are rejected clearly", "[pattern]") {
  const Weights w = random_weights(9);
  const std::vector<std::uint8_t> bytes = encode_weights(w);
  auto back = decode_weights(bytes);
  REQUIRE(back.ok());
  REQUIRE(back->values == w.values);
  REQUIRE(back->bias == w.bias);

  SECTION("truncated") {
    for (std::size_t cut : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
      auto r = decode_weights(std::span(bytes).first(cut));
      REQUIRE_FALSE(r.ok());
      REQUIRE(r.error().find("pattern weights:") == 0);
    }
  }
  SECTION("corrupt payload byte") {
    std::vector<std::uint8_t> bad = bytes;
    bad[bad.size() / 2] ^= 0x40;
    auto r = decode_weights(bad);
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.error().find("checksum") != std::string::npos);
  }
  SECTION("bad magic or version") {
    std::vector<std::uint8_t> bad = bytes;
    bad[0] = 'X';
    REQUIRE(decode_weights(bad).error().find("magic") != std::string::npos);
    bad = bytes;
    bad[4] = 99;
    REQUIRE(decode_weights(bad).error().find("version") != std::string::npos);
  }
  SECTION("the evaluator falls back to the hand-made evaluation") {
    std::vector<std::uint8_t> bad = bytes;
    bad.pop_back();
    const PatternEvaluator eval(bad);
    REQUIRE_FALSE(eval.loaded());
    REQUIRE(eval.status().find("truncated") != std::string::npos);
    const HandmadeEvaluator handmade;
    for (const Position& pos : random_positions_after_plies(17, 50, 0, 57))
      REQUIRE(eval.evaluate(pos.player, pos.opponent) ==
              handmade.evaluate(pos.player, pos.opponent));
  }
}

namespace {

void set_u32(std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) { set_le(b.data() + at, v, 4); }
// A version-2 file after an edit: its length and checksum made right again, so the
// decoder gets past them to the part under test.
std::vector<std::uint8_t> resealed(std::vector<std::uint8_t> b) {
  set_u32(b, 16, static_cast<std::uint32_t>(b.size() - 26));
  set_u32(b, 20, fnv1a(std::span(b).subspan(24)));
  return b;
}
void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
  for (; v >= 0x80; v >>= 7) out.push_back(static_cast<std::uint8_t>(v | 0x80));
  out.push_back(static_cast<std::uint8_t>(v));
}
std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
// Version 1 as the engine wrote it until session 6 (docs/evaluation.md): the header of
// a version-2 file without the step, then per stage the bias and varint tokens (a
// weight v as zigzag(v) << 1, a run of n zeros as (n - 1) << 1 | 1).
std::vector<std::uint8_t> version1(const Weights& w) {
  const std::vector<std::uint8_t> v2 = encode_weights(w);
  std::vector<std::uint8_t> payload;
  const std::size_t n = static_cast<std::size_t>(dense_total());
  for (int s = 0; s < kNumStages; ++s) {
    put_varint(payload, zigzag(w.bias[s]));
    const std::int16_t* v = w.values.data() + s * n;
    for (std::size_t i = 0; i < n;) {
      std::size_t j = i;
      while (j < n && v[j] == 0) ++j;
      if (j > i) {
        put_varint(payload, ((j - i - 1) << 1) | 1);
        i = j;
      } else {
        put_varint(payload, zigzag(v[i++]) << 1);
      }
    }
  }
  std::vector<std::uint8_t> out(v2.begin(), v2.begin() + 24);
  out[4] = 1;
  set_u32(out, 16, static_cast<std::uint32_t>(payload.size()));
  set_u32(out, 20, fnv1a(payload));
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

}  // namespace

TEST_CASE("pattern: weight files of any table round-trip exactly", "[pattern]") {
  RandomPositions random(21);
  Weights dense;  // every value, the extremes included
  for (auto& v : dense.values) v = static_cast<std::int16_t>(random.below(65536) - 32768);
  dense.values[0] = INT16_MIN;
  dense.values[1] = INT16_MAX;
  dense.bias = {kEvalMax, -kEvalMax, 0, 1, -1, 5, 6, 7, 8, 9, 10, 11};
  Weights runs;  // long zero runs and single weights
  for (std::size_t i = 0; i < runs.values.size(); i += 1 + random.below(5000))
    runs.values[i] = static_cast<std::int16_t>(random.below(2001) - 1000);
  for (const Weights& w : {Weights{}, random_weights(1), random_weights(2), dense, runs}) {
    const std::vector<std::uint8_t> bytes = encode_weights(w);
    REQUIRE(bytes[4] == 2);  // written in the current version
    auto back = decode_weights(bytes);
    INFO((back ? "" : back.error()));
    REQUIRE(back.ok());
    REQUIRE(back->values == w.values);
    REQUIRE(back->bias == w.bias);
  }
  // A table of multiples of a step codes with that step, exactly, and smaller.
  const Weights w = random_weights(3);
  const Weights q = quantise_weights(w, 8);
  for (std::size_t i = 0; i < w.values.size(); ++i) {
    REQUIRE(q.values[i] % 8 == 0);
    REQUIRE(std::abs(q.values[i] - w.values[i]) <= 4);
  }
  REQUIRE(q.bias == w.bias);
  const std::vector<std::uint8_t> qbytes = encode_weights(q);
  REQUIRE(qbytes[24] == 8);  // the step in the header
  REQUIRE(qbytes.size() < encode_weights(w).size());
  auto back = decode_weights(qbytes);
  REQUIRE(back.ok());
  REQUIRE(back->values == q.values);
  // Rounding never leaves int16.
  Weights extreme;
  extreme.values[0] = INT16_MAX;
  extreme.values[1] = INT16_MIN;
  const Weights e = quantise_weights(extreme, 1000);
  REQUIRE(e.values[0] == 32000);
  REQUIRE(e.values[1] == -32000);
}

TEST_CASE("pattern: version-1 weight files still load", "[pattern]") {
  for (const Weights& w : {Weights{}, random_weights(4)}) {
    const std::vector<std::uint8_t> v1 = version1(w);
    REQUIRE(v1[4] == 1);
    auto back = decode_weights(v1);
    INFO((back ? "" : back.error()));
    REQUIRE(back.ok());
    REQUIRE(back->values == w.values);
    REQUIRE(back->bias == w.bias);
  }
  // Re-saved, a table of weights is version 2 and smaller.
  const std::vector<std::uint8_t> v1 = version1(random_weights(4));
  REQUIRE(encode_weights(*decode_weights(v1)).size() < v1.size() * 3 / 4);
  std::vector<std::uint8_t> bad = version1(random_weights(5));
  bad[bad.size() / 2] ^= 0x10;
  REQUIRE(decode_weights(bad).error().find("checksum") != std::string::npos);
  bad = version1(random_weights(5));
  bad.pop_back();
  REQUIRE(decode_weights(bad).error().find("truncated") != std::string::npos);
}

TEST_CASE("pattern: every kind of bad weight file is rejected with its reason", "[pattern]") {
  const Weights w = random_weights(6);
  const std::vector<std::uint8_t> good = encode_weights(w);
  REQUIRE(decode_weights(resealed(good)).ok());  // resealing alone changes nothing
  auto error_of = [](const std::vector<std::uint8_t>& b) {
    auto r = decode_weights(b);
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.error().find("pattern weights: ") == 0);
    return r.error();
  };
  auto edited = [&](std::size_t at, std::uint8_t value) {
    std::vector<std::uint8_t> b = good;
    b[at] = value;
    return b;
  };
  CHECK_THAT(error_of({}), Catch::Contains("too short"));
  CHECK_THAT(error_of(std::vector<std::uint8_t>(good.begin(), good.begin() + 25)),
             Catch::Contains("too short"));
  CHECK_THAT(error_of(edited(1, 'X')), Catch::Contains("magic"));
  CHECK_THAT(error_of(edited(4, 3)), Catch::Contains("unsupported version 3"));
  CHECK_THAT(error_of(edited(6, 12)), Catch::Contains("another pattern set"));
  CHECK_THAT(error_of(edited(7, 13)), Catch::Contains("another pattern set"));
  CHECK_THAT(error_of(edited(9, good[9] ^ 1)), Catch::Contains("another pattern set"));
  CHECK_THAT(error_of(edited(12, good[12] ^ 1)), Catch::Contains("table size"));
  std::vector<std::uint8_t> padded = good;
  padded.push_back(0);
  CHECK_THAT(error_of(padded), Catch::Contains("truncated or padded"));
  CHECK_THAT(error_of(edited(24, 2)), Catch::Contains("checksum"));  // the step is covered
  CHECK_THAT(error_of(edited(good.size() - 1, good.back() ^ 1)), Catch::Contains("checksum"));
  CHECK_THAT(error_of(resealed(edited(24, 0))), Catch::Contains("step 0"));
  CHECK_THAT(error_of(resealed(edited(24, 200))), Catch::Contains("weight out of range"));
  // The biases: a varint out of range, a payload that ends inside them.
  std::vector<std::uint8_t> bias = good;
  bias.resize(26);
  put_varint(bias, zigzag(kEvalMax + 1));
  CHECK_THAT(error_of(resealed(bias)), Catch::Contains("bias out of range"));
  bias.resize(27);
  CHECK_THAT(error_of(resealed(bias)), Catch::Contains("ends early"));
  // The coded tables: cut short, followed by extra bytes, not starting as the coder does.
  CHECK_THAT(error_of(resealed(std::vector<std::uint8_t>(good.begin(), good.end() - 10))),
             Catch::Contains("ends early"));
  std::vector<std::uint8_t> longer = good;
  longer.insert(longer.end(), {1, 2, 3});
  CHECK_THAT(error_of(resealed(longer)), Catch::Contains("malformed"));
  std::size_t tables = 26;
  while (good[tables] & 0x80) ++tables;  // the first stage's bias
  for (int s = 0; s < kNumStages; ++s) {
    while (good[tables] & 0x80) ++tables;
    ++tables;
  }
  REQUIRE(good[tables] == 0);  // the coder's first byte
  CHECK_THAT(error_of(resealed(edited(tables, 1))), Catch::Contains("malformed"));
}

TEST_CASE("pattern: cut or corrupted weight files are refused, never misread", "[pattern]") {
  const std::vector<std::uint8_t> good = encode_weights(random_weights(7));
  RandomPositions random(8);
  // Every length short of the whole file (a stride through the long payload).
  for (std::size_t cut = 0; cut < good.size(); cut += cut < 64 ? 1 : 997) {
    auto r = decode_weights(std::span(good).first(cut));
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.error().find("pattern weights: ") == 0);
  }
  // Cut and resealed: the length and checksum agree, the coded tables end early.
  for (int i = 0; i < 20; ++i) {
    const std::size_t cut = 40 + random.below(static_cast<int>(good.size() - 40));
    auto r = decode_weights(resealed(std::vector<std::uint8_t>(good.begin(), good.begin() + cut)));
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.error().find("pattern weights: ") == 0);
  }
  // A changed payload byte, resealed: refused or decoded to other weights in range, and
  // whatever decodes re-encodes to itself.
  int refused = 0;
  for (int i = 0; i < 40; ++i) {
    std::vector<std::uint8_t> b = good;
    b[26 + random.below(static_cast<int>(good.size() - 26))] ^= static_cast<std::uint8_t>(1 + random.below(255));
    auto r = decode_weights(resealed(b));
    if (!r) {
      REQUIRE(r.error().find("pattern weights: ") == 0);
      ++refused;
      continue;
    }
    auto again = decode_weights(encode_weights(*r));
    REQUIRE(again.ok());
    REQUIRE(again->values == r->values);
  }
  INFO(refused << " of 40 corrupted files refused");
  REQUIRE(refused > 20);  // the coder's end check catches most changes
}

TEST_CASE("pattern: the embedded weights load and equal assets/eval/weights.bin", "[pattern]") {
  std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/assets/eval/weights.bin", std::ios::binary);
  if (!in) {
    // Not trained yet: nothing is embedded either, and the evaluator says so.
    REQUIRE(embedded_weights().empty());
    REQUIRE_FALSE(PatternEvaluator().loaded());
    return;
  }
  const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)),
                                       std::istreambuf_iterator<char>());
  const auto embedded = embedded_weights();
  REQUIRE(std::vector<std::uint8_t>(embedded.begin(), embedded.end()) == file);
  REQUIRE(file.size() > 26);
  REQUIRE(file[4] == 2);  // the shipped file is in the current format
  const PatternEvaluator eval;
  INFO(eval.status());
  REQUIRE(eval.loaded());
}
