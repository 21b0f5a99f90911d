// The opening book (engine/book): building from the WTHOR sample, the file format
// and its checks, lookups in every orientation, and the levels' use of it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/file.h"
#include "core/notation.h"
#include "core/random.h"
#include "core/wthor.h"
#include "engine/book.h"
#include "engine/evaluate.h"
#include "engine/pattern.h"
#include "engine/player.h"
#include "engine/search.h"
#include "lab/book_build.h"
#include "contains.h"

using namespace reversi;

namespace {

std::vector<WthorGame> sample_games() {
  std::vector<WthorGame> games;
  for (const char* leaf : {"WTH_1983.wtb", "WTH_2021.wtb"}) {
    auto file = load_wthor(std::string(REVERSI_SOURCE_DIR) + "/data/wthor/" + leaf);
    REQUIRE(file.ok());
    for (WthorGame& g : file->games) games.push_back(std::move(g));
  }
  return games;
}

// A small book: positions reached in 60 of the sample's 879 games, moves at depth 4.
const Book& small_book() {
  static const Book book = [] {
    BookBuildOptions options;
    options.min_count = 60;
    options.depth = 4;
    return build_book(sample_games(), options);
  }();
  return book;
}

Position after(std::string_view transcript) {
  const auto moves = parse_transcript(transcript);
  REQUIRE(moves.ok());
  Position p = Position::initial();
  for (Square s : *moves) {
    p = p.play(s);
    if (p.must_pass()) p = p.pass();
  }
  return p;
}

Position image(const Position& p, int t) {
  return {pattern::symmetry(p.player, t), pattern::symmetry(p.opponent, t), p.to_move};
}

void check_rejected(const Book& book, const std::string& part) {
  const auto decoded = decode_book(encode_book(book));
  REQUIRE_FALSE(decoded.ok());
  INFO(decoded.error());
  CHECK(contains(decoded.error(), "opening book: "));
  CHECK(contains(decoded.error(), part));
}

}  // namespace

TEST_CASE("canonical form: one key for the eight symmetric images", "[book]") {
  const Position p = after("f5d6c3d3c4f4f6");
  const CanonicalForm c = canonical_form(p);
  CHECK(BookKey{pattern::symmetry(p.player, c.symmetry), pattern::symmetry(p.opponent, c.symmetry)} == c.key);
  std::set<std::pair<Bitboard, Bitboard>> images;
  for (int t = 0; t < 8; ++t) {
    const Position q = image(p, t);
    images.insert({q.player, q.opponent});
    CHECK(canonical_form(q).key == c.key);
    CHECK_FALSE(BookKey{q.player, q.opponent} < c.key);
  }
  CHECK(images.size() == 8);  // this position has no symmetry of its own
  // Colours do not matter: the side to move's discs and the other side's.
  CHECK(canonical_form(Position{p.player, p.opponent, opposite(p.to_move)}).key == c.key);
}

