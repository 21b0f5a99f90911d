// The fonts the SDL renderer draws with have every character of the texts it
// draws: DejaVu Sans the English ones, DejaVu Sans or the Japanese subset
// (assets/fonts/JaGothicSubset.ttf, made by scripts/subset-font.sh) the Japanese
// ones. Read with stb_truetype, as the renderer reads them.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "core/json.h"
#include "ui/text.h"

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include <stb_truetype.h>

#ifndef REVERSI_SOURCE_DIR
#error "REVERSI_SOURCE_DIR must name the source tree (tests/ui/CMakeLists.txt)"
#endif

using namespace reversi;
using namespace reversi::ui;

namespace {

struct LoadedFont {
  std::vector<unsigned char> bytes;
  stbtt_fontinfo info{};
  explicit LoadedFont(const std::string& relative) {
    std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/" + relative, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    REQUIRE_FALSE(bytes.empty());
    REQUIRE(stbtt_InitFont(&info, bytes.data(), stbtt_GetFontOffsetForIndex(bytes.data(), 0)));
  }
  bool has(char32_t cp) const { return stbtt_FindGlyphIndex(&info, int(cp)) != 0; }
};

// The characters of the texts the C++ side draws (the page's own are the browser's).
std::set<char32_t> drawn_characters(Lang lang) {
  std::set<char32_t> out;
  for (const auto& [key, text] : catalog(lang)) {
    if (key.rfind("page.", 0) == 0) continue;
    for (std::size_t i = 0; i < text.size();) out.insert(next_code_point(text, i));
  }
  return out;
}

std::string utf8(char32_t cp) {
  std::string s;
  append_utf8(s, cp);
  return s;
}

}  // namespace

TEST_CASE("font: the Japanese subset has every character of the Japanese texts", "[ui][font]") {
  const LoadedFont ja("assets/fonts/JaGothicSubset.ttf");
  const std::set<char32_t> chars = drawn_characters(Lang::Ja);
  CHECK(chars.size() >= 100);
  std::string missing;
  for (char32_t cp : chars)
    if (cp >= 0x80 && !ja.has(cp)) missing += utf8(cp);
  INFO("missing from the subset (run scripts/subset-font.sh): " << missing);
  CHECK(missing.empty());
  // And what the renderer writes itself: digits, the en dash, the ellipsis.
  for (char32_t cp : {U'0', U'9', U'a', U'\u2013', U'\u2026', U'\u00b7'}) CHECK(ja.has(cp));
  // Small, and under a name of its own (the IPA Font License keeps "IPA" for the original).
  CHECK(ja.bytes.size() < 100 * 1024);
  int length = 0;
  const char* family = stbtt_GetFontNameString(&ja.info, &length, STBTT_PLATFORM_ID_MICROSOFT,
                                               STBTT_MS_EID_UNICODE_BMP, STBTT_MS_LANG_ENGLISH, 1);
  REQUIRE(family);
  std::string name;
  for (int i = 1; i < length; i += 2) name += family[i];  // UTF-16BE, ASCII here
  CHECK(name == "Reversi JA Gothic Subset");
}

TEST_CASE("font: DejaVu Sans has every character of the English texts", "[ui][font]") {
  const LoadedFont latin("assets/fonts/DejaVuSans.ttf");
  std::string missing;
  for (char32_t cp : drawn_characters(Lang::En))
    if (!latin.has(cp)) missing += utf8(cp);
  INFO("missing: " << missing);
  CHECK(missing.empty());
}
