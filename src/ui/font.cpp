#include "ui/font.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>

namespace reversi::ui {

namespace {

// The characters the game writes: printable ASCII plus a few typographic ones.
constexpr int kFirstAscii = 32, kAsciiCount = 95;
int kExtra[] = {0x2013 /* – */, 0x2026 /* … */, 0x25B6 /* ▶ */, 0x25C0 /* ◀ */, 0x00B7 /* · */,
                0x2022 /* • */, 0x21B6 /* ↶ */, 0x21B7 /* ↷ */};
constexpr int kExtraCount = int(sizeof kExtra / sizeof kExtra[0]);

// Decodes one UTF-8 code point and advances i (invalid bytes give '?').
std::uint32_t next_code_point(std::string_view s, std::size_t& i) {
  const unsigned char c = static_cast<unsigned char>(s[i++]);
  if (c < 0x80) return c;
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
  if (extra < 0) return '?';
  std::uint32_t cp = c & (0x3F >> extra);
  for (int k = 0; k < extra; ++k) {
    if (i >= s.size() || (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) return '?';
    cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
  }
  return cp;
}

}  // namespace

struct Font::Atlas {
  int px = 0;
  int w = 0, h = 0;
  SDL_Texture* texture = nullptr;
  stbtt_packedchar ascii[kAsciiCount];
  stbtt_packedchar extra[kExtraCount];
  float ascent = 0;

  const stbtt_packedchar* find(std::uint32_t cp, int& index) const {
    if (cp >= std::uint32_t(kFirstAscii) && cp < std::uint32_t(kFirstAscii + kAsciiCount)) {
      index = int(cp) - kFirstAscii;
      return ascii;
    }
    for (int k = 0; k < kExtraCount; ++k)
      if (std::uint32_t(kExtra[k]) == cp) {
        index = k;
        return extra;
      }
    index = '?' - kFirstAscii;
    return ascii;
  }
};

Font::Font(SDL_Renderer* renderer, std::vector<unsigned char> ttf)
    : renderer_(renderer), ttf_(std::move(ttf)) {
  stbtt_fontinfo info;
  ok_ = !ttf_.empty() && stbtt_InitFont(&info, ttf_.data(), stbtt_GetFontOffsetForIndex(ttf_.data(), 0));
}

Font::~Font() {
  for (auto& a : atlases_)
    if (a->texture) SDL_DestroyTexture(a->texture);
}

Font::Atlas& Font::atlas(float px_f) {
  const int px = std::clamp(int(std::lround(px_f)), 6, 160);
  for (auto& a : atlases_)
    if (a->px == px) return *a;
  auto a = std::make_unique<Atlas>();
  a->px = px;
  if (ok_) {
    // Room for ~100 glyphs with 2x horizontal oversampling.
    a->w = 512;
    a->h = std::max(64, int(std::ceil(px * px * 2.6f * 100 / a->w)) + 2 * px);
    std::vector<unsigned char> alpha(std::size_t(a->w) * a->h);
    stbtt_pack_context pc;
    bool packed = false;
    for (int attempt = 0; attempt < 4 && !packed; ++attempt) {
      std::fill(alpha.begin(), alpha.end(), 0);
      if (!stbtt_PackBegin(&pc, alpha.data(), a->w, a->h, 0, 1, nullptr)) break;
      stbtt_PackSetOversampling(&pc, 2, 1);
      stbtt_pack_range ranges[2] = {};
      ranges[0].font_size = float(px);
      ranges[0].first_unicode_codepoint_in_range = kFirstAscii;
      ranges[0].num_chars = kAsciiCount;
      ranges[0].chardata_for_range = a->ascii;
      ranges[1].font_size = float(px);
      ranges[1].array_of_unicode_codepoints = kExtra;
      ranges[1].num_chars = kExtraCount;
      ranges[1].chardata_for_range = a->extra;
      packed = stbtt_PackFontRanges(&pc, ttf_.data(), 0, ranges, 2) != 0;
      stbtt_PackEnd(&pc);
      if (!packed) {
        a->h *= 2;
        alpha.assign(std::size_t(a->w) * a->h, 0);
      }
    }
    stbtt_fontinfo info;
    stbtt_InitFont(&info, ttf_.data(), stbtt_GetFontOffsetForIndex(ttf_.data(), 0));
    int ascent = 0, descent = 0, gap = 0;
    stbtt_GetFontVMetrics(&info, &ascent, &descent, &gap);
    a->ascent = ascent * stbtt_ScaleForPixelHeight(&info, float(px));
    // White glyphs with coverage as alpha; the colour comes from SDL's colour mod.
    std::vector<std::uint32_t> rgba(alpha.size());
    for (std::size_t i = 0; i < alpha.size(); ++i) rgba[i] = 0x00FFFFFFu | (std::uint32_t(alpha[i]) << 24);
    a->texture = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, a->w, a->h);
    if (a->texture) {
      SDL_UpdateTexture(a->texture, nullptr, rgba.data(), a->w * 4);
      SDL_SetTextureBlendMode(a->texture, SDL_BLENDMODE_BLEND);
      SDL_SetTextureScaleMode(a->texture, SDL_ScaleModeLinear);
    }
  }
  atlases_.push_back(std::move(a));
  return *atlases_.back();
}

float Font::draw(std::string_view text, float x, float y, float px, SDL_Color color) {
  Atlas& a = atlas(px);
  if (!a.texture) return 0;
  const float scale = px / float(a.px);
  SDL_SetTextureColorMod(a.texture, color.r, color.g, color.b);
  SDL_SetTextureAlphaMod(a.texture, color.a);
  float pen = 0;
  // Line box: the baseline sits at the ascent plus a little of the leading.
  const float baseline = y + (a.ascent + a.px * 0.1f) * scale;
  for (std::size_t i = 0; i < text.size();) {
    int index = 0;
    const stbtt_packedchar* table = a.find(next_code_point(text, i), index);
    float qx = 0, qy = 0;
    stbtt_aligned_quad q;
    stbtt_GetPackedQuad(table, a.w, a.h, index, &qx, &qy, &q, 0);
    SDL_Rect src{int(std::lround(q.s0 * a.w)), int(std::lround(q.t0 * a.h)),
                 int(std::lround((q.s1 - q.s0) * a.w)), int(std::lround((q.t1 - q.t0) * a.h))};
    SDL_FRect dst{x + pen + q.x0 * scale, baseline + q.y0 * scale, (q.x1 - q.x0) * scale,
                  (q.y1 - q.y0) * scale};
    if (src.w > 0 && src.h > 0) SDL_RenderCopyF(renderer_, a.texture, &src, &dst);
    pen += qx * scale;
  }
  return pen;
}

float Font::width(std::string_view text, float px) {
  Atlas& a = atlas(px);
  const float scale = px / float(a.px);
  float pen = 0;
  for (std::size_t i = 0; i < text.size();) {
    int index = 0;
    const stbtt_packedchar* table = a.find(next_code_point(text, i), index);
    pen += table[index].xadvance * scale;
  }
  return pen;
}

float Font::fit(std::string_view text, float px, float max_width) {
  const float w = width(text, px);
  if (w <= max_width || w <= 0) return px;
  // Round down to whole pixels so only a few atlas sizes get made.
  return std::max(6.0f, std::floor(px * max_width / w));
}

}  // namespace reversi::ui
