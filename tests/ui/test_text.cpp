// The i18n catalogs (assets/i18n/<lang>.json, built into the game), tr(), the
// lang option, the game model's texts in Japanese, and the flat JSON reader
// (core/json.h) that reads the catalogs, also on malformed input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/json.h"
#include "fake_ai.h"
#include "scale.h"
#include "ui/controller.h"
#include "ui/options.h"
#include "ui/text.h"

#ifndef REVERSI_SOURCE_DIR
#error "REVERSI_SOURCE_DIR must name the source tree (tests/ui/CMakeLists.txt)"
#endif

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

std::string read_source(const std::string& relative) {
  std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/" + relative, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The {placeholders} of a text, sorted.
std::vector<std::string> placeholders(const std::string& text) {
  std::vector<std::string> out;
  static const std::regex brace("\\{(\\w+)\\}");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), brace); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("text: both catalogs are read, with the same keys and placeholders", "[ui][text]") {
  for (Lang lang : kAllLangs) {
    INFO(lang_code(lang));
    CHECK(catalog_error(lang).empty());
    CHECK(catalog(lang).size() >= 50);
    // The embedded catalog is the file's but the page's own "page." texts (the build is up
    // to date, and embed_i18n.cmake's filter keeps every other key whole).
    auto file = parse_string_object(read_source("assets/i18n/" + std::string(lang_code(lang)) + ".json"));
    REQUIRE(file.ok());
    std::size_t page_keys = 0;
    for (auto it = file->begin(); it != file->end();) {
      if (it->first.starts_with("page.")) { it = file->erase(it); ++page_keys; } else ++it;
    }
    CHECK(page_keys >= 100);
    CHECK(*file == catalog(lang));
    for (const auto& entry : catalog(lang)) CHECK_FALSE(entry.first.starts_with("page."));
    static const std::regex key_form("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)+");  // dotted ASCII
    for (const auto& [key, text] : catalog(lang)) {
      INFO(key);
      CHECK(std::regex_match(key, key_form));
      CHECK_FALSE(text.empty());
    }
  }
  const auto& en = catalog(Lang::En);
  const auto& ja = catalog(Lang::Ja);
  REQUIRE(en.size() == ja.size());
  for (std::size_t i = 0; i < en.size(); ++i) {
    INFO(en[i].first);
    CHECK(en[i].first == ja[i].first);  // same keys, in the same order
    CHECK(placeholders(en[i].second) == placeholders(ja[i].second));
  }
}

TEST_CASE("text: every key the code asks for is in the catalog", "[ui][text]") {
  // Keys are written out whole in the code (never pieced together), so a look
  // for dotted literals under the catalog's prefixes finds every one.
  std::set<std::string> prefixes;
  for (const auto& [key, text] : catalog(Lang::En)) prefixes.insert(key.substr(0, key.find('.')));
  const std::vector<std::string> files = {"src/ui/controller.cpp",      "src/ui/analysis_session.cpp",
                                          "src/ui/review.cpp",          "src/ui/renderer.cpp",
                                          "src/ui/renderer_board.cpp",  "src/ui/renderer_panel.cpp",
                                          "src/ui/renderer_graph.cpp",  "src/ui/sdl_app.cpp",
                                          "src/ui/text.cpp",            "src/ui/options.cpp",
                                          "src/ui/practice_session.cpp",
                                          "src/platform/desktop_main.cpp",
                                          "src/platform/desktop_practice.cpp", "src/ui/renderer_practice.cpp",
                                          "src/ui/history_panel.cpp",   "src/ui/renderer_history.cpp"};
  static const std::regex literal("\"([a-z0-9_]+(\\.[a-z0-9_]+)+)\"");
  int found = 0;
  for (const auto& file : files) {
    const std::string source = read_source(file);
    for (auto it = std::sregex_iterator(source.begin(), source.end(), literal); it != std::sregex_iterator(); ++it) {
      const std::string key = (*it)[1];
      if (!prefixes.count(key.substr(0, key.find('.')))) continue;
      INFO(file << ": " << key);
      ++found;
      for (Lang lang : kAllLangs) CHECK(tr(lang, key) != key);
    }
  }
  CHECK(found >= 40);
}

