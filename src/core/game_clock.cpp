#include "core/game_clock.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/notation.h"
#include "core/parse_number.h"

namespace reversi {

namespace {

int side(Color c) { return c == Color::Black ? 0 : 1; }

Error bad_time_control(std::string_view text) {
  return Error::text("error.clock.control", "'{text}' is not a time control (none, or minutes+seconds such as 5+2)",
                     {{"text", std::string(text.substr(0, 20))}});
}

Error bad_ggf_time(std::string_view text) {
  return Error::text("error.ggf.time", "GGF: TI[{text}] is not a time control (such as 05:00/00:02)",
                     {{"text", std::string(text.substr(0, 20))}});
}

}  // namespace

std::optional<double> parse_clock_seconds(std::string_view text) {
  text = trim(text);
  if (text.empty()) return std::nullopt;
  double total = 0;
  int fields = 0;
  while (true) {
    const std::size_t colon = text.find(':');
    const std::string_view part = text.substr(0, colon);
    if (colon == std::string_view::npos) {
      auto s = parse_double("", part, 0, 1e7);
      if (!s) return std::nullopt;
      if (fields > 0 && *s >= 60) return std::nullopt;
      return total * 60 + *s;
    }
    auto n = parse_int<int>("", part, 0, 100000);
    if (!n || ++fields > 2 || (fields == 2 && *n >= 60)) return std::nullopt;
    total = total * 60 + *n;
    text.remove_prefix(colon + 1);
  }
}

namespace {

std::string two_digits(long long n) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%02lld", n);
  return buf;
}

std::string mm_ss(int seconds) { return two_digits(seconds / 60) + ":" + two_digits(seconds % 60); }

}  // namespace

Expected<TimeControl> parse_time_control(std::string_view text) {
  const std::string_view t = trim(text);
  if (t == "none" || t == "0" || t == "off") return TimeControl{};
  // "5+2", or "5 2" (a URL's '+' read as a space).
  std::size_t plus = t.find('+');
  if (plus == std::string_view::npos) plus = t.find(' ');
  // Whole minutes (1..180), or m:ss as time_control_name writes a GGF's other main time.
  const std::string_view base = t.substr(0, plus);
  int base_s = 0;
  if (base.find(':') != std::string_view::npos) {
    const auto s = parse_clock_seconds(base);
    if (!s || *s < 1 || *s > 180 * 60 || *s != std::floor(*s)) return bad_time_control(t);
    base_s = int(*s);
  } else {
    auto minutes = parse_int<int>("", base, 1, 180);
    if (!minutes) return bad_time_control(t);
    base_s = *minutes * 60;
  }
  TimeControl control{base_s, 0};
  if (plus != std::string_view::npos) {
    auto inc = parse_int<int>("", t.substr(plus + 1), 0, 60);
    if (!inc) return bad_time_control(t);
    control.increment_s = *inc;
  }
  return control;
}

std::string time_control_name(const TimeControl& control) {
  if (!control.timed()) return "none";
  // Whole minutes as written by the dialogs; another base (a GGF's) in minutes with a fraction.
  std::string base = control.base_s % 60 == 0 ? std::to_string(control.base_s / 60)
                                              : std::to_string(control.base_s / 60) + ":" + two_digits(control.base_s % 60);
  return base + "+" + std::to_string(control.increment_s);
}

std::string ggf_time_control(const TimeControl& control) {
  std::string out = mm_ss(control.base_s);
  if (control.increment_s > 0) out += "/" + mm_ss(control.increment_s);
  return out;
}

