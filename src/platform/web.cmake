# The web build (Emscripten): two programs and the page around them, assembled
# into one folder of static files, ${REVERSI_WEB_DIST_DIR} (default <build>/dist):
#   index.html, style.css            the page shell (from web/)
#   js/*.js                          the page's script, ES modules: the panels and window.reversi
#                                    (every file of web/js/, loaded from js/main.js)
#   i18n.js                          the catalog, English and Japanese (assets/i18n, scripts/web-i18n.mjs)
#   game.js, game.wasm               the SDL2 game: controller, renderer, main loop
#   ai-worker.js, ai-worker.wasm     the engine in a Web Worker (-sBUILD_AS_WORKER)
#   puzzles.bin                      the practice puzzles, fetched when Practice first opens
#   human-openings.bin               the human players' openings, fetched when one is first chosen
#   offline.js, sw.js, manifest.webmanifest, icons   offline play and installing (web/README.md)
# Both programs carry the build id (web_build_id.cpp), stamped with the other files'
# hash by scripts/web-manifest.mjs, which also writes sw.js's list of files.
#   ai-worker-threads.js/.wasm/.worker.js   the same AI on N threads, for pages that are
#                                    cross-origin isolated (issue 28; the other worker elsewhere)
# Without isolation (no SharedArrayBuffer) the page runs the single-thread worker: any
# static host serves it, also in an iframe.

set(REVERSI_WEB_DIST_DIR "${CMAKE_BINARY_DIR}/dist" CACHE PATH "Where the web build's static files go")

# ---- the AI worker ------------------------------------------------------------------
add_executable(reversi_ai_worker ai_worker.cpp web_ai_protocol.cpp web_build_id.cpp)
target_link_libraries(reversi_ai_worker PRIVATE reversi_engine)
set_target_properties(reversi_ai_worker PROPERTIES OUTPUT_NAME ai-worker)
target_link_options(reversi_ai_worker PRIVATE
  -sBUILD_AS_WORKER=1
  -sENVIRONMENT=worker
  "-sEXPORTED_FUNCTIONS=[_ai_hello,_ai_choose,_ai_human_openings,_reversi_build_id]"
  # Posts the worker's build id to the game once it runs (window.reversi.build()).
  "--pre-js=${PROJECT_SOURCE_DIR}/web/build-id-worker.js"
  # An engine that cannot start (ai-worker.wasm missing or refused) is reported at once.
  "--pre-js=${PROJECT_SOURCE_DIR}/web/worker-faults.js"
  -sALLOW_MEMORY_GROWTH=1
  # No file system: the weights and the book are compiled in, and the worker opens no
  # file (the glue is half the size, 13 KB gzipped instead of 26).
  -sFILESYSTEM=0
  -sINITIAL_MEMORY=33554432)   # the searcher's transposition table lives here
set_property(TARGET reversi_ai_worker APPEND PROPERTY LINK_DEPENDS "${PROJECT_SOURCE_DIR}/web/build-id-worker.js")
set_property(TARGET reversi_ai_worker APPEND PROPERTY LINK_DEPENDS "${PROJECT_SOURCE_DIR}/web/worker-faults.js")

