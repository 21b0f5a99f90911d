# The web build (Emscripten): two programs and the page around them, assembled
# into one folder of static files, ${REVERSI_WEB_DIST_DIR} (default <build>/dist):
#   index.html, style.css, page.js   the page shell and window.reversi (from web/)
#   game.js, game.wasm               the SDL2 game: controller, renderer, main loop
#   ai-worker.js, ai-worker.wasm     the engine in a Web Worker (-sBUILD_AS_WORKER)
# No threads, no SharedArrayBuffer: any static host serves it, also in an iframe.

set(REVERSI_WEB_DIST_DIR "${CMAKE_BINARY_DIR}/dist" CACHE PATH "Where the web build's static files go")

# ---- the AI worker ------------------------------------------------------------------
add_executable(reversi_ai_worker ai_worker.cpp web_ai_protocol.cpp)
target_link_libraries(reversi_ai_worker PRIVATE reversi_engine)
set_target_properties(reversi_ai_worker PROPERTIES OUTPUT_NAME ai-worker)
target_link_options(reversi_ai_worker PRIVATE
  -sBUILD_AS_WORKER=1
  -sENVIRONMENT=worker
  "-sEXPORTED_FUNCTIONS=[_ai_hello,_ai_choose]"
  -sALLOW_MEMORY_GROWTH=1
  -sINITIAL_MEMORY=33554432)   # the searcher's transposition table lives here

# ---- the game ---------------------------------------------------------------------------
if(TARGET reversi_ui)
  if(NOT REVERSI_FONT_FILE OR NOT EXISTS "${REVERSI_FONT_FILE}")
    message(FATAL_ERROR "web build: the font (REVERSI_FONT_FILE='${REVERSI_FONT_FILE}') is missing")
  endif()
  add_executable(reversi_web web_main.cpp web_ai_client.cpp web_ai_protocol.cpp)
  target_link_libraries(reversi_web PRIVATE reversi_ui)
  set_target_properties(reversi_web PROPERTIES OUTPUT_NAME game)
  # The C functions window.reversi calls (web/page.js), by name through cwrap.
  set(_reversi_web_exports
    _main _malloc _free
    _web_state _web_play _web_new_game _web_set_options _web_undo _web_redo _web_hint
    _web_save _web_restore _web_players _web_start_messages _web_worker_status
    _web_square_center _web_frame_stats _web_ai_worker_error)
  string(REPLACE ";" "," _reversi_web_exports "${_reversi_web_exports}")
  target_link_options(reversi_web PRIVATE
    -sENVIRONMENT=web
    -sALLOW_MEMORY_GROWTH=1
    "-sEXPORTED_FUNCTIONS=[${_reversi_web_exports}]"
    "-sEXPORTED_RUNTIME_METHODS=[cwrap,ccall,UTF8ToString]"
    # The page keeps running after main() returns into the browser's frame loop.
    -sEXIT_RUNTIME=0
    # Embedded (not --preload-file): one fewer request, and file:// style hosts that
    # cannot XHR a .data file still work. The path is what web_main.cpp opens.
    "--embed-file=${REVERSI_FONT_FILE}@/assets/DejaVuSans.ttf")
  set_property(TARGET reversi_web APPEND PROPERTY LINK_DEPENDS "${REVERSI_FONT_FILE}")

  # ---- the folder of static files -----------------------------------------------------
  set(_reversi_web_page_files index.html style.css page.js)
  set(_reversi_web_page_sources)
  foreach(f IN LISTS _reversi_web_page_files)
    list(APPEND _reversi_web_page_sources "${PROJECT_SOURCE_DIR}/web/${f}")
  endforeach()
  add_custom_target(reversi_web_dist ALL
    COMMAND ${CMAKE_COMMAND} -E make_directory "${REVERSI_WEB_DIST_DIR}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${_reversi_web_page_sources} "${REVERSI_WEB_DIST_DIR}/"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different
            "$<TARGET_FILE_DIR:reversi_web>/game.js" "$<TARGET_FILE_DIR:reversi_web>/game.wasm"
            "$<TARGET_FILE_DIR:reversi_ai_worker>/ai-worker.js" "$<TARGET_FILE_DIR:reversi_ai_worker>/ai-worker.wasm"
            "${REVERSI_WEB_DIST_DIR}/"
    DEPENDS reversi_web reversi_ai_worker ${_reversi_web_page_sources}
    COMMENT "Assembling the web page in ${REVERSI_WEB_DIST_DIR}"
    VERBATIM)
endif()
