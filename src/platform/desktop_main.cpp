// The desktop game: an SDL2 window (resizable, high-DPI) around the shared front
// end in src/ui, with the engine on background threads (ThreadAiClient: one for
// moves, one for analyses) so the window never freezes. The game and the settings
// are kept in a file in the user's config directory, the practice record beside it
// (platform/desktop_practice.h). For tests and screenshots it runs headless
// (SDL_VIDEODRIVER=dummy) for a number of frames and writes the last one as BMP.
#include <SDL.h>

#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <future>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/file.h"
#include "core/game.h"
#include "core/game_database.h"
#include "core/parse_number.h"
#include "engine/player.h"
#include "engine/puzzles.h"
#include "ui/controller.h"
#include "ui/explorer_move.h"
#include "platform/thread_explorer_client.h"
#include "ui/options.h"
#include "ui/sdl_app.h"
#include "ui/text.h"
#include "platform/desktop_files.h"
#include "platform/desktop_history.h"
#include "platform/desktop_practice.h"
#include "platform/thread_ai_client.h"

#ifndef REVERSI_FONT_FILE
#define REVERSI_FONT_FILE ""
#endif

namespace {

using namespace reversi;
using namespace reversi::desktop;
namespace fs = std::filesystem;

struct DesktopArgs {
  long frames = -1;           // stop after this many frames (-1 = run until closed)
  long quit_after_ms = -1;    // stop after this long
  std::string screenshot;     // write the last frame here (BMP)
  bool state = false;         // print the state (JSON) on quitting, for tests
  int width = 960, height = 640;
  float scale = 0;            // force the pixel ratio (0 = from the window)
  bool save = true;           // read and write the saved game
  bool fresh = false;         // ignore the saved game
  std::string moves;          // play these moves first (a transcript)
  std::string load;           // a game or position to load: the text, or a file holding it
  std::string save_file;      // overrides the config file
  bool analyse = false;       // start with the values of every move on the board
  bool review = false;        // review the game first (the frame count waits for it)
  long view = -1;             // show the position after this many moves
  long game = -1;             // open this game of the expert-game database
  std::string database;       // the expert-game database (default: default_data_path("expert-games.bin"))
  bool explorer = false;      // start with the explorer shown
  bool history = false;       // start with your games shown
  std::string puzzles;        // the practice puzzles (default: default_data_path("puzzles.bin"))
  bool practice = false;      // start with the next rated puzzle
  std::string daily;          // start with this date's daily puzzle (checked: YYYY-MM-DD)
  bool reset_practice = false;  // forget the practice record
  std::vector<std::string> option_flags;
};

void print_help(const std::vector<PlayerInfo>& players) {
  std::printf(
      "Usage: reversi [OPTIONS]\n"
      "Reversi (Othello) against the computer, with a friend, or watching two engines.\n\n"
      "Game options (also stored with the saved game):\n%s\n"
      "Program options:\n"
      "  --new                 start a new game (with the saved settings) instead of continuing\n"
      "  --moves=TRANSCRIPT    play these moves first, e.g. f5d6c3\n"
      "  --load=TEXT|FILE      load a transcript, a GGF game or a board string (64 squares of\n"
      "                        X, O, - then the side to move), or a file holding one; people\n"
      "                        play both sides (Ctrl+V in the window does the same)\n"
      "  --no-save             neither read nor write the saved game\n"
      "  --save-file=FILE      where the game is kept (default %s)\n"
      "  --size=WxH            window size in points (default 960x640)\n"
      "  --scale=R             pixel ratio to lay out for (default: from the window)\n"
      "  --frames=N            quit after N frames (for tests)\n"
      "  --quit-after-ms=MS    quit after MS milliseconds\n"
      "  --screenshot=FILE     write the last frame to FILE (BMP)\n"
      "  --state               print the game's state (JSON, as the web page's getState) on\n"
      "                        quitting\n"
      "  --analyse             start with every legal move's value on the board (key A)\n"
      "  --review              review the game first; --frames and --quit-after-ms count\n"
      "                        from the review's end (for screenshots of it)\n"
      "  --view=N              show the position after N moves (0 = the start)\n"
      "  --game=N              open game N (1-137548) of the expert-game database for replay\n"
      "  --database=FILE       the expert-game database (default data/expert-games.bin here,\n"
      "                        next to the program, or in the source tree)\n"
      "  --explorer            start with the explorer shown (key E)\n"
      "  --history             start with your games shown (key G)\n"
      "  --practice            start in Practice with the next puzzle at your rating (key P)\n"
      "  --daily=YYYY-MM-DD    start with that date's daily puzzle (key Y: today's)\n"
      "  --puzzles=FILE        the practice puzzles (default data/puzzles.bin, found as the\n"
      "                        database is); your rating is kept in practice-record.txt beside the\n"
      "                        saved game (not with --no-save)\n"
      "  --reset-practice      forget your practice rating, history and streak; start afresh\n"
      "  --help                this text\n\n"
      "Your games (each game you play, when it ends, is left unfinished or is reviewed) are kept\n"
      "in history.ggf beside the saved game, one GGF game a line after its id (not with --no-save);\n"
      "G lists them, newest first, with your results against each level: Up and Down (or a\n"
      "click) choose one, Enter (or a click on the chosen one) opens it (a finished game from\n"
      "its start, an unfinished one to play on).\n\n"
      "Keys: arrows move the orange frame, Enter or Space plays there; N new game\n"
      "(Undo brings the old one back), U or Ctrl+Z undo, R, Ctrl+Y or Ctrl+Shift+Z redo,\n"
      "H hint, A shows or hides every move's value, E the experts' moves (the explorer:\n"
      "the database loads the first time), P practice (the next puzzle at your rating),\n"
      "Y the daily puzzle, M practise your mistakes (after a review), T endgame trainer\n"
      "(20 empties or fewer); in practice H hint (the region, then the square), S the\n"
      "answer, O play it out, Esc back to the game. Tab walks the buttons, F1 or ?\n"
      "shows them all, Ctrl+Q quits. A click on a move of the list or a point of the\n"
      "graph shows that position; then Left and Right step through the game and Esc\n"
      "goes back to it. Esc closes the help, else goes back to the game, else quits.\n"
      "The settings change with the window's buttons.\n"
      "Run headless with SDL_VIDEODRIVER=dummy (add --frames or --quit-after-ms).\n",
      ui::options_help(players).c_str(), "$XDG_CONFIG_HOME/reversi/game.txt");
}

// Splits argv into program options and game options; returns 2 on a usage error.
int parse_args(int argc, char** argv, DesktopArgs& a, bool& help) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    std::string key = arg, value;
    const bool has_eq = arg.find('=') != std::string::npos;
    if (has_eq) key = arg.substr(0, arg.find('=')), value = arg.substr(arg.find('=') + 1);
    auto need = [&]() -> bool {
      if (has_eq) return true;
      if (i + 1 >= argc) {
        std::fprintf(stderr, "reversi: %s needs a value\n", key.c_str());
        return false;
      }
      value = argv[++i];
      return true;
    };
    auto number = [&](long& out) -> bool {
      const auto n = parse_int<long>(key, value, 0, 1L << 40);  // "--frames '5x' is not a whole number"
      if (!n) {
        std::fprintf(stderr, "reversi: %s\n", n.error().c_str());
        return false;
      }
      out = *n;
      return true;
    };
    if (key == "--help" || key == "-h") help = true;
    else if (key == "--new") a.fresh = true;
    else if (key == "--no-save") a.save = false;
    else if (key == "--analyse") a.analyse = true;
    else if (key == "--review") a.review = true;
    else if (key == "--view") { if (!need() || !number(a.view)) return 2; }
    else if (key == "--game") { if (!need() || !number(a.game)) return 2; }
    else if (key == "--database") { if (!need()) return 2; a.database = value; }
    else if (key == "--explorer") a.explorer = true;
    else if (key == "--history") a.history = true;
    else if (key == "--state") a.state = true;
    else if (key == "--practice") a.practice = true;
    else if (key == "--reset-practice") a.reset_practice = true;
    else if (key == "--puzzles") { if (!need()) return 2; a.puzzles = value; }
    else if (key == "--daily") {
      if (!need()) return 2;
      // The date's rule is the daily puzzle's own (a real date, YYYY-MM-DD).
      if (const auto day = daily_puzzle(value, 1); !day) {
        std::fprintf(stderr, "reversi: --daily: %s\n", day.error().c_str());
        return 2;
      }
      a.daily = value;
    }
    else if (key == "--frames") { if (!need() || !number(a.frames)) return 2; }
    else if (key == "--quit-after-ms") { if (!need() || !number(a.quit_after_ms)) return 2; }
    else if (key == "--screenshot") { if (!need()) return 2; a.screenshot = value; }
    else if (key == "--moves") { if (!need()) return 2; a.moves = value; }
    else if (key == "--load") { if (!need()) return 2; a.load = value; }
    else if (key == "--save-file") { if (!need()) return 2; a.save_file = value; }
    else if (key == "--scale") {
      if (!need()) return 2;
      const auto scale = parse_double("--scale", value, 0.1, 8);
      if (!scale) {
        std::fprintf(stderr, "reversi: %s\n", scale.error().c_str());
        return 2;
      }
      a.scale = static_cast<float>(*scale);
    } else if (key == "--size") {
      if (!need()) return 2;
      const std::size_t x = value.find('x');
      if (x == std::string::npos) {
        std::fprintf(stderr, "reversi: --size wants WxH (100-10000 each), not '%s'\n", value.c_str());
        return 2;
      }
      const auto w = parse_int<int>("--size width", std::string_view(value).substr(0, x), 100, 10000);
      const auto h = parse_int<int>("--size height", std::string_view(value).substr(x + 1), 100, 10000);
      if (!w || !h) {
        std::fprintf(stderr, "reversi: %s\n", (!w ? w : h).error().c_str());
        return 2;
      }
      a.width = *w;
      a.height = *h;
    } else {
      a.option_flags.push_back(arg);  // a game option, checked by ui::parse_flags
      if (!has_eq && i + 1 < argc && argv[i + 1][0] != '-') a.option_flags.push_back(argv[++i]);
    }
  }
  return 0;
}

