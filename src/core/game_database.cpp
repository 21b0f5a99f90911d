#include "core/game_database.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "core/board_symmetry.h"
#include "core/bytes.h"
#include "core/file.h"
#include "core/notation.h"

namespace reversi {

static_assert(kGameDatabaseHeaderSize == kCheckedHeaderSize, "the header is the shared checked one (core/bytes.h)");

namespace {

constexpr char kDatabaseMagic[8] = {'R', 'V', 'G', 'A', 'M', 'E', 'D', 'B'};
constexpr int kMaxGameMoves = 60;
constexpr std::size_t kGameColumnBytes = 2 + 2 + 2 + 2 + 1 + 1 + 1;  // per game, before its moves

std::uint64_t mix64(std::uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}


// The move order: for each context (the ply's bucket: plies 0-9, 10-19, .., 50-59,
// and the previous move's square, 64 for none), the 64 squares from the most often
// played there in the database's games to the least (ties by square).
constexpr int kPlyBuckets = 6;
constexpr int kContexts = kPlyBuckets * 65;
using MoveOrder = std::vector<std::array<std::uint8_t, 64>>;
constexpr int context_of(int ply, int previous) { return std::min(ply / 10, kPlyBuckets - 1) * 65 + previous; }

int index_among_legal(const std::array<std::uint8_t, 64>& order, Bitboard legal, Square s) {
  int index = 0;
  for (const std::uint8_t square : order) {
    if (square == s) return index;
    index += int((legal >> square) & 1);
  }
  return index;
}

Square legal_at_index(const std::array<std::uint8_t, 64>& order, Bitboard legal, int index) {
  for (const std::uint8_t square : order)
    if ((legal >> square) & 1 && index-- == 0) return Square(square);
  return NO_SQUARE;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

// Reads the body front to back; every read checks the bytes left first.
struct BodyReader {
  std::span<const std::uint8_t> bytes;
  std::size_t at = 0;
  std::size_t left() const { return bytes.size() - at; }
  bool take(std::size_t n, const std::uint8_t*& p) {
    if (left() < n) return false;
    p = bytes.data() + at;
    at += n;
    return true;
  }
};

// The short key of the later plies: 28 bits of the key's hash, bit 3 set (never 0), the symmetry.
std::uint32_t deep_key(std::uint64_t key) {
  return (std::uint32_t(key >> 32) & ~std::uint32_t{7}) | std::uint32_t(key & 7) | 8;
}

}  // namespace

std::uint64_t position_key(const Position& position) {
  const CanonicalPosition c = canonical_position(position);
  const std::uint64_t side = c.form.to_move == Color::White ? 0x9E3779B97F4A7C15ULL : 0;
  std::uint64_t key = (mix64(c.form.player ^ mix64(c.form.opponent ^ side)) & ~std::uint64_t{7}) |
                      std::uint64_t(c.symmetry);
  if ((key & ~std::uint64_t{7}) == 0) key |= 8;
  return key;
}

// ---- making the file ---------------------------------------------------------------

Expected<std::vector<std::uint8_t>> encode_game_database(std::span<const WthorGame> games,
                                                         std::span<const std::string> players,
                                                         std::span<const std::string> tournaments) {
  if (players.size() > 0xFFFF || tournaments.size() > 0xFFFF)
    return Error{"expert games: more than 65535 players or tournaments"};
  if (games.size() > 0xFFFFFF) return Error{"expert games: more than 16,777,215 games"};
  std::vector<std::uint8_t> body;
  const auto names = [&](std::span<const std::string> list, const char* what) -> Status {
    for (const std::string& n : list) {
      if (n.size() > 255)
        return Error{std::string("expert games: a ") + what + " name is longer than 255 bytes: " + quote(n)};
      body.push_back(std::uint8_t(n.size()));
      body.insert(body.end(), n.begin(), n.end());
    }
    return {};
  };
  if (auto s = names(players, "player"); !s) return Error{s.error()};
  if (auto s = names(tournaments, "tournament"); !s) return Error{s.error()};
  std::size_t total_moves = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const WthorGame& g = games[i];
    const std::string where = "expert games: game " + std::to_string(i + 1);
    if (std::size_t(g.black_player) >= players.size() || std::size_t(g.white_player) >= players.size())
      return Error{where + " names player " + std::to_string(std::max(g.black_player, g.white_player)) +
                   ", the table has " + std::to_string(players.size())};
    if (std::size_t(g.tournament) >= tournaments.size())
      return Error{where + " names tournament " + std::to_string(g.tournament) + ", the table has " +
                   std::to_string(tournaments.size())};
    if (g.year < 0 || g.year > 0xFFFF || g.moves.size() > std::size_t(kMaxGameMoves) || g.black_discs < 0 ||
        g.black_discs > 64 || g.theoretical_black < 0 || g.theoretical_black > 64)
      return Error{where + ": a field is out of range"};
    total_moves += g.moves.size();
  }
  std::vector<std::array<std::uint64_t, 64>> played(kContexts);
  for (const WthorGame& g : games)
    for (std::size_t ply = 0; ply < g.moves.size(); ++ply)
      ++played[context_of(int(ply), ply ? g.moves[ply - 1] : 64)][g.moves[ply]];
  MoveOrder order(kContexts);
  for (int b = 0; b < kContexts; ++b) {
    for (int s = 0; s < 64; ++s) order[b][s] = std::uint8_t(s);
    std::stable_sort(order[b].begin(), order[b].end(),
                     [&](std::uint8_t x, std::uint8_t y) { return played[b][x] > played[b][y]; });
    body.insert(body.end(), order[b].begin(), order[b].end());
  }
  for (const WthorGame& g : games) put_le(body, std::uint64_t(g.year), 2);
  for (const WthorGame& g : games) put_le(body, std::uint64_t(g.tournament), 2);
  for (const WthorGame& g : games) put_le(body, std::uint64_t(g.black_player), 2);
  for (const WthorGame& g : games) put_le(body, std::uint64_t(g.white_player), 2);
  for (const WthorGame& g : games) body.push_back(std::uint8_t(g.black_discs));
  for (const WthorGame& g : games) body.push_back(std::uint8_t(g.theoretical_black));
  for (const WthorGame& g : games) body.push_back(std::uint8_t(g.moves.size()));
  for (std::size_t i = 0; i < games.size(); ++i) {
    Position p = Position::initial();
    int ply = 0, previous = 64;
    for (Square s : games[i].moves) {
      if (p.is_game_over() || !p.is_legal(s))
        return Error{"expert games: game " + std::to_string(i + 1) + ": move " + square_name(s) + " is not legal"};
      body.push_back(std::uint8_t(index_among_legal(order[context_of(ply++, previous)], p.legal_moves(), s)));
      previous = s;
      p = p.play(s).settled();
    }
  }
  std::vector<std::uint8_t> out(kDatabaseMagic, kDatabaseMagic + 8);
  put_le(out, kGameDatabaseVersion, 2);
  put_le(out, kGameDatabaseHeaderSize, 2);
  put_le(out, games.size(), 4);
  put_le(out, players.size(), 4);
  put_le(out, tournaments.size(), 4);
  put_le(out, total_moves, 4);
  out.resize(kCheckedHeaderSize);  // body size and checksums: sealed below
  out.insert(out.end(), body.begin(), body.end());
  seal_checked_header(out);
  return out;
}

// ---- reading -------------------------------------------------------------------------

Expected<GameDatabase> GameDatabase::load(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return parse(*bytes, path);
}

Expected<GameDatabase> GameDatabase::parse(std::span<const std::uint8_t> bytes, std::string_view name) {
  const std::string at = (name.empty() ? std::string("expert games") : std::string(name)) + ": ";
  const auto fail = [&](const std::string& what) { return Error{at + what}; };
  const auto checked = checked_body(bytes, kDatabaseMagic, kGameDatabaseVersion, "an expert-game database", "database", "the database");
  if (!checked) return fail(checked.error());
  const std::span<const std::uint8_t> body = *checked;
  const std::uint8_t* h = bytes.data();
  const std::uint32_t games = get_u32(h + 12), players = get_u32(h + 16), tournaments = get_u32(h + 20),
                      moves = get_u32(h + 24), body_size = get_u32(h + 28);
  // Counts against the size before any allocation: a name takes a byte at least, a
  // game its columns, a move a byte.
  if (std::uint64_t(players) + tournaments + 64 * kContexts + std::uint64_t(games) * kGameColumnBytes + moves >
          body_size ||
      players > 0xFFFF || tournaments > 0xFFFF || games > 0xFFFFFF || moves > std::uint64_t(games) * kMaxGameMoves)
    return fail("damaged (its counts do not fit its size)");

  GameDatabase db;
  db.checksum_ = get_u32(h + 32);
  BodyReader r{body};
  const auto read_names = [&](std::uint32_t count, std::vector<std::string>& into, const char* what) -> Status {
    into.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
      const std::uint8_t *len, *text;
      if (!r.take(1, len) || !r.take(*len, text))
        return Error{at + "damaged (" + what + " name " + std::to_string(i + 1) + " runs past the end)"};
      into.emplace_back(reinterpret_cast<const char*>(text), *len);
    }
    return {};
  };
  if (auto s = read_names(players, db.players_, "player"); !s) return Error{s.error()};
  if (auto s = read_names(tournaments, db.tournaments_, "tournament"); !s) return Error{s.error()};
  MoveOrder order(kContexts);
  for (auto& row : order) {
    const std::uint8_t* p = nullptr;
    if (!r.take(64, p)) return fail("damaged (the move order runs past the end)");
    std::array<bool, 64> seen{};
    for (int i = 0; i < 64; ++i) {
      if (p[i] >= 64 || seen[p[i]]) return fail("damaged (the move order is not an order of the 64 squares)");
      seen[p[i]] = true;
      row[i] = p[i];
    }
  }
  if (r.left() != std::size_t(games) * kGameColumnBytes + moves)
    return fail("damaged (the games do not fill the rest of the file)");
  const auto column16 = [&](std::vector<std::uint16_t>& into) {
    const std::uint8_t* p = nullptr;
    r.take(std::size_t(games) * 2, p);
    into.resize(games);
    for (std::uint32_t i = 0; i < games; ++i) into[i] = std::uint16_t(get_u16(p + 2 * i));
  };
  const auto column8 = [&](std::vector<std::uint8_t>& into) {
    const std::uint8_t* p = nullptr;
    r.take(games, p);
    into.assign(p, p + games);
  };
  column16(db.years_);
  column16(db.tournament_of_);
  column16(db.black_of_);
  column16(db.white_of_);
  column8(db.black_discs_);
  column8(db.theoretical_);
  std::vector<std::uint8_t> counts;
  column8(counts);
  const std::uint8_t* move_bytes = nullptr;
  r.take(moves, move_bytes);

