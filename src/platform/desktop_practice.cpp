#include "platform/desktop_practice.h"

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <system_error>
#include <utility>

#include "core/file.h"
#include "platform/desktop_files.h"
#include "ui/text.h"

namespace reversi::desktop {

namespace fs = std::filesystem;

DesktopPractice::DesktopPractice(ui::Controller& controller, std::string puzzles_path, std::string record_path)
    : controller_(controller), puzzles_path_(std::move(puzzles_path)), record_path_(std::move(record_path)) {}

void DesktopPractice::restore() {
  if (record_path_.empty()) return;
  if (std::error_code ec; !fs::exists(record_path_, ec)) return;
  const std::string text = read_text_file(record_path_);
  if (Status st = controller_.restore_practice_record(text); !st) {
    // Kept aside rather than overwritten by the fresh record, as a corrupt saved game is.
    std::error_code ec;
    fs::rename(record_path_, record_path_ + ".corrupt", ec);
    std::fprintf(stderr, "reversi: %s: %s (moved to %s.corrupt); a fresh practice record starts\n",
                 record_path_.c_str(), st.error().c_str(), record_path_.c_str());
    controller_.show_notice("desk.practice.record_corrupt",
                            {{"detail", ui::error_text(controller_.options().lang, st.failure())}});
    return;
  }
  stored_ = text;
}

void DesktopPractice::store() {
  if (record_path_.empty()) return;
  std::string now = controller_.practice_record();
  if (now == stored_) return;
  // Nothing to keep yet: no file for a player who never answered a puzzle.
  if (stored_.empty() && now == ui::format_practice_record({})) return;
  if (write_text_file(record_path_, now)) stored_ = std::move(now);
  else std::fprintf(stderr, "reversi: cannot write %s\n", record_path_.c_str());
}

bool DesktopPractice::load_puzzles() {
  if (controller_.puzzles_loaded()) return true;
  auto bytes = read_file_bytes(puzzles_path_);  // its error names the path
  const Status st = bytes ? controller_.set_puzzles(*bytes) : Status(bytes.failure());
  if (st) return true;
  const std::string file = bytes ? puzzles_path_ + ": " : std::string();  // which file was not a puzzle set
  if (!std::exchange(load_reported_, true))
    std::fprintf(stderr, "reversi: no practice puzzles: %s%s\n", file.c_str(), st.error().c_str());
  controller_.show_notice("desk.practice.no_puzzles",
                          {{"detail", file + ui::error_text(controller_.options().lang, st.failure())}});
  return false;
}

std::string DesktopPractice::today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
#ifdef _WIN32
  localtime_s(&local, &now);
#else
  localtime_r(&now, &local);
#endif
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &local);
  return text;
}

}  // namespace reversi::desktop