TEST_CASE("a book built from the WTHOR sample", "[book]") {
  const Book& book = small_book();
  REQUIRE_FALSE(book.empty());
  CHECK(book.info().depth == 4);
  CHECK(book.info().plies == 20);
  CHECK(book.info().min_count == 60);
  CHECK(book.info().games == 879);

  // Every position is reached in 60 games or more, counted here on their own.
  const std::vector<WthorGame> games = sample_games();
  for (const BookEntry& e : book.entries()) {
    int reached = 0;
    for (const WthorGame& g : games) {
      Position p = Position::initial();
      for (std::size_t i = 0; i <= std::min<std::size_t>(20, g.moves.size()); ++i) {
        if (canonical_form(p).key == e.key) {
          ++reached;
          break;
        }
        if (i == g.moves.size()) break;
        p = p.play(g.moves[i]);
        if (p.must_pass()) p = p.pass();
      }
    }
    CHECK(reached >= 60);
    // Moves best first, within 2 discs of the best.
    for (const BookMove& m : e.moves) {
      CHECK(m.value <= e.moves.front().value);
      CHECK(m.value >= e.moves.front().value - 2 * kEvalScale);
    }
  }

  // The start: the four first moves are one move up to symmetry, all kept, equally valued.
  const std::vector<BookMove> start = book.lookup(Position::initial());
  REQUIRE(start.size() == 4);
  std::set<Square> first;
  for (const BookMove& m : start) {
    first.insert(m.move);
    CHECK(m.value == start.front().value);
  }
  CHECK(first == std::set<Square>{D3, C4, F5, E6});

  // A move's value is the side to move's, from a search of the position after it
  // to depth 3 (4 plies with the move): checked with a fresh searcher on the first
  // legal move of each position, which the builder also searched first.
  for (const BookEntry& e : book.entries()) {
    const Position p{e.key.player, e.key.opponent, Color::Black};
    const Square s = Square(lowest_square(p.legal_moves()));
    Searcher fresh(16, 1);
    SearchOptions o;
    o.depth = 3;
    const int value = -int(fresh.search(p.play(s), o).score * kEvalScale);
    const auto it = std::find_if(e.moves.begin(), e.moves.end(), [&](const BookMove& m) { return m.move == s; });
    if (it != e.moves.end()) CHECK(it->value == value);
    else CHECK(value < e.moves.front().value - 2 * kEvalScale);
  }
}

TEST_CASE("building a book is deterministic", "[book]") {
  BookBuildOptions options;
  options.min_count = 60;
  options.depth = 4;
  CHECK(encode_book(build_book(sample_games(), options)) == encode_book(small_book()));
}

TEST_CASE("book lookups in every orientation give the moves in that orientation", "[book]") {
  const Book& book = small_book();
  for (const BookEntry& e : book.entries()) {
    const Position canonical{e.key.player, e.key.opponent, Color::Black};
    for (int t = 0; t < 8; ++t) {
      const Position p = image(canonical, t);
      const std::vector<BookMove> found = book.lookup(p);
      REQUIRE(found.size() == e.moves.size());
      for (std::size_t j = 0; j < found.size(); ++j) {
        CHECK(found[j].value == e.moves[j].value);
        REQUIRE(p.is_legal(found[j].move));
        // The same move, up to the position's own symmetries.
        CHECK(canonical_form(p.play(found[j].move)).key == canonical_form(canonical.play(e.moves[j].move)).key);
      }
    }
  }
  // A position no game of the sample reaches in 60 games.
  CHECK(book.lookup(after("f5f4e3f6d3")).empty());
}

