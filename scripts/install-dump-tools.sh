#!/usr/bin/env bash
# Installs the real dump tools that the dump round-trip tests compare against
# (crates/charscope/tests/dump_tools.rs): hexdump and hd (bsdextrautils), xxd, od (coreutils),
# busybox, hexyl. Debian packages; a tool already on PATH is not installed again.
# Needs root (or sudo) when something is missing.
set -euo pipefail

declare -A package_of=(
  [hexdump]=bsdextrautils
  [hd]=bsdextrautils
  [xxd]=xxd
  [od]=coreutils
  [busybox]=busybox
  [hexyl]=hexyl
)

missing=()
for tool in "${!package_of[@]}"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    pkg="${package_of[$tool]}"
    [[ " ${missing[*]-} " == *" $pkg "* ]] || missing+=("$pkg")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "dump tools: all present"
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  as_root=(sudo)
fi

echo "dump tools: installing ${missing[*]}"
"${as_root[@]}" apt-get update
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"

for tool in "${!package_of[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || { echo "dump tools: $tool still missing" >&2; exit 1; }
done
echo "dump tools: all present"