  db.offsets_.resize(std::size_t(games) + 1);
  std::uint64_t sum = 0;
  for (std::uint32_t i = 0; i < games; ++i) {
    const std::string where = "game " + std::to_string(i + 1);
    if (counts[i] > kMaxGameMoves) return fail(where + " has " + std::to_string(counts[i]) + " moves");
    if (db.tournament_of_[i] >= tournaments || db.black_of_[i] >= players || db.white_of_[i] >= players)
      return fail(where + " names a player or tournament the tables lack");
    if (db.black_discs_[i] > 64 || db.theoretical_[i] > 64) return fail(where + " has a disc count above 64");
    if (db.years_[i] < 1900 || db.years_[i] > 2200)
      return fail(where + " has the year " + std::to_string(db.years_[i]));
    db.offsets_[i] = std::uint32_t(sum);
    sum += counts[i];
  }
  if (sum != moves) return fail("damaged (the games' move counts do not add up to the header's)");
  db.offsets_[games] = moves;

  // Replay every game: decode its moves and key its first positions.
  const std::uint32_t n = games;
  db.squares_.resize(moves);
  db.keys_.assign(std::size_t(kIndexedPlies + 1) * n, 0);
  db.deep_keys_.assign(std::size_t(kMaxGameMoves - kIndexedPlies) * n, 0);
  for (std::uint32_t g = 0; g < n; ++g) {
    Position p = Position::initial();
    const std::uint32_t begin = db.offsets_[g], length = db.offsets_[g + 1] - begin;
    for (std::uint32_t ply = 0;; ++ply) {
      if (ply <= std::uint32_t(kIndexedPlies)) db.keys_[std::size_t(ply) * n + g] = position_key(p);
      else db.deep_keys_[std::size_t(ply - kIndexedPlies - 1) * n + g] = deep_key(position_key(p));
      if (ply == length) break;
      const Bitboard legal = p.legal_moves();
      const int index = move_bytes[begin + ply];
      if (index >= std::popcount(legal))
        return fail("game " + std::to_string(g + 1) + ": move " + std::to_string(ply + 1) + " is not legal" +
                    (legal ? "" : " (the game was over)"));
      const Square s = legal_at_index(order[context_of(int(ply), ply ? db.squares_[begin + ply - 1] : 64)], legal, index);
      db.squares_[begin + ply] = std::uint8_t(s);
      p = p.play(s).settled();
    }
  }
  if (n) {
    const auto [lo, hi] = std::minmax_element(db.years_.begin(), db.years_.end());
    db.first_year_ = *lo;
    db.last_year_ = *hi;
  }
  return db;
}

