// reversi-cli human: how people lose discs (issue 45; docs/human.md). The expert games
// analysed in resumable shards (lab/human_moves.h), merged into one file, summarised.
#include <chrono>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "core/file.h"
#include "core/human_model.h"
#include "engine/analysis.h"
#include "engine/human_player.h"
#include "engine/player.h"
#include "lab/human_model_fit.h"
#include "lab/human_moves.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

int analyse(Args& args, const std::optional<std::string>& database, const std::string& dir,
            std::optional<human::Plan> asked, std::optional<long long> only) {
  const auto db = load_expert_games(database);
  if (!db) return failure(args.command(), db.error());
  human::Plan plan;
  if (asked) {
    plan = *asked;
    plan.database_checksum = db->checksum();
    plan.sample_size = std::uint32_t(human::sample_games(*db, plan.sample).size());
    if (plan.sample_size == 0) return failure(args.command(), "the sample has no game");
  } else {
    auto there = human::read_plan(dir);
    if (!there) return failure(args.command(), there.error());
    plan = *there;
  }
  const std::string command =
      "reversi-cli human analyse --dir DIR (" + human::plan_text(plan) + ")";
  const auto start = std::chrono::steady_clock::now();
  std::size_t made = 0, positions = 0;
  double cpu = 0;
  const Status st = human::run_shards(
      *db, dir, plan, only ? std::optional<std::size_t>(std::size_t(*only)) : std::nullopt, command,
      [&](const human::ShardProgress& p) {
        if (!p.made) return;
        ++made;
        positions += p.positions;
        cpu += p.cpu_seconds;
        std::printf("%s: %zu games, %zu positions in %.1f s (%.1f s CPU, %.1f positions/s)\n",
                    human::shard_name(p.shard).c_str(), p.games, p.positions, p.seconds, p.cpu_seconds,
                    p.cpu_seconds > 0 ? double(p.positions) / p.cpu_seconds : 0.0);
        std::fflush(stdout);
      });
  if (!st) return failure(args.command(), st.error());
  std::printf("%zu shard(s) made, %zu positions, %.1f s CPU (%.1f s wall); %zu shard(s) in the plan\n", made,
              positions, cpu,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
              human::shard_count(plan));
  return kOk;
}

int status(const std::string& dir) {
  const auto s = human::dir_status(dir);
  if (!s) return failure("human", s.error());
  std::printf("%s\n", human::plan_text(s->plan).c_str());
  std::printf("shards: %zu of %zu done; games: %zu of %u; positions: %zu; CPU: %.0f s", s->done, s->shards, s->games,
              s->plan.sample_size, s->positions, s->cpu_seconds);
  if (s->done > 0 && s->cpu_seconds > 0)
    std::printf(" (%.1f positions/s, about %.1f CPU hours to go)", double(s->positions) / s->cpu_seconds,
                s->cpu_seconds / double(s->games) * double(s->plan.sample_size - s->games) / 3600.0);
  std::printf("\n");
  return kOk;
}

int merge(const std::string& dir, const std::string& out) {
  const auto merged = human::merge_shards(dir);
  if (!merged) return failure("human", merged.error());
  const auto bytes = human::encode_human_moves(*merged);
  // Read back before writing: the file written is one the reader accepts.
  if (const auto check = human::parse_human_moves(bytes, out); !check)
    return failure("human", "the merged file does not read back: " + check.error());
  if (const Status st = write_file_bytes(out, bytes); !st) return failure("human", st.error());
  std::printf("%s: %zu games, %zu positions, %zu bytes\n", out.c_str(), merged->games.size(), merged->positions(),
              bytes.size());
  return kOk;
}

// The players' ratings and the database, for what joins the analysis with the players.
struct Sources {
  std::optional<std::string> database, ratings;
};

int summary(const std::string& file, bool by_rating, const Sources& sources) {
  const auto moves = human::load_human_moves(file);
  if (!moves) return failure("human", moves.error());
  std::printf("%s", human::summary_text(*moves).c_str());
  if (!by_rating) return kOk;
  const auto db = load_expert_games(sources.database);
  if (!db) return failure("human", db.error());
  const auto ratings = load_player_ratings(sources.ratings);
  if (!ratings) return failure("human", ratings.error());
  if (db->checksum() != moves->database_checksum)
    return failure("human", file + " was made from another expert-game database than the one loaded");
  std::string error;
  const auto rating = [&](std::uint32_t number, Color side) -> std::optional<int> {
    const auto game = db->game(number);
    if (!game) {
      error = game.error();
      return std::nullopt;
    }
    const GameRatings r = game_ratings(*ratings, *game);
    const auto& at = side == Color::Black ? r.black : r.white;
    return at ? std::optional<int>(at->rating) : std::nullopt;
  };
  const std::string text = human::rating_band_text(*moves, human::default_rating_bands(), rating);
  if (!error.empty()) return failure("human", error);
  std::printf("\n%s", text.c_str());
  return kOk;
}

