#!/usr/bin/env bash
# Sets up the machine, then builds and runs every test: a clean Release build and the sanitizer
# build (ASan + UBSan), each with ctest, the core's suites again with denormals-are-zero on,
# the Release suites again on the SSE path (PRISM_SIMD=sse), plus a bounded fuzzing run of every
# fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
# Only the programs a fresh Debian 12 machine has after tools/setup.sh are on PATH from here on,
# so a test or script that calls one nobody installs fails here as it would there.
fresh_path="$(bash tools/fresh_path.sh)"
export PATH="$fresh_path"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
jobs="$(nproc)"
# ctest runs one test more than there are cores: the window tests spend seconds waiting on real
# time (the redraw gate, key scripts) and the package checks on the disk, and another test fills
# that core.
test_jobs=$((jobs + 1))
deb_check='Package.DebInstalls'  # the .deb on a bare Debian 12 root (tests/package)
# The box and capsule comparison with Bullet runs once, in the sanitizer pass: it is mostly
# Bullet's time (Debian's library, the same in every pass), its results are the same in every
# build (no -ffast-math, no contraction), and our side of it is checked in every pass by the
# BVH-equals-brute-force and exact-reference suites beside it. In the Release pass, beside the
# package's build of the core and the window tests, its four tests took 440 s of one core
# (ctf_inyard's two 200 s and 178 s) in a stage of 374 s on two (170fc15); under the sanitizers, 126 s.
peer_once='RealMaps/BoxAndCapsuleAgreeWithBullet.*'
for preset in release sanitize; do
  rm -rf "build/$preset"
  cmake --preset "$preset"
  cmake --build --preset "$preset" -j "$jobs"
  if [ "$preset" = release ]; then
    ctest --preset release -j "$test_jobs" -E "$deb_check|$peer_once"
    # The .deb check is mostly downloading and unpacking Debian's packages into a new root
    # (minutes, little CPU): it runs beside the sanitizer stage and is waited for at the end.
    (ctest --preset release -R "$deb_check" --output-on-failure >build/deb_check.log 2>&1
     echo $? >build/deb_check.rc) &
    deb_pid=$!
  else
    ctest --preset "$preset" -j "$test_jobs"
  fi
done
# The core's suites once more with denormals-are-zero and flush-to-zero on, as a game may run
# them: the programs linking tests/support/denormals_are_zero.cpp read PRISM_TEST_DAZ. Two at a
# time (each runs its tests one after another). The box and capsule comparison with Bullet is
# left out here and in the SSE pass below (peer_once, above).
printf '%s\n' collision/test_collision collision/movement/test_movement collision/movement/test_movement_seeds \
               collision/movement/test_batch collision/movement/test_real_map_walks collision2d/test_doom_maps peer/test_peer |
  PEER_ONCE="$peer_once" xargs -P 2 -I{} bash -c '
    program="{}"
    filter="*"
    [ "$program" = peer/test_peer ] && filter="-$PEER_ONCE"
    if out="$(cd "build/release/tests/$(dirname "$program")" && PRISM_TEST_DAZ=1 "./$(basename "$program")" --gtest_brief=1 --gtest_filter="$filter" 2>&1)"; then
      echo "denormals are zero: $program: passed"
    else
      echo "denormals are zero: $program: FAILED"; echo "$out" | tail -n 40; exit 255
    fi'
# Every suite but the renderer's once more on the 4-wide SSE path: where the CPU has AVX2 the
# queries take the 8-wide AVX2 one (collision::bvh_uses_avx2()), and PRISM_SIMD=sse forces the
# other, which must give the same results.
# (Not the package's checks either: they build and run the same example again; nor the box and
# capsule comparison with Bullet, as above.)
echo "SSE path (PRISM_SIMD=sse): ctest --preset release -LE 'renderer|package' -E '$peer_once'"
PRISM_SIMD=sse ctest --preset release -j "$test_jobs" -LE 'renderer|package' -E "$peer_once"
if [ -x tests/fuzz/run.sh ] || [ -f tests/fuzz/run.sh ]; then
  bash tests/fuzz/run.sh "${PRISM_FUZZ_SECONDS:-8}"  # seconds per target (eight targets, two at a time on two cores; longer runs: set it)
fi
wait "$deb_pid"
echo "== the .deb on a bare Debian 12 root:"
tail -n 25 build/deb_check.log
[ "$(cat build/deb_check.rc)" = 0 ]
