#include "ui/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "core/json.h"

namespace reversi::ui {

namespace detail {
extern const char kCatalogEn[];  // generated from assets/i18n/*.json (embed_i18n.cmake)
extern const char kCatalogJa[];
}  // namespace detail

namespace {

struct Catalog {
  StringMembers texts;     // file order
  StringMembers by_key;    // sorted, for lookup
  std::string error;
};

Catalog read_catalog(Lang lang) {
  Catalog c;
  auto parsed = parse_string_object(lang == Lang::Ja ? detail::kCatalogJa : detail::kCatalogEn);
  if (!parsed) {
    c.error = "assets/i18n/" + std::string(lang_code(lang)) + ".json: " + parsed.error();
    return c;
  }
  c.texts = std::move(*parsed);
  c.by_key = c.texts;
  std::sort(c.by_key.begin(), c.by_key.end());
  return c;
}

const Catalog& catalog_of(Lang lang) {
  static const Catalog catalogs[] = {read_catalog(Lang::En), read_catalog(Lang::Ja)};
  return catalogs[lang == Lang::Ja ? 1 : 0];
}

// The text for `key`, or nullptr.
const std::string* lookup(Lang lang, std::string_view key) {
  const auto& list = catalog_of(lang).by_key;
  const auto it = std::lower_bound(list.begin(), list.end(), key,
                                   [](const auto& entry, std::string_view k) { return entry.first < k; });
  return it != list.end() && it->first == key ? &it->second : nullptr;
}

template <class Args>
std::string translate(Lang lang, std::string_view key, const Args& args) {
  const std::string* text = lookup(lang, key);
  if (!text) return std::string(key);
  return fill_args(*text, args);
}

}  // namespace

std::string_view lang_code(Lang lang) { return lang == Lang::Ja ? "ja" : "en"; }

std::optional<Lang> parse_lang(std::string_view tag) {
  const std::string_view primary = tag.substr(0, tag.find_first_of("-_"));
  std::string lower(primary);
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "en") return Lang::En;
  if (lower == "ja") return Lang::Ja;
  return std::nullopt;
}

std::string tr(Lang lang, std::string_view key,
               std::initializer_list<std::pair<std::string_view, std::string>> args) {
  return translate(lang, key, args);
}

std::string tr(Lang lang, std::string_view key, const TextArgs& args) { return translate(lang, key, args); }

std::string color_word(Lang lang, Color c) {
  return tr(lang, c == Color::Black ? "color.black" : "color.white");
}

std::string error_text(Lang lang, const Error& error) {
  if (error.key.empty() || !lookup(lang, error.key)) return error.message;
  TextArgs args = error.args;
  for (auto& [name, value] : args)
    if (name == "color") value = side_word(lang, value == "white" ? Color::White : Color::Black);
  if (error.cause) args.emplace_back("cause", error_text(lang, *error.cause));
  return translate(lang, error.key, args);
}

std::string expert_name(Lang lang, const std::string& name) {
  if (name.find_first_not_of('?') == std::string::npos) return tr(lang, "explorer.unknown_player");
  return name;
}

std::string side_word(Lang lang, Color c) { return tr(lang, c == Color::Black ? "side.black" : "side.white"); }

std::string grouped(long long n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string signed_discs(double value, int decimals) {
  const double scale = decimals > 0 ? 10 : 1;
  const long units = std::lround(value * scale);  // the sign of what is shown, never "-0"
  std::string digits = std::to_string(std::labs(units) / long(scale));
  if (decimals > 0) digits.append(".").append(std::to_string(std::labs(units) % 10));
  if (units == 0) return digits;
  std::string out = units > 0 ? "+" : "\u2212";
  return out += digits;
}

std::string analysis_value_text(const MoveValue& m, Lang lang) {
  switch (m.kind) {
    case ValueKind::Win: return tr(lang, "analysis.win");
    case ValueKind::Loss: return tr(lang, "analysis.loss");
    case ValueKind::Exact: return signed_discs(m.value, 0);
    case ValueKind::Midgame: break;
  }
  return signed_discs(m.value, std::abs(m.value) < 9.95 ? 1 : 0);
}

const std::vector<std::pair<std::string, std::string>>& catalog(Lang lang) { return catalog_of(lang).texts; }

const std::string& catalog_error(Lang lang) { return catalog_of(lang).error; }

}  // namespace reversi::ui