TEST_CASE("text: tr fills placeholders, an unknown key is shown as itself", "[ui][text]") {
  CHECK(tr(Lang::En, "status.to_move", {{"color", "Black"}}) == "Black to move");
  CHECK(tr(Lang::Ja, "status.to_move", {{"color", "黒"}}) == "黒の番です");
  CHECK(tr(Lang::En, "result.draw", {{"count", "32"}}) == "Draw 32\u201332");  // twice
  CHECK(tr(Lang::En, "status.to_move") == "{color} to move");                  // no argument: as written
  CHECK(tr(Lang::En, "status.to_move", {{"other", "x"}}) == "{color} to move");
  CHECK(tr(Lang::En, "no.such.key") == "no.such.key");
  CHECK(tr(Lang::Ja, "no.such.key", {{"a", "b"}}) == "no.such.key");
  // An argument's own braces are not filled again.
  CHECK(tr(Lang::En, "message.no_hint", {{"detail", "{detail}"}}) == "No hint: {detail}");
  CHECK(color_word(Lang::Ja, Color::White) == "白");
  CHECK(side_word(Lang::En, Color::Black) == "black");
}

TEST_CASE("text: parse_lang reads language tags", "[ui][text]") {
  CHECK(parse_lang("en") == Lang::En);
  CHECK(parse_lang("EN") == Lang::En);
  CHECK(parse_lang("en-GB") == Lang::En);
  CHECK(parse_lang("ja") == Lang::Ja);
  CHECK(parse_lang("ja-JP") == Lang::Ja);
  CHECK(parse_lang("JA_jp") == Lang::Ja);
  for (const char* bad : {"", "fr", "jap", "e", "-ja", "english", "日本語", "ja\xff"}) {
    INFO(bad);
    CHECK_FALSE(parse_lang(bad).has_value());
  }
  CHECK(lang_code(Lang::Ja) == "ja");
}

TEST_CASE("text: the lang option, its message and its round trips", "[ui][text]") {
  const auto players = test_players();
  CHECK(parse_query_string("lang=ja", players).options.lang == Lang::Ja);
  CHECK(parse_query_string("lang=ja-JP", players).options.lang == Lang::Ja);
  CHECK(parse_flags({"--lang=ja"}, players).options.lang == Lang::Ja);
  CHECK(parse_flags({"--lang", "ja"}, players).options.lang == Lang::Ja);
  const ParsedOptions bad = parse_query_string("lang=fr", players, opts("lang=ja"));
  CHECK(bad.options.lang == Lang::Ja);  // the value before is kept
  REQUIRE(bad.messages.size() == 1);
  CHECK(bad.messages[0] == "lang 'fr' is not en or ja; using ja");
  CHECK(parse_query_string("", players).options.lang == Lang::En);

  const Options ja = opts("color=white&lang=ja");
  CHECK(to_query_string(ja).find("&lang=ja") != std::string::npos);
  const ParsedOptions back = parse_query_string(to_query_string(ja), players);
  CHECK(back.messages.empty());
  CHECK(back.options == ja);
  CHECK(options_help(players).find("lang=en|ja") != std::string::npos);

  Fixture f("color=both&lang=ja");
  REQUIRE(f.c->play(F5).ok());
  Fixture g("color=both");
  REQUIRE(g.c->restore(f.c->save()).ok());
  CHECK(g.c->options().lang == Lang::Ja);
  CHECK(g.c->status_line() == "白の番です");
}

