// Text for the SDL renderer: glyphs rendered by stb_truetype into one texture
// atlas per pixel size (made on first use), drawn as textured quads. The same
// code runs on the desktop and in the browser, so text looks the same on both.
#pragma once

#include <SDL.h>

#include <memory>
#include <string_view>
#include <vector>

namespace reversi::ui {

class Font {
 public:
  Font(SDL_Renderer* renderer, std::vector<unsigned char> ttf);
  ~Font();
  Font(const Font&) = delete;
  Font& operator=(const Font&) = delete;

  bool ok() const { return ok_; }
  // Draws UTF-8 text with its top-left corner at (x, y) (the line box, not the
  // glyph ink) at `px` pixels; returns the advance width. Characters missing
  // from the atlas are drawn as '?'.
  float draw(std::string_view utf8, float x, float y, float px, SDL_Color color);
  float width(std::string_view utf8, float px);
  float line_height(float px) const { return px * 1.2f; }
  // The largest size <= px at which `utf8` fits in `max_width`.
  float fit(std::string_view utf8, float px, float max_width);

 private:
  struct Atlas;
  Atlas& atlas(float px);

  SDL_Renderer* renderer_;
  std::vector<unsigned char> ttf_;
  std::vector<std::unique_ptr<Atlas>> atlases_;
  bool ok_ = false;
};

}  // namespace reversi::ui
