// reversi-cli human: how people lose discs (issue 45; docs/human.md). The expert games
// analysed in resumable shards (lab/human_moves.h), merged into one file, summarised.
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "core/file.h"
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

int summary(const std::string& file) {
  const auto moves = human::load_human_moves(file);
  if (!moves) return failure("human", moves.error());
  std::printf("%s", human::summary_text(*moves).c_str());
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
  const auto action = args.positional("ACTION");
  std::optional<std::string> file, other;
  if (action && (*action == "status" || *action == "summary" || *action == "compare"))
    file = args.positional(*action == "status" ? "DIR" : "FILE");
  if (action && *action == "compare") other = args.positional("FILE");
  if (action && *action != "analyse" && *action != "status" && *action != "merge" && *action != "summary" &&
      *action != "compare")
    args.fail("unknown action '" + *action + "' (analyse, status, merge, summary or compare)");
  if (!args.finish()) return args.usage_error();
  const bool plan_options = every || seed || first_year || last_year || shard_size || depth || exact || mpc;
  if (*action != "analyse" && (plan_options || shard || database))
    args.fail("--every, --seed, --first-year, --last-year, --shard-games, --depth, --exact-empties, --mpc, "
              "--shard and --database are for analyse");
  else if (*action != "analyse" && *action != "merge" && dir) args.fail("--dir is for analyse and merge");
  else if (*action != "merge" && out) args.fail("--out is for merge");
  else if ((*action == "analyse" || *action == "merge") && !dir) args.fail("--dir DIR is required");
  else if (*action == "merge" && !out) args.fail("--out FILE is required");
  else if (first_year && last_year && *first_year > *last_year) args.fail("--first-year is after --last-year");
  if (!args.ok()) return args.usage_error();
  if (*action == "status") return status(*file);
  if (*action == "summary") return summary(*file);
  if (*action == "compare") return compare(*file, *other);
  if (*action == "merge") return merge(*dir, *out);
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
    "       reversi-cli human compare FILE_A FILE_B\n\n"
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
    "  phase: the played move's loss, its zero-loss verdict and the best move, how far they agree.\n",
    run}};

}  // namespace
