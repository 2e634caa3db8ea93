#!/usr/bin/env bash
# Prints a folder that holds links to just the programs a fresh Debian 12 machine has once
# tools/setup.sh has run: those of the packages a minimal Debian root has (Essential and
# Priority: required, plus apt and git, which fetched the repository), of every package
# tools/setup.sh installs, and of everything those depend on. tools/test.sh puts that folder
# alone on PATH, so a test or script that calls a program nobody installs (a test once called
# `unzip`: it passed here and failed on a bare Debian 12) fails here too, with "not found".
#
# Usage: bash tools/fresh_path.sh [FOLDER]   (default build/fresh-path; the folder is remade)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-build/fresh-path}"

# The packages tools/setup.sh installs: the words of its PACKAGES=( ... ) list.
mapfile -t setup_packages < <(sed -n '/^PACKAGES=(/,/^)/p' tools/setup.sh | sed -e 's/#.*//' -e 's/PACKAGES=(//' -e 's/)//' |
                              tr -s ' \t' '\n' | sed '/^$/d')
[ ${#setup_packages[@]} -gt 0 ] || { echo "fresh_path: no PACKAGES list in tools/setup.sh" >&2; exit 1; }
mapfile -t base_packages < <(dpkg-query -W -f='${Package} ${Essential} ${Priority}\n' |
                             awk '$2 == "yes" || $3 == "required" { print $1 }')
roots=("${setup_packages[@]}" "${base_packages[@]}" apt git)

# Their dependency closure, as installed here (Depends and Pre-Depends only: a fresh machine
# installs with --no-install-recommends, as tools/setup.sh does).
mapfile -t closure < <(apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts \
                         --no-breaks --no-replaces --no-enhances "${roots[@]}" 2>/dev/null |
                       grep -v '^ ' | grep -v '^<' | sort -u)
mapfile -t installed < <(dpkg-query -W -f='${Package}\n' "${closure[@]}" 2>/dev/null | sort -u)

# Every program file those packages own, by its resolved path (/bin is /usr/bin on Debian 12).
allowed="$(mktemp)"
{ dpkg -L "${installed[@]}" 2>/dev/null || true; } | grep -E '^/(usr/)?s?bin/[^/]+$' | { xargs -r readlink -e || true; } | sort -u > "$allowed"

# Link each name on this machine's PATH whose file (through any alternatives) is allowed.
rm -rf "$out"
mkdir -p "$out"
links="$(mktemp)"
trap 'rm -f "$allowed" "$links"' EXIT
find /usr/local/bin /usr/bin /bin /usr/sbin /sbin -maxdepth 1 \( -type f -o -type l \) 2>/dev/null > "$links"
# Each name with its resolved file, in one readlink call (a dangling link resolves to nothing).
paste "$links" <(xargs -r -d '\n' readlink -m < "$links") | sort -t$'\t' -k2,2 |
  join -t$'\t' -1 2 -2 1 - "$allowed" | cut -f2 | while read -r f; do
  if [ ! -e "$out/${f##*/}" ]; then ln -s "$f" "$out/${f##*/}"; fi
done
cd "$out" && pwd
