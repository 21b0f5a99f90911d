#include "lab/human_moves.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

#include "core/bytes.h"
#include "core/file.h"
#include "core/random.h"
#include "engine/analysis.h"
#include "engine/move_quality.h"
#include "lab/shards.h"

namespace reversi::human {

namespace {

constexpr char kHumanMovesMagic[8] = {'R', 'V', 'H', 'U', 'M', 'A', 'N', 'M'};
constexpr int kMaxTenths = 640;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

}  // namespace

int PositionRecord::best_tenths() const {
  int best = -kMaxTenths - 1;
  for (const MoveRecord& m : moves) best = std::max(best, m.tenths);
  return best;
}

int PositionRecord::played_tenths() const {
  for (const MoveRecord& m : moves)
    if (m.square == played) return m.tenths;
  return best_tenths();  // never: the reader and the analysis keep the played move among them
}

bool PositionRecord::exact() const {
  return std::all_of(moves.begin(), moves.end(), [](const MoveRecord& m) { return m.exact; });
}

std::size_t HumanMoves::positions() const {
  std::size_t n = 0;
  for (const GameRecord& g : games) n += g.positions.size();
  return n;
}

// ---- analysis ----

Expected<GameRecord> analyse_game(Analyzer& analyzer, const DatabaseGame& game, const Settings& settings) {
  analyzer.clear();
  GameRecord record;
  record.number = game.number;
  record.year = game.year;
  AnalysisOptions options;
  options.max_depth = settings.depth;
  options.solve_empties = settings.exact_empties;
  options.mpc = settings.mpc;
  options.threads = 1;
  Position pos = Position::initial();
  const std::string where = "game " + std::to_string(game.number);
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    if (!pos.has_legal_move()) pos = pos.pass();
    const Square played = game.moves[ply];
    if (!pos.is_legal(played))
      return Error{where + ": move " + std::to_string(ply + 1) + " (" + square_name(played) + ") is not legal"};
    if (popcount(pos.legal_moves()) >= 2) {
      const AnalysisResult r = analyzer.analyze(pos, options);
      if (!r.complete) return Error{where + ": the analysis of ply " + std::to_string(ply) + " did not complete"};
      PositionRecord p;
      p.ply = int(ply);
      p.side = pos.to_move;
      p.played = played;
      for (const reversi::MoveValue& v : r.moves) {
        MoveRecord m;
        m.square = v.move;
        m.tenths = int(std::lround(v.value * 10));
        m.exact = v.kind == ValueKind::Exact;
        if (p.empties() <= settings.exact_empties && !m.exact)
          return Error{where + ": ply " + std::to_string(ply) + " has an inexact value within the solver's reach"};
        p.moves.push_back(m);
      }
      std::sort(p.moves.begin(), p.moves.end(),
                [](const MoveRecord& a, const MoveRecord& b) { return a.square < b.square; });
      record.positions.push_back(std::move(p));
    }
    pos = pos.play(played);
  }
  return record;
}

Expected<std::vector<GameRecord>> analyse_games(const GameDatabase& db, std::span<const std::uint32_t> numbers,
                                                const Settings& settings) {
  Analyzer analyzer;
  std::vector<GameRecord> out;
  for (const std::uint32_t n : numbers) {
    auto game = db.game(n);
    if (!game) return Error{game.error()};
    auto record = analyse_game(analyzer, *game, settings);
    if (!record) return Error{record.error()};
    out.push_back(std::move(*record));
  }
  return out;
}

// ---- the file ----