TEST_CASE("a book file decodes to the same book and is checked field by field", "[book]") {
  const Book& book = small_book();
  const std::vector<std::uint8_t> bytes = encode_book(book);
  const auto decoded = decode_book(bytes);
  REQUIRE(decoded.ok());
  CHECK(decoded->entries() == book.entries());
  CHECK(decoded->info() == book.info());
  CHECK(encode_book(*decoded) == bytes);

  SECTION("truncated, padded or damaged bytes") {
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      const auto cut = decode_book(std::span(bytes.data(), n));
      REQUIRE_FALSE(cut.ok());
      CHECK(contains(cut.error(), n < 28 ? "too short for a header" : "truncated or padded"));
    }
    auto padded = bytes;
    padded.push_back(0);
    CHECK(contains(decode_book(padded).error(), "truncated or padded"));
    // Any one byte changed: rejected, or (a header field still in range) accepted as
    // exactly those bytes.
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      auto damaged = bytes;
      damaged[i] ^= 0x24;
      const auto d = decode_book(damaged);
      if (d) CHECK(encode_book(*d) == damaged);
      if (i >= 28) CHECK_FALSE(d.ok());  // every payload byte is under the checksum
    }
    auto magic = bytes;
    magic[0] = 'X';
    CHECK(contains(decode_book(magic).error(), "bad magic"));
    auto version = bytes;
    version[4] = 2;
    CHECK(contains(decode_book(version).error(), "unsupported version 2"));
    auto sum = bytes;
    sum.back() ^= 1;
    CHECK(contains(decode_book(sum).error(), "checksum mismatch"));
    auto depth = bytes;
    depth[6] = 0;
    CHECK(contains(decode_book(depth).error(), "search depth 0"));
  }

  SECTION("well-formed bytes of a bad book") {
    const BookEntry& first = book.entries().front();
    const BookEntry& second = book.entries().at(1);
    auto with = [&](std::vector<BookEntry> entries) { return Book(book.info(), std::move(entries)); };
    BookEntry e = first;
    e.key.opponent |= e.key.player & (0 - e.key.player);  // a square of both sides
    check_rejected(with({e}), "position 1: a square holds discs of both sides");
    e = first;
    const Position p{first.key.player, first.key.opponent, Color::Black};
    for (int t = 0; t < 8; ++t)
      if (BookKey k{pattern::symmetry(p.player, t), pattern::symmetry(p.opponent, t)}; k != first.key) {
        e.key = k;
        e.moves.clear();
        break;
      }
    check_rejected(with({e}), "position 1: not in canonical form");
    check_rejected(with({second, first}), "position 2: out of order or repeated");
    check_rejected(with({first, first}), "position 2: out of order or repeated");
    e = first;
    e.moves.clear();
    check_rejected(with({e}), "position 1: 0 moves");
    e = first;
    e.moves.push_back(e.moves.front());
    e.moves.back().value = e.moves.front().value - 1000;
    check_rejected(with({e}), "listed twice");
    e = first;
    e.moves.front().move = Square(lowest_square(~(p.legal_moves())));
    check_rejected(with({e}), "position 1: move 1: square");
    e = first;
    e.moves.front().move = Square(64);
    check_rejected(with({e}), "square 64 is not a legal move");
    e = first;
    e.moves.front().value = 64 * kEvalScale + 1;
    check_rejected(with({e}), "outside -8192..8192");
    e = first;
    const Bitboard others = p.legal_moves() & ~bit(e.moves.front().move);
    REQUIRE(others != 0);
    e.moves = {{Square(lowest_square(others)), 0}, {e.moves.front().move, 10}};
    check_rejected(with({e}), "position 1: move 2: the moves are not best first");
  }

  SECTION("files") {
    const std::string path = (std::filesystem::temp_directory_path() / "reversi-test-book.bin").string();
    REQUIRE(save_book(book, path).ok());
    const auto loaded = load_book(path);
    REQUIRE(loaded.ok());
    CHECK(loaded->entries() == book.entries());
    std::filesystem::remove(path);
    const auto missing = load_book(path);
    REQUIRE_FALSE(missing.ok());
    CHECK(contains(missing.error(), path));
  }
}

TEST_CASE("book moves are picked among those within the margin, from the generator", "[book]") {
  const std::vector<BookMove> moves{{D3, 300}, {C4, 260}, {F5, 200}, {E6, -50}};
  std::set<Square> seen;
  Random rng(7);
  for (int i = 0; i < 200; ++i) seen.insert(pick_book_move(moves, 40, rng));
  CHECK(seen == std::set<Square>{D3, C4});
  Random exact(7);
  for (int i = 0; i < 50; ++i) CHECK(pick_book_move(moves, 0, exact) == D3);
  Random a(11), b(11);
  for (int i = 0; i < 50; ++i) CHECK(pick_book_move(moves, 400, a) == pick_book_move(moves, 400, b));
  CHECK(pick_book_move({}, 100, a) == NO_SQUARE);
}