TEST_CASE("text: the status line and messages follow the language", "[ui][text]") {
  Fixture f("color=black&speed=instant&pause=0&lang=ja");
  Controller& c = *f.c;
  CHECK(c.status_line() == "あなたの番です（黒）");
  REQUIRE(c.play(F5).ok());
  CHECK(c.status_line() == "白の番です");
  c.update(1);
  CHECK(c.status_line() == "白が考えています\u2026");
  REQUIRE(deliver(f.ai, NO_SQUARE, "worker crashed"));
  c.update(2);
  CHECK(c.message() == "コンピューター（level-2）のエラー: worker crashed");
  // Switching the language re-words the message and the status shown.
  Options o = c.options();
  o.lang = Lang::En;
  c.set_options(o);
  CHECK(c.message() == "Computer (level-2) failed: worker crashed");
  CHECK(c.status_line() == "White to move");
  CHECK(c.state_json().find("\"message\":\"Computer (level-2) failed: worker crashed\"") != std::string::npos);

  // A pass and the result, in Japanese.
  Fixture g("color=both&speed=instant&lang=ja");
  Controller& d = *g.c;
  bool passed = false;
  for (int game = 0; game < 64 && !passed; ++game) {
    d.new_game();
    for (unsigned k = unsigned(game); !d.over() && !passed; k = k * 5 + 3) {
      const Bitboard m = d.position().legal_moves();
      Bitboard mm = m;
      for (unsigned skip = k % unsigned(popcount(m)); skip > 0; --skip) mm &= mm - 1;
      REQUIRE(d.play(Square(lowest_square(mm))).ok());
      passed = d.game().passed_after(d.game().ply());
    }
  }
  REQUIRE(passed);
  const Color passer = opposite(d.position().to_move);
  CHECK(d.message() == std::string(passer == Color::Black ? "黒" : "白") + "は打てる場所がないのでパスです");
  while (!d.over()) REQUIRE(d.play(Square(lowest_square(d.position().legal_moves()))).ok());
  const int b = d.position().disc_count(Color::Black), w = d.position().disc_count(Color::White);
  const std::string score = std::to_string(std::max(b, w)) + "\u2013" + std::to_string(std::min(b, w));
  CHECK(d.status_line() == (b > w ? "黒の勝ち " : w > b ? "白の勝ち " : "引き分け ") + score);
}

TEST_CASE("json: parse_string_object reads flat objects of strings", "[ui][text][json]") {
  auto ok = parse_string_object(" {\"a.b\": \"x\", \"c\":\"\\u00e9\\\"\\\\\\/\\n\\t\\ud83d\\ude00 \xe2\x80\x93\"}\n");
  REQUIRE(ok.ok());
  REQUIRE(ok->size() == 2);
  CHECK((*ok)[0] == std::pair<std::string, std::string>{"a.b", "x"});
  CHECK((*ok)[1].second == "\xc3\xa9\"\\/\n\t\xf0\x9f\x98\x80 \xe2\x80\x93");
  CHECK(parse_string_object("{}")->empty());
}

TEST_CASE("json: parse_string_object refuses malformed input with the byte", "[ui][text][json]") {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "'{' expected at byte 0"},
      {"[]", "'{' expected at byte 0"},
      {"{", "a member name expected at byte 1"},
      {"{\"a\"}", "':' expected at byte 4"},
      {"{\"a\":1}", "a string value expected at byte 5"},
      {"{\"a\":\"x\",}", "a member name expected at byte 9"},
      {"{\"a\":\"x\" \"b\":\"y\"}", "',' or '}' expected at byte 9"},
      {"{\"a\":\"x\",\"a\":\"y\"}", "duplicate member 'a' at byte 12"},
      {"{\"a\":\"x\"} x", "text after the object at byte 10"},
      {"{\"a\":\"x", "unterminated string at byte 7"},
      {"{\"a\":\"\\q\"}", "bad escape \\q at byte 7"},
      {"{\"a\":\"\\u12\"}", "a hex digit expected after \\u at byte 10"},
      {"{\"a\":\"\\u12", "four hex digits expected after \\u at byte 10"},
      {"{\"a\":\"\\ud800\"}", "a high surrogate without its low half at byte 12"},
      {"{\"a\":\"\\udc00\"}", "a lone low surrogate at byte 12"},
      {"{\"a\":\"\xff\"}", "bytes that are not UTF-8 at byte 6"},
      {"{\"a\":\"\xc3\"}", "bytes that are not UTF-8 at byte 6"},
      {"{\"a\":\"\xed\xa0\x80\"}", "bytes that are not UTF-8 at byte 6"},
      {"{\"a\":\"tab\there\"}", "a raw control character in a string at byte 9"},
      {"{\"a\":\"x\"", "',' or '}' expected at byte 8"},
      {"{\"a\":\"\\", "unterminated escape at byte 7"},
  };
  for (const auto& [text, error] : bad) {
    INFO(text);
    const auto r = parse_string_object(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == error);
  }
  // Every cut of a real catalog, and bytes changed anywhere in it: an answer,
  // never a crash or a read past the end (run under the sanitizers too).
  // REVERSI_SCALE_DIVISOR=N: every Nth cut and 1/N of the changed copies (under the
  // sanitizers the whole took 27 s; tests/support/scale.h).
  const std::size_t step = std::size_t(test_scale_divisor());
  const std::string en = read_source("assets/i18n/en.json");
  for (std::size_t n = 0; n + 2 < en.size(); n += step) CHECK_FALSE(parse_string_object(en.substr(0, n)).ok());
  std::uint64_t x = 12345;
  for (int k = 0; k < 3000 / int(step); ++k) {
    std::string text = en;
    for (int changes = 0; changes < 3; ++changes) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      text[std::size_t(x >> 33) % text.size()] = char(x >> 56);
    }
    const auto r = parse_string_object(text);
    if (!r.ok()) CHECK_FALSE(r.error().empty());
  }
}

