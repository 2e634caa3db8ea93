#!/usr/bin/env bash
# Sets up the machine, then builds and runs every test: a clean Release build and the sanitizer
# build (ASan + UBSan), each with ctest, plus a bounded fuzzing run of every fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
jobs="$(nproc)"
for preset in release sanitize; do
  rm -rf "build/$preset"
  cmake --preset "$preset"
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
if [ -x tests/fuzz/run.sh ] || [ -f tests/fuzz/run.sh ]; then
  bash tests/fuzz/run.sh "${PRISM_FUZZ_SECONDS:-20}"  # seconds per target (six targets; longer runs: set it)
fi