// The analysis joined with the ratings, for the fit and its test.
Expected<std::vector<human::ModelPosition>> model_positions(const human::HumanMoves& moves, const Sources& sources,
                                                            std::uint32_t* checksum) {
  const auto db = load_expert_games(sources.database);
  if (!db) return Error{db.error()};
  const auto ratings = load_player_ratings(sources.ratings);
  if (!ratings) return Error{ratings.error()};
  if (db->checksum() != moves.database_checksum)
    return Error{"the analysis was made from another expert-game database than the one loaded"};
  if (checksum) *checksum = db->checksum();
  return human::model_positions(moves, *db, *ratings);
}

Expected<std::vector<int>> parse_bands(const std::optional<std::string>& text) {
  if (!text) return human::default_rating_bands();
  std::vector<int> edges;
  std::size_t at = 0;
  while (at <= text->size()) {
    const std::size_t comma = std::min(text->find(',', at), text->size());
    const std::string item = text->substr(at, comma - at);
    char* end = nullptr;
    const long v = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != 0 || v < 0 || v > 4000 || (!edges.empty() && v <= edges.back()))
      return Error{"--bands wants increasing ratings 0-4000 separated by commas, not '" + *text + "'"};
    edges.push_back(int(v));
    at = comma + 1;
  }
  return edges;
}

// The value-only softmax: the same fit on the loss alone.
Expected<HumanModel> fit_softmax(std::span<const human::ModelPosition> positions, human::FitOptions options,
                                 std::uint32_t checksum, const human::Settings& settings) {
  options.features = {0};
  return human::fit_human_model(positions, options, checksum, settings);
}

int fit(const std::string& file, const std::string& out, const std::optional<std::string>& bands,
        const Sources& sources) {
  const auto edges = parse_bands(bands);
  if (!edges) return failure("human", edges.error());
  const auto moves = human::load_human_moves(file);
  if (!moves) return failure("human", moves.error());
  std::uint32_t checksum = 0;
  const auto positions = model_positions(*moves, sources, &checksum);
  if (!positions) return failure("human", positions.error());
  const auto ratings = load_player_ratings(sources.ratings);
  if (!ratings) return failure("human", ratings.error());
  human::FitOptions options;
  options.band_edges = *edges;
  options.test_from = ratings->test_from;
  const auto model = human::fit_human_model(*positions, options, checksum, moves->settings);
  if (!model) return failure("human", model.error());
  const auto bytes = encode_human_model(*model);
  if (!bytes) return failure("human", bytes.error());
  if (const auto back = HumanModel::parse(*bytes, out); !back || !(*back == *model))
    return failure("human", "the model does not read back" + (back ? std::string() : ": " + back.error()));
  if (const Status st = write_file_bytes(out, *bytes); !st) return failure("human", st.error());
  std::printf("%s: %zu bands, %zu bytes; fitted on the years before %d\n", out.c_str(), model->bands.size(),
              bytes->size(), model->test_from);
  std::printf("| band from | centre | positions |");
  for (int k = 0; k < kHumanFeatures; ++k) std::printf(" w%d |", k + 1);
  std::printf("\n");
  for (const HumanBand& b : model->bands) {
    std::printf("| %s | %d | %u |", b.lowest == kNoLowerBound ? "-" : std::to_string(b.lowest).c_str(), b.centre,
                b.positions);
    for (const double w : b.weights) std::printf(" %.3f |", w);
    std::printf("\n");
  }
  for (int k = 0; k < kHumanFeatures; ++k) std::printf("w%d: %s\n", k + 1, human_feature_name(k));
  return kOk;
}

