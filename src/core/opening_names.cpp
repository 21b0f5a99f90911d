#include "core/opening_names.h"

#include <cstdio>
#include <cstdlib>

#include "core/game_database.h"
#include "core/notation.h"

namespace reversi {

namespace detail {
extern const std::string_view kOpeningNamesText;  // opening_names_text.cpp, generated
}

namespace {
constexpr std::uint64_t kKeyMask = ~std::uint64_t{7};  // position_key without the symmetry
}  // namespace

Expected<OpeningNames> OpeningNames::parse(std::string_view text) {
  OpeningNames names;
  int number = 0;
  for (std::string_view line : split(text, '\n')) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trim(line).empty() || line.front() == '#') continue;
    const std::string where = "opening names, line " + std::to_string(number) + ": ";
    const std::size_t tab1 = line.find('\t'), tab2 = tab1 == std::string_view::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string_view::npos || line.find('\t', tab2 + 1) != std::string_view::npos)
      return Error{where + "not three tab-separated fields (moves, English name, Japanese name)"};
    auto moves = parse_transcript(line.substr(0, tab1));
    if (!moves) return Error{where + moves.error()};
    if (moves->empty()) return Error{where + "no moves"};
    Opening o;
    o.moves = std::move(*moves);
    const auto field = [](std::string_view f) { return f == "-" ? std::string() : std::string(trim(f)); };
    o.english = field(line.substr(tab1 + 1, tab2 - tab1 - 1));
    o.japanese = field(line.substr(tab2 + 1));
    if (o.english.empty() && o.japanese.empty()) return Error{where + "no name"};
    Position p = Position::initial();
    for (Square s : o.moves) p = p.play(s).settled();
    const std::uint64_t key = position_key(p) & kKeyMask;
    if (const auto it = names.by_key_.find(key); it != names.by_key_.end())
      return Error{where + "the position of " + quote(o.name(false)) + " is named already (" +
                   quote(names.openings_[it->second].name(false)) + ")"};
    names.by_key_.emplace(key, names.openings_.size());
    names.openings_.push_back(std::move(o));
  }
  return names;
}

const OpeningNames& OpeningNames::standard() {
  static const OpeningNames names = [] {
    auto parsed = parse(detail::kOpeningNamesText);
    if (!parsed) {  // the compiled-in list is checked by the tests: this is a build error
      std::fprintf(stderr, "reversi: %s\n", parsed.error().c_str());
      std::abort();
    }
    return std::move(*parsed);
  }();
  return names;
}

const Opening* OpeningNames::at(const Position& position) const {
  const auto it = by_key_.find(position_key(position) & kKeyMask);
  return it == by_key_.end() ? nullptr : &openings_[it->second];
}

std::optional<OpeningMatch> OpeningNames::name_of(std::span<const Square> moves) const {
  std::optional<OpeningMatch> found;
  Position p = Position::initial();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!p.is_legal(moves[i])) break;
    p = p.play(moves[i]).settled();
    if (const Opening* o = at(p)) found = OpeningMatch{o, int(i + 1)};
  }
  return found;
}

}  // namespace reversi