Expected<TimeControl> parse_ggf_time_control(std::string_view value) {
  // main[/increment[/extension]]; the extension (GGS's) is read and not used.
  std::string_view fields[3];
  int n = 0;
  std::string_view rest = value;
  while (true) {
    if (n == 3) return bad_ggf_time(value);
    const std::size_t slash = rest.find('/');
    fields[n++] = rest.substr(0, slash);
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  const auto main = parse_clock_seconds(fields[0]);
  if (!main || *main > 86400) return bad_ggf_time(value);
  if (*main < 1) return TimeControl{};  // NBoard's TI[0//0]: no clock
  TimeControl control{int(std::lround(*main)), 0};
  if (n > 1 && !trim(fields[1]).empty()) {
    const auto inc = parse_clock_seconds(fields[1]);
    if (!inc || *inc > 3600) return bad_ggf_time(value);
    control.increment_s = int(std::lround(*inc));
  }
  if (n > 2 && !trim(fields[2]).empty() && !parse_clock_seconds(fields[2])) return bad_ggf_time(value);
  return control;
}

std::string clock_text(double ms) {
  if (!(ms > 0)) return "0:00";
  const long long s = static_cast<long long>(ms / 1000);
  return std::to_string(s / 60) + ":" + two_digits(s % 60);
}

GameClock::GameClock(TimeControl control) : control_(control) {
  left_ms_[0] = left_ms_[1] = control.base_s * 1000.0;
}

double GameClock::remaining_ms(Color color, double now_ms) const {
  double left = left_ms_[side(color)];
  if (running_ == color) left -= std::max(0.0, now_ms - started_at_);
  return std::max(0.0, left);
}

void GameClock::start(Color color, double now_ms) {
  if (!timed() || flag_) return;
  running_ = color;
  started_at_ = now_ms;
}

double GameClock::press(double now_ms, std::optional<Color> next) {
  if (!timed() || flag_) return 0;
  double used = 0;
  if (running_) {
    used = std::max(0.0, now_ms - started_at_);
    double& left = left_ms_[side(*running_)];
    if (left - used < 0) {  // out of time before the move: the flag fell
      left = 0;
      flag_ = running_;
      running_.reset();
      return 0;
    }
    left = left - used + control_.increment_s * 1000.0;
    move_times_.push_back(used);
  }
  running_.reset();
  if (next) start(*next, now_ms);
  return used;
}

void GameClock::stop(double now_ms) {
  if (!running_) return;
  double& left = left_ms_[side(*running_)];
  left = std::max(0.0, left - std::max(0.0, now_ms - started_at_));
  running_.reset();
}

bool GameClock::fall(double now_ms) {
  if (!running_ || flag_) return false;
  if (left_ms_[side(*running_)] - (now_ms - started_at_) >= 0) return false;
  left_ms_[side(*running_)] = 0;
  flag_ = running_;
  running_.reset();
  return true;
}

double GameClock::falls_at() const {
  if (!running_) return std::numeric_limits<double>::infinity();
  // A microsecond after the time left reaches zero: then it is below zero (fall()) however
  // the doubles round.
  return started_at_ + left_ms_[side(*running_)] + 1e-3;
}

double GameClock::next_tick_ms(double now_ms) const {
  if (!running_) return std::numeric_limits<double>::infinity();
  const double left = remaining_ms(*running_, now_ms);
  if (left <= 0) return falls_at();
  // The shown second is floor(left / 1000): it changes once left drops below that many
  // whole seconds.
  const double shown = std::floor(left / 1000) * 1000;
  // A microsecond past the moment: the time left is then below it however the doubles round.
  return std::max(now_ms, started_at_) + (left - shown) + 1e-3;
}

bool GameClock::low(Color color, double now_ms) const {
  if (!timed()) return false;
  // Whole seconds, so that it changes with the shown time.
  const double threshold = std::clamp(control_.base_s / 10, 10, 60) * 1000.0;
  return remaining_ms(color, now_ms) < threshold;
}

void GameClock::truncate_moves(std::size_t count) {
  if (move_times_.size() > count) move_times_.resize(count);
}

std::string GameClock::to_text(double now_ms) const {
  if (!timed()) return "none";
  const auto ms = [](double v) { return std::to_string(static_cast<long long>(std::floor(v))); };
  std::string out = time_control_name(control_);
  out += " b=" + ms(remaining_ms(Color::Black, now_ms));
  out += " w=" + ms(remaining_ms(Color::White, now_ms));
  if (running_) out += std::string(" run=") + (*running_ == Color::Black ? "b" : "w");
  if (flag_) out += std::string(" flag=") + (*flag_ == Color::Black ? "b" : "w");
  if (!move_times_.empty()) {
    out += " moves=";
    for (std::size_t i = 0; i < move_times_.size(); ++i) out += (i ? "," : "") + ms(move_times_[i]);
  }
  return out;
}

Expected<GameClock> GameClock::from_text(std::string_view text, double now_ms, double away_ms) {
  const auto bad = [&] {
    return Error::text("error.clock.saved", "the saved clock '{text}' cannot be read",
                       {{"text", std::string(text.substr(0, 40))}});
  };
  std::vector<std::string_view> words;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t space = text.find(' ', i);
    const std::size_t end = space == std::string_view::npos ? text.size() : space;
    if (end > i) words.push_back(text.substr(i, end - i));
    i = end + 1;
  }
  if (words.empty()) return bad();
  auto control = parse_time_control(words[0]);
  if (!control) return bad();
  GameClock clock(*control);
  if (!control->timed()) return words.size() == 1 ? Expected<GameClock>(clock) : Expected<GameClock>(bad());
  bool seen_b = false, seen_w = false;
  const auto color_of = [](std::string_view v) -> std::optional<Color> {
    if (v == "b") return Color::Black;
    if (v == "w") return Color::White;
    return std::nullopt;
  };
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::size_t eq = words[i].find('=');
    if (eq == std::string_view::npos) return bad();
    const std::string_view key = words[i].substr(0, eq), value = words[i].substr(eq + 1);
    if (key == "b" || key == "w") {
      auto left = parse_double("", value, 0, 1e9);
      if (!left) return bad();
      clock.left_ms_[key == "b" ? 0 : 1] = *left;
      (key == "b" ? seen_b : seen_w) = true;
    } else if (key == "run" || key == "flag") {
      const auto c = color_of(value);
      if (!c) return bad();
      (key == "run" ? clock.running_ : clock.flag_) = *c;
    } else if (key == "moves") {
      for (std::size_t j = 0; j <= value.size();) {
        const std::size_t comma = std::min(value.find(',', j), value.size());
        auto t = parse_double("", value.substr(j, comma - j), 0, 1e9);
        if (!t) return bad();
        clock.move_times_.push_back(*t);
        j = comma + 1;
      }
    } else {
      return bad();
    }
  }
  if (!seen_b || !seen_w || (clock.running_ && clock.flag_)) return bad();
  if (clock.running_) {
    clock.started_at_ = now_ms;
    clock.left_ms_[side(*clock.running_)] -= std::max(0.0, away_ms);
    // Out of time while away: falls at the first update.
  }
  return clock;
}

}  // namespace reversi
