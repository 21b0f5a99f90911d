#include "core/wthor.h"

#include <fstream>
#include <iterator>
#include <optional>

#include "core/bytes.h"
#include "core/game.h"

namespace reversi {

namespace {

std::string prefix(std::string_view name) {
  return name.empty() ? std::string("wthor: ") : std::string(name) + ": ";
}

Error short_header(const std::string& prefix, std::size_t size) {
  return Error{prefix + "short header: " + std::to_string(size) + " bytes, a WTHOR file starts with " +
               std::to_string(kWthorHeaderSize)};
}

WthorHeader read_header(const std::uint8_t* h) {
  WthorHeader w;
  w.century = h[0];
  w.year = h[1];
  w.month = h[2];
  w.day = h[3];
  w.games = get_u32(h + 4);
  w.records = get_u16(h + 8);
  w.game_year = get_u16(h + 10);
  w.board_size = h[12];
  w.game_type = h[13];
  w.depth = h[14];
  w.reserved = h[15];
  return w;
}

// A move byte is 10 x column + row, both 1..8 (56 is e6).
std::optional<Square> square_of_byte(std::uint8_t b) {
  const int column = b / 10, row = b % 10;
  if (column < 1 || column > 8 || row < 1 || row > 8) return std::nullopt;
  return make_square(column - 1, row - 1);
}
std::uint8_t byte_of_square(Square s) { return std::uint8_t(10 * (column_of(s) + 1) + row_of(s) + 1); }

// One 68-byte record; `where` is "NAME: game N" for the messages.
Expected<WthorGame> read_game(const std::uint8_t* r, int year, const std::string& where) {
  WthorGame g;
  g.year = year;
  g.tournament = get_u16(r);
  g.black_player = get_u16(r + 2);
  g.white_player = get_u16(r + 4);
  g.black_discs = r[6];
  g.theoretical_black = r[7];
  if (g.black_discs > 64)
    return Error{where + ": black's disc count " + std::to_string(g.black_discs) + " is more than 64"};
  if (g.theoretical_black > 64)
    return Error{where + ": black's theoretical disc count " + std::to_string(g.theoretical_black) +
                 " is more than 64"};
  // Replaying through Game applies the one rule for forced passes and legality.
  Game game;
  int i = 0;
  for (; i < 60 && r[8 + i] != 0; ++i) {
    const std::uint8_t b = r[8 + i];
    const std::string move = where + ": move " + std::to_string(i + 1) + " ";
    const auto sq = square_of_byte(b);
    if (!sq) return Error{move + "byte " + std::to_string(b) + " is not a square (11..88, column and row 1-8)"};
    if (const Status s = game.play(*sq); !s) return Error{move + square_name(*sq) + ": " + s.error()};
  }
  for (int j = i; j < 60; ++j)
    if (r[8 + j] != 0)
      return Error{where + ": move " + std::to_string(j + 1) + " byte " + std::to_string(r[8 + j]) +
                   " follows the 0 that ended the game at move " + std::to_string(i + 1)};
  g.moves.assign(game.moves().begin(), game.moves().end());
  g.final = game.position();
  return g;
}

}  // namespace

int WthorGame::counted_black_discs() const {
  // final_score: the disc difference for the side to move, empties to the winner.
  const int black_lead = final.to_move == Color::Black ? final.final_score() : -final.final_score();
  return (64 + black_lead) / 2;
}

Expected<WthorFile> parse_wthor(std::span<const std::uint8_t> bytes, std::string_view name) {
  const std::string p = prefix(name);
  if (bytes.size() < kWthorHeaderSize) return short_header(p, bytes.size());
  WthorFile file;
  file.header = read_header(bytes.data());
  const WthorHeader& h = file.header;
  if (h.board_size != 0 && h.board_size != 8)
    return Error{p + "board size " + std::to_string(h.board_size) + " in the header (only 8x8 games are read)"};
  const std::uint64_t expected = kWthorHeaderSize + std::uint64_t(h.games) * kWthorGameSize;
  if (bytes.size() != expected)
    return Error{p + "the header says " + std::to_string(h.games) + " games, which take " +
                 std::to_string(expected) + " bytes, but the file has " + std::to_string(bytes.size()) +
                 " (truncated, padded or not a game file)"};
  file.games.reserve(h.games);
  for (std::uint32_t i = 0; i < h.games; ++i) {
    auto g = read_game(bytes.data() + kWthorHeaderSize + i * kWthorGameSize, h.game_year,
                       p + "game " + std::to_string(i + 1));
    if (!g) return Error{g.error()};
    file.games.push_back(std::move(*g));
  }
  return file;
}

std::vector<std::uint8_t> encode_wthor(const WthorFile& file) {
  const WthorHeader& h = file.header;
  std::vector<std::uint8_t> out{h.century, h.year, h.month, h.day};
  put_le(out, std::uint32_t(file.games.size()), 4);
  put_le(out, h.records, 2);
  put_le(out, h.game_year, 2);
  out.insert(out.end(), {h.board_size, h.game_type, h.depth, h.reserved});
  for (const WthorGame& g : file.games) {
    put_le(out, std::uint16_t(g.tournament), 2);
    put_le(out, std::uint16_t(g.black_player), 2);
    put_le(out, std::uint16_t(g.white_player), 2);
    out.push_back(std::uint8_t(g.black_discs));
    out.push_back(std::uint8_t(g.theoretical_black));
    for (std::size_t i = 0; i < 60; ++i)
      out.push_back(i < g.moves.size() ? byte_of_square(g.moves[i]) : 0);
  }
  return out;
}

Expected<WthorFile> load_wthor(const std::string& path) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return parse_wthor(*bytes, path);
}

Expected<std::vector<std::string>> parse_wthor_names(std::span<const std::uint8_t> bytes,
                                                     std::size_t record_size, std::string_view name) {
  const std::string p = prefix(name);
  if (bytes.size() < kWthorHeaderSize) return short_header(p, bytes.size());
  const std::uint16_t count = get_u16(bytes.data() + 8);
  const std::uint64_t expected = kWthorHeaderSize + std::uint64_t(count) * record_size;
  if (bytes.size() != expected)
    return Error{p + "the header says " + std::to_string(count) + " names of " + std::to_string(record_size) +
                 " bytes, which take " + std::to_string(expected) + " bytes, but the file has " +
                 std::to_string(bytes.size())};
  std::vector<std::string> names;
  names.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* r = bytes.data() + kWthorHeaderSize + i * record_size;
    std::string s;
    for (std::size_t j = 0; j < record_size && r[j] != 0; ++j) {
      // Latin-1 is the first 256 code points of Unicode: two UTF-8 bytes above 127.
      if (r[j] < 0x80) {
        s += char(r[j]);
      } else {
        s += char(0xC0 | r[j] >> 6);
        s += char(0x80 | (r[j] & 0x3F));
      }
    }
    names.push_back(std::move(s));
  }
  return names;
}

Expected<std::vector<std::string>> load_wthor_names(const std::string& path, std::size_t record_size) {
  auto bytes = read_file_bytes(path);
  if (!bytes) return Error{bytes.error()};
  return parse_wthor_names(*bytes, record_size, path);
}


}  // namespace reversi
