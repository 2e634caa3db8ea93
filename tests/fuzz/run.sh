#!/usr/bin/env bash
# Fuzzes the Quake 3 map reader: configures and builds the `fuzz` preset (clang, libFuzzer +
# ASan), writes a seed corpus into build/fuzz/corpus, and runs fuzz_bsp for SECONDS (default 60).
# Exits non-zero when the fuzzer finds a crash; the input is left in build/fuzz/artifacts/.
set -euo pipefail
seconds="${1:-60}"
cd "$(dirname "$0")/../.."

cmake --preset fuzz
cmake --build --preset fuzz --target fuzz_bsp fuzz_bsp_corpus

corpus=build/fuzz/corpus
artifacts=build/fuzz/artifacts
mkdir -p "$corpus" "$artifacts"
build/fuzz/tests/fuzz/fuzz_bsp_corpus "$corpus"

# -timeout: a map that takes seconds to read is a bug too; -rss_limit_mb: same for memory.
build/fuzz/tests/fuzz/fuzz_bsp \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 \
  "$corpus"