int test(const std::string& file, const std::optional<std::string>& model_path, const Sources& sources) {
  const auto model = HumanModel::load(model_path.value_or(default_data_path("human-model.bin")));
  if (!model) return failure("human", model.error());
  const auto moves = human::load_human_moves(file);
  if (!moves) return failure("human", moves.error());
  std::uint32_t checksum = 0;
  const auto positions = model_positions(*moves, sources, &checksum);
  if (!positions) return failure("human", positions.error());
  if (checksum != model->database_checksum)
    return failure("human", "the model was fitted on another expert-game database than the one loaded");
  human::FitOptions options;
  options.band_edges.clear();
  for (std::size_t b = 1; b < model->bands.size(); ++b) options.band_edges.push_back(model->bands[b].lowest);
  options.test_from = model->test_from;
  const auto softmax = fit_softmax(*positions, options, checksum, moves->settings);
  if (!softmax) return failure("human", softmax.error());
  std::printf("held-out years: %d on; the value-only softmax's weight on the loss by band:", model->test_from);
  for (const HumanBand& b : softmax->bands) std::printf(" %.3f", b.weights[0]);
  std::printf("\n\n%s", human::model_test_text(*model, *softmax, *positions, model->test_from).c_str());
  return kOk;
}

int openings(const std::string& out, int plies, int min_games, const Sources& sources) {
  const auto db = load_expert_games(sources.database);
  if (!db) return failure("human", db.error());
  const auto ratings = load_player_ratings(sources.ratings);
  if (!ratings) return failure("human", ratings.error());
  const HumanOpenings o =
      human::build_human_openings(*db, *ratings, human::default_rating_bands(), plies, min_games, ratings->test_from);
  const auto bytes = encode_human_openings(o);
  if (!bytes) return failure("human", bytes.error());
  if (const auto back = HumanOpenings::parse(*bytes, out); !back || !(*back == o))
    return failure("human", "the openings do not read back" + (back ? std::string() : ": " + back.error()));
  if (const Status st = write_file_bytes(out, *bytes); !st) return failure("human", st.error());
  std::size_t moves = 0;
  for (const auto& p : o.positions) moves += p.moves.size();
  std::printf("%s: %zu positions of the first %d plies reached by %d games or more before %d, %zu moves, %zu bytes\n",
              out.c_str(), o.positions.size(), plies, min_games, ratings->test_from, moves, bytes->size());
  return kOk;
}

// human-R against itself (or against `opponent`, human-R black in the odd games, white in the
// even ones) from the start, each game analysed as the expert games are (analyse_game, the
// settings of the model), the loss per move of human-R's moves in the band tables' form.
int selfplay(int rating, int games, std::uint64_t seed, const std::optional<std::string>& opponent) {
  const auto model = builtin_human_model();  // the players' own
  if (!model) return failure("human", model.error());
  human::Settings settings;
  settings.depth = (*model)->depth;
  settings.exact_empties = (*model)->exact_empties;
  human::HumanMoves moves;
  moves.settings = settings;
  Analyzer analyzer;
  const std::string name = "human-" + std::to_string(rating);
  std::vector<Color> human_color;  // by game, without an opponent unused (both colours count)
  int black_wins = 0, draws = 0, human_score = 0;
  for (int g = 0; g < games; ++g) {
    const bool human_black = g % 2 == 0;
    auto black = make_player(opponent && !human_black ? *opponent : name, seed + 2 * std::uint64_t(g));
    if (!black) return failure("human", black.error());
    auto white = make_player(opponent && human_black ? *opponent : name, seed + 2 * std::uint64_t(g) + 1);
    if (!white) return failure("human", white.error());
    human_color.push_back(human_black ? Color::Black : Color::White);
    DatabaseGame game;
    game.number = std::uint32_t(g + 1);
    game.year = 2024;
    Position pos = Position::initial();
    while (!pos.is_game_over()) {
      if (!pos.has_legal_move()) {
        pos = pos.pass();
        continue;
      }
      Player& p = pos.to_move == Color::Black ? **black : **white;
      const auto r = choose_checked(p, pos, {});
      if (!r) return failure("human", r.error());
      game.moves.push_back(r->move);
      pos = pos.play(r->move);
    }
    const int for_black = pos.final_score() * (pos.to_move == Color::Black ? 1 : -1);
    black_wins += for_black > 0;
    draws += for_black == 0;
    const int for_human = human_black ? for_black : -for_black;
    human_score += for_human > 0 ? 2 : for_human == 0 ? 1 : 0;
    auto record = human::analyse_game(analyzer, game, settings);
    if (!record) return failure("human", record.error());
    moves.games.push_back(std::move(*record));
  }
  if (opponent)
    std::printf("%s against %s, %d games from the start (seeds %llu.., %s black in the odd games), %s scored %.1f%%\n",
                name.c_str(), opponent->c_str(), games, static_cast<unsigned long long>(seed), name.c_str(),
                name.c_str(), 50.0 * human_score / games);
  else
    std::printf("%s against itself, %d games from the start (seeds %llu..), black won %d, drew %d\n", name.c_str(),
                games, static_cast<unsigned long long>(seed), black_wins, draws);
  const auto as_rated = [&](std::uint32_t number, Color mover) -> std::optional<int> {
    if (opponent && human_color[number - 1] != mover) return std::nullopt;
    return rating;
  };
  std::printf("%s", human::rating_band_text(moves, human::default_rating_bands(), as_rated).c_str());
  return kOk;
}