# ---- the threaded AI worker (issue 28) -----------------------------------------------
# The same worker program on N threads: ai-worker-threads.js/.wasm and the pthreads'
# own ai-worker-threads.worker.js. Only a cross-origin isolated page can run it
# (SharedArrayBuffer); the page picks one of the two workers (web/js/ai-build.js) and
# fetches only that one (scripts/web-manifest.mjs keeps both out of the precached list).
# Emscripten refuses -pthread with BUILD_AS_WORKER, so web/ai-worker-threads-pre.js
# speaks the same messages as BUILD_AS_WORKER's glue (emscripten_call_worker on the
# game's side is unchanged) and reads the worker URL's ?threads=N&memory=MB.
if(TARGET reversi_engine_mt)
  add_executable(reversi_ai_worker_threads ai_worker.cpp web_ai_protocol.cpp web_build_id.cpp)
  target_link_libraries(reversi_ai_worker_threads PRIVATE reversi_engine_mt)
  target_compile_definitions(reversi_ai_worker_threads PRIVATE REVERSI_AI_WORKER_THREADS=1)
  set_target_properties(reversi_ai_worker_threads PROPERTIES OUTPUT_NAME ai-worker-threads)
  target_link_options(reversi_ai_worker_threads PRIVATE
    -pthread
    -sENVIRONMENT=worker
    "-sEXPORTED_FUNCTIONS=[_ai_hello,_ai_choose,_ai_human_openings,_reversi_build_id,_malloc,_free]"
    "--pre-js=${PROJECT_SOURCE_DIR}/web/ai-worker-threads-pre.js"
    "--pre-js=${PROJECT_SOURCE_DIR}/web/build-id-worker.js"
    "--pre-js=${PROJECT_SOURCE_DIR}/web/worker-faults.js"
    # The helper threads' workers, started with the program (threads - 1, plus the
    # solver's second thread): a thread started later would wait for a worker that
    # cannot load while this one searches. Threads are started and joined by this
    # worker's own thread, so each search hands its workers back to the pool.
    -sPTHREAD_POOL_SIZE=reversiPoolSize
    -sPTHREAD_POOL_SIZE_STRICT=2
    # The memory is reserved once at start (Module.INITIAL_MEMORY, from ?memory=, sized
    # by the page for the device) and bounded by MAXIMUM_MEMORY; growth is allowed only
    # as a safety net (with threads it slows the JavaScript side's heap access, which
    # here is only the messages).
    -sALLOW_MEMORY_GROWTH=1
    -sMAXIMUM_MEMORY=536870912
    # The small allocator: the searches allocate their tables once, and dlmalloc's
    # thread-safe build costs the first visit ~KB (scripts/web-size.mjs' budget).
    -sMALLOC=emmalloc
    -sFILESYSTEM=0
    -sINITIAL_MEMORY=134217728)
  foreach(f ai-worker-threads-pre.js build-id-worker.js worker-faults.js)
    set_property(TARGET reversi_ai_worker_threads APPEND PROPERTY LINK_DEPENDS "${PROJECT_SOURCE_DIR}/web/${f}")
  endforeach()
  set(_reversi_ai_threads_files
      "$<TARGET_FILE_DIR:reversi_ai_worker_threads>/ai-worker-threads.js"
      "$<TARGET_FILE_DIR:reversi_ai_worker_threads>/ai-worker-threads.wasm"
      "$<TARGET_FILE_DIR:reversi_ai_worker_threads>/ai-worker-threads.worker.js")
  set(_reversi_ai_threads_target reversi_ai_worker_threads)
endif()

# ---- the explorer worker -------------------------------------------------------------
# The expert-game database and its queries (explorer_worker.cpp), in a worker the page
# starts the first time the explorer is opened: not part of the first visit's download
# (scripts/web-manifest.mjs keeps it and expert-games.bin out of the precached list; the
# service worker caches them when first fetched). Its JavaScript (web/explorer-worker-pre.js)
# fetches the database with progress and answers the page's messages.
add_executable(reversi_explorer_worker explorer_worker.cpp)
target_link_libraries(reversi_explorer_worker PRIVATE reversi_core)
set_target_properties(reversi_explorer_worker PROPERTIES OUTPUT_NAME explorer-worker)
target_link_options(reversi_explorer_worker PRIVATE
  -sENVIRONMENT=worker
  "-sEXPORTED_FUNCTIONS=[_malloc,_free,_explorer_load,_explorer_load_ratings,_explorer_query]"
  "-sEXPORTED_RUNTIME_METHODS=[cwrap,UTF8ToString]"
  "--pre-js=${PROJECT_SOURCE_DIR}/web/explorer-worker-pre.js"
  -sALLOW_MEMORY_GROWTH=1
  -sFILESYSTEM=0
  # The file (9.8 MB) and the index built from it (~51 MB) are held at once while
  # parsing: reserved up front rather than grown step by step.
  -sINITIAL_MEMORY=67108864)
