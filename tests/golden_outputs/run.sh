#!/usr/bin/env bash
# The programs' outputs on fixed inputs, compared byte for byte with the files committed in
# tests/golden_outputs/expected/: prism-query's random, sweep (four bodies), ray, move (with its
# trace), walk, character, sector, segments and walk2d, and prism --headless in 3D (the default
# scene, a zoo scene with the offset-prism method, oa_dm1) and in 2D (E1M1). A change that
# should not change behaviour (a restructure, a refactor) must leave every file identical.
#
#   bash tests/golden_outputs/run.sh BUILD_DIR            check against expected/ (exit 1 on a difference)
#   bash tests/golden_outputs/run.sh BUILD_DIR --update   rewrite expected/ (after a deliberate change)
#   bash tests/golden_outputs/run.sh BUILD_DIR --snapshot DIR
#        every output into DIR, the headless runs' PNGs included: `diff -r` two snapshots made on
#        one machine (before and after a change) to see that the pictures are byte-identical too.
#        The PNGs are not in expected/: lavapipe's rasteriser is compiled for the CPU it runs on,
#        so pictures made on another machine may differ by a rounding in a few pixels (the
#        renderer's golden-image test compares them with a tolerance).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$(cd "${1:?usage: run.sh BUILD_DIR [--update | --snapshot DIR]}" && pwd)"
mode="${2:-check}"
query="$build/tools/prism-query/prism-query"
prism="$build/debugger/prism"
for exe in "$query" "$prism"; do [ -x "$exe" ] || { echo "golden outputs: $exe not built" >&2; exit 1; }; done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="$work/out"
mkdir -p "$out"
scene="$root/assets/default_scene.obj"
cd "$work"

# prism-query on the default scene and on a real map.
"$query" random "$scene" --count 300 --seed 7 > "$out/random_default.csv"
"$query" random oa_dm1 --count 300 --seed 11 --max-move 400 > "$out/random_oa_dm1.csv"
for body in "--sphere 0.4" "--ellipsoid 0.3,0.5,0.4" "--box 0.3,0.5,0.3" "--capsule 0.3,0.5"; do
  name="$(echo "$body" | tr -d '-' | tr ' ,.' '___')"
  "$query" sweep $body "$scene" "$out/random_default.csv" > "$out/sweep_default_$name.csv"
done
"$query" sweep --sphere 16 oa_dm1 "$out/random_oa_dm1.csv" > "$out/sweep_oa_dm1_sphere_16.csv"
"$query" sweep --box 15,15,24 oa_dm1 "$out/random_oa_dm1.csv" > "$out/sweep_oa_dm1_box.csv"
"$query" ray "$scene" "$out/random_default.csv" > "$out/ray_default.csv"
"$query" ray oa_dm1 "$out/random_oa_dm1.csv" > "$out/ray_oa_dm1.csv"
"$query" move --sphere 0.4 "$scene" "$out/random_default.csv" > "$out/move_default.csv"
head -n 4 "$out/random_default.csv" > four_queries.csv
"$query" move --sphere 0.4 "$scene" four_queries.csv --trace "$out/move_default_trace.jsonl" > /dev/null
"$query" move --capsule 15,12 oa_dm1 "$out/random_oa_dm1.csv" > "$out/move_oa_dm1_capsule.csv"
for method in offset-prism sphere-classify; do
  "$query" move --sphere 0.4 --method "$method" "$scene" "$out/random_default.csv" > "$out/move_default_$method.csv"
done
"$query" walk --sphere 0.4 "$scene" --walks 3 --frames 240 --seed 5 > "$out/walk_default.csv"
"$query" walk --capsule 15,12 oa_dm1 --walks 2 --frames 240 --seed 3 > "$out/walk_oa_dm1.csv"
printf '60 0 0 4\n30 3 0 0 jump\n90 -2 0 1\n' > script.txt
"$query" character --sphere 0.4 "$scene" --script script.txt > "$out/character_default.csv"
"$query" character --capsule 0.3,0.5 "$scene" --script script.txt --hz 30 > "$out/character_default_capsule_30hz.csv"
printf '%s\n' -162.9,288.27 92.82,23.99 256.15,298.56 590.51,237.06 -176,401.29 159.18,364.33 -100,-100 20000,0 -176,401 > points.txt
"$query" sector freedoom1:E1M1 points.txt > "$out/sector_e1m1.csv"
"$query" sector freedoom1:E1M1 points.txt --brute-force > "$out/sector_e1m1_brute_force.csv"
printf '0,0,2,2,0,2,2,0\n0,0,2,0,1,0,3,0\n0,0,1,1,2,2,3,3\n0,0,1,0,0,1,1,1\n0,0,2,2,1,1,1,1\n' > pairs.txt
"$query" segments pairs.txt > "$out/segments.csv"
"$query" walk2d freedoom1:E1M1 --walks 3 --frames 300 --seed 2 > "$out/walk2d_e1m1.csv"
"$query" walk2d freedoom2:MAP01 --walks 2 --frames 300 --radius 20 --speed 12 > "$out/walk2d_map01.csv"

# prism --headless: the report and the session of each run (and the pictures, in a snapshot).
headless() {  # NAME ARGS...
  local name="$1"
  shift
  "$prism" --headless --size 320x180 --out "$work/$name" "$@" > "$work/$name.log"
  for f in report.json session.prism walk2d.csv; do
    [ -f "$work/$name/$f" ] && cp "$work/$name/$f" "$out/${name}_$f"
  done
  if [ "$mode" = "--snapshot" ]; then
    mkdir -p "$out/$name.png"
    find "$work/$name" -name '*.png' -exec cp {} "$out/$name.png/" \;
  fi
}
headless default --frames 240 --capture-frames 120,239
headless zoo_wedge --scene zoo:wedge --method offset-prism --frames 200 --capture-frames 150 --find-anomalies
headless oa_dm1 --scene oa_dm1 --frames 200 --capture-frames 199
headless e1m1 --scene freedoom1:E1M1 --frames 200 --capture-frames 199

case "$mode" in
  --update)
    rm -rf "$here/expected"
    cp -r "$out" "$here/expected"
    echo "golden outputs: $(ls "$here/expected" | wc -l) files rewritten in $here/expected"
    ;;
  --snapshot)
    dest="${3:?usage: run.sh BUILD_DIR --snapshot DIR}"
    rm -rf "$dest"
    mkdir -p "$(dirname "$dest")"
    cp -r "$out" "$dest"
    echo "golden outputs: snapshot in $dest"
    ;;
  check)
    if diff -r "$here/expected" "$out" > "$work/diff.txt"; then
      echo "golden outputs: $(ls "$out" | wc -l) files identical"
    else
      head -c 4000 "$work/diff.txt" >&2
      echo "golden outputs: the outputs above differ from tests/golden_outputs/expected" >&2
      exit 1
    fi
    ;;
  *) echo "golden outputs: unknown mode $mode" >&2; exit 2 ;;
esac
