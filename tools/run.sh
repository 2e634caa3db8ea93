#!/usr/bin/env bash
# Sets up the machine, builds Prism (Release) and runs the main job.
# Until the debugger exists, the main job is a real query batch on a real level: 100,000 random
# sphere sweeps (radius 16, moves up to 64 units) and rays through OpenArena's oa_dm1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target prism-query
q=build/release/tools/prism-query/prism-query
level="${1:-oa_dm1}"
batch="build/release/queries-$level.csv"
"$q" random "$level" --count 100000 --seed 1 --max-move 64 > "$batch"
echo "== sweep --sphere 16 on $level ($batch): first results (hit,toi,px,py,pz,nx,ny,nz,triangle,start_overlap)"
"$q" sweep --sphere 16 --stats "$level" "$batch" > "$batch.sweep"
head -n 5 "$batch.sweep"
awk -F, '{h+=$1; o+=$10} END {printf "%d sweeps, %d hits, %d started in overlap\n", NR, h, o}' "$batch.sweep"
echo "== ray on $level: first results (hit,t,px,py,pz,nx,ny,nz,triangle)"
"$q" ray --stats "$level" "$batch" > "$batch.ray"
head -n 5 "$batch.ray"
awk -F, '{h+=$1} END {printf "%d rays, %d hits\n", NR, h}' "$batch.ray"
