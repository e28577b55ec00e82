#!/usr/bin/env bash
# Times whole commands against their peers (iconv, uconv, Python) on the 100 MiB corpus of
# ../shared/bench, with hyperfine, and prints each as a ratio to charscope.
# Usage: scripts/bench.sh [MIB]   (default 100; the corpus is built once into target/bench-corpus-MIB)
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-100}
corpus="target/bench-corpus-$mib"

need() { command -v "$1" >/dev/null 2>&1; }
if ! need hyperfine || ! need uconv || ! need iconv; then
  apt-get update -qq && apt-get install -y -qq hyperfine icu-devtools libc-bin >/dev/null
fi
[ -f "$corpus/mixed-corrupt.utf8.txt" ] || TARGET_MIB="$mib" python3 ../shared/bench/build_corpus.py "$corpus"
cargo build --release -q -p charscope-cli
cs="$PWD/target/release/charscope"
results=$(mktemp -d)

run() { # name, then commands: the first is charscope's
  local name=$1; shift
  local args=()
  for cmd in "$@"; do args+=("$cmd"); done
  hyperfine -N --warmup 1 --runs 5 --export-json "$results/$name.json" "${args[@]}" >/dev/null 2>&1 \
    || hyperfine --warmup 1 --runs 5 --export-json "$results/$name.json" "${args[@]}" >/dev/null
  python3 - "$results/$name.json" "$name" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["results"]
base = rows[0]["median"]
print(f"\n{sys.argv[2]}")
for r in rows:
    print(f"  {r['median']:8.3f} s  x{r['median'] / base:5.2f}  {r['command']}")
PY
}

py_decode='import sys; open(sys.argv[1], "rb").read().decode(sys.argv[2], sys.argv[3])'
for f in en.utf8.txt zh.utf8.txt mixed.utf8.txt; do
  run "validate $f" \
    "$cs validate $corpus/$f" \
    "sh -c 'iconv -f UTF-8 -t UTF-8 $corpus/$f > /dev/null'" \
    "python3 -c '$py_decode' $corpus/$f utf-8 strict"
done
run "validate mixed-corrupt.utf8.txt (every error named)" \
  "sh -c '$cs validate $corpus/mixed-corrupt.utf8.txt > /dev/null; true'" \
  "sh -c 'iconv -c -f UTF-8 -t UTF-8 $corpus/mixed-corrupt.utf8.txt > /dev/null; true'" \
  "python3 -c '$py_decode' $corpus/mixed-corrupt.utf8.txt utf-8 replace"
run "decode windows-1252 -> UTF-8" \
  "sh -c '$cs decode --from windows-1252 $corpus/pt.cp1252.txt > /dev/null'" \
  "sh -c 'iconv -f CP1252 -t UTF-8 $corpus/pt.cp1252.txt > /dev/null'" \
  "sh -c 'uconv -f windows-1252 -t UTF-8 $corpus/pt.cp1252.txt > /dev/null'" \
  "python3 -c '$py_decode' $corpus/pt.cp1252.txt cp1252 strict"
run "decode UTF-16LE -> UTF-8" \
  "sh -c '$cs decode --from utf-16le $corpus/zh.utf16le.txt > /dev/null'" \
  "sh -c 'iconv -f UTF-16LE -t UTF-8 $corpus/zh.utf16le.txt > /dev/null'" \
  "sh -c 'uconv -f UTF-16LE -t UTF-8 $corpus/zh.utf16le.txt > /dev/null'" \
  "python3 -c '$py_decode' $corpus/zh.utf16le.txt utf-16-le strict"
run "decode Shift_JIS -> UTF-8" \
  "sh -c '$cs decode --from shift_jis $corpus/ja.sjis.txt > /dev/null'" \
  "sh -c 'iconv -f SHIFT_JIS -t UTF-8 $corpus/ja.sjis.txt > /dev/null; true'" \
  "sh -c 'uconv -f Shift_JIS -t UTF-8 $corpus/ja.sjis.txt > /dev/null'" \
  "python3 -c '$py_decode' $corpus/ja.sjis.txt shift_jis replace"
echo
echo "peak memory of charscope validate on the corrupt file:"
/usr/bin/time -f "  %M KiB max RSS, %e s" "$cs" validate "$corpus/mixed-corrupt.utf8.txt" > /dev/null || true

# ---- detection (issue 8): charscope detect against uchardet on 10 MiB of Portuguese windows-1252.
bench_detect() {
  need uchardet || apt-get install -y -qq uchardet >/dev/null
  local sample="target/detect-pt.cp1252.10MiB.txt"
  [ -f "$sample" ] || head -c 10485760 "$corpus/pt.cp1252.txt" > "$sample"
  echo
  echo "detect answers: charscope $("$cs" detect "$sample" | head -1), uchardet $(uchardet "$sample")"
  run "detect 10 MiB pt.cp1252" \
    "$cs detect $sample" \
    "uchardet $sample"
}
bench_detect
