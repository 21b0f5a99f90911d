// The opening book: positions that tournament games (WTHOR, core/wthor.h) reach
// often in their first plies, each with its best moves valued by our own search
// (not by the human results), so that the levels open with good moves and with a
// little variety among near-equal ones. The engine reads the book; it is built
// by lab/book_build.h (`reversi-cli book build`).
//
// Positions are stored once for all eight board symmetries: under their
// canonical form, the least (player, opponent) bitboard pair over the eight
// images (pattern::symmetry numbering). Colours do not matter: a position is
// the side to move's discs and the other side's, and values are for the side
// to move.
//
// File format (little-endian; assets/book/book.bin, compiled in as
// src/engine/book_data.cpp):
//   header, 28 bytes:
//     0  magic "RVBK"
//     4  u16 version (1)
//     6  u8  depth of the searches that valued the moves (1..60)
//     7  u8  plies: positions were taken after 0..plies moves of each game (0..60)
//     8  u32 min_count: each position was reached in at least this many games (>= 1)
//    12  u32 games read
//    16  u32 number of positions
//    20  u32 payload length in bytes
//    24  u32 FNV-1a checksum of the payload
//   payload: the positions, in strictly ascending (player, opponent) order:
//     u64 player, u64 opponent   the canonical form (disjoint bitboards, bit 0 = a1)
//     u8  k                      moves that follow, 1..32
//     k x { u8 square, i16 value }  square 0..63 in the canonical frame, legal there;
//                                 value in 1/128 disc (kEvalScale) for the side to
//                                 move, -8192..8192; best first (values non-increasing)
// No offsets or pointers: the reader walks the payload once, checking every field,
// and a corrupt, truncated or padded file is rejected as a whole with a message.
#pragma once

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/position.h"
#include "engine/evaluate.h"

namespace reversi {

class Random;

// Limits of the file format: moves a position (opening positions have far
// fewer legal moves) and a move's value (|value| <= 64 discs).
constexpr int kBookMaxMoves = 32;
constexpr int kBookMaxValue = 64 * kEvalScale;

struct BookKey {
  Bitboard player = 0, opponent = 0;
  friend auto operator<=>(const BookKey&, const BookKey&) = default;
};

// The canonical form of a position and the symmetry t that maps the position onto
// it (pattern::symmetry(b, t) of each bitboard gives the key).
struct CanonicalForm {
  BookKey key;
  int symmetry = 0;
};
CanonicalForm canonical_form(Bitboard player, Bitboard opponent);
inline CanonicalForm canonical_form(const Position& p) { return canonical_form(p.player, p.opponent); }

struct BookMove {
  Square move = NO_SQUARE;
  int value = 0;  // 1/128 disc (kEvalScale units) for the side to move
  friend bool operator==(const BookMove&, const BookMove&) = default;
};

struct BookEntry {
  BookKey key;                  // canonical form
  std::vector<BookMove> moves;  // in the canonical frame, best first
  friend bool operator==(const BookEntry&, const BookEntry&) = default;
};

struct BookInfo {
  int depth = 0;
  int plies = 0;
  std::uint32_t min_count = 1;
  std::uint32_t games = 0;
  friend bool operator==(const BookInfo&, const BookInfo&) = default;
};

class Book {
 public:
  Book() = default;
  // Entries must be valid as the file format says (decode_book checks files).
  Book(BookInfo info, std::vector<BookEntry> entries) : info_(info), entries_(std::move(entries)) {}

  // The book moves of `position` in its own orientation, best first; empty when
  // the position is not in the book.
  std::vector<BookMove> lookup(const Position& position) const;

  const BookInfo& info() const { return info_; }
  const std::vector<BookEntry>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }
  std::size_t move_count() const;

 private:
  BookInfo info_;
  std::vector<BookEntry> entries_;
};

// The header's checksum of a payload (FNV-1a, 32 bits).
std::uint32_t book_checksum(std::span<const std::uint8_t> payload);
std::vector<std::uint8_t> encode_book(const Book& book);
Expected<Book> decode_book(std::span<const std::uint8_t> bytes);
Expected<Book> load_book(const std::string& path);
Status save_book(const Book& book, const std::string& path);

// The book compiled into the engine (src/engine/book_data.cpp), decoded once; an
// empty book if none is compiled in or it does not decode (embedded_book_status()
// says which).
std::span<const std::uint8_t> embedded_book();
const Book& default_book();
const std::string& embedded_book_status();
// The generated source of src/engine/book_data.cpp holding `bytes`.
std::string book_cpp_source(const std::vector<std::uint8_t>& bytes);

// One of `moves` (best first, as lookup returns them) whose value is within
// `margin` (1/128 disc) of the best, uniformly: the variety among near-equal moves.
Square pick_book_move(const std::vector<BookMove>& moves, int margin, Random& rng);
// The levels' margin: one disc. Games differ (in the built book 1.49 moves a
// position are this close to the best, 1.24 within half a disc), and no choice
// gives away more than a disc by the book's own search, about the size of its error
// (docs/evaluation.md, "Opening book").
constexpr int kBookMargin = kEvalScale;

}  // namespace reversi