// A font of assets/fonts: next to the executable, installed, in the source tree,
// or one of the system's (`system_paths`); empty if none is found.
std::vector<unsigned char> load_font(const std::string& file, std::initializer_list<const char*> system_paths) {
  std::vector<std::string> candidates;
  if (char* base = SDL_GetBasePath()) {
    candidates.push_back(std::string(base) + "assets/fonts/" + file);
    candidates.push_back(std::string(base) + "../share/reversi/fonts/" + file);
    SDL_free(base);
  }
  // The source tree's assets/fonts, where REVERSI_FONT_FILE (DejaVu Sans) is.
  if (const std::string dejavu = REVERSI_FONT_FILE; !dejavu.empty())
    candidates.push_back((fs::path(dejavu).parent_path() / file).string());
  for (const char* path : system_paths) candidates.push_back(path);
  for (const auto& path : candidates) {
    auto bytes = read_file_bytes(path);
    if (bytes && !bytes->empty()) return std::move(*bytes);
  }
  return {};
}

bool write_screenshot(SDL_Renderer* renderer, const std::string& path) {
  int w = 0, h = 0;
  SDL_GetRendererOutputSize(renderer, &w, &h);
  SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
  if (!surface) return false;
  bool ok = SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_ARGB8888, surface->pixels, surface->pitch) == 0 &&
            SDL_SaveBMP(surface, path.c_str()) == 0;
  SDL_FreeSurface(surface);
  return ok;
}