// ---- queries ----------------------------------------------------------------------------

std::string name_key(std::string_view name) { return lower(trim(name)); }

Expected<DatabaseGame> GameDatabase::game(std::uint32_t number) const {
  if (number < 1 || number > size())
    return Error::text("error.games.no_game", "no game {n} (the database has games 1 to {count})",
                       {{"n", std::to_string(number)}, {"count", std::to_string(size())}});
  const std::uint32_t g = number - 1;
  DatabaseGame d;
  d.number = number;
  d.year = years_[g];
  d.black = players_[black_of_[g]];
  d.white = players_[white_of_[g]];
  d.tournament = tournaments_[tournament_of_[g]];
  d.black_discs = black_discs_[g];
  d.theoretical_black = theoretical_[g];
  for (std::uint32_t i = offsets_[g]; i < offsets_[g + 1]; ++i) d.moves.push_back(Square(squares_[i]));
  return d;
}

template <class Visit>
void GameDatabase::for_each_game_at(const Position& position, Visit&& visit) const {
  const int ply = std::popcount(position.occupied()) - 4;
  const std::uint32_t n = size();
  if (ply < 0 || ply > kMaxGameMoves) return;
  if (ply <= kIndexedPlies) {
    const std::uint64_t want = position_key(position) & ~std::uint64_t{7};
    const std::uint64_t* keys = keys_.data() + std::size_t(ply) * n;
    for (std::uint32_t g = 0; g < n; ++g)
      if ((keys[g] & ~std::uint64_t{7}) == want) visit(g, int(keys[g] & 7));
    return;
  }
  // Deeper: the games whose short key matches, replayed to compare the discs.
  const CanonicalPosition want = canonical_position(position);
  const std::uint32_t short_key = deep_key(position_key(position)) & ~std::uint32_t{7};
  const std::uint32_t* keys = deep_keys_.data() + std::size_t(ply - kIndexedPlies - 1) * n;
  for (std::uint32_t g = 0; g < n; ++g) {
    if ((keys[g] & ~std::uint32_t{7}) != short_key) continue;
    Position p = Position::initial();
    for (std::uint32_t i = offsets_[g]; i < offsets_[g] + std::uint32_t(ply); ++i) p = p.play(Square(squares_[i])).settled();
    const CanonicalPosition c = canonical_position(p);
    if (c.form == want.form) visit(g, c.symmetry);
  }
}

