// reversi-cli book: build the opening book from WTHOR games, or look into one.
#include <chrono>
#include <cstdio>
#include <fstream>

#include "cli/command.h"
#include "core/notation.h"
#include "core/wthor.h"
#include "engine/book.h"
#include "engine/evaluate.h"
#include "lab/book_build.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

std::string describe(const Book& book, std::size_t bytes) {
  const BookInfo& i = book.info();
  return std::to_string(book.entries().size()) + " positions, " + std::to_string(book.move_count()) +
         " moves, " + std::to_string(bytes) + " bytes; positions after 0.." + std::to_string(i.plies) +
         " moves reached in " + std::to_string(i.min_count) + " or more of " + std::to_string(i.games) +
         " games, moves valued at depth " + std::to_string(i.depth);
}

int build(Args& args, const std::string& command) {
  const bool wthor = args.flag("--wthor");
  const auto min_count = args.option_int("--min-count", 1, 1'000'000);
  const auto plies = args.option_int("--plies", 0, 59);
  const auto depth = args.option_int("--depth", 2, 30);
  const auto keep = args.option_double("--keep", 0, 64);
  const auto out = args.option("--out");
  const auto emit_cpp = args.option("--emit-cpp");
  args.positional("ACTION");
  std::vector<std::string> paths;
  if (auto first = args.positional("WTHOR_FILE")) paths.push_back(*first);
  while (auto more = args.positional("WTHOR_FILE", false)) paths.push_back(*more);
  if (args.ok() && !wthor) args.fail("--wthor is required (the games come from WTHOR files)");
  if (args.ok() && !out) args.fail("--out FILE is required");
  if (!args.finish()) return args.usage_error();

  std::vector<WthorGame> games;
  for (const std::string& path : paths) {
    auto file = load_wthor(path);
    if (!file) return failure(command, file.error());
    for (WthorGame& g : file->games) games.push_back(std::move(g));
  }
  BookBuildOptions options;
  options.min_count = std::uint32_t(min_count.value_or(options.min_count));
  options.plies = int(plies.value_or(options.plies));
  options.depth = int(depth.value_or(options.depth));
  if (keep) options.keep = int(*keep * kEvalScale + 0.5);
  options.log = [](const std::string& line) {
    std::fprintf(stderr, "book: %s\n", line.c_str());
    std::fflush(stderr);
  };
  const auto start = std::chrono::steady_clock::now();
  const Book book = build_book(games, options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (book.empty()) return failure(command, "no position was reached often enough: lower --min-count");
  if (const Status s = save_book(book, *out); !s) return failure(command, s.error());
  const std::vector<std::uint8_t> bytes = encode_book(book);
  if (emit_cpp) {
    std::ofstream f(*emit_cpp);
    f << book_cpp_source(bytes);
    if (!f) return failure(command, "cannot write '" + *emit_cpp + "'");
  }
  std::printf("%s: %s; built in %.1f s\n", out->c_str(), describe(book, bytes.size()).c_str(), seconds);
  return kOk;
}

int show(Args& args, const std::string& command) {
  const auto path = args.option("--book");
  args.positional("ACTION");
  const auto moves = args.positional("MOVES", false);
  if (!args.finish()) return args.usage_error();

  Book book;
  std::size_t bytes = 0;
  if (path) {
    auto loaded = load_book(*path);
    if (!loaded) return failure(command, loaded.error());
    book = std::move(*loaded);
  } else {
    book = default_book();
    if (book.empty()) return failure(command, embedded_book_status());
  }
  bytes = encode_book(book).size();
  std::printf("%s: %s\n", path ? path->c_str() : "compiled-in book", describe(book, bytes).c_str());
  if (!moves) return kOk;
  const auto played = parse_transcript(*moves);
  if (!played) return failure(command, played.error());
  Position p = Position::initial();
  for (Square s : *played) {
    p = p.play(s);
    p = p.settled();
  }
  const std::vector<BookMove> found = book.lookup(p);
  if (found.empty()) {
    std::printf("not in the book\n");
    return kOk;
  }
  for (const BookMove& m : found)
    std::printf("%s %+.2f\n", square_name(m.move).c_str(), double(m.value) / kEvalScale);
  return kOk;
}

int run(Args& args) {
  // The action decides which options are known; it is read after them (options first).
  Args probe = args;
  probe.flag("--wthor");
  for (const char* o : {"--min-count", "--plies", "--depth", "--keep", "--out", "--emit-cpp", "--book"}) probe.option(o);
  const auto action = probe.positional("ACTION");
  if (!action) return probe.usage_error();
  if (*action == "build") return build(args, args.command());
  if (*action == "show") return show(args, args.command());
  args.fail("unknown action '" + *action + "' (build or show)");
  return args.usage_error();
}

const CommandRegistrar registrar{{"book", "the opening book: build it from WTHOR games, or show its moves",
    "usage: reversi-cli book build --wthor [--min-count N] [--plies P] [--depth D] [--keep DISCS]\n"
    "                             --out BOOK.bin [--emit-cpp FILE.cpp] WTHOR_FILE...\n"
    "       reversi-cli book show [--book BOOK.bin] [MOVES]\n\n"
    "build: counts the positions (the eight symmetries as one) after 0..P moves (default 20) of\n"
    "every game of the WTHOR files. Each one reached in N games or more (default 50) gets every\n"
    "legal move valued by our own search, D plies with the move (default 12; one thread, so\n"
    "the book is deterministic), and keeps the moves within DISCS (default 2) of the best.\n"
    "Writes the book (format in src/engine/book.h) and with --emit-cpp the generated source\n"
    "that compiles it in (src/engine/book_data.cpp). The levels play from the compiled-in book.\n"
    "show: the book's size and how it was built (the compiled-in one unless --book), and with\n"
    "MOVES (a transcript from the start) the book moves of the position after them, best first,\n"
    "with their values in discs for the side to move.\n",
    run}};

}  // namespace