// ---- main()'s steps ------------------------------------------------------------------------

// The game as the command line asks: the saved one (with its settings) unless --new, then any
// flags on top, --moves, --load. `saved_text` is what the save file holds (cleared when it
// could not be read: the file is moved aside). 0, or the exit code of a bad argument.
int set_up_game(ui::Controller& c, const DesktopArgs& args, const std::vector<PlayerInfo>& players,
                const std::string& save_file, std::string& saved_text) {
  // The wall clock for a timed game's clocks: a restart charges the side whose clock ran the
  // time the game was closed (as a reload of the page does).
  c.set_wall_clock([] {
    return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
  });
  if (!saved_text.empty()) {
    if (auto st = c.restore(saved_text); !st) {
      // Keep the unreadable file aside rather than overwrite it with a new game.
      std::error_code ec;
      fs::rename(save_file, save_file + ".corrupt", ec);
      std::fprintf(stderr, "reversi: %s: %s (moved to %s.corrupt)\n", save_file.c_str(), st.error().c_str(),
                   save_file.c_str());
      saved_text.clear();
    } else if (args.fresh)
      c.new_game();  // keeps the saved settings
  }
  if (!args.option_flags.empty() || !args.moves.empty()) {
    auto parsed = ui::parse_flags(args.option_flags, players, c.options());
    for (const auto& m : parsed.messages) std::fprintf(stderr, "reversi: %s\n", m.c_str());
    if (!args.moves.empty()) {
      auto game = Game::from_transcript(args.moves);
      if (!game) {
        std::fprintf(stderr, "reversi: --moves: %s\n", game.error().c_str());
        return 2;
      }
      // Start from the given moves with these settings (the moves are played by
      // whoever; the computer takes over from there if it is its turn).
      const std::string save = "reversi-save-1|" + ui::to_query_string(parsed.options) + "|" +
                               game->transcript() + "|";
      if (auto st = c.restore(save); !st) {
        std::fprintf(stderr, "reversi: --moves: %s\n", st.error().c_str());
        return 2;
      }
    } else {
      c.open_with(parsed.options);  // --lang alone keeps the saved game; other players start one
    }
  }

  if (!args.load.empty()) {
    // A file if one is there by that name, else the text itself.
    std::string text = args.load;
    if (std::error_code ec; fs::is_regular_file(args.load, ec)) {
      const auto bytes = read_file_bytes(args.load);
      if (!bytes) {
        std::fprintf(stderr, "reversi: --load: %s\n", bytes.error().c_str());
        return 2;
      }
      text.assign(bytes->begin(), bytes->end());
    }
    if (auto st = c.load(text); !st) {
      std::fprintf(stderr, "reversi: --load: %s\n", st.error().c_str());
      return 2;
    }
  }
  return 0;
}