PositionStatistics GameDatabase::statistics(const Position& position) const {
  const Position q = position.settled();
  const int ply = std::popcount(q.occupied()) - 4;
  const int back = inverse_symmetry(canonical_position(q).symmetry);
  struct Sum {
    std::uint32_t games = 0, black = 0, draws = 0, white = 0;
    std::int64_t difference = 0;
  };
  std::array<Sum, 64> sums{};
  PositionStatistics out;
  for_each_game_at(q, [&](std::uint32_t g, int symmetry) {
    ++out.games;
    if (offsets_[g + 1] - offsets_[g] <= std::uint32_t(ply)) return;
    const Square s = transform(transform(Square(squares_[offsets_[g] + ply]), symmetry), back);
    Sum& sum = sums[s];
    ++sum.games;
    const int b = black_discs_[g];
    sum.black += b > 32;
    sum.draws += b == 32;
    sum.white += b < 32;
    sum.difference += 2 * b - 64;
  });
  for (int s = 0; s < 64; ++s)
    if (sums[s].games)
      out.moves.push_back({Square(s), sums[s].games, sums[s].black, sums[s].draws, sums[s].white,
                           double(sums[s].difference) / sums[s].games});
  std::stable_sort(out.moves.begin(), out.moves.end(),
                   [](const MoveStatistics& a, const MoveStatistics& b) { return a.games > b.games; });
  return out;
}