std::vector<std::uint8_t> encode_human_moves(const HumanMoves& moves) {
  std::vector<std::uint8_t> out(kCheckedHeaderSize, 0);
  std::copy(std::begin(kHumanMovesMagic), std::end(kHumanMovesMagic), out.begin());
  set_le(out.data() + 8, kHumanMovesVersion, 2);
  set_le(out.data() + 10, kCheckedHeaderSize, 2);
  set_le(out.data() + 12, moves.games.size(), 4);
  set_le(out.data() + 16, moves.positions(), 4);
  set_le(out.data() + 20, moves.database_checksum, 4);
  out[24] = std::uint8_t(moves.settings.depth);
  out[25] = std::uint8_t(moves.settings.exact_empties);
  out[26] = moves.settings.mpc ? 1 : 0;
  for (const GameRecord& g : moves.games) {
    put_le(out, g.number, 4);
    put_le(out, std::uint32_t(g.year), 2);
    out.push_back(std::uint8_t(g.positions.size()));
    for (const PositionRecord& p : g.positions) {
      out.push_back(std::uint8_t(p.ply));
      out.push_back(p.side == Color::White ? 1 : 0);
      out.push_back(std::uint8_t(p.played));
      out.push_back(std::uint8_t(p.moves.size()));
      for (const MoveRecord& m : p.moves) {
        out.push_back(std::uint8_t(int(m.square) | (m.exact ? 0x80 : 0)));
        put_le(out, std::uint16_t(std::int16_t(m.tenths)), 2);
      }
    }
  }
  seal_checked_header(out);
  return out;
}

Expected<HumanMoves> parse_human_moves(std::span<const std::uint8_t> bytes, std::string_view name) {
  const std::string who = name.empty() ? std::string("human moves") : std::string(name);
  const auto fail = [&](const std::string& what) { return Error{who + ": " + what}; };
  const auto checked =
      checked_body(bytes, kHumanMovesMagic, kHumanMovesVersion, "a human-moves file", "human moves", "the human moves");
  if (!checked) return fail(checked.error());
  const std::uint8_t* h = bytes.data();
  const std::span<const std::uint8_t> body = *checked;
  HumanMoves out;
  out.database_checksum = get_u32(h + 20);
  out.settings.depth = h[24];
  out.settings.exact_empties = h[25];
  if (h[26] > 1 || h[27] != 0) return fail("unknown flags in the header");
  out.settings.mpc = h[26] == 1;
  if (out.settings.depth < 1 || out.settings.depth > 60 || out.settings.exact_empties > 60)
    return fail("settings out of range (depth " + std::to_string(out.settings.depth) + ", exact empties " +
                std::to_string(out.settings.exact_empties) + ")");
  const std::uint32_t games = get_u32(h + 12), positions = get_u32(h + 16);
  if (games > body.size() / 7) return fail("more games (" + std::to_string(games) + ") than the body holds");
  std::size_t at = 0, seen_positions = 0;
  const auto need = [&](std::size_t n) { return at + n <= body.size(); };
  out.games.reserve(games);
  for (std::uint32_t gi = 0; gi < games; ++gi) {
    if (!need(7)) return fail("truncated in game " + std::to_string(gi + 1));
    GameRecord g;
    g.number = get_u32(&body[at]);
    g.year = int(get_u16(&body[at + 4]));
    const int count = body[at + 6];
    at += 7;
    const std::string game = "game " + std::to_string(g.number);
    if (g.number == 0 || (!out.games.empty() && g.number <= out.games.back().number))
      return fail(game + ": game numbers must increase from 1");
    if (g.year < 1900 || g.year > 2100) return fail(game + ": year " + std::to_string(g.year));
    if (count > 60) return fail(game + ": " + std::to_string(count) + " positions");
    for (int pi = 0; pi < count; ++pi) {
      if (!need(4)) return fail(game + ": truncated");
      PositionRecord p;
      p.ply = body[at];
      const int flags = body[at + 1];
      p.played = Square(body[at + 2]);
      const int n = body[at + 3];
      at += 4;
      const std::string where = game + " ply " + std::to_string(p.ply);
      if (p.ply >= 60 || (!g.positions.empty() && p.ply <= g.positions.back().ply))
        return fail(where + ": plies must increase and stay under 60");
      if (flags > 1) return fail(where + ": unknown flags");
      p.side = flags ? Color::White : Color::Black;
      if (n < 2 || n > 40) return fail(where + ": " + std::to_string(n) + " legal moves");
      if (!need(std::size_t(n) * 3)) return fail(where + ": truncated");
      bool played_found = false;
      for (int k = 0; k < n; ++k, at += 3) {
        MoveRecord m;
        m.square = Square(body[at] & 0x7f);
        m.exact = (body[at] & 0x80) != 0;
        m.tenths = std::int16_t(get_u16(&body[at + 1]));
        if (!is_board_square(m.square)) return fail(where + ": square " + std::to_string(int(m.square)));
        if (!p.moves.empty() && m.square <= p.moves.back().square) return fail(where + ": moves not in square order");
        if (m.tenths < -kMaxTenths || m.tenths > kMaxTenths)
          return fail(where + ": value " + std::to_string(m.tenths) + " tenths is outside +-64 discs");
        if (m.exact && m.tenths % 20 != 0) return fail(where + ": an exact value that is not an even disc count");
        played_found |= m.square == p.played;
        p.moves.push_back(m);
      }
      if (!played_found) return fail(where + ": the move played is not among its moves");
      g.positions.push_back(std::move(p));
    }
    seen_positions += std::size_t(count);
    out.games.push_back(std::move(g));
  }
  if (at != body.size()) return fail(std::to_string(body.size() - at) + " bytes after the last game");
  if (seen_positions != positions)
    return fail(std::to_string(seen_positions) + " positions, the header says " + std::to_string(positions));
  return out;
}

