// The player's kept games and their import (core/game_archive): read_collection. Properties:
// every game read replays legally from its start; written back (archive_line) and read
// again it is the same game; the games read and the games named as rejected account for
// every game of the text, in order, each rejection with its reason; and a collection made
// of the games read, with one corrupt game put between them, still gives all of them back
// (a corrupt store never loses the games that can be read). The same text read as the
// desktop's store (read_store, "ID (;...;)" lines): ids unique, and putting each game back
// (archive_store_put) under its id and reading again gives the same games.
#include <vector>

#include "core/game_archive.h"
#include "fuzz_check.h"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Collection c = read_collection(fuzz::text(data, size));
  // Each game read and each rejection has its own number, and together they count 1..N.
  FUZZ_CHECK(c.numbers.size() == c.games.size());
  std::vector<bool> seen(c.games.size() + c.rejected.size() + 1, false);
  for (std::size_t n : c.numbers) { FUZZ_CHECK(n >= 1 && n < seen.size() && !seen[n]); seen[n] = true; }
  for (const auto& r : c.rejected) { FUZZ_CHECK(r.index >= 1 && r.index < seen.size() && !seen[r.index]); seen[r.index] = true; }
  std::size_t last = 0;
  for (const auto& r : c.rejected) {
    FUZZ_CHECK(!r.error.message.empty());
    FUZZ_CHECK(r.index > last);
    last = r.index;
  }
  std::string rewritten;
  for (const ArchivedGame& g : c.games) {
    Position p = g.start;
    FUZZ_CHECK(!p.must_pass() || p.is_game_over());
    for (Square m : g.moves) {
      FUZZ_CHECK(!p.is_game_over() && is_board_square(m) && p.is_legal(m));
      p = p.play(m);
      if (p.must_pass() && !p.is_game_over()) p = p.pass();
    }
    FUZZ_CHECK(p == g.final_position());
    const std::string line = archive_line(g);
    const auto again = read_archived(line);
    FUZZ_CHECK(again.ok());
    FUZZ_CHECK(again->start == g.start && again->moves == g.moves);
    FUZZ_CHECK(again->black == g.black && again->white == g.white && again->date == g.date);
    FUZZ_CHECK(archive_line(*again) == line);
    rewritten += line + "\n(;GM[Othello]B[z9];)\n";
  }
  const Collection back = read_collection(rewritten);
  FUZZ_CHECK(back.games.size() == c.games.size());
  FUZZ_CHECK(back.rejected.size() == c.games.size());
  for (std::size_t i = 0; i < c.games.size(); ++i)
    FUZZ_CHECK(back.games[i].moves == c.games[i].moves && back.games[i].start == c.games[i].start);
  const std::string_view text = fuzz::text(data, size);
  const Store store = read_store(text);
  std::string again;
  for (std::size_t i = 0; i < store.games.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) FUZZ_CHECK(store.games[j].id != store.games[i].id);
    again = archive_store_put(again, store.games[i].id, store.games[i].game);
  }
  const Store back2 = read_store(again);
  FUZZ_CHECK(back2.rejected.empty());
  FUZZ_CHECK(back2.games.size() == store.games.size());
  for (std::size_t i = 0; i < store.games.size(); ++i)
    FUZZ_CHECK(back2.games[i].id == store.games[i].id && back2.games[i].game.moves == store.games[i].game.moves);
  return 0;
}
