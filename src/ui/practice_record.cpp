#include "ui/practice_record.h"

#include <algorithm>
#include <cstdio>

#include "core/parse_number.h"
#include "engine/puzzles.h"

namespace reversi::ui {

namespace {

constexpr std::string_view kTag = "reversi-practice 1";
// Bounds that no real record reaches, so a corrupt line cannot make the page or the
// desktop keep megabytes: the puzzle set has thousands, a daily puzzle a day.
constexpr std::size_t kMaxSeen = 100'000;
constexpr std::size_t kMaxDaily = 40'000;
constexpr std::size_t kMaxPuzzleId = 1'000'000;

// The fields, each once and in this order: a line written by hand in another order
// is refused rather than guessed at.
constexpr std::string_view kFields[] = {"r", "d", "v", "streak", "best", "solved", "attempts",
                                        "history", "seen", "daily"};

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6f", v);
  return text;
}

std::vector<std::string_view> split(std::string_view text, char by) {
  std::vector<std::string_view> parts;
  if (text.empty()) return parts;
  for (std::size_t start = 0;;) {
    const std::size_t at = text.find(by, start);
    parts.push_back(text.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return parts;
}

}  // namespace

std::string format_practice_record(const PracticeRecord& r) {
  std::string s(kTag);
  s += "|r=" + number(r.rating.rating) + "|d=" + number(r.rating.deviation) + "|v=" + number(r.rating.volatility);
  s += "|streak=" + std::to_string(r.rating.streak) + "|best=" + std::to_string(r.best_streak) +
       "|solved=" + std::to_string(r.solved) + "|attempts=" + std::to_string(r.rating.answered);
  s += "|history=";
  for (std::size_t i = 0; i < r.history.size(); ++i) s += (i ? "," : "") + number(r.history[i]);
  s += "|seen=";
  for (std::size_t i = 0; i < r.seen.size(); ++i) s += (i ? "," : "") + std::to_string(r.seen[i]);
  s += "|daily=";
  for (std::size_t i = 0; i < r.daily_done.size(); ++i) s += (i ? "," : "") + r.daily_done[i];
  return s;
}

Expected<PracticeRecord> parse_practice_record(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.remove_suffix(1);
  // What is wrong (a field, a number) is the record's own English: only a hand-edited or
  // damaged record has it.
  const auto fail = [](std::string why) {
    return Error::text("error.practice.record", "the saved practice record is corrupt: {detail}", {{"detail", std::move(why)}});
  };
  const std::vector<std::string_view> parts = split(text, '|');
  if (parts.empty() || parts[0] != kTag) {
    if (!parts.empty() && parts[0].starts_with("reversi-practice "))
      return fail("version '" + std::string(parts[0].substr(17, 10)) + "' is not supported (only 1)");
    return fail("it does not start with '" + std::string(kTag) + "'");
  }
  constexpr std::size_t kCount = std::size(kFields);
  if (parts.size() != kCount + 1)
    return fail(std::to_string(parts.size() - 1) + " fields instead of " + std::to_string(kCount));
  std::string_view values[kCount];
  for (std::size_t i = 0; i < kCount; ++i) {
    const std::string_view part = parts[i + 1];
    const std::size_t eq = part.find('=');
    if (eq == std::string_view::npos || part.substr(0, eq) != kFields[i])
      return fail("field " + std::to_string(i + 1) + " is not '" + std::string(kFields[i]) + "=...'");
    values[i] = part.substr(eq + 1);
  }
  PracticeRecord r;
  const auto rating = parse_double("rating", values[0], 0, 5000);
  const auto deviation = parse_double("deviation", values[1], 1e-9, 350);
  const auto volatility = parse_double("volatility", values[2], 1e-9, 1);
  if (!rating) return fail(rating.error());
  if (!deviation) return fail(deviation.error());
  if (!volatility) return fail(volatility.error());
  r.rating.rating = *rating;
  r.rating.deviation = *deviation;
  r.rating.volatility = *volatility;
  int counts[4];
  for (int i = 0; i < 4; ++i) {
    const auto n = parse_int<int>(kFields[3 + i], values[3 + i], 0, 1'000'000'000);
    if (!n) return fail(n.error());
    counts[i] = *n;
  }
  r.rating.streak = counts[0];
  r.best_streak = counts[1];
  r.solved = counts[2];
  r.rating.answered = counts[3];
  if (r.rating.streak > r.best_streak) return fail("the streak is longer than the best streak");
  if (r.best_streak > r.solved || r.solved > r.rating.answered)
    return fail("the counts disagree (best streak <= solved <= attempts)");
  for (std::string_view h : split(values[7], ',')) {
    const auto v = parse_double("a rating in the history", h, 0, 5000);
    if (!v) return fail(v.error());
    if (r.history.size() == kPracticeHistory) return fail("more than " + std::to_string(kPracticeHistory) + " ratings in the history");
    r.history.push_back(*v);
  }
  if (r.history.size() > std::size_t(r.rating.answered)) return fail("more ratings in the history than attempts");
  for (std::string_view id : split(values[8], ',')) {
    const auto v = parse_int<std::size_t>("a puzzle seen", id, 0, kMaxPuzzleId);
    if (!v) return fail(v.error());
    if (r.seen.size() == kMaxSeen) return fail("too many puzzles seen");
    r.seen.push_back(*v);
  }
  std::vector<std::size_t> ids = r.seen;
  std::sort(ids.begin(), ids.end());
  if (const auto twice = std::adjacent_find(ids.begin(), ids.end()); twice != ids.end())
    return fail("puzzle " + std::to_string(*twice) + " is listed twice as seen");
  for (std::string_view date : split(values[9], ',')) {
    // The daily puzzle's own date rule (any count works: only the date is checked).
    if (auto day = daily_puzzle(date, 1); !day) return fail("daily: " + day.error());
    if (r.daily_done.size() == kMaxDaily) return fail("daily: too many dates");
    r.daily_done.emplace_back(date);
  }
  std::vector<std::string> dates = r.daily_done;
  std::sort(dates.begin(), dates.end());
  if (const auto twice = std::adjacent_find(dates.begin(), dates.end()); twice != dates.end())
    return fail("daily: " + *twice + " is listed twice");
  return r;
}

}  // namespace reversi::ui
