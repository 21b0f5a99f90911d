#!/usr/bin/env bash
# docs/architecture.md's list of tests (its "## The tests" section) against the tree:
#   - every file under tests/ (but the CMake files and the browser suites' npm files) is
#     named in the section, as `tests/...`, and every `tests/...` the section names exists;
#   - no Catch2 test is named with ';' (ctest would run none of it);
#   - nor with a backslash (Catch2's command line reads it as an escape);
#   - a test file of a module folder, tests/{core,engine,lab,platform,ui}/test_NAME.cpp, is
#     named for the module it tests: NAME is a module of src/ in the same folder (a file
#     src/FOLDER/NAME.cpp or .h), or such a module and an aspect (test_controller_history.cpp,
#     test_thread_ai_client_analysis.cpp), so that a module's tests are found by its name.
# Fails naming each difference. Run by scripts/test.sh (so by CI) and by ctest (test-map).
#   scripts/check-test-map.sh            the check
#   scripts/check-test-map.sh --untested also lists the modules without a test file of their own
set -euo pipefail
cd "$(dirname "$0")/.."

doc=docs/architecture.md
module_dirs="core engine lab platform ui"
problems=0
problem() { echo "check-test-map: $*" >&2; problems=$((problems + 1)); }

section=$(awk '/^## The tests[[:space:]]*$/ { on = 1; next } on && /^## / { exit } on' "$doc")
if [ -z "$section" ]; then
  echo "check-test-map: $doc has no \"## The tests\" section" >&2
  exit 1
fi

# The files it names: `tests/...` in back quotes, lower case (not a folder, a pattern such as
# tests/FOLDER/test_MODULE.cpp or tests/platform/test_thread_ai_client*.cpp, or a CMakeLists.txt).
listed=$(grep -oE '`tests/[a-z0-9_./-]+\.[a-z]+`' <<<"$section" | tr -d '`' | sort -u || true)
# The files of the tree: git's (tracked, and new ones not ignored: not node_modules or what a
# run leaves), or every file when this is not a git checkout.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files_under() { git ls-files --cached --others --exclude-standard -- "$1" | while IFS= read -r f; do [ -e "$f" ] && echo "$f"; done; }
else
  files_under() { find "$1" -type f ! -path '*/node_modules/*'; }
fi
in_tree=$(files_under tests | grep -vE '(^|/)CMakeLists\.txt$|^tests/browser/package(-lock)?\.json$' | sort -u)

while IFS= read -r f; do
  [ -n "$f" ] || continue
  problem "$f is in the tree but not in $doc's \"## The tests\" (add it, with what it tests)"
done < <(comm -13 <(printf '%s\n' "$listed") <(printf '%s\n' "$in_tree"))
while IFS= read -r f; do
  [ -n "$f" ] || continue
  problem "$doc's \"## The tests\" names $f, which is not in the tree"
done < <(comm -23 <(printf '%s\n' "$listed") <(printf '%s\n' "$in_tree"))

# A module folder's test files: test_MODULE[_ASPECT].cpp, MODULE a source of src/FOLDER.
modules_of() { find "src/$1" -maxdepth 1 -type f \( -name '*.cpp' -o -name '*.h' \) \
                 -printf '%f\n' | sed -E 's/\.(cpp|h)$//' | sort -u; }
for dir in $module_dirs; do
  [ -d "tests/$dir" ] || continue
  modules=$(modules_of "$dir")
  while IFS= read -r f; do
    name=$(basename "$f")
    case "$name" in
      test_*.cpp) ;;
      *) problem "$f: a test file of tests/$dir is named test_MODULE.cpp (helpers go in tests/support)"; continue ;;
    esac
    stem=${name#test_}; stem=${stem%.cpp}
    found=
    while IFS= read -r m; do
      if [ "$stem" = "$m" ] || [ "${stem#"${m}"_}" != "$stem" ]; then found=$m; break; fi
    done <<<"$modules"
    [ -n "$found" ] || problem "$f: no module src/$dir/${stem}.cpp or .h (nor one its name starts with): name it test_MODULE.cpp or test_MODULE_ASPECT.cpp after the module it tests"
  done < <(grep -E "^tests/$dir/[^/]+$" <<<"$in_tree")
done
# The flat layout is gone: a test file directly in tests/ belongs in its module's folder.
while IFS= read -r f; do
  problem "$f: put it in the folder of the module it tests (tests/core, tests/engine, tests/lab, tests/platform, tests/ui; tests/cli, tests/tools for the shell tests; tests/support for helpers)"
done < <(grep -E '^tests/[^/]+$' <<<"$in_tree" || true)

# A Catch2 test named with ';' is never run by ctest: catch_discover_tests (Catch2 2.13) reads
# the names as a CMake list, so it makes two tests of the two halves, each matching no test
# case, each passing with "No tests ran". (22 tests were so left out until this check.)
while IFS= read -r hit; do
  problem "$hit: a test name with ';' is cut there by catch_discover_tests and never runs under ctest (write ',')"
done < <(grep -nE '^[[:space:]]*(TEST_CASE|SCENARIO|TEMPLATE_TEST_CASE)[[:space:]]*\("[^"]*;' \
           $(grep -E '\.(cpp|h)$' <<<"$in_tree") /dev/null | cut -d: -f1,2 || true)

# Nor is one named with a backslash: Catch2's command line reads it as an escape ('\\r' becomes
# 'r'), so the name ctest passes matches no test case and --warn NoTests fails it.
while IFS= read -r hit; do
  problem "$hit: a test name with a backslash matches no test on Catch2's command line (say it in words)"
done < <(grep -nE '^[[:space:]]*(TEST_CASE|SCENARIO|TEMPLATE_TEST_CASE)[[:space:]]*\("[^"]*\\' \
           $(grep -E '\.(cpp|h)$' <<<"$in_tree") /dev/null | cut -d: -f1,2 || true)

if [ "$problems" -gt 0 ]; then
  echo "check-test-map: $problems problem(s) with the tests and their list in $doc" >&2
  exit 1
fi
echo "check-test-map: $(wc -l <<<"$in_tree") files under tests/, each in $doc and named for what it tests"

# A .cpp without a header of its own whose name starts with another module's and '_' is a part
# of that module (search_node.cpp of search.h, renderer_board.cpp of renderer.h), tested with it.
part_of() {  # part_of DIR NAME: the module NAME.cpp is a part of, or nothing
  [ -e "src/$1/$2.h" ] && return 0
  local m
  while IFS= read -r m; do
    if [ "$m" != "$2" ] && [ "${2#"${m}"_}" != "$2" ] && [ -e "src/$1/$m.h" ]; then echo "$m"; return 0; fi
  done < <(modules_of "$1")
}
if [ "${1:-}" = --untested ]; then
  echo "modules without a test file of their own (tests/FOLDER/test_MODULE[_ASPECT].cpp; a part,"
  echo "MODULE_PART.cpp without a header, is counted with its module):"
  for dir in $module_dirs; do
    while IFS= read -r m; do
      [ -z "$(part_of "$dir" "$m")" ] || continue
      compgen -G "tests/$dir/test_${m}.cpp" >/dev/null || compgen -G "tests/$dir/test_${m}_*.cpp" >/dev/null ||
        echo "  $dir/$m"
    done < <(modules_of "$dir")
  done
fi
