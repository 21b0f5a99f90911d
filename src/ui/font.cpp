#include "ui/font.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

#include "core/json.h"

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include <stb_truetype.h>

namespace reversi::ui {

namespace {

constexpr int kAtlasWidth = 1024;
constexpr int kMaxAtlasHeight = 4096;  // a texture every renderer (WebGL too) takes
constexpr int kOversampleX = 2;       // horizontal oversampling: sharper at fractional positions

}  // namespace

struct Font::Faces {
  struct Face {
    std::vector<unsigned char> ttf;
    stbtt_fontinfo info{};
    float em_per_pixel_height = 1;  // em size (in px) per px of stbtt's "pixel height"
  };
  std::vector<Face> list;
};

struct Font::Glyph {
  int x = 0, y = 0, w = 0, h = 0;     // in the atlas
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // the quad, relative to the pen on the baseline
  float advance = 0;
};

struct Font::Atlas {
  int px = 0;
  int height = 0;
  std::vector<unsigned char> alpha;  // kAtlasWidth x height coverage
  int shelf_x = 0, shelf_y = 0, shelf_h = 0;
  std::unordered_map<char32_t, Glyph> glyphs;
  SDL_Texture* texture = nullptr;
  int texture_height = 0;
  bool dirty = false;
  float ascent = 0;
};

Font::Font(SDL_Renderer* renderer, std::vector<std::vector<unsigned char>> faces)
    : renderer_(renderer), faces_(std::make_unique<Faces>()) {
  for (auto& ttf : faces) {
    if (ttf.empty()) continue;
    Faces::Face face;
    face.ttf = std::move(ttf);
    if (!stbtt_InitFont(&face.info, face.ttf.data(), stbtt_GetFontOffsetForIndex(face.ttf.data(), 0))) continue;
    // (stbtt_fontinfo points into the bytes, which stay where they are when moved.)
    faces_->list.push_back(std::move(face));
  }
  // Every font at the first one's em size, so that a fallback character matches
  // the text around it (the first font's "pixel height" decides the line).
  if (!faces_->list.empty()) {
    const stbtt_fontinfo& first = faces_->list.front().info;
    const float em = stbtt_ScaleForPixelHeight(&first, 1) / stbtt_ScaleForMappingEmToPixels(&first, 1);
    for (auto& f : faces_->list) f.em_per_pixel_height = em;
  }
}

Font::~Font() {
  for (auto& a : atlases_)
    if (a->texture) SDL_DestroyTexture(a->texture);
}

bool Font::ok() const { return !faces_->list.empty(); }

Font::Atlas& Font::atlas(float px_f) {
  const int px = std::clamp(int(std::lround(px_f)), 6, 160);
  for (auto& a : atlases_)
    if (a->px == px) return *a;
  auto a = std::make_unique<Atlas>();
  a->px = px;
  if (ok()) {
    const stbtt_fontinfo& first = faces_->list.front().info;
    int ascent = 0, descent = 0, gap = 0;
    stbtt_GetFontVMetrics(&first, &ascent, &descent, &gap);
    a->ascent = float(ascent) * stbtt_ScaleForPixelHeight(&first, float(px));
  }
  atlases_.push_back(std::move(a));
  return *atlases_.back();
}

const Font::Glyph& Font::glyph(Atlas& a, char32_t cp) {
  if (auto it = a.glyphs.find(cp); it != a.glyphs.end()) return it->second;
  Glyph g;
  // The first font that has the character; '?' from the first when none has.
  const Faces::Face* face = nullptr;
  int index = 0;
  for (const auto& f : faces_->list)
    if ((index = stbtt_FindGlyphIndex(&f.info, int(cp))) != 0) {
      face = &f;
      break;
    }
  if (!face) {
    if (cp == U'?' || faces_->list.empty()) return a.glyphs[cp] = g;
    return a.glyphs[cp] = glyph(a, U'?');
  }
  const float scale = stbtt_ScaleForMappingEmToPixels(&face->info, face->em_per_pixel_height * float(a.px));
  int advance = 0, bearing = 0;
  stbtt_GetGlyphHMetrics(&face->info, index, &advance, &bearing);
  g.advance = float(advance) * scale;
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  stbtt_GetGlyphBitmapBoxSubpixel(&face->info, index, scale * kOversampleX, scale, 0, 0, &x0, &y0, &x1, &y1);
  g.w = x1 > x0 ? x1 - x0 + kOversampleX - 1 : 0;
  g.h = std::max(0, y1 - y0);
  if (g.w > kAtlasWidth - 2) g.w = 0;  // larger than any text drawn: leave it blank
  if (g.w > 0 && g.h > 0) {
    // Shelf packing, one pixel apart; the atlas grows downwards.
    if (a.shelf_x + g.w + 1 > kAtlasWidth) a.shelf_x = 0, a.shelf_y += a.shelf_h + 1, a.shelf_h = 0;
    if (a.shelf_y + g.h + 1 > kMaxAtlasHeight) {
      // Full (many sizes of many characters): start again empty.
      a.glyphs.clear();
      a.shelf_x = a.shelf_y = a.shelf_h = 0;
      std::fill(a.alpha.begin(), a.alpha.end(), 0);
    }
    const int need = a.shelf_y + g.h + 1;
    if (need > a.height) {
      a.height = std::min(kMaxAtlasHeight, std::max({need, 2 * a.height, 64}));
      a.alpha.resize(std::size_t(kAtlasWidth) * std::size_t(a.height), 0);
    }
    g.x = a.shelf_x, g.y = a.shelf_y;
    float sub_x = 0, sub_y = 0;
    stbtt_MakeGlyphBitmapSubpixelPrefilter(&face->info, &a.alpha[std::size_t(g.y) * kAtlasWidth + std::size_t(g.x)],
                                           g.w, g.h, kAtlasWidth, scale * kOversampleX, scale, 0, 0, kOversampleX,
                                           1, &sub_x, &sub_y, index);
    g.x0 = float(x0) / kOversampleX + sub_x;
    g.x1 = float(x0 + g.w) / kOversampleX + sub_x;
    g.y0 = float(y0) + sub_y;
    g.y1 = float(y0 + g.h) + sub_y;
    a.shelf_x += g.w + 1;
    a.shelf_h = std::max(a.shelf_h, g.h);
    a.dirty = true;
  }
  return a.glyphs[cp] = g;
}

void Font::upload(Atlas& a) {
  if (!a.dirty || a.height == 0) return;
  a.dirty = false;
  if (a.texture && a.texture_height != a.height) {
    SDL_DestroyTexture(a.texture);
    a.texture = nullptr;
  }
  if (!a.texture) {
    a.texture = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, kAtlasWidth, a.height);
    if (!a.texture) return;
    a.texture_height = a.height;
    SDL_SetTextureBlendMode(a.texture, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(a.texture, SDL_ScaleModeLinear);
  }
  // White glyphs with coverage as alpha; the colour comes from SDL's colour mod.
  std::vector<std::uint32_t> argb(a.alpha.size());
  for (std::size_t i = 0; i < a.alpha.size(); ++i) argb[i] = 0x00FFFFFFu | (std::uint32_t(a.alpha[i]) << 24);
  SDL_UpdateTexture(a.texture, nullptr, argb.data(), kAtlasWidth * 4);
}

float Font::draw(std::string_view text, float x, float y, float px, SDL_Color color) {
  Atlas& a = atlas(px);
  // Every glyph first (new ones go into the atlas), then one upload, then the quads.
  // (Copies: a full atlas starts again empty, which would leave pointers dangling.)
  std::vector<Glyph> glyphs;
  for (std::size_t i = 0; i < text.size();) glyphs.push_back(glyph(a, next_code_point(text, i)));
  upload(a);
  if (!a.texture) return 0;
  const float scale = px / float(a.px);
  SDL_SetTextureColorMod(a.texture, color.r, color.g, color.b);
  SDL_SetTextureAlphaMod(a.texture, color.a);
  // Line box: the baseline sits at the ascent plus a little of the leading.
  const float baseline = y + (a.ascent + float(a.px) * 0.1f) * scale;
  float pen = 0;
  for (const Glyph& g : glyphs) {
    if (g.w > 0 && g.h > 0) {
      const SDL_Rect src{g.x, g.y, g.w, g.h};
      const SDL_FRect dst{x + pen + g.x0 * scale, baseline + g.y0 * scale, (g.x1 - g.x0) * scale,
                          (g.y1 - g.y0) * scale};
      SDL_RenderCopyF(renderer_, a.texture, &src, &dst);
    }
    pen += g.advance * scale;
  }
  return pen;
}

float Font::width(std::string_view text, float px) {
  Atlas& a = atlas(px);
  const float scale = px / float(a.px);
  float pen = 0;
  for (std::size_t i = 0; i < text.size();) pen += glyph(a, next_code_point(text, i)).advance * scale;
  return pen;
}

float Font::fit(std::string_view text, float px, float max_width) {
  const float w = width(text, px);
  if (w <= max_width || w <= 0) return px;
  // Round down to whole pixels so only a few atlas sizes get made.
  return std::max(6.0f, std::floor(px * max_width / w));
}

}  // namespace reversi::ui
