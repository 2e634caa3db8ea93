#!/bin/bash
# Ten real key taps give ten steps: the live window (no key script) under Xvfb gets P, F12, ten
# taps of '.' and F12 again from xdotool (XTEST: the X server's own key events, as a keyboard
# gives them), and the two screenshots' frame numbers are ten apart. GLFW's key callback
# queues every press (issue 13: taps were polled once a frame and lost).
# Usage (inside xvfb-run): test_xdotool_taps.sh PRISM OUT_DIR
set -u
prism=$1
out=$2
command -v xdotool >/dev/null || { echo "xdotool not installed (tools/setup.sh installs it)"; exit 77; }
rm -rf "$out"
mkdir -p "$out"
"$prism" --size 1024x640 --out "$out" >"$out/prism.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
wid=""
for _ in $(seq 1 240); do
  wid=$(xdotool search --name "^prism: " 2>/dev/null | head -1)
  [ -n "$wid" ] && break
  sleep 0.5
done
[ -n "$wid" ] || { echo "FAIL: the window never opened"; cat "$out/prism.log"; exit 1; }
sleep 3  # the first frames (font upload, first recording)
xdotool mousemove --window "$wid" 500 300  # no window manager: keys go to the window under the pointer
xdotool key p
sleep 1
wait_shots() {  # wait until DIR holds $1 screenshots
  for _ in $(seq 1 120); do
    [ "$(ls "$out"/*.png 2>/dev/null | wc -l)" -ge "$1" ] && return 0
    sleep 0.5
  done
  echo "FAIL: $1 screenshot(s) expected"; ls "$out"; cat "$out/prism.log"; exit 1
}
xdotool key F12
wait_shots 1
for _ in $(seq 1 10); do xdotool key period; done  # as fast as xdotool types: several a frame
sleep 2
xdotool key F12
wait_shots 2
frames=$(ls "$out"/*.png | sed -E 's/.*_f0*([0-9]+)_.*/\1/' | sort -n)
first=$(echo "$frames" | head -1)
last=$(echo "$frames" | tail -1)
if grep -q "^\[vulkan " "$out/prism.log"; then echo "FAIL: validation messages"; cat "$out/prism.log"; exit 1; fi
if [ $((last - first)) -ne 10 ]; then echo "FAIL: ten taps gave $((last - first)) steps (frames $first -> $last)"; exit 1; fi
echo "ok: ten taps, frames $first -> $last"
