// Practice puzzles: see puzzles.h.
#include "engine/puzzles.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <unordered_set>

#include "core/bytes.h"
#include "core/file.h"
#include "core/game_database.h"
#include "core/random.h"
#include "engine/endgame.h"
#include "engine/evaluate.h"

namespace reversi {

static_assert(kPuzzleHeaderSize == kCheckedHeaderSize, "the header is the shared checked one (core/bytes.h)");

namespace {

constexpr char kPuzzleMagic[8] = {'R', 'V', 'P', 'U', 'Z', 'Z', 'L', 'E'};

int outcome_of(int value) { return value > 0 ? 1 : value < 0 ? -1 : 0; }

void sort_moves(std::vector<PuzzleMove>& moves) {
  std::sort(moves.begin(), moves.end(), [](const PuzzleMove& a, const PuzzleMove& b) {
    return a.value != b.value ? a.value > b.value : a.square < b.square;
  });
}

std::string signed_value(int v) {
  char text[8];
  std::snprintf(text, sizeof text, "%+d", v);
  return text;
}

}  // namespace

int Puzzle::margin() const { return moves.size() < 2 ? 64 : moves[0].value - moves[1].value; }

int Puzzle::good_moves() const {
  const int best = outcome_of(best_value());
  return int(std::count_if(moves.begin(), moves.end(),
                           [&](const PuzzleMove& m) { return outcome_of(m.value) == best; }));
}

std::string Puzzle::goal() const {
  const std::string side = position.to_move == Color::Black ? "Black" : "White";
  return side + (kind == PuzzleKind::Win ? " to play: find the only winning move"
                                         : " to play: find the best move");
}

int puzzle_rating(int empties, int margin, bool shallow_finds, bool most_flips_finds, int good_moves) {
  double r = 800 + 55.0 * (std::clamp(empties, 4, 30) - 8);  // 10 empties: 910, 26: 1790
  if (!shallow_finds) r += 300;
  if (!most_flips_finds) r += 100;
  r += 120.0 / std::max(1, margin / 2);  // a narrow margin is harder to see
  r += 40.0 * std::min(good_moves - 1, 5) * -1;  // more moves of the right outcome: easier
  return std::clamp(int(r + 0.5), 800, 2600);
}

// ---- the file ---------------------------------------------------------------

Expected<std::vector<std::uint8_t>> encode_puzzles(const PuzzleSet& set) {
  std::vector<std::string> names;
  std::map<std::string, std::uint16_t> index;
  auto name_index = [&](const std::string& n) -> std::uint16_t {
    auto [it, fresh] = index.try_emplace(n, std::uint16_t(names.size()));
    if (fresh) names.push_back(n);
    return it->second;
  };
  std::vector<std::uint8_t> body;
  std::vector<std::uint8_t> records;
  for (const Puzzle& p : set.puzzles) {
    if (p.moves.empty() || p.moves.size() > 32) return Error{"a puzzle has no legal move or too many"};
    put_le(records, p.position.player, 8);
    put_le(records, p.position.opponent, 8);
    put_le(records, p.position.to_move == Color::Black ? 0 : 1, 1);
    put_le(records, p.game, 4);
    put_le(records, std::uint16_t(p.year), 2);
    put_le(records, name_index(p.black), 2);
    put_le(records, name_index(p.white), 2);
    put_le(records, std::uint8_t(p.kind), 1);
    put_le(records, (p.shallow_finds ? 1 : 0) | (p.most_flips_finds ? 2 : 0), 1);
    put_le(records, std::uint16_t(p.rating), 2);
    put_le(records, p.moves.size(), 1);
    for (const PuzzleMove& m : p.moves) {
      put_le(records, std::uint8_t(m.square), 1);
      put_le(records, std::uint8_t(std::int8_t(m.value)), 1);
    }
    if (names.size() > 65535) return Error{"too many player names"};
  }
  for (const std::string& n : names) {
    if (n.size() > 255) return Error{"player name too long: " + n};
    body.push_back(std::uint8_t(n.size()));
    body.insert(body.end(), n.begin(), n.end());
  }
  body.insert(body.end(), records.begin(), records.end());
  std::vector<std::uint8_t> out(kPuzzleMagic, kPuzzleMagic + 8);
  put_le(out, kPuzzleFileVersion, 2);
  put_le(out, kPuzzleHeaderSize, 2);
  put_le(out, set.puzzles.size(), 4);
  put_le(out, names.size(), 4);
  put_le(out, set.seed, 8);
  out.resize(kCheckedHeaderSize);  // body size and checksums: sealed below
  out.insert(out.end(), body.begin(), body.end());
  seal_checked_header(out);
  return out;
}

Expected<PuzzleSet> parse_puzzles(std::span<const std::uint8_t> bytes, std::string_view name) {
  const std::string what = name.empty() ? std::string("puzzle file") : "puzzle file '" + std::string(name) + "'";
  auto fail = [&](const std::string& why) -> Expected<PuzzleSet> { return Error{what + ": " + why}; };
  if (bytes.size() < kPuzzleHeaderSize)
    return fail("truncated (" + std::to_string(bytes.size()) + " bytes, the header alone is 40)");
  if (!std::equal(kPuzzleMagic, kPuzzleMagic + 8, bytes.begin())) return fail("not a puzzle file (no RVPUZZLE magic)");
  const std::uint8_t* h = bytes.data();
  if (get_u16(h + 8) != kPuzzleFileVersion)
    return fail("version " + std::to_string(get_u16(h + 8)) + " is not supported (only 1)");
  if (get_u16(h + 10) != kPuzzleHeaderSize) return fail("wrong header size");
  if (get_u32(h + 36) != fnv1a(bytes.first(36))) return fail("corrupt header (checksum mismatch)");
  const std::uint32_t count = get_u32(h + 12), name_count = get_u32(h + 16), body_size = get_u32(h + 28);
  if (bytes.size() - kPuzzleHeaderSize < body_size)
    return fail("truncated (body of " + std::to_string(body_size) + " bytes, " +
                std::to_string(bytes.size() - kPuzzleHeaderSize) + " present)");
  if (bytes.size() - kPuzzleHeaderSize > body_size) return fail("trailing bytes after the body");
  const auto body = bytes.subspan(kPuzzleHeaderSize);
  if (get_u32(h + 32) != fnv1a(body)) return fail("corrupt (body checksum mismatch)");
  // Sizes before any allocation: a name takes at least 1 byte, a puzzle at least 33.
  if (name_count > body.size() || count > body.size() / 33) return fail("counts larger than the body");
  PuzzleSet set;
  set.seed = get_le(h + 20, 8);
  std::size_t at = 0;
  std::vector<std::string> names;
  names.reserve(name_count);
  for (std::uint32_t i = 0; i < name_count; ++i) {
    if (at >= body.size() || at + 1 + body[at] > body.size()) return fail("truncated name table");
    names.emplace_back(reinterpret_cast<const char*>(body.data() + at + 1), body[at]);
    at += 1 + body[at];
  }
  set.puzzles.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::string where = "puzzle " + std::to_string(i + 1) + ": ";
    if (body.size() - at < 33) return fail(where + "truncated");
    const std::uint8_t* p = body.data() + at;
    Puzzle z;
    z.position.player = get_le(p, 8);
    z.position.opponent = get_le(p + 8, 8);
    if (p[16] > 1) return fail(where + "bad side to move");
    z.position.to_move = p[16] == 0 ? Color::Black : Color::White;
    z.game = get_u32(p + 17);
    z.year = int(get_u16(p + 21));
    const std::uint32_t b = get_u16(p + 23), w = get_u16(p + 25);
    if (b >= names.size() || w >= names.size()) return fail(where + "player name out of range");
    z.black = names[b];
    z.white = names[w];
    if (p[27] > 1) return fail(where + "unknown kind");
    z.kind = PuzzleKind(p[27]);
    if (p[28] > 3) return fail(where + "unknown flags");
    z.shallow_finds = p[28] & 1;
    z.most_flips_finds = p[28] & 2;
    z.rating = int(get_u16(p + 29));
    const int moves = p[31];
    at += 32;
    if (body.size() - at < std::size_t(2 * moves)) return fail(where + "truncated");
    if ((z.position.player & z.position.opponent) != 0) return fail(where + "a square holds two discs");
    const Bitboard legal = z.position.legal_moves();
    if (moves < 2 || moves != popcount(legal)) return fail(where + "the moves do not match the legal moves");
    Bitboard listed = 0;
    for (int k = 0; k < moves; ++k) {
      const Square s = Square(body[at + 2 * k]);
      const int v = int(std::int8_t(body[at + 2 * k + 1]));
      if (!z.position.is_legal(s) || ((listed >> s) & 1)) return fail(where + "a listed move is not legal or repeated");
      if (v < -64 || v > 64) return fail(where + "a value out of range");
      if (k > 0 && (v > z.moves.back().value || (v == z.moves.back().value && s < z.moves.back().square)))
        return fail(where + "moves not best first");
      listed |= Bitboard{1} << s;
      z.moves.push_back({s, v});
    }
    at += 2 * moves;
    const int margin = z.margin();
    const bool only_win = z.moves[0].value > 0 && z.moves[1].value <= 0;
    if (z.kind == PuzzleKind::Best ? margin < 2 : !only_win) return fail(where + "not a puzzle (no unique answer)");
    set.puzzles.push_back(std::move(z));
  }
  if (at != body.size()) return fail("bytes left after the last puzzle");
  return set;
}

