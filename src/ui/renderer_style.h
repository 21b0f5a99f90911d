// The renderer's palette and colour helpers, shared by its files (renderer.cpp for
// the primitives and stones, renderer_board.cpp, renderer_panel.cpp, renderer_graph.cpp).
#pragma once

#include <SDL.h>

#include <algorithm>

namespace reversi::ui::paint {

inline constexpr float kPi = 3.14159265358979f;
inline constexpr double kPassToastMs = 2000;

constexpr SDL_Color rgba(int r, int g, int b, int a = 255) {
  return SDL_Color{Uint8(r), Uint8(g), Uint8(b), Uint8(std::clamp(a, 0, 255))};
}
constexpr SDL_Color with_alpha(SDL_Color c, int a) { return rgba(c.r, c.g, c.b, a); }

// Palette.
inline constexpr SDL_Color kBackgroundTop = rgba(30, 40, 36), kBackgroundBottom = rgba(14, 20, 18);
inline constexpr SDL_Color kFeltTop = rgba(0, 116, 28), kFeltBottom = rgba(0, 92, 16);  // dark green
inline constexpr SDL_Color kLine = rgba(0, 0, 0);
inline constexpr SDL_Color kOrange = rgba(255, 140, 0);
inline constexpr SDL_Color kText = rgba(236, 242, 236), kTextDim = rgba(150, 165, 156);
inline constexpr SDL_Color kMessage = rgba(255, 206, 96);
inline constexpr SDL_Color kButton = rgba(46, 66, 56), kButtonHover = rgba(62, 90, 74),
                kButtonPressed = rgba(30, 44, 38);
inline constexpr SDL_Color kGold = rgba(255, 212, 64);          // the best move, a switch that is on
// The review's marks: a mistake's move and loss in orange; each side's biggest light on red.
// Practice: a right answer, a wrong one.
inline constexpr SDL_Color kRight = rgba(140, 230, 150), kWrong = rgba(255, 150, 130);
inline constexpr SDL_Color kMistake = rgba(255, 170, 80), kBlunder = rgba(255, 214, 200), kBlunderBack = rgba(210, 50, 36, 150);


}  // namespace reversi::ui::paint