Expected<HumanMoves> load_human_moves(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return parse_human_moves(*bytes, path);
}

// ---- the sample and its shards ----

namespace {
std::uint64_t sample_key(std::uint64_t seed, std::uint32_t number) {
  return SplitMix64::mix(seed * 0x9E3779B97F4A7C15ULL + number);
}
}  // namespace

std::vector<std::uint32_t> sample_games(const GameDatabase& db, const Sample& sample) {
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed;
  const bool by_year = sample.first_year != 0 || sample.last_year != 0;
  for (std::uint32_t n = 1; n <= db.size(); ++n) {
    const std::uint64_t key = sample_key(sample.seed, n);
    if (key % std::uint64_t(sample.every) != 0) continue;
    if (by_year) {
      const auto g = db.game(n);
      if (!g) continue;
      if (sample.first_year && g->year < sample.first_year) continue;
      if (sample.last_year && g->year > sample.last_year) continue;
    }
    keyed.emplace_back(key, n);
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<std::uint32_t> out;
  out.reserve(keyed.size());
  for (const auto& [key, n] : keyed) out.push_back(n);
  return out;
}

std::string plan_text(const Plan& p) {
  char line[320];
  std::snprintf(line, sizeof line,
                "human-moves plan 1: database %08x sample %u every %d seed %llu years %d %d shard-games %d "
                "depth %d exact %d mpc %d",
                p.database_checksum, p.sample_size, p.sample.every, static_cast<unsigned long long>(p.sample.seed),
                p.sample.first_year, p.sample.last_year, p.shard_games, p.settings.depth, p.settings.exact_empties,
                p.settings.mpc ? 1 : 0);
  return line;
}

Expected<Plan> parse_plan(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  const std::string line(text);
  Plan p;
  unsigned checksum = 0, size = 0;
  unsigned long long seed = 0;
  int mpc = 0;
  const int read = std::sscanf(line.c_str(),
                               "human-moves plan 1: database %x sample %u every %d seed %llu years %d %d "
                               "shard-games %d depth %d exact %d mpc %d",
                               &checksum, &size, &p.sample.every, &seed, &p.sample.first_year, &p.sample.last_year,
                               &p.shard_games, &p.settings.depth, &p.settings.exact_empties, &mpc);
  p.database_checksum = checksum;
  p.sample_size = size;
  p.sample.seed = seed;
  p.settings.mpc = mpc != 0;
  if (read != 10 || p.sample.every < 1 || p.shard_games < 1 || p.settings.depth < 1 || mpc < 0 || mpc > 1 ||
      plan_text(p) != line)
    return Error{"not a human-moves plan: " + quoted(line)};
  return p;
}

std::size_t shard_count(const Plan& plan) {
  return (std::size_t(plan.sample_size) + std::size_t(plan.shard_games) - 1) / std::size_t(plan.shard_games);
}

std::string shard_name(std::size_t shard) {
  char name[32];
  std::snprintf(name, sizeof name, "shard-%05zu.bin", shard);
  return name;
}

std::vector<std::uint32_t> shard_games(std::span<const std::uint32_t> sample, const Plan& plan, std::size_t shard) {
  const std::size_t first = shard * std::size_t(plan.shard_games);
  if (first >= sample.size()) return {};
  const std::size_t last = std::min(sample.size(), first + std::size_t(plan.shard_games));
  std::vector<std::uint32_t> games(sample.begin() + std::ptrdiff_t(first), sample.begin() + std::ptrdiff_t(last));
  std::sort(games.begin(), games.end());
  return games;
}

namespace {
std::string plan_path(const std::string& dir) { return (std::filesystem::path(dir) / "PLAN").string(); }
}  // namespace

Expected<Plan> read_plan(const std::string& dir) {
  auto bytes = read_file_bytes(plan_path(dir));
  if (!bytes) return Error{bytes.error() + " (not a folder made by `reversi-cli human analyse`?)"};
  auto plan = parse_plan(std::string(bytes->begin(), bytes->end()));
  if (!plan) return Error{plan_path(dir) + ": " + plan.error()};
  return plan;
}

Status write_or_check_plan(const std::string& dir, const Plan& plan) {
  namespace fs = std::filesystem;
  if (fs::exists(plan_path(dir))) {
    auto there = read_plan(dir);
    if (!there) return Error{there.error()};
    if (!(*there == plan))
      return Error{dir + " holds another plan (" + plan_text(*there) + "), not " + plan_text(plan)};
    return {};
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{"cannot make directory " + quoted(dir) + ": " + ec.message()};
  const std::string text = plan_text(plan) + "\n";
  return write_file_bytes(plan_path(dir), std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

Status run_shards(const GameDatabase& db, const std::string& dir, const Plan& plan,
                  std::optional<std::size_t> only, const std::string& command,
                  const std::function<void(const ShardProgress&)>& report) {
  if (plan.database_checksum != db.checksum()) {
    char sums[96];
    std::snprintf(sums, sizeof sums, "the plan is for the expert-game database with checksum %08x, not %08x",
                  plan.database_checksum, db.checksum());
    return Error{sums};
  }
  const std::vector<std::uint32_t> sample = sample_games(db, plan.sample);
  if (sample.size() != plan.sample_size) return Error{"the sample has " + std::to_string(sample.size()) + " games, the plan says " + std::to_string(plan.sample_size)};
  if (Status st = write_or_check_plan(dir, plan); !st) return st;
  std::vector<std::size_t> shards;
  if (only) {
    if (*only >= shard_count(plan))
      return Error{"shard " + std::to_string(*only) + " is past the last (" + std::to_string(shard_count(plan) - 1) + ")"};
    shards.push_back(*only);
  } else {
    for (std::size_t k = 0; k < shard_count(plan); ++k) shards.push_back(k);
  }
  std::vector<std::string> names;
  for (const std::size_t k : shards) names.push_back(shard_name(k));
  std::size_t games = 0;
  return pattern::make_shard_files(
      dir, names, command,
      [&](std::size_t i, const std::string& tmp) -> Expected<pattern::ShardCounts> {
        const std::vector<std::uint32_t> numbers = shard_games(sample, plan, shards[i]);
        auto records = analyse_games(db, numbers, plan.settings);
        if (!records) return Error{records.error()};
        HumanMoves content{plan.settings, plan.database_checksum, std::move(*records)};
        if (Status st = write_file_bytes(tmp, encode_human_moves(content)); !st) return Error{st.error()};
        games = content.games.size();
        pattern::ShardCounts c;
        for (const GameRecord& g : content.games)
          for (const PositionRecord& p : g.positions) {
            ++c.positions;
            ++(p.exact() ? c.exact : c.search);
          }
        return c;
      },
      [&](const pattern::ShardReport& r) {
        if (!report) return;
        ShardProgress p;
        p.shard = shards[std::size_t(std::find(names.begin(), names.end(), r.name) - names.begin())];
        p.made = r.made;
        p.games = r.made ? games : 0;
        p.positions = r.positions;
        p.seconds = r.seconds;
        p.cpu_seconds = r.cpu_seconds;
        report(p);
      });
}

namespace {

struct ManifestLine {
  std::uint32_t checksum = 0;
  double cpu = 0;
};

// The manifest's lines by shard name (the last line of a name wins).
Expected<std::map<std::string, ManifestLine>> read_manifest(const std::string& dir) {
  std::map<std::string, ManifestLine> lines;
  const std::string path = (std::filesystem::path(dir) / "MANIFEST").string();
  if (!std::filesystem::exists(path)) return lines;
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  const std::string text(bytes->begin(), bytes->end());
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    char name[64];
    std::size_t positions = 0, exact = 0, search = 0;
    double seconds = 0, cpu = 0;
    unsigned sum = 0;
    if (std::sscanf(line.c_str(), "%63s positions %zu exact %zu search %zu seconds %lf cpu %lf fnv1a %x", name,
                    &positions, &exact, &search, &seconds, &cpu, &sum) != 7)
      return Error{path + ": unreadable line " + quoted(line)};
    lines[name] = {sum, cpu};
  }
  return lines;
}

// Each finished shard, checked against the manifest and read.
template <class Visit>
Expected<Plan> for_each_shard(const std::string& dir, Visit&& visit) {
  auto plan = read_plan(dir);
  if (!plan) return Error{plan.error()};
  auto manifest = read_manifest(dir);
  if (!manifest) return Error{manifest.error()};
  for (std::size_t k = 0; k < shard_count(*plan); ++k) {
    const std::string name = shard_name(k);
    const std::string path = (std::filesystem::path(dir) / name).string();
    if (!std::filesystem::exists(path)) continue;
    const auto line = manifest->find(name);
    if (line == manifest->end())
      return Error{path + " is not in the MANIFEST (made this instant, or a run stopped between writing and "
                          "listing it: try again, or delete it to have it made again)"};
    auto bytes = read_file_bytes(path);
    if (!bytes) return Error{bytes.error()};
    if (fnv1a(*bytes) != line->second.checksum) return Error{path + ": checksum differs from the MANIFEST's (damaged)"};
    auto content = parse_human_moves(*bytes, path);
    if (!content) return Error{content.error()};
    if (!(content->settings == plan->settings) || content->database_checksum != plan->database_checksum)
      return Error{path + ": settings differ from the PLAN's"};
    visit(k, std::move(*content), line->second.cpu);
  }
  return plan;
}

}  // namespace

Expected<DirStatus> dir_status(const std::string& dir) {
  DirStatus s;
  auto plan = for_each_shard(dir, [&](std::size_t, HumanMoves content, double cpu) {
    ++s.done;
    s.games += content.games.size();
    s.positions += content.positions();
    s.cpu_seconds += cpu;
  });
  if (!plan) return Error{plan.error()};
  s.plan = *plan;
  s.shards = shard_count(*plan);
  return s;
}

Expected<HumanMoves> merge_shards(const std::string& dir) {
  HumanMoves out;
  auto plan = for_each_shard(dir, [&](std::size_t, HumanMoves content, double) {
    for (GameRecord& g : content.games) out.games.push_back(std::move(g));
  });
  if (!plan) return Error{plan.error()};
  if (out.games.empty()) return Error{dir + ": no shard is finished yet"};
  out.settings = plan->settings;
  out.database_checksum = plan->database_checksum;
  std::sort(out.games.begin(), out.games.end(),
            [](const GameRecord& a, const GameRecord& b) { return a.number < b.number; });
  for (std::size_t i = 1; i < out.games.size(); ++i)
    if (out.games[i].number == out.games[i - 1].number)
      return Error{dir + ": game " + std::to_string(out.games[i].number) + " is in two shards"};
  return out;
}

// ---- the figures ----

namespace {

struct Tally {
  std::size_t positions = 0, zero = 0, mistakes = 0, blunders = 0;
  double loss = 0, random_loss = 0, accuracy = 0;
  void add(const PositionRecord& p) {
    const double l = p.loss_tenths() / 10.0;
    ++positions;
    loss += l;
    zero += p.loss_tenths() == 0;
    const MoveClass c = classify_move(l);
    mistakes += marked_mistake(c);
    blunders += c == MoveClass::Blunder;
    accuracy += move_accuracy(l);
    const int best = p.best_tenths();
    double sum = 0;
    for (const MoveRecord& m : p.moves) sum += (best - m.tenths) / 10.0;
    random_loss += sum / double(p.moves.size());
  }
};

std::string table(const std::string& band, const std::vector<std::pair<std::string, Tally>>& rows) {
  std::string out = "| " + band +
                    " | positions | mean loss (discs) | loses nothing | mistake or worse (>= 2) | blunder (>= 6) | "
                    "mean accuracy | a random legal move's mean loss |\n|---|---:|---:|---:|---:|---:|---:|---:|\n";
  char line[256];
  for (const auto& [name, t] : rows) {
    if (t.positions == 0) continue;
    const double n = double(t.positions);
    std::snprintf(line, sizeof line, "| %s | %zu | %.2f | %.1f%% | %.1f%% | %.1f%% | %.1f | %.2f |\n", name.c_str(),
                  t.positions, t.loss / n, 100.0 * t.zero / n, 100.0 * t.mistakes / n, 100.0 * t.blunders / n,
                  t.accuracy / n, t.random_loss / n);
    out += line;
  }
  return out;
}

}  // namespace

namespace {

struct Band {
  std::string name;
  int lo, hi;
};

// Phases by empties: the opening, two midgame bands, the exact endgame (from e empties).
std::vector<Band> phase_bands(int e) {
  return {{"opening, 46-60 empties", 46, 60},
          {"early midgame, 31-45 empties", 31, 45},
          {"late midgame, " + std::to_string(e + 1) + "-30 empties", e + 1, 30},
          {"endgame (exact), 1-" + std::to_string(e) + " empties", 1, e}};
}

std::string settings_text(const Settings& s) {
  return "depth " + std::to_string(s.depth) + (s.mpc ? " with ProbCut" : "") + ", exact from " +
         std::to_string(s.exact_empties) + " empties";
}

}  // namespace

std::string compare_text(const HumanMoves& a, const HumanMoves& b) {
  const std::vector<Band> phases = phase_bands(std::min(a.settings.exact_empties, b.settings.exact_empties));
  struct Agreement {
    std::size_t positions = 0, zero_agree = 0, best_agree = 0;
    double difference = 0;
  };
  std::vector<Agreement> rows(phases.size() + 1);  // the last: all
  std::size_t j = 0;
  for (const GameRecord& g : a.games) {
    while (j < b.games.size() && b.games[j].number < g.number) ++j;
    if (j == b.games.size() || b.games[j].number != g.number) continue;
    const GameRecord& h = b.games[j];
    std::size_t k = 0;
    for (const PositionRecord& p : g.positions) {
      while (k < h.positions.size() && h.positions[k].ply < p.ply) ++k;
      if (k == h.positions.size() || h.positions[k].ply != p.ply) continue;
      const PositionRecord& q = h.positions[k];
      // A best move of a (the first in square order) among b's best moves.
      Square a_best = NO_SQUARE;
      for (const MoveRecord& m : p.moves)
        if (m.tenths == p.best_tenths()) {
          a_best = m.square;
          break;
        }
      bool best_agree = false;
      for (const MoveRecord& m : q.moves) best_agree |= m.square == a_best && m.tenths == q.best_tenths();
      for (std::size_t r = 0; r < rows.size(); ++r) {
        if (r < phases.size() && (p.empties() < phases[r].lo || p.empties() > phases[r].hi)) continue;
        ++rows[r].positions;
        rows[r].difference += std::abs(p.loss_tenths() - q.loss_tenths()) / 10.0;
        rows[r].zero_agree += (p.loss_tenths() == 0) == (q.loss_tenths() == 0);
        rows[r].best_agree += best_agree;
      }
    }
  }
  std::string out = "A: " + settings_text(a.settings) + "; B: " + settings_text(b.settings) +
                    ".\n\n| phase | positions in both | mean difference of the played move's loss (discs) | "
                    "agree it lost nothing | A's best move is one of B's |\n|---|---:|---:|---:|---:|\n";
  char line[256];
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].positions == 0) continue;
    const double n = double(rows[r].positions);
    std::snprintf(line, sizeof line, "| %s | %zu | %.2f | %.1f%% | %.1f%% |\n",
                  r < phases.size() ? phases[r].name.c_str() : "all", rows[r].positions, rows[r].difference / n,
                  100.0 * rows[r].zero_agree / n, 100.0 * rows[r].best_agree / n);
    out += line;
  }
  return out;
}

