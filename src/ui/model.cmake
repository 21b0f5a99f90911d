# reversi_ui_model: the game model without SDL (controller, the analysis session and the
# review, options, layout, animation, texts, the AI client interface; its two
# implementations, the desktop's thread client and the web's worker client, are in
# src/platform), included by src/ui/CMakeLists.txt and by fuzz/ (whose build has no
# SDL). Paths are from this file; the generated catalog goes to the
# including folder's build directory.
# The texts in English and Japanese (assets/i18n/<lang>.json, the one catalog per
# language that the web page reads too) are built into the game as constants.
set(_i18n_dir ${PROJECT_SOURCE_DIR}/assets/i18n)
set(_i18n_cpp ${CMAKE_CURRENT_BINARY_DIR}/i18n_catalog.cpp)
add_custom_command(
  OUTPUT ${_i18n_cpp}
  COMMAND ${CMAKE_COMMAND} -DI18N_DIR=${_i18n_dir} -DOUT=${_i18n_cpp}
          -P ${CMAKE_CURRENT_LIST_DIR}/embed_i18n.cmake
  DEPENDS ${_i18n_dir}/en.json ${_i18n_dir}/ja.json ${CMAKE_CURRENT_LIST_DIR}/embed_i18n.cmake
  COMMENT "Embedding the i18n catalogs"
  VERBATIM)

add_library(reversi_ui_model STATIC
  ${CMAKE_CURRENT_LIST_DIR}/ai_client.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analysis_session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/animation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/controller.cpp
  ${CMAKE_CURRENT_LIST_DIR}/controller_history.cpp
  ${CMAKE_CURRENT_LIST_DIR}/controller_practice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/controller_preview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/controller_saves.cpp
  ${CMAKE_CURRENT_LIST_DIR}/controller_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/explorer_move.cpp
  ${CMAKE_CURRENT_LIST_DIR}/explorer_session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/history_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/layout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/options.cpp
  ${CMAKE_CURRENT_LIST_DIR}/practice_record.cpp
  ${CMAKE_CURRENT_LIST_DIR}/practice_rules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/practice_session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/review.cpp
  ${CMAKE_CURRENT_LIST_DIR}/table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/text.cpp
  ${_i18n_cpp})
target_link_libraries(reversi_ui_model PUBLIC reversi_engine)
target_include_directories(reversi_ui_model PUBLIC ${PROJECT_SOURCE_DIR}/src)