int probs(int rating, const Position& position, const std::optional<std::string>& model_path) {
  const auto model = HumanModel::load(model_path.value_or(default_data_path("human-model.bin")));
  if (!model) return failure("human", model.error());
  if (position.is_game_over()) return failure("human", "the game is over: no move to choose");
  if (!position.has_legal_move()) return failure("human", "the side to move must pass: no move to choose");
  Analyzer analyzer;
  AnalysisOptions options;
  options.max_depth = model->depth;
  options.solve_empties = model->exact_empties;
  options.threads = 1;
  const AnalysisResult r = analyzer.analyze(position, options);
  std::vector<HumanMoveValue> values;
  for (const MoveValue& v : r.moves) values.push_back({v.move, std::round(v.value * 10) / 10, v.kind == ValueKind::Exact});
  std::sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.square < b.square; });
  const std::vector<double> p = model->probabilities(rating, position, values);
  std::vector<std::size_t> order(values.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] > p[b]; });
  std::printf("rating %d (band %zu of %zu); values: depth %d, exact from %d empties\n", rating,
              model->band_of(rating) + 1, model->bands.size(), model->depth, model->exact_empties);
  for (const std::size_t i : order)
    std::printf("%s %5.1f%%  value %+.1f%s\n", square_name(values[i].square).c_str(), 100 * p[i], values[i].value,
                values[i].exact ? " (exact)" : "");
  return kOk;
}

int compare(const std::string& a, const std::string& b) {
  const auto first = human::load_human_moves(a);
  if (!first) return failure("human", first.error());
  const auto second = human::load_human_moves(b);
  if (!second) return failure("human", second.error());
  std::printf("%s", human::compare_text(*first, *second).c_str());
  return kOk;
}

