#include "engine/book.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "core/bytes.h"
#include "core/file.h"
#include "core/random.h"
#include "engine/evaluate.h"
#include "engine/pattern.h"

namespace reversi {

namespace {

constexpr char kBookMagic[4] = {'R', 'V', 'B', 'K'};
constexpr std::uint16_t kVersion = 1;
constexpr std::size_t kHeaderSize = 28;
constexpr std::size_t kKeySize = 16;
constexpr std::size_t kMoveSize = 3;

// The square a move on `s` becomes in symmetric image t.
int image_of(int s, int t) { return lowest_square(pattern::symmetry(bit(s), t)); }

}  // namespace

std::uint32_t book_checksum(std::span<const std::uint8_t> payload) {
  return fnv1a(payload);
}

CanonicalForm canonical_form(Bitboard player, Bitboard opponent) {
  CanonicalForm best{{player, opponent}, 0};
  for (int t = 1; t < 8; ++t) {
    const BookKey k{pattern::symmetry(player, t), pattern::symmetry(opponent, t)};
    if (k < best.key) best = {k, t};
  }
  return best;
}

std::vector<BookMove> Book::lookup(const Position& position) const {
  const CanonicalForm c = canonical_form(position);
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), c.key,
                                   [](const BookEntry& e, const BookKey& k) { return e.key < k; });
  if (it == entries_.end() || it->key != c.key) return {};
  // Each stored move is the image of one legal move of `position` (the stored
  // moves are legal in the canonical form, which is the position's image).
  std::vector<BookMove> moves;
  for (const BookMove& m : it->moves)
    for (Bitboard legal = position.legal_moves(); legal; legal &= legal - 1)
      if (image_of(lowest_square(legal), c.symmetry) == m.move) {
        moves.push_back({Square(lowest_square(legal)), m.value});
        break;
      }
  return moves;
}

std::size_t Book::move_count() const {
  std::size_t n = 0;
  for (const BookEntry& e : entries_) n += e.moves.size();
  return n;
}

