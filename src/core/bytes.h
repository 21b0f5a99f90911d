// Little-endian integers and the FNV-1a checksum of the binary formats the
// game reads and writes: WTHOR databases (core/wthor), the weight file
// (engine/weights_file), the opening book (engine/book), the expert-game
// database (core/game_database), the players' ratings (core/player_ratings) and
// the puzzle file (engine/puzzles). One reader
// and one writer, so the formats cannot disagree on byte order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace reversi {

// Appends the low `bytes` bytes of v, least significant first.
inline void put_le(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// Overwrites `bytes` bytes at p with v (a field filled in after the rest, as a checksum).
inline void set_le(std::uint8_t* p, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// Reads `bytes` bytes at p, least significant first (the caller checks the length).
inline std::uint64_t get_le(const std::uint8_t* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t{p[i]} << (8 * i);
  return v;
}
inline std::uint32_t get_u16(const std::uint8_t* p) { return std::uint32_t(get_le(p, 2)); }
inline std::uint32_t get_u32(const std::uint8_t* p) { return std::uint32_t(get_le(p, 4)); }

// 32-bit FNV-1a, continued from `h` (the offset basis by default).
inline std::uint32_t fnv1a(std::span<const std::uint8_t> bytes, std::uint32_t h = 2166136261u) {
  for (const std::uint8_t b : bytes) h = (h ^ b) * 16777619u;
  return h;
}

// The checked header the expert-game database, the players' ratings, the human-move analysis
// (lab) and the puzzle file share (the puzzle file still checks it with its own reader): 40 bytes whose last twelve are the body's size (u32 at 28), the body's FNV-1a
// (u32 at 32) and the FNV-1a of the header's bytes 0..35 (u32 at 36); the body follows.
inline constexpr std::size_t kCheckedHeaderSize = 40;

// Sets those three fields to match `file` (the header and the body after it; at
// least kCheckedHeaderSize bytes): the writers' last step, and how the fuzzers
// repair a mutated file so that it reaches past the checksums.
inline void seal_checked_header(std::span<std::uint8_t> file) {
  const std::span<const std::uint8_t> body = file.subspan(kCheckedHeaderSize);
  set_le(file.data() + 28, body.size(), 4);
  set_le(file.data() + 32, fnv1a(body), 4);
  set_le(file.data() + 36, fnv1a(file.first(36)), 4);
}

// The body of a file with the checked header, after checking the header's first twelve
// bytes (`magic`, `version`, the header size) and its last twelve: the header's checksum,
// the body exactly as long as it says and the body's checksum. The error says what is wrong
// in the words of the expert-game database's reader (`kind`: "an expert-game database";
// `version_of`: "database" in "database version 2, ..."; `end_of`: "the database" in "3
// bytes after the end of the database"); the caller puts the file's name before it.
inline Expected<std::span<const std::uint8_t>> checked_body(std::span<const std::uint8_t> bytes, const char (&magic)[8],
                                                            std::uint16_t version, std::string_view kind,
                                                            std::string_view version_of, std::string_view end_of) {
  const auto n = [](std::size_t v) { return std::to_string(v); };
  if (bytes.size() < kCheckedHeaderSize)
    return Error{"not " + std::string(kind) + " (" + n(bytes.size()) + " bytes, the header alone has " +
                 n(kCheckedHeaderSize) + ")"};
  const std::uint8_t* h = bytes.data();
  if (std::memcmp(h, magic, 8) != 0)
    return Error{"not " + std::string(kind) + " (no " + std::string(magic, 8) + " signature)"};
  if (get_u16(h + 8) != version)
    return Error{std::string(version_of) + " version " + n(get_u16(h + 8)) + ", this program reads version " + n(version)};
  if (get_u16(h + 10) != kCheckedHeaderSize || get_u32(h + 36) != fnv1a(bytes.first(36)))
    return Error{"damaged header (its checksum does not match)"};
  const std::span<const std::uint8_t> body = bytes.subspan(kCheckedHeaderSize);
  const std::uint32_t body_size = get_u32(h + 28);
  if (body.size() < body_size)
    return Error{"truncated: " + n(body.size()) + " bytes after the header, " + n(body_size) + " expected"};
  if (body.size() > body_size) return Error{n(body.size() - body_size) + " bytes after the end of " + std::string(end_of)};
  if (fnv1a(body) != get_u32(h + 32)) return Error{"damaged (the checksum of its contents does not match)"};
  return body;
}

}  // namespace reversi