std::string summary_text(const HumanMoves& moves) {
  const int e = moves.settings.exact_empties;
  const std::vector<Band> phases = phase_bands(e);
  std::vector<std::pair<std::string, Tally>> by_phase, by_era, by_good, by_spread, by_moves;
  for (const Band& b : phases) by_phase.push_back({b.name, {}});
  const std::vector<std::pair<int, int>> eras = {{0, 1989}, {1990, 1999}, {2000, 2009}, {2010, 2019}, {2020, 9999}};
  for (const auto& [lo, hi] : eras)
    by_era.push_back({lo == 0 ? "before 1990" : hi == 9999 ? "2020 and later" : std::to_string(lo) + "-" + std::to_string(hi), {}});
  const std::vector<std::string> good_names = {"1 (only the best)", "2", "3", "4-5", "6 or more"};
  for (const auto& g : good_names) by_good.push_back({g, {}});
  const std::vector<double> spread_edges = {2, 5, 10, 20};
  const std::vector<std::string> spread_names = {"under 2", "2-5", "5-10", "10-20", "20 or more"};
  for (const auto& s : spread_names) by_spread.push_back({s, {}});
  const std::vector<std::string> moves_names = {"2-4", "5-8", "9-12", "13 or more"};
  for (const auto& m : moves_names) by_moves.push_back({m, {}});
  Tally all;
  for (const GameRecord& g : moves.games) {
    std::size_t era = 0;
    while (era + 1 < eras.size() && g.year > eras[era].second) ++era;
    for (const PositionRecord& p : g.positions) {
      all.add(p);
      for (std::size_t i = 0; i < phases.size(); ++i)
        if (p.empties() >= phases[i].lo && p.empties() <= phases[i].hi) by_phase[i].second.add(p);
      by_era[era].second.add(p);
      const int best = p.best_tenths();
      int good = 0;
      std::vector<int> losses;
      for (const MoveRecord& m : p.moves) {
        good += best - m.tenths < 10;
        losses.push_back(best - m.tenths);
      }
      by_good[good <= 3 ? std::size_t(good - 1) : good <= 5 ? 3 : 4].second.add(p);
      // Spread: the median move's loss against the best, in discs.
      std::sort(losses.begin(), losses.end());
      const double median = losses[losses.size() / 2] / 10.0;
      std::size_t s = 0;
      while (s < spread_edges.size() && median >= spread_edges[s]) ++s;
      by_spread[s].second.add(p);
      const std::size_t n = p.moves.size();
      by_moves[n <= 4 ? 0 : n <= 8 ? 1 : n <= 12 ? 2 : 3].second.add(p);
    }
  }
  std::string out = std::to_string(moves.games.size()) + " games, " + std::to_string(moves.positions()) +
                    " positions with a choice (two legal moves or more); midgame values to " +
                    settings_text(moves.settings) + ".\n\n";
  out += table("all", {{"all positions", all}}) + "\n";
  out += table("phase", by_phase) + "\n";
  out += table("era (the game's year)", by_era) + "\n";
  out += table("moves within 1 disc of the best", by_good) + "\n";
  out += table("spread: the median legal move's loss (discs)", by_spread) + "\n";
  out += table("legal moves", by_moves);
  return out;
}