// --game: a game of the database replayed, as --load does for a text (waits for the database).
int replay_expert_game(ui::Controller& c, ui::ThreadExplorerClient& expert_games, long number) {
  // A game of the database to replay, as --load does for a text.
  const GameDatabase* db = expert_games.wait();
  if (!db) {
    std::fprintf(stderr, "reversi: --game: %s\n", expert_games.load().error.c_str());
    return 2;
  }
  const auto game = db->game(std::uint32_t(std::min<long>(number, 0xffffffffL)));
  if (!game) {
    std::fprintf(stderr, "reversi: --game: %s\n", game.error().c_str());
    return 2;
  }
  if (auto st = ui::replay_database_game(c, *game, game->moves.size()); !st) {
    std::fprintf(stderr, "reversi: --game: %s\n", st.error().c_str());
    return 2;
  }
  return 0;
}

// --view, --analyse and --review: the position shown and the analysis session at the start.
int show_as_asked(ui::Controller& c, const DesktopArgs& args) {
  if (args.view >= 0) {
    if (auto st = c.view(std::size_t(args.view)); !st) {
      std::fprintf(stderr, "reversi: --view: %s\n", st.error().c_str());
      return 2;
    }
  }
  c.set_analysis(args.analyse);
  if (args.review) {
    if (auto st = c.start_review(); !st) {
      std::fprintf(stderr, "reversi: --review: %s\n", st.error().c_str());
      return 2;
    }
  }
  return 0;
}

// --reset-practice, --practice and --daily, once the record is read.
void start_practice(ui::Controller& c, DesktopPractice& practice, const DesktopArgs& args) {
  if (args.reset_practice) {
    c.reset_practice_record();
    c.show_notice("desk.practice.reset");
  }
  if ((args.practice || !args.daily.empty()) && practice.load_puzzles()) {
    const Status st = args.daily.empty() ? c.practice_next() : c.practice_daily(args.daily);
    if (!st) {
      std::fprintf(stderr, "reversi: %s: %s\n", args.daily.empty() ? "--practice" : "--daily", st.error().c_str());
      c.show_notice("desk.practice.failed", {{"detail", ui::error_text(c.options().lang, st.failure())}});
    }
  }
}

// The window and its renderer (SDL started); null window when they could not be made (said).
struct Screen {
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
};
Screen open_screen(const DesktopArgs& args) {
  SDL_SetHint(SDL_HINT_VIDEO_HIGHDPI_DISABLED, "0");
#ifdef _WIN32
  // Windows scales DPI-unaware windows up blurrily: ask for real pixels instead
  // (the layout scale then comes from the display's DPI, below).
  SDL_SetHint(SDL_HINT_WINDOWS_DPI_AWARENESS, "permonitorv2");
#endif
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
    std::fprintf(stderr, "reversi: cannot start SDL: %s\n(no display? run with SDL_VIDEODRIVER=dummy)\n", SDL_GetError());
    return {};
  }
  SDL_Window* window = SDL_CreateWindow("Reversi", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, args.width,
                                        args.height, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!window) {
    std::fprintf(stderr, "reversi: cannot open a window: %s\n", SDL_GetError());
    SDL_Quit();
    return {};
  }
  SDL_SetWindowMinimumSize(window, 300, 300);
  SDL_Renderer* renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (!renderer) renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
  if (!renderer) {
    std::fprintf(stderr, "reversi: cannot create a renderer: %s\n", SDL_GetError());
    SDL_DestroyWindow(window);
    SDL_Quit();
    return {};
  }
  return {window, renderer};
}