int run(Args& args) {
  const auto dir = args.option("--dir");
  const auto out = args.option("--out");
  const auto database = args.option("--database");
  const auto every = args.option_int("--every", 1, 1'000'000);
  const auto seed = args.option_int("--seed", 0, 1LL << 62);
  const auto first_year = args.option_int("--first-year", 1900, 2100);
  const auto last_year = args.option_int("--last-year", 1900, 2100);
  const auto shard_size = args.option_int("--shard-games", 1, 100'000);
  const auto depth = args.option_int("--depth", 1, 30);
  const auto exact = args.option_int("--exact-empties", 0, 30);
  const bool mpc = args.flag("--mpc");
  const auto shard = args.option_int("--shard", 0, 10'000'000);
  const bool by_rating = args.flag("--ratings");
  const auto ratings_file = args.option("--ratings-file");
  const auto model = args.option("--model");
  const auto bands = args.option("--bands");
  const auto rating = args.option_int("--rating", 0, 4000);
  const auto plies = args.option_int("--plies", 1, 60);
  const auto min_games = args.option_int("--min-games", 1, 65535);
  const auto games = args.option_int("--games", 1, 100'000);
  const auto opponent = args.option("--opponent");
  const auto action = args.positional("ACTION");
  std::optional<std::string> file, other;
  std::optional<Position> board;
  const bool known = action && (*action == "analyse" || *action == "status" || *action == "merge" ||
                                *action == "summary" || *action == "compare" || *action == "fit" ||
                                *action == "test" || *action == "probs" || *action == "openings" ||
                                *action == "selfplay");
  if (action && !known)
    args.fail("unknown action '" + *action + "' (analyse, status, merge, summary, compare, fit, test, probs, openings or selfplay)");
  if (known && (*action == "status" || *action == "summary" || *action == "compare"))
    file = args.positional(*action == "status" ? "DIR" : "FILE");
  if (known && *action == "compare") other = args.positional("FILE");
  if (known && (*action == "fit" || *action == "test")) file = args.positional("FILE", false);
  if (known && *action == "probs") board = args.positional_board("BOARD");
  if (!args.finish()) return args.usage_error();
  const bool plan_options = every || seed || first_year || last_year || shard_size || depth || exact || mpc;
  const bool joins =
      *action == "fit" || *action == "test" || *action == "openings" || (*action == "summary" && by_rating);
  if (*action != "analyse" && *action != "selfplay" && (plan_options || shard))
    args.fail("--every, --seed, --first-year, --last-year, --shard-games, --depth, --exact-empties, --mpc "
              "and --shard are for analyse");
  else if (database && *action != "analyse" && !joins)
    args.fail("--database is for analyse, fit, test and summary --ratings");
  else if (ratings_file && !joins) args.fail("--ratings-file is for fit, test and summary --ratings");
  else if (by_rating && *action != "summary") args.fail("--ratings is for summary");
  else if (model && *action != "test" && *action != "probs") args.fail("--model is for test and probs");
  else if (bands && *action != "fit") args.fail("--bands is for fit");
  else if (*action == "selfplay" && (every || first_year || last_year || shard_size || depth || exact || mpc || shard))
    args.fail("selfplay takes --rating, --games, --seed and --opponent");
  else if (*action == "selfplay" && !rating) args.fail("--rating R is required");
  else if (games && *action != "selfplay") args.fail("--games is for selfplay");
  else if (opponent && *action != "selfplay") args.fail("--opponent is for selfplay");
  else if (rating && *action != "probs" && *action != "selfplay") args.fail("--rating is for probs and selfplay");
  else if ((plies || min_games) && *action != "openings") args.fail("--plies and --min-games are for openings");
  else if (*action == "probs" && !rating) args.fail("--rating R is required");
  else if (*action != "analyse" && *action != "merge" && dir) args.fail("--dir is for analyse and merge");
  else if (*action != "merge" && *action != "fit" && *action != "openings" && out)
    args.fail("--out is for merge, fit and openings");
  else if ((*action == "analyse" || *action == "merge") && !dir) args.fail("--dir DIR is required");
  else if ((*action == "merge" || *action == "fit" || *action == "openings") && !out) args.fail("--out FILE is required");
  else if (first_year && last_year && *first_year > *last_year) args.fail("--first-year is after --last-year");
  if (!args.ok()) return args.usage_error();
  const Sources sources{database, ratings_file};
  const std::string moves_file = file.value_or(default_data_path("human-moves.bin"));
  if (*action == "status") return status(*file);
  if (*action == "summary") return summary(*file, by_rating, sources);
  if (*action == "compare") return compare(*file, *other);
  if (*action == "merge") return merge(*dir, *out);
  if (*action == "fit") return fit(moves_file, *out, bands, sources);
  if (*action == "test") return test(moves_file, model, sources);
  if (*action == "probs") return probs(int(*rating), *board, model);
  if (*action == "selfplay") {
    if (*rating < kHumanMinRating || *rating > kHumanMaxRating) {
      args.fail("--rating must be " + std::to_string(kHumanMinRating) + "-" + std::to_string(kHumanMaxRating));
      return args.usage_error();
    }
    return selfplay(int(*rating), int(games.value_or(20)), std::uint64_t(seed.value_or(1)), opponent);
  }
  if (*action == "openings") return openings(*out, int(plies.value_or(16)), int(min_games.value_or(20)), sources);
  // analyse: the options make the plan; none of them: the plan DIR holds.
  std::optional<human::Plan> plan;
  if (plan_options || !std::filesystem::exists(std::filesystem::path(*dir) / "PLAN")) {
    plan.emplace();
    plan->sample.every = int(every.value_or(1));
    plan->sample.seed = std::uint64_t(seed.value_or(1));
    plan->sample.first_year = int(first_year.value_or(0));
    plan->sample.last_year = int(last_year.value_or(0));
    plan->shard_games = int(shard_size.value_or(50));
    plan->settings.depth = int(depth.value_or(plan->settings.depth));
    plan->settings.exact_empties = int(exact.value_or(plan->settings.exact_empties));
    plan->settings.mpc = mpc;
  }
  return analyse(args, database, *dir, plan, shard);
}

const CommandRegistrar registrar{{"human", "how people lose discs: the expert games analysed move by move (issue 45)",
    "usage: reversi-cli human analyse --dir DIR [--every K] [--seed S] [--first-year Y] [--last-year Y]\n"
    "                                 [--shard-games N] [--depth D] [--exact-empties E] [--mpc]\n"
    "                                 [--shard I] [--database FILE]\n"
    "       reversi-cli human status DIR\n"
    "       reversi-cli human merge --dir DIR --out FILE\n"
    "       reversi-cli human summary FILE\n"
    "       reversi-cli human compare FILE_A FILE_B\n"
    "       reversi-cli human summary FILE --ratings [--ratings-file FILE] [--database FILE]\n"
    "       reversi-cli human fit [FILE] --out MODEL [--bands 1900,2000,...] [--ratings-file FILE] [--database FILE]\n"
    "       reversi-cli human test [FILE] [--model MODEL] [--ratings-file FILE] [--database FILE]\n"
    "       reversi-cli human probs --rating R BOARD [--model MODEL]\n"
    "       reversi-cli human selfplay --rating R [--games N] [--seed S] [--opponent PLAYER]\n"
    "       reversi-cli human openings --out FILE [--plies N] [--min-games K] [--ratings-file FILE] [--database FILE]\n\n"
    "analyse: every position with a choice of the sampled expert games (data/expert-games.bin or\n"
    "  --database), every legal move's value: midgame search to depth D (default 8; --mpc: with\n"
    "  ProbCut), exact from E empties (default 16); one thread, the tables cleared for each game,\n"
    "  so a game's analysis depends on the game alone. The sample: the games of the years asked\n"
    "  (default all) whose seeded hash (seed S, default 1) is 0 modulo K (default 1: all), in a\n"
    "  seeded order so that the first shards already span all years; N games a shard (default\n"
    "  50). DIR/PLAN fixes all of it for the folder (a different plan is refused); a shard is\n"
    "  written whole (temporary file, rename), listed in DIR/MANIFEST with its checksum, and\n"
    "  never made again: a stopped run loses at most the shard it was making. Without plan\n"
    "  options a run continues the PLAN in DIR. --shard I makes only shard I (a batch scheduler's\n"
    "  job). Format of the files: src/lab/human_moves.h.\n"
    "status: the plan, the shards done (each checked against the manifest), games, positions,\n"
    "  CPU time and an estimate of what is left.\n"
    "merge: the finished shards as one file (the repository's data/human-moves.bin).\n"
    "summary: the figures of docs/human.md from such a file: loss per move by phase and era,\n"
    "  the share of moves that lose nothing, of mistakes and blunders, loss against difficulty.\n"
    "compare: two analyses of the same games (other settings) on the positions both hold, by\n"
    "  phase: the played move's loss, its zero-loss verdict and the best move, how far they agree.\n"
    "summary --ratings: also the tables by the rating of the player who moved, at the game's year\n"
    "  (data/player-ratings.bin or --ratings-file, joined through data/expert-games.bin or --database).\n"
    "fit: the model of human move choice (core/human_model.h), one conditional logit per rating band\n"
    "  fitted by maximum likelihood on FILE's positions (default data/human-moves.bin) of the years\n"
    "  before the ratings' held-out years; writes MODEL (data/human-model.bin) and prints the weights.\n"
    "test: the model (default data/human-model.bin) on the held-out years by rating band: top-1 of the\n"
    "  model and of the engine's best move, the log-likelihood of the moves played under the model\n"
    "  and under a softmax of the values alone fitted the same way.\n"
    "probs: each legal move's probability for a player rated R in BOARD (64 squares and the side to\n"
    "  move), from the values of an analysis at the model's depth and exact empties.\n"
    "openings: what people played in the first N plies (default 16) of the expert games before the\n"
    "  ratings' held-out years, in every position reached by K games or more (default 20; moves\n"
    "  played at least twice), counted by the mover's rating band: data/human-openings.bin, the\n"
    "  human players' opening (core/human_openings.h).\n"
    "selfplay: human-R against itself, N games (default 20) from the start, seeds S, S+1, ...;\n"
    "  each game analysed as the expert games are; the loss per move as in summary --ratings.\n"
    "  --opponent PLAYER: against PLAYER instead (human-R black in the odd games), human-R's moves\n"
    "  alone counted, and its score.\n",
    run}};

}  // namespace
