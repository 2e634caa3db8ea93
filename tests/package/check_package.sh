#!/usr/bin/env bash
# check_package.sh MODE SOURCE BUILD WORK: builds examples/hello_character.cpp the way a game
# would take Prism in, runs it on the default scene and prints its output.
#   find_package      install BUILD's core (`--component dev`) under WORK/prefix, configure
#                     examples/ as a project of its own with CMAKE_PREFIX_PATH=WORK/prefix
#   pkg-config        the same prefix, one compiler line with `pkg-config --cflags --libs prism`
#   add_subdirectory  tests/package/game: a game's tree with add_subdirectory(SOURCE), which
#                     builds the core from source (only the core)
# BUILD must have the core built (prism_collision, prism_collision2d, prism_levels). WORK is
# emptied first.
set -euo pipefail
mode=$1 src=$(cd "$2" && pwd) build=$(cd "$3" && pwd) work=$4
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
jobs=$(nproc)
# The compiler cache of the caller's environment is not the game's: build as a game would.
unset CMAKE_CXX_COMPILER_LAUNCHER CMAKE_C_COMPILER_LAUNCHER

install_core() {
  cmake --install "$build" --component dev --prefix "$work/prefix" >"$work/install.log"
}

case "$mode" in
  find_package)
    install_core
    cmake -S "$src/examples" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
          -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/configure.log"
    cmake --build "$work/build" -j "$jobs" >"$work/build.log"
    "$work/build/hello_character" "$src/assets/default_scene.obj"
    ;;
  pkg-config)
    install_core
    export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"
    # shellcheck disable=SC2046  # pkg-config's words are the compiler's arguments
    c++ -std=c++20 -O2 "$src/examples/hello_character.cpp" -o "$work/hello_character" $(pkg-config --cflags --libs prism)
    "$work/hello_character" "$src/assets/default_scene.obj"
    ;;
  add_subdirectory)
    # No build type (-O0) and a unity build: this checks what add_subdirectory defines and that
    # the game links and stands where the tree build does; -O3 would triple the minute the core
    # takes to compile, and one translation unit per eight sources halves it (the Release build
    # of the tree compiles every source on its own).
    cmake -S "$src/tests/package/game" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE= -DCMAKE_UNITY_BUILD=ON \
          -DPRISM_SOURCE_DIR="$src" | grep "prism options"
    cmake --build "$work/build" -j "$jobs" --target game >"$work/build.log"
    "$work/build/game" "$src/assets/default_scene.obj"
    ;;
  *) echo "check_package.sh: unknown mode '$mode' (find_package, pkg-config, add_subdirectory)" >&2; exit 2 ;;
esac
