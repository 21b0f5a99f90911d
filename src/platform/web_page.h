// What the page's C functions beside web_main.cpp share with it (web_history.cpp,
// web_explorer.cpp): the game's controller, the string handed back to JavaScript, and the
// program's events to the page (web/js/program.js, onProgramEvent).
#pragma once

#include <string>

#include "ui/controller.h"

namespace reversi::web {

// The controller once main() made it, else null (a call before the program started).
ui::Controller* page_controller();
// A string returned to JavaScript: valid until the next such call.
const char* give(std::string text);
// An error in the page's language (the controller's, which the page keeps as its own:
// api.setOptions('lang=...')); English before the controller is made.
std::string page_error_text(const Error& error);
// "" for success, else page_error_text: what every C function that can fail returns to
// JavaScript (window.reversi throws it as an Error's message).
const char* give_status(const Status& status);
// Every C function's answer when called before main() made the controller (no language is
// known yet: the English of "error.page.not_started", which the page's own scripts say with t()).
const char* give_not_started();
// An event for the page: a JSON object with its "type".
void tell_page(const std::string& json);

// The frame loop runs again (web_frame.cpp; it pauses while nothing moves, issue 44): for
// whatever changes what the program shows from outside a frame, a worker's reply, the page's
// call, an SDL event, the page's size. Called during a frame, it runs one frame more.
void wake_frames();
// The practice record may have changed: it goes to the page's storage after this frame.
void touch_practice_record();
// A computer player chosen again after its worker failed: a fresh worker (web_computer.cpp).
void restart_failed_ai();

// Once a frame, after the controller's update (web_explorer.cpp): the answers to the
// page's own questions to the explorer, as "explorer" events.
void tell_explorer_answers(ui::Controller& controller);

}  // namespace reversi::web