Expected<PuzzleSet> load_puzzles(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return parse_puzzles(*bytes, path);
}

// ---- making the set ---------------------------------------------------------

std::vector<PuzzleMove> exact_move_values(EndgameSolver& solver, const Position& position) {
  std::vector<PuzzleMove> moves;
  for (Bitboard legal = position.legal_moves(); legal; legal &= legal - 1) {
    const Square s = Square(std::countr_zero(legal));
    const Position child = position.play(s);
    int value;
    if (child.is_game_over()) value = -child.final_score();
    else value = -solver.solve(child).score;
    moves.push_back({s, value});
  }
  sort_moves(moves);
  return moves;
}

std::string reprove_puzzle(EndgameSolver& solver, const Puzzle& puzzle) {
  const std::vector<PuzzleMove> solved = exact_move_values(solver, puzzle.position);
  if (solved == puzzle.moves) return {};
  auto list = [](const std::vector<PuzzleMove>& moves) {
    std::string s;
    for (const PuzzleMove& m : moves)
      s += (s.empty() ? "" : " ") + square_name(m.square) + (m.value > 0 ? " +" : " ") + std::to_string(m.value);
    return s;
  };
  return "stored " + list(puzzle.moves) + "; solved " + list(solved);
}

namespace {

// A position seen before (not game_database's position_key: a symmetric position is another puzzle).
std::uint64_t puzzle_key(const Position& p) { return SplitMix64::mix(p.player * 3 + SplitMix64::mix(p.opponent)); }

// options.count new puzzles after those of `set` (whose positions are not drawn again).
Expected<PuzzleSet> add_puzzles(const GameDatabase& db, PuzzleSet set, const PuzzleBuildOptions& options,
                                const std::function<void(const PuzzleBuildProgress&)>& progress) {
  if (db.size() == 0) return Error{"the database holds no games"};
  if (options.min_empties < 4 || options.max_empties > 40 || options.min_empties > options.max_empties)
    return Error{"empties must satisfy 4 <= min <= max <= 40"};
  const auto start = std::chrono::steady_clock::now();
  EndgameSolver solver(64);
  solver.set_threads(options.threads);
  Random random(options.seed);
  std::unordered_set<std::uint64_t> seen;
  for (const Puzzle& p : set.puzzles) seen.insert(puzzle_key(p.position));
  const std::size_t wanted = set.puzzles.size() + std::size_t(std::max(0, options.count));
  const int max_candidates = options.max_candidates > 0 ? options.max_candidates : 50 * options.count;
  PuzzleBuildProgress report;
  while (set.puzzles.size() < wanted && report.candidates < max_candidates) {
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.time_limit_s > 0 && report.seconds > options.time_limit_s) break;
    const std::uint32_t number = 1 + random.below(db.size());
    const int empties = options.min_empties + int(random.below(std::uint32_t(options.max_empties - options.min_empties + 1)));
    ++report.candidates;
    const auto game = db.game(number);
    if (!game) return Error{game.error()};
    Position p = Position::initial();
    bool reached = false;
    for (Square s : game->moves) {
      if (p.empty_count() == empties) break;
      p = p.settled();
      if (!p.is_legal(s)) break;
      p = p.play(s);
    }
    p = p.settled();
    reached = p.empty_count() == empties && !p.is_game_over();
    if (!reached || popcount(p.legal_moves()) < 2) continue;
    if (!seen.insert(puzzle_key(p)).second) continue;
    Puzzle z;
    z.position = p;
    z.moves = exact_move_values(solver, p);
    const bool only_win = z.moves[0].value > 0 && z.moves[1].value <= 0;
    if (z.margin() < 2 && !only_win) continue;
    z.kind = only_win ? PuzzleKind::Win : PuzzleKind::Best;
    z.game = number;
    z.year = game->year;
    z.black = game->black;
    z.white = game->white;
    // Shallow search: the best child by a depth-2 evaluation search (ties by square).
    Square shallow = NO_SQUARE, flips = NO_SQUARE;
    int shallow_best = 0, flips_best = -1;
    for (Bitboard legal = p.legal_moves(); legal; legal &= legal - 1) {
      const Square s = Square(std::countr_zero(legal));
      const Position child = p.play(s);
      const int v = child.is_game_over() ? -child.final_score() * kEvalScale
                    : child.must_pass()  ? solver.shallow_score(child.pass(), 1)
                                         : -solver.shallow_score(child, 1);
      if (shallow == NO_SQUARE || v > shallow_best) shallow = s, shallow_best = v;
      const int f = popcount(p.flips(s));
      if (f > flips_best) flips = s, flips_best = f;
    }
    z.shallow_finds = shallow == z.answer();
    z.most_flips_finds = flips == z.answer();
    z.rating = puzzle_rating(empties, z.margin(), z.shallow_finds, z.most_flips_finds, z.good_moves());
    set.puzzles.push_back(std::move(z));
    ++report.puzzles;
    if (progress) progress(report);
  }
  return set;
}

}  // namespace

