#!/usr/bin/env bash
# Sets up the machine, builds Prism (Release) and runs the main job.
# The main job is the collision debugger on its embedded default scene: a window when DISPLAY is
# set, else a headless tour written to build/captures (PNGs + report.json + session.prism).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target prism
prism=build/release/debugger/prism
scene="${1:-default}"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
if [ -n "${DISPLAY:-}" ]; then
  exec "$prism" --scene "$scene"
fi
echo "== no DISPLAY: headless tour of scene '$scene' into build/captures"
"$prism" --headless --scene "$scene" --frames 2560 --capture-every 240 --out build/captures --force
ls build/captures | head -n 20
