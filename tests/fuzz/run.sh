#!/usr/bin/env bash
# Fuzzes the Quake 3 map reader and the Doom WAD reader: configures and builds the `fuzz` preset
# (clang, libFuzzer + ASan), writes seed corpora into build/fuzz/corpus and build/fuzz/corpus_wad,
# and runs fuzz_bsp for SECONDS (default 60), then fuzz_wad for WAD_SECONDS (default 30).
# Exits non-zero when the fuzzer finds a crash; the input is left in build/fuzz/artifacts/.
set -euo pipefail
seconds="${1:-60}"
wad_seconds="${2:-30}"
cd "$(dirname "$0")/../.."

cmake --preset fuzz
cmake --build --preset fuzz --target fuzz_bsp fuzz_bsp_corpus fuzz_wad fuzz_wad_corpus

corpus=build/fuzz/corpus
artifacts=build/fuzz/artifacts
mkdir -p "$corpus" "$artifacts"
build/fuzz/tests/fuzz/fuzz_bsp_corpus "$corpus"

# -timeout: a map that takes seconds to read is a bug too; -rss_limit_mb: same for memory.
build/fuzz/tests/fuzz/fuzz_bsp \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 \
  "$corpus"

# The Doom WAD reader (freedoom maps as seeds when the package is installed).
wad_corpus=build/fuzz/corpus_wad
mkdir -p "$wad_corpus"
build/fuzz/tests/fuzz/fuzz_wad_corpus "$wad_corpus"
build/fuzz/tests/fuzz/fuzz_wad \
  -max_total_time="$wad_seconds" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$artifacts/wad-" -print_final_stats=1 \
  "$wad_corpus"