std::vector<int> default_rating_bands() { return {1900, 2000, 2100, 2200, 2300, 2400}; }

std::string rating_band_name(std::span<const int> edges, std::size_t b) {
  if (edges.empty()) return "all";
  if (b == 0) return "under " + std::to_string(edges[0]);
  if (b == edges.size()) return std::to_string(edges[b - 1]) + " and over";
  return std::to_string(edges[b - 1]) + "-" + std::to_string(edges[b] - 1);
}

std::string rating_band_text(const HumanMoves& moves, std::span<const int> edges,
                             const std::function<std::optional<int>(std::uint32_t game, Color side)>& rating) {
  const std::vector<Band> phases = phase_bands(moves.settings.exact_empties);
  std::vector<std::pair<std::string, Tally>> by_band;
  std::vector<std::vector<Tally>> by_band_phase(edges.size() + 1, std::vector<Tally>(phases.size()));
  for (std::size_t b = 0; b <= edges.size(); ++b) by_band.push_back({rating_band_name(edges, b), {}});
  std::size_t unrated = 0;
  for (const GameRecord& g : moves.games)
    for (const PositionRecord& p : g.positions) {
      const std::optional<int> r = rating(g.number, p.side);
      if (!r) {
        ++unrated;
        continue;
      }
      std::size_t b = 0;
      while (b < edges.size() && *r >= edges[b]) ++b;
      by_band[b].second.add(p);
      for (std::size_t i = 0; i < phases.size(); ++i)
        if (p.empties() >= phases[i].lo && p.empties() <= phases[i].hi) by_band_phase[b][i].add(p);
    }
  std::string out = "By the rating of the player who moved, at the game's year (" + std::to_string(unrated) +
                    " positions of players without a rating left out).\n\n";
  out += table("rating band", by_band) + "\n";
  out += "| rating band: mean loss (discs), blunders |";
  std::string rule = "|---|";
  for (const Band& ph : phases) {
    out += " " + ph.name + " |";
    rule += "---:|";
  }
  out += "\n" + rule + "\n";
  char cell[64];
  for (std::size_t b = 0; b < by_band.size(); ++b) {
    if (by_band[b].second.positions == 0) continue;
    out += "| " + by_band[b].first + " |";
    for (const Tally& t : by_band_phase[b]) {
      if (t.positions == 0) {
        out += " |";
        continue;
      }
      std::snprintf(cell, sizeof cell, " %.2f, %.1f%% |", t.loss / double(t.positions),
                    100.0 * double(t.blunders) / double(t.positions));
      out += cell;
    }
    out += "\n";
  }
  return out;
}

}  // namespace reversi::human