Expected<PuzzleSet> build_puzzles(const GameDatabase& db, const PuzzleBuildOptions& options,
                                  const std::function<void(const PuzzleBuildProgress&)>& progress) {
  PuzzleSet set;
  set.seed = options.seed;
  return add_puzzles(db, std::move(set), options, progress);
}

Expected<PuzzleSet> append_puzzles(const GameDatabase& db, std::span<const std::uint8_t> existing,
                                   std::string_view name, const PuzzleBuildOptions& options,
                                   const std::function<void(const PuzzleBuildProgress&)>& progress) {
  auto set = parse_puzzles(existing, name);
  if (!set) return Error{"cannot append: " + set.error()};
  return add_puzzles(db, std::move(*set), options, progress);
}

// ---- using it ---------------------------------------------------------------

namespace {
// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
long long days_from_civil(int y, int m, int d) {
  y -= m <= 2;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = unsigned(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + unsigned(d) - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return (long long)era * 146097 + (long long)doe - 719468;
}
}  // namespace

Expected<std::size_t> daily_puzzle(std::string_view date, std::size_t count) {
  // A bad date in a ?daily= link is the player's: said in their language (ui::error_text).
  const std::string shown(date.substr(0, 40));
  if (count == 0) return Error{"no puzzles to choose from"};
  auto digits = [&](std::size_t from, std::size_t n, int& out) {
    out = 0;
    for (std::size_t i = from; i < from + n; ++i) {
      if (date[i] < '0' || date[i] > '9') return false;
      out = out * 10 + (date[i] - '0');
    }
    return true;
  };
  int y, m, d;
  if (date.size() != 10 || date[4] != '-' || date[7] != '-' || !digits(0, 4, y) || !digits(5, 2, m) ||
      !digits(8, 2, d))
    return Error::text("error.date.form", "not a date: '{date}' (expected YYYY-MM-DD, e.g. 2026-02-28)", {{"date", shown}});
  if (y < 1900) return Error::text("error.date.year", "not a date: '{date}' (years 1900 to 9999)", {{"date", shown}});
  if (m < 1 || m > 12)
    return Error::text("error.date.month", "not a date: '{date}' (month {month} is not 1..12)",
                       {{"date", shown}, {"month", std::to_string(m)}});
  static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  const int days = kDays[m - 1] + (m == 2 && leap);
  if (d < 1 || d > days)
    return Error::text("error.date.day", "not a date: '{date}' (day {day} is not 1..{days})",
                       {{"date", shown}, {"day", std::to_string(d)}, {"days", std::to_string(days)}});
  const std::uint64_t day = std::uint64_t(days_from_civil(y, m, d) + 1'000'000);
  return std::size_t(SplitMix64::mix(day ^ 0x5EED'DA11'7000'0027ULL) % std::min(count, kDailyPuzzles));
}

Expected<Judgement> judge(const Puzzle& puzzle, std::string_view move) {
  // The legal moves in square order, for the messages.
  std::vector<PuzzleMove> ordered = puzzle.moves;
  std::sort(ordered.begin(), ordered.end(), [](auto& a, auto& b) { return a.square < b.square; });
  std::string legal;
  for (const PuzzleMove& m : ordered) {
    if (!legal.empty()) legal += ", ";
    legal += square_name(m.square);
  }
  const auto square = parse_square(move);
  if (!square)
    return Error::text("error.puzzle.not_square", "'{move}' is not a square (a1..h8; legal here: {legal})",
                       {{"move", std::string(move.substr(0, 20))}, {"legal", legal}});
  const auto it = std::find_if(puzzle.moves.begin(), puzzle.moves.end(),
                               [&](const PuzzleMove& m) { return m.square == *square; });
  if (it == puzzle.moves.end())
    return Error::text("error.puzzle.illegal", "{square} is not a legal move here (legal: {legal})",
                       {{"square", square_name(*square)}, {"legal", legal}});
  Judgement j;
  j.value = it->value;
  j.best = puzzle.best_value();
  j.loss = j.best - j.value;
  j.right = j.loss == 0;
  const std::string best = square_name(puzzle.answer()) + " (" + signed_value(j.best) + ")";
  if (j.right) j.message = "Right: " + square_name(*square) + " is the best move (" + signed_value(j.best) + ")";
  else
    j.message = square_name(*square) + " loses " + std::to_string(j.loss) + (j.loss == 1 ? " disc" : " discs") +
                ": the best was " + best;
  return j;
}

std::size_t choose_puzzle(const PuzzleSet& set, double rating, std::span<const std::size_t> seen,
                          std::uint64_t seed) {
  const std::size_t n = set.puzzles.size();
  std::vector<bool> done(n, false);
  std::size_t fresh = n;
  for (std::size_t i : seen)
    if (i < n && !done[i]) done[i] = true, --fresh;
  std::vector<std::pair<double, std::size_t>> near;
  near.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    if (!done[i] || fresh == 0) near.push_back({std::abs(set.puzzles[i].rating - rating), i});
  const std::size_t k = std::min<std::size_t>(16, near.size());
  std::partial_sort(near.begin(), near.begin() + std::ptrdiff_t(k), near.end());
  SplitMix64 pick(seed ^ SplitMix64::mix(seen.size() + 1));
  return near[std::size_t(pick.below(int(k)))].second;
}

}  // namespace reversi