TEST_CASE("the compiled-in book decodes", "[book]") {
  INFO(embedded_book_status());
  CHECK(embedded_book_status() == "opening book loaded");
  const Book& book = default_book();
  REQUIRE_FALSE(book.empty());
  const std::span<const std::uint8_t> bytes = embedded_book();
  CHECK(encode_book(book) == std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  CHECK(book.lookup(Position::initial()).size() == 4);
}

TEST_CASE("the compiled-in book is assets/book/book.bin, in the source book_cpp_source writes", "[book]") {
  const std::string root = REVERSI_SOURCE_DIR;
  auto bin = read_file_bytes(root + "/assets/book/book.bin");
  REQUIRE(bin);
  const std::span<const std::uint8_t> bytes = embedded_book();
  CHECK(*bin == std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  auto source = read_file_bytes(root + "/src/engine/book_data.cpp");
  REQUIRE(source);
  CHECK(std::string(source->begin(), source->end()) == book_cpp_source(*bin));
}

TEST_CASE("levels play book moves in the opening, varied by the seed", "[book][level]") {
  const Book& book = default_book();
  REQUIRE_FALSE(book.empty());
  // After f5d6, the book holds black's replies; which are within the levels' margin?
  const Position p = after("f5d6");
  const std::vector<BookMove> moves = book.lookup(p);
  REQUIRE_FALSE(moves.empty());
  std::set<Square> near;
  for (const BookMove& m : moves)
    if (m.value >= moves.front().value - kBookMargin) near.insert(m.move);

  std::set<Square> played;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto level = make_player("level-5", seed);
    REQUIRE(level.ok());
    const SearchResult r = (*level)->choose(p, {});
    CHECK(near.count(r.move) == 1);
    CHECK(r.has_score);
    CHECK(r.depth == book.info().depth);
    CHECK(r.nodes == 0);  // no search
    played.insert(r.move);
    // The same seed, the same move: a second player, and the first one reseeded.
    auto again = make_player("level-5", seed);
    CHECK((*again)->choose(p, {}).move == r.move);
    (*level)->reseed(seed);
    CHECK((*level)->choose(p, {}).move == r.move);
  }
  CHECK(played == near);  // 40 seeds play every near-equal move

  // Variety: the four first moves are equal (one move up to symmetry).
  std::set<Square> first;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) first.insert((*make_player("level-5", seed))->choose(Position::initial(), {}).move);
  CHECK(first == std::set<Square>{D3, C4, F5, E6});
  // One player in a match keeps drawing from its generator: its games differ.
  auto one = make_player("level-5", 3);
  std::set<Square> across;
  for (int game = 0; game < 40; ++game) across.insert((*one)->choose(Position::initial(), {}).move);
  CHECK(across.size() == 4);
}

TEST_CASE("+nobook searches from the first move, positions outside the book are searched", "[book][level]") {
  // level-2: depth 2, exact and win/loss/draw from 6 empties; its time cap never
  // binds a depth-2 search. The same search by hand gives the same move.
  auto search_move = [](const Position& p) {
    Searcher searcher(1, 1);
    SearchOptions o;
    o.depth = 2;
    o.exact_empties = 6;
    o.wld_empties = 6;
    return searcher.search(p, o).move;
  };
  const Position in_book = after("f5d6");
  REQUIRE_FALSE(default_book().lookup(in_book).empty());
  auto nobook = make_player("level-2+nobook", 1);
  REQUIRE(nobook.ok());
  CHECK((*nobook)->name() == "level-2+nobook");
  const SearchResult searched = (*nobook)->choose(in_book, {});
  CHECK(searched.nodes > 0);
  CHECK(searched.depth == 2);
  CHECK(searched.move == search_move(in_book));

  // The beginner levels (1-4) search even in a book position.
  for (const char* beginner : {"level-1", "level-4"}) {
    auto b = make_player(beginner, 1);
    REQUIRE(b.ok());
    CHECK((*b)->choose(in_book, {}).nodes > 0);
  }

  // f5f4g3: a third move no tournament game of the book's plays 50 times.
  const Position outside = after("f5f4g3");
  REQUIRE(default_book().lookup(outside).empty());
  auto level = make_player("level-2", 1);
  const SearchResult r = (*level)->choose(outside, {});
  CHECK(r.nodes > 0);
  CHECK(r.depth == 2);
  CHECK(r.move == search_move(outside));
}
