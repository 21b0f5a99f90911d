// Text for the SDL renderer: glyphs rendered by stb_truetype on first use into
// one texture atlas per pixel size, drawn as textured quads. The same code runs on
// the desktop and in the browser, so text looks the same on both. Several fonts
// can be given: each character comes from the first that has it (the Latin font,
// then a Japanese one), all at the same em size so they sit on one baseline.
#pragma once

#include <SDL.h>

#include <memory>
#include <string_view>
#include <vector>

namespace reversi::ui {

class Font {
 public:
  // `faces`: TrueType files in order of preference; those that do not load are skipped.
  Font(SDL_Renderer* renderer, std::vector<std::vector<unsigned char>> faces);
  ~Font();
  Font(const Font&) = delete;
  Font& operator=(const Font&) = delete;

  // The first font loaded (without it no text is drawn).
  bool ok() const;
  // Draws UTF-8 text with its top-left corner at (x, y) (the line box, not the
  // glyph ink) at `px` pixels; returns the advance width. Characters no font has
  // are drawn as '?'.
  float draw(std::string_view utf8, float x, float y, float px, SDL_Color color);
  float width(std::string_view utf8, float px);
  float line_height(float px) const { return px * 1.2f; }
  // The largest size <= px at which `utf8` fits in `max_width`.
  float fit(std::string_view utf8, float px, float max_width);

 private:
  struct Faces;
  struct Atlas;
  struct Glyph;
  Atlas& atlas(float px);
  const Glyph& glyph(Atlas& a, char32_t cp);
  void upload(Atlas& a);

  SDL_Renderer* renderer_;
  std::unique_ptr<Faces> faces_;
  std::vector<std::unique_ptr<Atlas>> atlases_;
};

}  // namespace reversi::ui