TEST_CASE("json: next_code_point and append_utf8 agree", "[ui][text][json]") {
  for (char32_t cp : {U'a', U'\u00e9', U'\u2013', U'\u9ed2', U'\U0001F600', U'\U0010FFFF'}) {
    std::string s;
    append_utf8(s, cp);
    std::size_t i = 0;
    CHECK(next_code_point(s, i) == cp);
    CHECK(i == s.size());
  }
  const std::string broken = "\xff" "a\xe2\x80";
  std::size_t i = 0;
  CHECK(next_code_point(broken, i) == U'\uFFFD');
  CHECK(i == 1);
  CHECK(next_code_point(broken, i) == U'a');
  CHECK(next_code_point(broken, i) == U'\uFFFD');  // cut short
  CHECK(i == 3);
}

TEST_CASE("text: Japanese writes a count against its counter word, one way everywhere", "[ui][text]") {
  // "60手中4手目", "1,338局", "レベル6": no space between a number and its counter (the
  // page's texts had "60 手中 4 手目" beside the desktop's "60手中4手目", issue 33).
  auto file = parse_string_object(read_source("assets/i18n/ja.json"));
  REQUIRE(file.ok());
  static const std::regex spaced(
      "(\\}|[0-9]) (手|局|個|石|問|回|秒|ミリ秒|年|勝|分|敗|スレッド|マス)|レベル \\{");
  for (const auto& [key, text] : *file) {
    INFO(key << ": " << text);
    CHECK_FALSE(std::regex_search(text, spaced));
  }
}

TEST_CASE("text: counts are written with their thousands grouped", "[ui][text]") {
  CHECK(grouped(0) == "0");
  CHECK(grouped(999) == "999");
  CHECK(grouped(1338) == "1,338");
  CHECK(grouped(137548) == "137,548");
  CHECK(grouped(1000000) == "1,000,000");
  CHECK(grouped(-1234) == "-1,234");
}

TEST_CASE("an expert's name: WTHOR's ??? or nothing is an unknown player, in the window's language", "[ui][text]") {
  CHECK(expert_name(Lang::En, "Tamenori Hideshi") == "Tamenori Hideshi");
  CHECK(expert_name(Lang::En, "???") == tr(Lang::En, "explorer.unknown_player"));
  CHECK(expert_name(Lang::Ja, "") == tr(Lang::Ja, "explorer.unknown_player"));
  CHECK(expert_name(Lang::En, "?x?") == "?x?");
  CHECK(tr(Lang::En, "explorer.unknown_player") != tr(Lang::Ja, "explorer.unknown_player"));
}
