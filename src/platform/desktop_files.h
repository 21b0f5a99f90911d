// Where the desktop game finds its data and keeps its files: the data files of the
// source tree or the installation (the expert-game database, the practice puzzles)
// and the config folder holding the saved game and the practice record.
#pragma once

#include <string>

namespace reversi::desktop {

// data/FILE: in the working folder, next to the executable, installed
// (../share/reversi/FILE), or in the source tree the program was built from; the
// first that exists, else the first (for the message).
std::string default_data_path(const std::string& file);

// $XDG_CONFIG_HOME/reversi/FILE, else ~/.config/reversi/FILE; empty without either.
std::string config_path(const std::string& file);

// Writes `text` and a newline to `path` (making its folder) through a temporary file
// renamed over it, so that a crash never leaves half a file. False on any failure.
bool write_text_file(const std::string& path, const std::string& text);

// The whole file as text with its trailing newlines removed; empty when it is
// missing or unreadable.
std::string read_text_file(const std::string& path);

}  // namespace reversi::desktop
