#!/usr/bin/env bash
# deb_clean_root.sh SOURCE BUILD WORK: packs BUILD with `cpack -G DEB`, installs the .deb with
# apt on a bare Debian 12 root (debootstrap --variant=minbase: nothing but what the package
# declares comes with it), and there runs prism-query, prism --headless, builds examples/ against
# /usr with find_package(prism) and with pkg-config, and runs hello_character.
# Exits 77 (skipped) with the reason where no root can be made: not root, no debootstrap or
# chroot, no Debian mirror. The bare root is made once and kept in PRISM_DEB_TEST_ROOT
# (default /var/tmp/prism-debian12-minbase); each run installs into a copy of it under WORK.
set -euo pipefail
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd) work=$3
skip() { echo "SKIPPED: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "installing a .deb on a clean Debian 12 root needs root (debootstrap, chroot)"
command -v debootstrap >/dev/null || skip "debootstrap is not installed (apt-get install debootstrap)"
command -v chroot >/dev/null || skip "chroot is not on PATH"
command -v dpkg-shlibdeps >/dev/null || skip "dpkg-shlibdeps (dpkg-dev) is not installed: cpack cannot declare the shared libraries"
mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
mirror=${mirror:-http://deb.debian.org/debian}

# Never follow a mount out of a root being removed: proc is mounted in the copy while it runs,
# and an interrupted debootstrap leaves its own mounts.
remove_root() {
  [ -e "$1" ] || return 0
  local d
  for d in dev/pts dev sys proc; do umount "$1/$d" 2>/dev/null || true; done
  rm -rf --one-file-system "$1"
}

base=${PRISM_DEB_TEST_ROOT:-/var/tmp/prism-debian12-minbase}
if [ ! -x "$base/usr/bin/apt-get" ]; then
  remove_root "$base.partial"
  mkdir -p "$(dirname "$base")"
  echo "making a bare Debian 12 root in $base (debootstrap, a few minutes, once)"
  debootstrap --variant=minbase bookworm "$base.partial" "$mirror" >"$base.log" 2>&1 ||
    skip "debootstrap bookworm from $mirror failed (no mirror reachable?): $base.log"
  mv "$base.partial" "$base"
fi

remove_root "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; echo "cpack -G DEB failed"; exit 1; }
deb=$(ls "$work"/deb/prism_*.deb)
echo "package: ${deb##*/}"
dpkg-deb --field "$deb" Depends

root="$work/root"
cp -a "$base" "$root"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/test"
cp "$deb" "$root/test/"
cp -r "$src/examples" "$root/test/examples"
cp "$src/assets/default_scene.obj" "$root/test/"
# The machine a game developer has: a compiler, CMake, pkg-config, and the package's one
# Recommends (mesa-vulkan-drivers: lavapipe, for prism without a GPU); everything else the .deb
# must bring.
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive \
  bash -euo pipefail -c '
  cd /test
  apt-get -q update >apt.log 2>&1
  apt-get install -y -q --no-install-recommends ./'"${deb##*/}"' mesa-vulkan-drivers g++ cmake make pkg-config >>apt.log 2>&1 ||
    { tail -n 30 apt.log; exit 1; }
  echo "installed: $(dpkg-query -W -f="\${Package} \${Version}" prism)"
  prism-query random default_scene.obj --count 2 --seed 1
  if [ -x /usr/bin/prism ]; then
    prism --help >/dev/null
    prism --headless --scene default --frames 3 --out captures 2>&1 | tail -n 1
    [ -s captures/default_f000002.png ] && echo "prism --headless: captures/default_f000002.png"
  fi
  cmake -S examples -B build-cmake -DCMAKE_BUILD_TYPE=Release >cmake.log 2>&1 || { cat cmake.log; exit 1; }
  cmake --build build-cmake >>cmake.log 2>&1 || { cat cmake.log; exit 1; }
  echo "find_package: $(build-cmake/hello_character default_scene.obj | tail -n 1)"
  c++ -std=c++20 -O2 examples/hello_character.cpp -o hello_pc $(pkg-config --cflags --libs prism)
  echo "pkg-config: $(./hello_pc default_scene.obj | tail -n 1)"
'
# Passed: the 1 GB root goes (a failed run keeps it, to look into: chroot WORK/root).
remove_root "$root"
trap - EXIT
