#include "core/human_openings.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/board_symmetry.h"
#include "core/bytes.h"
#include "core/file.h"
#include "core/game_database.h"

namespace reversi {

namespace {

constexpr char kOpeningsMagic[8] = {'R', 'V', 'H', 'U', 'M', 'O', 'P', 'N'};
constexpr int kMaxBands = 16;

void put_varint(std::vector<std::uint8_t>& out, std::uint32_t v) {
  while (v >= 0x80) {
    out.push_back(std::uint8_t(v | 0x80));
    v >>= 7;
  }
  out.push_back(std::uint8_t(v));
}

}  // namespace

std::uint64_t HumanOpenings::key_of(const Position& position) { return position_key(position) & ~std::uint64_t{7}; }

std::size_t HumanOpenings::band_of(int rating) const {
  std::size_t b = 0;
  while (b < band_edges.size() && rating >= band_edges[b]) ++b;
  return b;
}

std::vector<HumanOpenings::Choice> HumanOpenings::choices(const Position& position, int rating) const {
  std::vector<Choice> out;
  const std::uint64_t key = key_of(position);
  const auto it = std::lower_bound(positions.begin(), positions.end(), key,
                                   [](const HumanOpeningPosition& p, std::uint64_t k) { return p.key < k; });
  if (it == positions.end() || it->key != key) return out;
  const int back = inverse_symmetry(canonical_position(position).symmetry);
  const std::size_t own = band_of(rating);
  for (const HumanOpeningMove& m : it->moves) {
    Choice c;
    c.square = transform(m.square, back);
    for (std::size_t b = 0; b < m.counts.size(); ++b) {
      const int distance = int(b > own ? b - own : own - b);
      c.weight += double(m.counts[b]) * std::ldexp(1.0, -distance);
      c.games += m.counts[b];
    }
    // A hash collision or a damaged file could name a square that is not legal here.
    if (!position.is_legal(c.square)) return {};
    out.push_back(c);
  }
  return out;
}

Expected<std::vector<std::uint8_t>> encode_human_openings(const HumanOpenings& o) {
  const std::size_t bands = o.band_edges.size() + 1;
  if (bands > std::size_t(kMaxBands) || o.plies < 0 || o.plies > 60 || o.min_games < 0 || o.min_games > 0xFFFF)
    return Error{"the openings' bands, plies or minimum games do not fit the format"};
  std::vector<std::uint8_t> out(kCheckedHeaderSize, 0);
  std::memcpy(out.data(), kOpeningsMagic, 8);
  set_le(out.data() + 8, kHumanOpeningsVersion, 2);
  set_le(out.data() + 10, kCheckedHeaderSize, 2);
  set_le(out.data() + 12, o.positions.size(), 4);
  out[16] = std::uint8_t(bands);
  out[17] = std::uint8_t(o.plies);
  set_le(out.data() + 18, std::uint64_t(o.min_games), 2);
  set_le(out.data() + 20, o.database_checksum, 4);
  for (const int e : o.band_edges) put_le(out, std::uint16_t(std::int16_t(e)), 2);
  for (const HumanOpeningPosition& p : o.positions) {
    if (p.moves.empty() || p.moves.size() > 60) return Error{"a position of the openings has no move or too many"};
    put_le(out, p.key, 8);
    out.push_back(std::uint8_t(p.moves.size()));
    for (const HumanOpeningMove& m : p.moves) {
      if (m.counts.size() != bands) return Error{"a move of the openings has counts for another number of bands"};
      out.push_back(std::uint8_t(m.square));
      for (const std::uint32_t c : m.counts) put_varint(out, c);
    }
  }
  seal_checked_header(out);
  return out;
}

Expected<HumanOpenings> HumanOpenings::load(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return parse(*bytes, path);
}

Expected<HumanOpenings> HumanOpenings::parse(std::span<const std::uint8_t> bytes, std::string_view name) {
  const std::string at = (name.empty() ? std::string("human openings") : std::string(name)) + ": ";
  const auto fail = [&](const std::string& what) { return Error{at + what}; };
  const auto checked =
      checked_body(bytes, kOpeningsMagic, kHumanOpeningsVersion, "a human-openings file", "openings", "the openings");
  if (!checked) return fail(checked.error());
  const std::span<const std::uint8_t> body = *checked;
  const std::uint8_t* h = bytes.data();
  const std::uint32_t count = get_u32(h + 12);
  const int bands = h[16];
  HumanOpenings o;
  o.plies = h[17];
  o.min_games = int(get_u16(h + 18));
  o.database_checksum = get_u32(h + 20);
  // A position takes 10 + bands bytes at least (key, moves, one move: its square and a
  // one-byte count a band).
  if (bands < 1 || bands > kMaxBands || o.plies > 60 || get_u32(h + 24) != 0 ||
      std::uint64_t(bands - 1) * 2 + std::uint64_t(count) * std::uint64_t(10 + bands) > body.size())
    return fail("damaged (its counts do not fit its size)");
  const std::uint8_t* p = body.data();
  const std::uint8_t* end = p + body.size();
  for (int b = 1; b < bands; ++b, p += 2) {
    const int e = std::int16_t(get_u16(p));
    if (!o.band_edges.empty() && e <= o.band_edges.back()) return fail("damaged (its bands are out of order)");
    o.band_edges.push_back(e);
  }
  const auto varint = [&](std::uint32_t& v) {
    v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (p == end) return false;
      const std::uint8_t byte = *p++;
      if (shift == 28 && byte > 0x0F) return false;
      v |= std::uint32_t(byte & 0x7F) << shift;
      if (!(byte & 0x80)) return true;
    }
    return false;
  };
  o.positions.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::string which = "position " + std::to_string(i + 1);
    if (end - p < 9) return fail("damaged (" + which + " is cut short)");
    HumanOpeningPosition pos;
    pos.key = get_le(p, 8);
    const int moves = p[8];
    p += 9;
    if ((pos.key & 7) != 0 || (!o.positions.empty() && pos.key <= o.positions.back().key))
      return fail("damaged (" + which + "'s key is out of order)");
    if (moves < 1 || moves > 60) return fail("damaged (" + which + " has " + std::to_string(moves) + " moves)");
    for (int m = 0; m < moves; ++m) {
      if (p == end) return fail("damaged (" + which + " is cut short)");
      HumanOpeningMove move;
      move.square = Square(*p++);
      if (!is_board_square(move.square) || (!pos.moves.empty() && move.square <= pos.moves.back().square))
        return fail("damaged (" + which + "'s squares are out of order)");
      std::uint64_t total = 0;
      for (int b = 0; b < bands; ++b) {
        std::uint32_t c = 0;
        if (!varint(c)) return fail("damaged (" + which + "'s counts are cut short)");
        move.counts.push_back(c);
        total += c;
      }
      if (total == 0) return fail("damaged (" + which + " has a move nobody played)");
      pos.moves.push_back(std::move(move));
    }
    o.positions.push_back(std::move(pos));
  }
  if (p != end) return fail("damaged (" + std::to_string(end - p) + " bytes after its last position)");
  return o;
}

}  // namespace reversi
