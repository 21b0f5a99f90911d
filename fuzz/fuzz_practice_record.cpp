// The practice record (ui/practice_record.h): the one line the page keeps in the
// browser's storage and the desktop in its config folder,
// "reversi-practice 1|r=..|d=..|v=..|streak=..|best=..|solved=..|attempts=..|history=..|seen=..|daily=..".
// Properties: a rejected line gives an error; an accepted one is consistent
// (streak <= best <= solved <= attempts, at most 200 ratings, no id or date twice),
// and formatting it gives a line that reads back to the same text (a fixed point
// after one round). Through the controller: a rejected line leaves a fresh record,
// an accepted one is kept as formatted.
#include <algorithm>

#include "fuzz_check.h"
#include "ui/controller.h"
#include "ui/practice_record.h"

using namespace reversi;
using namespace reversi::ui;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::text(data, size);
  const auto record = parse_practice_record(text);
  static Controller controller(nullptr, {});
  const Status st = controller.restore_practice_record(text);
  FUZZ_CHECK(st.ok() == record.ok());
  if (!record) {
    FUZZ_CHECK(!record.error().empty() && !st.error().empty());
    FUZZ_CHECK(controller.practice_record() == format_practice_record({}));
    return 0;
  }
  const PracticeRecord& r = *record;
  FUZZ_CHECK(r.rating.streak <= r.best_streak && r.best_streak <= r.solved && r.solved <= r.rating.answered);
  FUZZ_CHECK(r.history.size() <= kPracticeHistory && r.history.size() <= std::size_t(r.rating.answered));
  std::vector<std::size_t> seen = r.seen;
  std::sort(seen.begin(), seen.end());
  FUZZ_CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
  const std::string line = format_practice_record(r);
  FUZZ_CHECK(line.find('\n') == std::string::npos);
  FUZZ_CHECK(controller.practice_record() == line);
  const auto again = parse_practice_record(line);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(format_practice_record(*again) == line);
  FUZZ_CHECK(again->seen == r.seen && again->daily_done == r.daily_done && again->solved == r.solved);
  return 0;
}
