// Building the opening book (engine/book.h) from tournament games: training
// code, run by `reversi-cli book build`; the engine only reads the book.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "core/wthor.h"
#include "engine/book.h"

namespace reversi {

struct BookBuildOptions {
  std::uint32_t min_count = 50;  // positions reached in at least this many games
  int plies = 20;                // positions after 0..plies moves of each game
  int depth = 12;                // plies searched to value every move (2..60), the move included
  int keep = 2 * 128;            // moves kept: within this of the best (1/128 disc)
  std::function<void(const std::string&)> log;  // progress lines; may be empty
};

// Counts the canonical positions of the games, then values every legal move of
// each position reached often enough by a search of the position after it to
// depth - 1, on one thread, the tables cleared for each position: the same games
// and options give the same book, byte for byte.
Book build_book(std::span<const WthorGame> games, const BookBuildOptions& options);

}  // namespace reversi
