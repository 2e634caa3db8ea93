#!/usr/bin/env bash
# Installs every Debian package Prism needs (build, tests, benchmarks, real levels). Idempotent.
set -euo pipefail
PACKAGES=(
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev
  libglm-dev libassimp-dev libzip-dev assimp-testmodels
  # libzip's CMake config checks that its tools exist: without them find_package(libzip) fails.
  zipcmp zipmerge ziptool
  # zlib: the recordings' chunk checksums (CRC-32, collision/src/recording/format.cpp).
  zlib1g-dev
  libvulkan-dev libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  glslc glslang-tools spirv-tools libglfw3-dev libimgui-dev libstb-dev xvfb xauth xdotool
  libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev
  libbullet-dev libembree-dev libtbb-dev
  openarena-081-maps freedoom
  # cpack -G DEB declares the package's shared libraries with dpkg-shlibdeps; tests/package
  # installs the .deb on a bare Debian 12 root made with debootstrap (skipped without it).
  dpkg-dev debootstrap
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends "${missing[@]}"