Expected<GameSearch> GameDatabase::games(const GameFilter& filter) const {
  const std::uint32_t n = size();
  // A name matches every record spelled the same (case aside): WTHOR repeats some. Without
  // such a name, part of one matches every name that contains it ("Tamenori" finds
  // "Tamenori Hideshi"; issue 33: only the whole name did).
  // `none`: the error when no name matches (Error::text("error.games.player", ...)).
  const auto names_matching = [](const std::vector<std::string>& names, const std::string& wanted,
                                 const auto& none) -> Expected<std::vector<bool>> {
    const std::string w = name_key(wanted);
    std::vector<bool> match(names.size(), false);
    bool any = false;
    for (std::size_t i = 0; i < names.size(); ++i)
      if (name_key(names[i]) == w) match[i] = any = true;
    if (!any && !w.empty())
      for (std::size_t i = 0; i < names.size(); ++i)
        if (lower(names[i]).find(w) != std::string::npos) match[i] = any = true;
    if (!any) return none(wanted);
    return match;
  };
  std::vector<bool> players, tournaments, at_position;
  GameSearch out;
  if (filter.player) {
    auto m = names_matching(players_, *filter.player, [](const std::string& name) {
      // WTHOR writes every name in Latin letters: a name in kana or kanji (為則) is said so.
      if (!name.empty() && std::none_of(name.begin(), name.end(), [](char ch) { return (ch | 0x20) >= 'a' && (ch | 0x20) <= 'z'; }))
        return Error::text("error.games.player_latin",
                           "no player's name contains '{name}': the names are written in Latin letters, such as {example}",
                           {{"name", name}, {"example", "Tamenori Hideshi"}});
      return Error::text("error.games.player", "no player's name contains '{name}'", {{"name", name}});
    });
    if (!m) return m.failure();
    players = std::move(*m);
    std::vector<std::string> seen;  // lower case
    for (std::size_t i = 0; i < players.size(); ++i) {
      if (!players[i] || std::find(seen.begin(), seen.end(), name_key(players_[i])) != seen.end()) continue;
      seen.push_back(name_key(players_[i]));
      if (out.players.size() < GameSearch::kMaxMatchedNames) out.players.push_back(players_[i]);
    }
    // A record (games, wins, draws) is one player's: only when one name matched.
    if (seen.size() == 1) out.player = out.players.front();
  }
  if (filter.tournament) {
    auto m = names_matching(tournaments_, *filter.tournament, [](const std::string& name) {
      return Error::text("error.games.tournament", "no tournament's name contains '{name}'", {{"name", name}});
    });
    if (!m) return m.failure();
    tournaments = std::move(*m);
  }
  if (filter.year && (*filter.year < first_year_ || *filter.year > last_year_))
    return Error::text("error.games.year", "year {year} is out of range (the games are from {first} to {last})",
                       {{"year", std::to_string(*filter.year)}, {"first", std::to_string(first_year_)},
                        {"last", std::to_string(last_year_)}});
  if (filter.position) {
    at_position.assign(n, false);
    const Position q = filter.position->settled();
    for_each_game_at(q, [&](std::uint32_t g, int) { at_position[g] = true; });
  }
  for (std::uint32_t g = 0; g < n; ++g) {
    if (filter.year && years_[g] != *filter.year) continue;
    if (filter.tournament && !tournaments[tournament_of_[g]]) continue;
    if (filter.position && !at_position[g]) continue;
    if (filter.player) {
      const bool black = players[black_of_[g]], white = players[white_of_[g]];
      if (!black && !white) continue;
      ++out.player_games;
      const int b = black_discs_[g];
      if (b == 32) ++out.player_draws;
      else if (black && white) {  // against a namesake: counts once, as a win for one of them
        ++out.player_wins;
      } else if ((black && b > 32) || (white && b < 32)) {
        ++out.player_wins;
      }
    }
    out.numbers.push_back(g + 1);
  }
  return out;
}

std::vector<Position> GameDatabase::sample_positions(int count) const {
  std::vector<Position> out;
  if (size() == 0) return out;
  for (int i = 0; i < count; ++i) {
    const std::uint32_t g = std::uint32_t((std::uint64_t(i) * 7919) % size());
    const std::uint32_t ply = std::min<std::uint32_t>(std::uint32_t(i % 61), offsets_[g + 1] - offsets_[g]);
    Position p = Position::initial();
    for (std::uint32_t k = 0; k < ply; ++k) p = p.play(Square(squares_[offsets_[g] + k])).settled();
    out.push_back(p);
  }
  return out;
}

std::size_t GameDatabase::memory_bytes() const {
  std::size_t bytes = sizeof(*this);
  for (const auto* names : {&players_, &tournaments_})
    for (const std::string& s : *names) bytes += sizeof(s) + (s.capacity() > 15 ? s.capacity() : 0);
  bytes += (years_.capacity() + tournament_of_.capacity() + black_of_.capacity() + white_of_.capacity()) * 2;
  bytes += black_discs_.capacity() + theoretical_.capacity() + squares_.capacity();
  bytes += offsets_.capacity() * 4 + keys_.capacity() * 8 + deep_keys_.capacity() * 4;
  return bytes;
}

}  // namespace reversi