set_property(TARGET reversi_explorer_worker APPEND PROPERTY LINK_DEPENDS "${PROJECT_SOURCE_DIR}/web/explorer-worker-pre.js")

# ---- the game ---------------------------------------------------------------------------
if(TARGET reversi_ui)
  if(NOT REVERSI_FONT_FILE OR NOT EXISTS "${REVERSI_FONT_FILE}")
    message(FATAL_ERROR "web build: the font (REVERSI_FONT_FILE='${REVERSI_FONT_FILE}') is missing")
  endif()
  # The page needs only the glyphs the game draws (Latin-1 and a few symbols, see
  # src/ui/font.cpp), and no hinting (stb_truetype ignores it): with fonttools'
  # pyftsubset (Debian: fonttools) the embedded font shrinks from ~760 KB to 41 KB.
  # Without it the whole font is embedded.
  find_program(REVERSI_PYFTSUBSET pyftsubset)
  set(_reversi_web_font "${REVERSI_FONT_FILE}")
  if(REVERSI_PYFTSUBSET)
    set(_reversi_web_font "${CMAKE_CURRENT_BINARY_DIR}/DejaVuSans-web.ttf")
    add_custom_command(OUTPUT "${_reversi_web_font}"
      COMMAND "${REVERSI_PYFTSUBSET}" "${REVERSI_FONT_FILE}"
              "--unicodes=U+0020-007E,U+00A0-00FF,U+2010-2027,U+2190-21FF,U+2212,U+25A0-25FF"
              --no-hinting "--output-file=${_reversi_web_font}"
      DEPENDS "${REVERSI_FONT_FILE}"
      COMMENT "Subsetting the font for the web page"
      VERBATIM)
  else()
    message(STATUS "web build: pyftsubset not found (Debian package fonttools): embedding the whole font")
  endif()
  # The Japanese glyphs: the canvas of the page draws only the board (LayoutKind::BoardOnly
  # in src/ui/renderer.cpp), whose only Japanese texts are the analysis' win/loss marks;
  # every other Japanese text of the page is HTML. So the web embeds just those glyphs
  # (a few hundred bytes) instead of the desktop's whole subset (its panel, help and
  # opening names: 57 KB). Add a key here when the board draws another text.
  set(_reversi_web_canvas_keys analysis.win analysis.loss)
  set(_reversi_web_ja_font "${PROJECT_SOURCE_DIR}/assets/fonts/JaGothicSubset.ttf")
  if(REVERSI_PYFTSUBSET)
    file(READ "${PROJECT_SOURCE_DIR}/assets/i18n/ja.json" _reversi_ja_catalog)
    set(_reversi_web_ja_text "")
    foreach(_key IN LISTS _reversi_web_canvas_keys)
      string(JSON _text GET "${_reversi_ja_catalog}" "${_key}")
      string(APPEND _reversi_web_ja_text "${_text}")
    endforeach()
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/i18n/ja.json")
    set(_reversi_web_ja_font "${CMAKE_CURRENT_BINARY_DIR}/JaGothic-web.ttf")
    add_custom_command(OUTPUT "${_reversi_web_ja_font}"
      COMMAND "${REVERSI_PYFTSUBSET}" "${PROJECT_SOURCE_DIR}/assets/fonts/JaGothicSubset.ttf"
              "--text=${_reversi_web_ja_text}" --no-hinting "--output-file=${_reversi_web_ja_font}"
      DEPENDS "${PROJECT_SOURCE_DIR}/assets/fonts/JaGothicSubset.ttf" "${PROJECT_SOURCE_DIR}/assets/i18n/ja.json"
      COMMENT "Subsetting the Japanese font to the texts the page's board draws"
      VERBATIM)
  endif()
  add_custom_target(reversi_web_font DEPENDS "${_reversi_web_font}" "${_reversi_web_ja_font}")

  add_executable(reversi_web web_main.cpp web_frame.cpp web_canvas.cpp web_saves.cpp web_events.cpp web_game_api.cpp
                 web_analysis.cpp web_computer.cpp web_ai_client.cpp web_explorer.cpp web_explorer_client.cpp web_history.cpp
                 web_practice.cpp sliced_analysis.cpp web_ai_protocol.cpp web_build_id.cpp)
  add_dependencies(reversi_web reversi_web_font)
  target_link_libraries(reversi_web PRIVATE reversi_ui)
  set_target_properties(reversi_web PROPERTIES OUTPUT_NAME game)
  # The C functions the page calls (web/js/program.js), by name through cwrap.
  set(_reversi_web_exports
    _main _malloc _free _reversi_build_id
    _web_state _web_play _web_new_game _web_set_options _web_undo _web_redo _web_hint
    _web_save _web_restore _web_players _web_start_messages _web_worker_status
    _web_square_center _web_frame_stats _web_ai_worker_error _web_restore_problem _web_retry_ai
    _web_human_openings _web_human_openings_failed _web_human_openings_state
    _web_board_rect _web_set_cursor _web_view _web_view_live _web_preview_line _web_end_preview
    _web_set_analysis _web_start_review _web_cancel_review _web_load _web_export
    _web_explorer_open _web_explorer_search _web_explorer_choose _web_explorer_replay _web_explorer_ask
    _web_explorer_progress _web_explorer_loaded _web_explorer_failed _web_explorer_answer
    _web_history_ids _web_history_read _web_history_open _web_history_summary
    _web_practice_load _web_practice_next _web_practice_daily _web_practice_mistakes _web_practice_kept_mistakes _web_practice_trainer
    _web_practice_hint _web_practice_play_out _web_practice_skip _web_practice_leave
    _web_practice_record _web_practice_restore _web_practice_reset)
  string(REPLACE ";" "," _reversi_web_exports "${_reversi_web_exports}")
  target_link_options(reversi_web PRIVATE
    -sENVIRONMENT=web
    -sALLOW_MEMORY_GROWTH=1
    "-sEXPORTED_FUNCTIONS=[${_reversi_web_exports}]"
    "-sEXPORTED_RUNTIME_METHODS=[cwrap,ccall,UTF8ToString,stringToUTF8,lengthBytesUTF8]"
    # The page keeps running after main() returns into the browser's frame loop.
    -sEXIT_RUNTIME=0
    # Embedded (not --preload-file): one fewer request, and file:// style hosts that
    # cannot XHR a .data file still work. The path is what web_main.cpp opens.
    "--embed-file=${_reversi_web_font}@/assets/DejaVuSans.ttf"
    # The Japanese texts the board draws (win/loss marks of the analysis), see above.
    "--embed-file=${_reversi_web_ja_font}@/assets/JaGothicSubset.ttf"
    # Keeps the build id the AI worker reports (window.reversi.build()).
    "--post-js=${PROJECT_SOURCE_DIR}/web/build-id-game.js")
  set_property(TARGET reversi_web APPEND PROPERTY LINK_DEPENDS "${_reversi_web_font}" "${PROJECT_SOURCE_DIR}/web/build-id-game.js"
               "${_reversi_web_ja_font}")
  # The game's own code is optimised for size (issue 13: the download at most 1 MB
  # gzipped): it draws and reacts, the searching is the worker's, which stays at -O3.
  # -Oz on the front end's libraries and at the link (wasm-opt, over SDL2 too).
  target_compile_options(reversi_ui PRIVATE -Oz)
  target_compile_options(reversi_ui_model PRIVATE -Oz)
  target_compile_options(reversi_web PRIVATE -Oz)
  target_link_options(reversi_web PRIVATE -Oz)

  # ---- the folder of static files -----------------------------------------------------
  # Assembled afresh each time (no leftovers: the service worker caches every file),
  # then scripts/web-manifest.mjs stamps the build id and writes sw.js.
  find_program(REVERSI_NODE NAMES node nodejs REQUIRED)
  # _headers: the isolation headers for hosts that read such a file (README, issue 28).
  set(_reversi_web_page_files index.html style.css offline.js manifest.webmanifest _headers)
  set(_reversi_web_page_sources)
  foreach(f IN LISTS _reversi_web_page_files)
    list(APPEND _reversi_web_page_sources "${PROJECT_SOURCE_DIR}/web/${f}")
  endforeach()
  # The page's modules: the folder is their list (a new module needs no line here).
  file(GLOB _reversi_web_modules CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/web/js/*.js")
  set(_reversi_web_icons)
  foreach(f IN ITEMS icon-192.png icon-512.png icon-maskable-512.png apple-touch-icon.png favicon.ico favicon.svg)
    list(APPEND _reversi_web_icons "${PROJECT_SOURCE_DIR}/assets/icons/${f}")
  endforeach()
  file(GLOB _reversi_web_i18n CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/i18n/*.json")
  add_custom_target(reversi_web_dist ALL
    COMMAND ${CMAKE_COMMAND} -E rm -rf "${REVERSI_WEB_DIST_DIR}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${REVERSI_WEB_DIST_DIR}"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${_reversi_web_icons} "${REVERSI_WEB_DIST_DIR}/"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${_reversi_web_page_sources} "${REVERSI_WEB_DIST_DIR}/"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${REVERSI_WEB_DIST_DIR}/js"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${_reversi_web_modules} "${REVERSI_WEB_DIST_DIR}/js/"
    COMMAND ${CMAKE_COMMAND} -E copy_if_different
            "$<TARGET_FILE_DIR:reversi_web>/game.js" "$<TARGET_FILE_DIR:reversi_web>/game.wasm"
            "$<TARGET_FILE_DIR:reversi_ai_worker>/ai-worker.js" "$<TARGET_FILE_DIR:reversi_ai_worker>/ai-worker.wasm"
            "$<TARGET_FILE_DIR:reversi_explorer_worker>/explorer-worker.js"
            "$<TARGET_FILE_DIR:reversi_explorer_worker>/explorer-worker.wasm"
            "${PROJECT_SOURCE_DIR}/data/expert-games.bin" "${PROJECT_SOURCE_DIR}/data/player-ratings.bin"
            "${PROJECT_SOURCE_DIR}/data/puzzles.bin" "${PROJECT_SOURCE_DIR}/data/human-openings.bin"
            ${_reversi_ai_threads_files}
            "${REVERSI_WEB_DIST_DIR}/"
    COMMAND "${REVERSI_NODE}" "${PROJECT_SOURCE_DIR}/scripts/web-i18n.mjs" "${REVERSI_WEB_DIST_DIR}"
    COMMAND "${REVERSI_NODE}" "${PROJECT_SOURCE_DIR}/scripts/web-manifest.mjs" "${REVERSI_WEB_DIST_DIR}"
            --template "${PROJECT_SOURCE_DIR}/web/sw.js"
    DEPENDS reversi_web reversi_ai_worker ${_reversi_ai_threads_target} reversi_explorer_worker "${PROJECT_SOURCE_DIR}/data/expert-games.bin"
            "${PROJECT_SOURCE_DIR}/data/player-ratings.bin" "${PROJECT_SOURCE_DIR}/data/puzzles.bin"
            "${PROJECT_SOURCE_DIR}/data/human-openings.bin"
            ${_reversi_web_page_sources} ${_reversi_web_modules} ${_reversi_web_icons}
            "${PROJECT_SOURCE_DIR}/web/sw.js" "${PROJECT_SOURCE_DIR}/scripts/web-manifest.mjs"
            "${PROJECT_SOURCE_DIR}/scripts/web-i18n.mjs" ${_reversi_web_i18n}
    COMMENT "Assembling the web page in ${REVERSI_WEB_DIST_DIR}"
    VERBATIM)
endif()
