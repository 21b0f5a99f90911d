// Opening book files (engine/book): decode_book on the bytes of a file. The
// header's checksum would stop almost every mutation at the header, so an input
// not starting with the magic "RVBK" is taken as a payload after its first byte
// and gets a valid header (depth 12, 20 plies, the payload's length and checksum,
// and as many positions as the payload's first bytes ask for, within reason): the
// fuzzer then reaches the position and move decoder.
// Properties: a rejected input gives only an error message (no book); an accepted
// one encodes to exactly its bytes, holds canonical positions in ascending order,
// each with legal moves best first, and a lookup of each position (in every
// symmetric orientation) gives its moves back in that orientation.
#include <cstring>
#include <vector>

#include "engine/book.h"
#include "engine/pattern.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

void put_u32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

constexpr std::size_t kHeaderSize = 28;

std::vector<std::uint8_t> with_header(std::uint8_t positions, const std::uint8_t* payload, std::size_t n) {
  static const std::vector<std::uint8_t> reference = encode_book(Book(BookInfo{12, 20, 50, 1000}, {}));
  std::vector<std::uint8_t> file(reference.begin(), reference.begin() + kHeaderSize);
  file.insert(file.end(), payload, payload + n);
  put_u32(file.data() + 16, positions);
  put_u32(file.data() + 20, static_cast<std::uint32_t>(n));
  put_u32(file.data() + 24, book_checksum({payload, n}));
  return file;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool header_ok = [] {
    // The header this target writes is the encoder's own.
    const Book empty(BookInfo{12, 20, 50, 1000}, {});
    return with_header(0, nullptr, 0) == encode_book(empty);
  }();
  FUZZ_CHECK(header_ok);

  std::vector<std::uint8_t> file;
  if (size >= 4 && std::memcmp(data, "RVBK", 4) == 0) file.assign(data, data + size);
  else if (size >= 1) file = with_header(data[0] % 8, data + 1, size - 1);
  else return 0;

  const auto book = decode_book(file);
  if (!book) {
    FUZZ_CHECK(!book.error().empty());
    return 0;
  }
  FUZZ_CHECK(encode_book(*book) == file);
  const auto again = decode_book(encode_book(*book));
  FUZZ_CHECK(again.ok() && again->entries() == book->entries() && again->info() == book->info());
  for (std::size_t i = 0; i < book->entries().size(); ++i) {
    const BookEntry& e = book->entries()[i];
    FUZZ_CHECK(!(e.key.player & e.key.opponent));
    FUZZ_CHECK(canonical_form(e.key.player, e.key.opponent).key == e.key);
    if (i > 0) FUZZ_CHECK(book->entries()[i - 1].key < e.key);
    FUZZ_CHECK(!e.moves.empty());
    for (std::size_t j = 0; j < e.moves.size(); ++j) {
      FUZZ_CHECK(legal_moves(e.key.player, e.key.opponent) >> e.moves[j].move & 1);
      if (j > 0) FUZZ_CHECK(e.moves[j].value <= e.moves[j - 1].value);
    }
    for (int t = 0; t < 8; ++t) {
      const Position p{pattern::symmetry(e.key.player, t), pattern::symmetry(e.key.opponent, t), Color::White};
      const std::vector<BookMove> found = book->lookup(p);
      FUZZ_CHECK(found.size() == e.moves.size());
      for (std::size_t j = 0; j < found.size(); ++j) {
        FUZZ_CHECK(found[j].value == e.moves[j].value);
        FUZZ_CHECK(p.is_legal(found[j].move));
        // The same move up to the position's own symmetries: equivalent positions after it.
        const Position canonical{e.key.player, e.key.opponent, Color::Black};
        FUZZ_CHECK(canonical_form(p.play(found[j].move)).key == canonical_form(canonical.play(e.moves[j].move)).key);
      }
    }
  }
  return 0;
}