// The frames until the window closes, --frames or --quit-after-ms: SDL's events to the app
// (E to the explorer), a frame drawn when it changed, the game and the record stored when
// the controller's revision() moved, then asleep until an event or the next thing due by
// the clock (SdlApp::next_frame_at). The exit code: 1 when the screenshot could not be written.
int run_frames(ui::Controller& c, ui::SdlApp& app, SDL_Renderer* renderer, const DesktopArgs& args,
               std::atomic<bool>& woken, const std::function<void()>& store) {
  const auto start = std::chrono::steady_clock::now();
  auto now_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  // The explorer (key E), a session of the controller that follows the position shown.
  auto show_explorer = [&](bool on) {
    if (on) c.explorer_open();
    else c.explorer_close();
    app.redraw();
  };
  if (args.explorer) show_explorer(true);
  int exit_code = 0;
  bool running = true;
  // With --review the frames and the time to quit count from the review's end.
  long counted = 0;
  double counting_since = 0;
  bool reviewing = args.review;
  std::uint64_t stored_revision = 0;  // the controller's revision() when the game was last stored
  while (running) {
    const double frame_start = now_ms();
    woken = false;
    c.set_clock(frame_start);  // after a sleep: what the events start, starts now
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
      // E (no modifier, help closed): the explorer; everything else to the shared front end.
      if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_e && !e.key.repeat && !app.help_open() &&
          !app.explorer_entry() &&
          !(e.key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
        show_explorer(!c.explorer_session().is_open());
        continue;
      }
      if (!app.handle_event(e)) running = false;
    }
    if (reviewing && !c.review().running) reviewing = false, counting_since = now_ms();
    if (!reviewing) ++counted;
    const bool last = (args.frames >= 0 && counted >= args.frames) ||
                      (!reviewing && args.quit_after_ms >= 0 &&
                       now_ms() - counting_since >= double(args.quit_after_ms));
    const bool drew = app.frame(now_ms(), last);  // the last frame is always drawn, for the screenshot
    if (const std::uint64_t revision = c.revision(); revision != stored_revision)
      stored_revision = revision, store();
    if (last) {
      if (!args.screenshot.empty() && !write_screenshot(renderer, args.screenshot)) {
        std::fprintf(stderr, "reversi: cannot write the screenshot %s: %s\n", args.screenshot.c_str(), SDL_GetError());
        exit_code = 1;
      }
      running = false;
    }
    if (!running) break;
    // Until the next frame: nothing moves -> asleep until an event (the window's, or a
    // reply: `wake`) or the next thing due by the clock (SdlApp::next_frame_at). --frames
    // counts frames that keep coming, and --quit-after-ms ends on time.
    const double now = now_ms();
    double at = app.next_frame_at(now);
    if (args.frames >= 0) at = std::min(at, now + 15);
    if (args.quit_after_ms >= 0 && !reviewing) at = std::min(at, counting_since + double(args.quit_after_ms));
    if (at > now) {
      const double wait = std::ceil(at - now);
      SDL_WaitEventTimeout(nullptr, wait < double(INT_MAX) ? int(wait) : -1);
    } else if (!drew) {
      SDL_WaitEventTimeout(nullptr, 15);
    } else if (const double spent = now - frame_start; spent < 16) {
      // Something moves: without vsync (dummy driver, some desktops) keep to ~60 frames a second.
      std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(16 - spent));
    }
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<PlayerInfo> players = player_list();
  DesktopArgs args;
  bool help = false;
  if (int rc = parse_args(argc, argv, args, help)) return rc;
  if (help) {
    print_help(players);
    return 0;
  }

  // Your games (key G), filled by keep_history below: before the controller, which tells it
  // the games until it goes.
  ui::HistoryPanel history_panel;
  // The loop sleeps in SDL_WaitEventTimeout while nothing moves (issue 44); a reply of
  // the engine's threads or the explorer's wakes it with an SDL_USEREVENT (one waiting at a
  // time: `woken` is cleared when the loop takes its events).
  std::atomic<bool> woken{false};
  const auto wake = [&woken] {
    if (woken.exchange(true)) return;
    SDL_Event e{};
    e.type = SDL_USEREVENT;
    SDL_PushEvent(&e);
  };
  auto ai_client = std::make_unique<ui::ThreadAiClient>();
  ai_client->set_wake(wake);
  auto controller = std::make_unique<ui::Controller>(std::move(ai_client), players);
  const std::string save_file = args.save_file.empty() ? config_path("game.txt") : args.save_file;
  std::string saved_text;  // what the file holds now, to write only changes
  if (args.save && !save_file.empty() && fs::exists(save_file)) saved_text = read_text_file(save_file);
  if (int rc = set_up_game(*controller, args, players, save_file, saved_text)) return rc;

  // The expert-game database behind the explorer (ui/explorer_session.h), on its thread.
  auto explorer_client = std::make_unique<ui::ThreadExplorerClient>(
      args.database.empty() ? default_data_path("expert-games.bin") : args.database,
      default_data_path("player-ratings.bin"));  // the players' ratings beside a player's record
  ui::ThreadExplorerClient& expert_games = *explorer_client;
  explorer_client->set_wake(wake);
  controller->set_explorer_client(std::move(explorer_client));
  if (args.game >= 0)
    if (int rc = replay_expert_game(*controller, expert_games, args.game)) return rc;
  if (int rc = show_as_asked(*controller, args)) return rc;

  // Practice: the record beside the saved game (read now, written as it changes), the
  // puzzles read the first time they are wanted. A missing or corrupt puzzle file is
  // said in the panel and the game goes on, with --practice and --daily too.
  DesktopPractice practice(*controller, args.puzzles.empty() ? default_data_path("puzzles.bin") : args.puzzles,
                           args.save && !save_file.empty()
                               ? (fs::path(save_file).parent_path() / "practice-record.txt").string()
                               : std::string());
  practice.restore();
  // Your games: history.ggf beside the saved game (not with --no-save).
  keep_history(*controller, args.save && !save_file.empty()
                                ? (fs::path(save_file).parent_path() / "history.ggf").string()
                                : std::string(),
               &history_panel);
  start_practice(*controller, practice, args);

  const Screen screen = open_screen(args);
  if (!screen.window) return 1;
  SDL_Window* window = screen.window;
  SDL_Renderer* renderer = screen.renderer;

  int exit_code = 0;
  {
    auto latin = load_font("DejaVuSans.ttf", {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"});
    if (latin.empty())
      std::fprintf(stderr, "reversi: no font found (looked for assets/fonts/DejaVuSans.ttf); text will be missing\n");
    // The Japanese texts' characters (the subset made by scripts/subset-font.sh, else IPAGothic itself).
    auto japanese = load_font("JaGothicSubset.ttf", {"/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"});
    if (japanese.empty() && controller->options().lang == ui::Lang::Ja)
      std::fprintf(stderr, "reversi: no Japanese font found (assets/fonts/JaGothicSubset.ttf); showing '?'\n");
    ui::SdlApp app(window, renderer, *controller, std::move(latin), std::move(japanese));
    app.set_practice_hooks({[&] { return practice.load_puzzles(); }, &DesktopPractice::today});
    app.set_history(&history_panel);
    if (args.history) {
      SDL_Event g{};
      g.type = SDL_KEYDOWN;
      g.key.keysym.sym = SDLK_g;
      app.handle_event(g);  // as the key does (no room: said in the panel)
    }
    if (args.scale > 0) app.set_pixel_ratio(args.scale);
#ifdef _WIN32
    // Window units are pixels there: take the scale from the display's DPI.
    float ddpi = 0;
    if (args.scale <= 0 && SDL_GetDisplayDPI(SDL_GetWindowDisplayIndex(window), &ddpi, nullptr, nullptr) == 0 &&
        ddpi > 110)
      app.set_pixel_ratio(ddpi / 96.0f);
#endif
    // The game is written whenever it changes (moves, undo, settings), so closing
    // the window any way at all loses nothing; the practice record beside it.
    std::string stored = saved_text;
    auto store_game = [&] {
      if (!args.save || save_file.empty()) return;
      std::string now = controller->save();
      if (now == stored) return;
      if (write_text_file(save_file, now)) stored = std::move(now);
      else std::fprintf(stderr, "reversi: cannot write %s\n", save_file.c_str());
    };
    const std::function<void()> store = [&] { store_game(), practice.store(); };
    exit_code = run_frames(*controller, app, renderer, args, woken, store);
    store();
    if (args.state) std::printf("%s\n", controller->state_json().c_str());
  }
  controller.reset();  // joins the AI thread before SDL goes away
  SDL_DestroyRenderer(renderer);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return exit_code;
}
