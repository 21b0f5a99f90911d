// Checks a screenshot of the desktop game (a BMP from `reversi --screenshot`):
// the board is dark green at an empty cell's centre, the grid lines are black,
// and the four start stones are where they belong. With "analysis" (a shot taken
// with --analyse at the start), a best move's square also has its gold frame.
// Exit 0 when all hold.
// Usage: reversi_check_screenshot FILE.bmp [SCALE [analysis]]
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>
#include <iterator>
#include <vector>

#include "ui/layout.h"

using namespace reversi;
using namespace reversi::ui;

namespace {

struct Image {
  int w = 0, h = 0;
  std::vector<std::uint8_t> rgb;  // top row first
  bool load(const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::uint8_t> d{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (d.size() < 54 || d[0] != 'B' || d[1] != 'M') return false;
    auto u32 = [&](std::size_t o) { return std::uint32_t(d[o] | d[o + 1] << 8 | d[o + 2] << 16 | d[o + 3] << 24); };
    const std::uint32_t offset = u32(10);
    w = int(u32(18));
    int height = int(std::int32_t(u32(22)));
    const int bpp = d[28] | d[29] << 8;
    if ((bpp != 24 && bpp != 32) || w <= 0 || height == 0) return false;
    const bool bottom_up = height > 0;
    h = std::abs(height);
    const std::size_t stride = (std::size_t(w) * bpp / 8 + 3) & ~std::size_t(3);
    if (offset + stride * h > d.size()) return false;
    rgb.resize(std::size_t(w) * h * 3);
    for (int y = 0; y < h; ++y) {
      const std::uint8_t* row = &d[offset + stride * (bottom_up ? h - 1 - y : y)];
      for (int x = 0; x < w; ++x) {
        const std::uint8_t* p = row + std::size_t(x) * bpp / 8;  // B, G, R(, A)
        rgb[(std::size_t(y) * w + x) * 3 + 0] = p[2];
        rgb[(std::size_t(y) * w + x) * 3 + 1] = p[1];
        rgb[(std::size_t(y) * w + x) * 3 + 2] = p[0];
      }
    }
    return true;
  }
  const std::uint8_t* at(float x, float y) const { return &rgb[(std::size_t(int(y)) * w + int(x)) * 3]; }
};

int failures = 0;
void expect(bool ok, const char* what, const std::uint8_t* p) {
  std::printf("%s %s (rgb %d,%d,%d)\n", ok ? "ok  " : "FAIL", what, p[0], p[1], p[2]);
  if (!ok) ++failures;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: reversi_check_screenshot FILE.bmp [SCALE [analysis]]\n");
    return 2;
  }
  Image img;
  if (!img.load(argv[1])) {
    std::fprintf(stderr, "cannot read %s as an uncompressed BMP\n", argv[1]);
    return 1;
  }
  const float scale = argc > 2 ? std::strtof(argv[2], nullptr) : 1.0f;
  const Layout l = compute_layout(float(img.w), float(img.h), scale);
  auto centre = [&](Square s) {
    const Rect r = l.cell_rect(s);
    return img.at(r.x + r.w / 2, r.y + r.h / 2);
  };
  auto green = [](const std::uint8_t* p) { return p[1] > 60 && p[0] < 60 && p[2] < 70 && p[1] > p[0] + 40; };
  auto white = [](const std::uint8_t* p) { return p[0] > 170 && p[1] > 170 && p[2] > 170; };
  auto black = [](const std::uint8_t* p) { return p[0] < 90 && p[1] < 90 && p[2] < 90; };
  expect(green(centre(A1)), "a1 is empty green board", centre(A1));
  expect(green(centre(H8)), "h8 is empty green board", centre(H8));
  expect(white(centre(D4)), "d4 holds a white stone", centre(D4));
  expect(black(centre(E4)), "e4 holds a black stone", centre(E4));
  expect(black(centre(D5)), "d5 holds a black stone", centre(D5));
  expect(white(centre(E5)), "e5 holds a white stone", centre(E5));
  const std::uint8_t* line = img.at(l.board.x + 4 * l.cell + l.line / 2, l.board.y + l.cell / 2);
  expect(line[0] < 30 && line[1] < 30 && line[2] < 30, "the middle vertical grid line is black", line);
  if (argc > 3 && std::string(argv[3]) == "analysis") {
    // The four opening moves are alike: at least one is the best, framed in gold on
    // its left edge (renderer_board.cpp, draw_analysis).
    const std::uint8_t* best = nullptr;
    for (Square s : {D3, C4, F5, E6}) {
      const Rect r = l.cell_rect(s);
      const std::uint8_t* p = img.at(r.x + std::round(std::max(2 * scale, r.w * 0.06f)) + 0.5f, r.y + r.h / 2);
      if (!best || p[0] > best[0]) best = p;
    }
    expect(best[0] > 200 && best[1] > 160 && best[2] < 120, "a best opening move is framed in gold", best);
  }
  return failures ? 1 : 0;
}
