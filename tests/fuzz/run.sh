#!/usr/bin/env bash
# Fuzzes every libFuzzer target for SECONDS each (default 30; eight targets, as many at once as
# there are cores, so about 2 minutes on two): configures and builds the `fuzz` preset (clang, libFuzzer + ASan), seeds each
# target's working corpus in build/fuzz/corpus/TARGET from the repository's corpus
# (tests/fuzz/corpus/TARGET: small seeds and every crash found so far, kept as regressions) and,
# for the map targets, from the generated maps (fuzz_bsp_corpus: oa_dm4, cut copies, the tiny
# map, oa_dm1 with a flipped header byte) and for the WAD target from Freedoom's maps
# (fuzz_wad_corpus, when the package is installed). Prints execs/s and coverage per target.
# Exits non-zero when a fuzzer finds a crash; the input is left in build/fuzz/artifacts/TARGET/.
set -euo pipefail
seconds="${1:-30}"
cd "$(dirname "$0")/../.."

targets=(fuzz_bsp fuzz_pipeline fuzz_mesh fuzz_query_lines fuzz_session fuzz_walk_script fuzz_wad fuzz_recording)
cmake --preset fuzz
cmake --build --preset fuzz --target "${targets[@]}" fuzz_bsp_corpus fuzz_wad_corpus

generated=build/fuzz/corpus/generated_maps
mkdir -p "$generated"
build/fuzz/tests/fuzz/fuzz_bsp_corpus "$generated"
generated_wads=build/fuzz/corpus/generated_wads
mkdir -p "$generated_wads"
build/fuzz/tests/fuzz/fuzz_wad_corpus "$generated_wads"

# One target: its regression inputs, then SECONDS of fuzzing; its summary line goes to
# build/fuzz/TARGET.summary and its status to build/fuzz/TARGET.rc.
fuzz_target() {
  local target="$1" corpus="build/fuzz/corpus/$1" artifacts="build/fuzz/artifacts/$1"
  local log="build/fuzz/$1.log" rc=0 seeds
  mkdir -p "$corpus" "$artifacts"
  case "$target" in
    fuzz_bsp|fuzz_pipeline) seeds=("$generated") ;;
    fuzz_wad) seeds=("$generated_wads") ;;
    *) seeds=() ;;
  esac
  if [ -d "tests/fuzz/corpus/$target" ]; then seeds+=("tests/fuzz/corpus/$target"); fi
  # The repository's inputs first, as regressions: each must run clean.
  if [ -d "tests/fuzz/corpus/$target" ] && ls "tests/fuzz/corpus/$target"/* > /dev/null 2>&1; then
    "build/fuzz/tests/fuzz/$target" -runs=0 "tests/fuzz/corpus/$target"/* > /dev/null 2>&1 ||
      { echo "$target: a regression input in tests/fuzz/corpus/$target crashes" > "$log.regression"; rc=1; }
  fi
  # -timeout: an input that takes seconds is a bug too; -rss_limit_mb: same for memory.
  "build/fuzz/tests/fuzz/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 \
    "$corpus" "${seeds[@]}" > "$log" 2>&1 || rc=$?
  local runs rate cov ft
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1 || true)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1 || true)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2 || true)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2 || true)
  printf '%-18s %6ss  runs %9s  execs/s %6s  cov %6s  ft %6s  rc %s\n' \
    "$target" "$seconds" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$rc" > "build/fuzz/$target.summary"
  echo "$rc" > "build/fuzz/$target.rc"
}

# Each fuzzer runs on one core: as many at once as there are cores (a fuzzer's -max_total_time
# is wall time, so each still gets its SECONDS).
parallel="$(nproc)"
running=0
for target in "${targets[@]}"; do
  rm -f "build/fuzz/$target.rc" "build/fuzz/$target.summary" "build/fuzz/$target.log.regression"
  fuzz_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then wait -n || true; running=$((running - 1)); fi
done
wait

status=0
for target in "${targets[@]}"; do
  echo "== $target"
  if [ -f "build/fuzz/$target.log.regression" ]; then cat "build/fuzz/$target.log.regression"; fi
  tail -n 20 "build/fuzz/$target.log"
  if [ "$(cat "build/fuzz/$target.rc" 2>/dev/null)" != 0 ]; then status=1; fi
done
echo
echo "fuzz summary (libFuzzer's own figures: cov = edges covered, ft = features):"
for target in "${targets[@]}"; do cat "build/fuzz/$target.summary" 2>/dev/null || echo "$target: no summary"; done
exit "$status"