std::vector<std::uint8_t> encode_book(const Book& book) {
  std::vector<std::uint8_t> payload;
  for (const BookEntry& e : book.entries()) {
    put_le(payload, e.key.player, 8);
    put_le(payload, e.key.opponent, 8);
    put_le(payload, e.moves.size(), 1);
    for (const BookMove& m : e.moves) {
      put_le(payload, int(m.move), 1);
      put_le(payload, std::uint16_t(std::int16_t(m.value)), 2);
    }
  }
  std::vector<std::uint8_t> out(kBookMagic, kBookMagic + 4);
  const BookInfo& info = book.info();
  put_le(out, kVersion, 2);
  put_le(out, info.depth, 1);
  put_le(out, info.plies, 1);
  put_le(out, info.min_count, 4);
  put_le(out, info.games, 4);
  put_le(out, book.entries().size(), 4);
  put_le(out, payload.size(), 4);
  put_le(out, book_checksum(payload), 4);
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

Expected<Book> decode_book(std::span<const std::uint8_t> bytes) {
  auto fail = [](const std::string& why) { return Error{"opening book: " + why}; };
  if (bytes.size() < kHeaderSize)
    return fail("file too short for a header (" + std::to_string(bytes.size()) + " bytes, the header is " +
                std::to_string(kHeaderSize) + ")");
  const std::uint8_t* h = bytes.data();
  if (!std::equal(kBookMagic, kBookMagic + 4, h)) return fail("bad magic (not a RVBK book file)");
  if (get_le(h + 4, 2) != kVersion) return fail("unsupported version " + std::to_string(get_le(h + 4, 2)));
  BookInfo info;
  info.depth = h[6];
  info.plies = h[7];
  info.min_count = std::uint32_t(get_le(h + 8, 4));
  info.games = std::uint32_t(get_le(h + 12, 4));
  if (info.depth < 1 || info.depth > 60) return fail("search depth " + std::to_string(info.depth) + " is not 1..60");
  if (info.plies > 60) return fail("plies " + std::to_string(info.plies) + " is more than 60");
  if (info.min_count < 1) return fail("minimum count 0");
  const std::uint64_t count = get_le(h + 16, 4), length = get_le(h + 20, 4);
  if (bytes.size() - kHeaderSize != length)
    return fail("payload is " + std::to_string(bytes.size() - kHeaderSize) + " bytes, the header says " +
                std::to_string(length) + " (truncated or padded)");
  const std::uint8_t* p = h + kHeaderSize;
  const std::uint8_t* const end = p + length;
  if (book_checksum({p, std::size_t(length)}) != get_le(h + 24, 4)) return fail("checksum mismatch (corrupt file)");
  // Each position takes at least 17 bytes: a count beyond that cannot be right (and
  // is not allowed to reserve memory).
  if (count > length / (kKeySize + 1))
    return fail("the header says " + std::to_string(count) + " positions, more than " +
                std::to_string(length) + " bytes can hold");

  std::vector<BookEntry> entries;
  entries.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::string where = "position " + std::to_string(i + 1) + ": ";
    if (std::size_t(end - p) < kKeySize + 1) return fail(where + "the payload ends inside it");
    BookEntry e;
    e.key = {get_le(p, 8), get_le(p + 8, 8)};
    const int k = p[16];
    p += kKeySize + 1;
    if (e.key.player & e.key.opponent) return fail(where + "a square holds discs of both sides");
    if (canonical_form(e.key.player, e.key.opponent).key != e.key)
      return fail(where + "not in canonical form (the least of its eight symmetric images)");
    if (!entries.empty() && !(entries.back().key < e.key))
      return fail(where + "out of order or repeated (positions are sorted by key)");
    if (k < 1 || k > kBookMaxMoves) return fail(where + std::to_string(k) + " moves (1.." + std::to_string(kBookMaxMoves) + ")");
    if (std::size_t(end - p) < std::size_t(k) * kMoveSize) return fail(where + "the payload ends inside its moves");
    const Bitboard legal = legal_moves(e.key.player, e.key.opponent);
    Bitboard seen = 0;
    for (int j = 0; j < k; ++j, p += kMoveSize) {
      const std::string move = where + "move " + std::to_string(j + 1) + ": ";
      const int square = p[0];
      const int value = std::int16_t(std::uint16_t(get_le(p + 1, 2)));
      if (square > 63 || !(legal >> square & 1))
        return fail(move + "square " + std::to_string(square) + " is not a legal move there");
      if (seen >> square & 1) return fail(move + square_name(Square(square)) + " is listed twice");
      seen |= bit(square);
      if (value < -kBookMaxValue || value > kBookMaxValue)
        return fail(move + "value " + std::to_string(value) + " is outside -8192..8192 (64 discs)");
      if (j > 0 && value > e.moves.back().value) return fail(move + "the moves are not best first");
      e.moves.push_back({Square(square), value});
    }
    entries.push_back(std::move(e));
  }
  if (p != end) return fail(std::to_string(end - p) + " bytes after the last position");
  return Book(info, std::move(entries));
}

Expected<Book> load_book(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  auto book = decode_book(*bytes);
  if (!book) return Error{path + ": " + book.error()};
  return book;
}

Status save_book(const Book& book, const std::string& path) {
  const std::vector<std::uint8_t> bytes = encode_book(book);
  std::ofstream out(path, std::ios::binary);
  if (!out) return Error{"cannot write '" + path + "'"};
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!out) return Error{"write to '" + path + "' failed"};
  return {};
}

namespace {

struct Embedded {
  Book book;
  std::string status;
};

const Embedded& embedded() {
  static const Embedded e = [] {
    const std::span<const std::uint8_t> bytes = embedded_book();
    if (bytes.empty()) return Embedded{{}, "opening book: none compiled in"};
    Expected<Book> book = decode_book(bytes);
    if (!book) return Embedded{{}, book.error() + "; playing without a book"};
    return Embedded{std::move(*book), "opening book loaded"};
  }();
  return e;
}

}  // namespace

const Book& default_book() { return embedded().book; }
const std::string& embedded_book_status() { return embedded().status; }

std::string book_cpp_source(const std::vector<std::uint8_t>& bytes) {
  return embedded_bytes_source(
      "Generated by `reversi-cli book build --emit-cpp` (the bytes of assets/book/book.bin): do not edit.\n"
      "The opening book compiled into the engine; docs/evaluation.md (\"Opening book\") says how to rebuild it.",
      "reversi", "embedded_book", bytes);
}

Square pick_book_move(const std::vector<BookMove>& moves, int margin, Random& rng) {
  if (moves.empty()) return NO_SQUARE;
  // Best first: the candidates are a prefix.
  std::uint32_t n = 0;
  while (n < moves.size() && moves[n].value >= moves.front().value - margin) ++n;
  return moves[rng.below(n)].move;
}

}  // namespace reversi
