#!/usr/bin/env bash
# Fetches the benchmark's dense scanned mesh from a Debian package, without installing it:
# the Stanford bunny (bunny00.off, 37,706 vertices, 75,408 triangles) from libcgal-demo's data
# archive. Only the benchmarks need it (bench_queries --maps dense:build/bench-data/bunny00.off);
# the tests do not. Usage: bash tools/bench_data.sh [DIR]  (default build/bench-data). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build/bench-data}"
mesh="$dir/bunny00.off"
if [ -s "$mesh" ]; then
  echo "bench_data: $mesh present"
  exit 0
fi
mkdir -p "$dir"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
(cd "$work" && { apt-get download libcgal-demo >/dev/null 2>&1 ||
                 { $SUDO apt-get update >/dev/null && apt-get download libcgal-demo >/dev/null; }; })
dpkg-deb -x "$work"/libcgal-demo_*.deb "$work/root"
tar -xzf "$work/root/usr/share/doc/libcgal-dev/data.tar.gz" -C "$work" data/meshes/bunny00.off
mv "$work/data/meshes/bunny00.off" "$mesh.tmp"
mv "$mesh.tmp" "$mesh"
echo "bench_data: wrote $mesh"
