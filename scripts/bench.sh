#!/usr/bin/env bash
# Times whole commands against their peers on the 100 MiB corpus that
# ../shared/bench/build_corpus.py builds into target/bench-corpus (never committed), with issue
# 33's method (scripts/rounds.py): before every run of every command the input is dropped from
# the page cache and read back whole, the commands run in turn (charscope, its peers and a plain
# `dd` read of the same file, the floor), output to /dev/null, and each ratio to the reference
# peer (iconv for conversions, isutf8 or dd for validation, xxd for dumps, uchardet for
# detection, ftfy for repair) is given as its range over the rounds, in wall and CPU time. Peak
# RSS from one more run. It also checks that charscope's bytes are identical to iconv's (and to
# Python's cp932).
#
# Usage: scripts/bench.sh [--no-setup] [GROUP...]
#        groups: identity goals convert validate dump detect detect_many fix_lines scan fix
#        (default: all). `goals` is issue 33's seven ratios with a summary (validate within
#        1.5x dd, UTF-8 <-> UTF-16LE 6x iconv, detect over 280 files no slower than uchardet,
#        fix of broken lines 5x ftfy). --no-setup builds neither the corpus nor installs the
#        peers (enough for detect_many and fix_lines, which install theirs).
#        RUNS=10 (runs of each command per round), SLOW_RUNS=3 (the same for detect_many and
#        fix_lines, whose commands take seconds), ROUNDS=3, MIB=100 (corpus size), RSS_GIB=1
#        (also measure peak RSS on 1 GiB inputs).
# The machine may be shared: the ratios of commands run in turn hold better than the times.
#
# Other job groups: add a `bench_NAME` function above `main` and list NAME in GROUPS_ALL;
# `table` and `rss` below do the timing and the printing.
set -euo pipefail
cd "$(dirname "$0")/.."

MIB=${MIB:-100}
RUNS=${RUNS:-10}
SLOW_RUNS=${SLOW_RUNS:-3}
ROUNDS=${ROUNDS:-3}
if [ "$MIB" = 100 ]; then corpus=target/bench-corpus; else corpus="target/bench-corpus-$MIB"; fi
cs="$PWD/target/release/charscope"
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

need() { command -v "$1" >/dev/null 2>&1; }

setup() {
  if ! need hyperfine || ! need uconv || ! need iconv || ! need isutf8 || ! need xxd; then
    apt-get update -qq
    apt-get install -y -qq hyperfine icu-devtools libc-bin moreutils xxd >/dev/null
  fi
  [ -f "$corpus/ja.sjis.txt" ] || TARGET_MIB="$MIB" python3 ../shared/bench/build_corpus.py "$corpus"
  # Slices for the dump jobs, which write about five bytes of text per input byte.
  [ -f "$corpus/mixed.20MiB.txt" ] || head -c $((20 << 20)) "$corpus/mixed.utf8.txt" > "$corpus/mixed.20MiB.txt"
  [ -f "$corpus/mixed.20MiB.xxd" ] || xxd "$corpus/mixed.20MiB.txt" > "$corpus/mixed.20MiB.xxd"
  cargo build --release -q -p charscope-cli
}

# Peak resident memory of one run of a command, in MiB.
rss() {
  /usr/bin/time -f '%M' -o "$results/rss" sh -c "$1 > /dev/null 2>&1" || true
  # (time writes "Command exited with non-zero status N" first when the command fails)
  tail -n 1 "$results/rss" | awk '{ printf "%.1f", $1 / 1024 }'
}

# table TITLE REF FILE -- LABEL CMD [LABEL CMD...]
# Times the commands and a plain `dd` read of FILE (the floor) with issue 33's method
# (scripts/rounds.py): FILE is dropped from the page cache and read back whole before every run
# of every command, the commands run in turn, and each ratio to REF (iconv, isutf8, dd...) is
# given as its range over ROUNDS rounds of RUNS runs. A command whose program is not installed
# is left out (uconv, say). Peak RSS of one more run of each. With TABLE_JSON set, the figures
# go to that file too.
table() {
  local title=$1 ref=$2 file=$3; shift 4
  local pairs=() labels=() cmds=() i
  while [ $# -gt 0 ]; do
    if need "${2%% *}"; then labels+=("$1"); cmds+=("$2"); fi
    shift 2
  done
  labels+=("dd"); cmds+=("dd if=$file of=/dev/null bs=1M")
  for i in "${!labels[@]}"; do pairs+=("${labels[$i]}" "${cmds[$i]}"); done
  echo
  echo "$title  ($(du -m "$file" | cut -f1) MiB; medians of $RUNS runs in each of $ROUNDS rounds)"
  python3 scripts/rounds.py --rounds "$ROUNDS" --runs "$RUNS" --recache "$file" --ref "$ref" \
    ${TABLE_JSON:+--json "$TABLE_JSON"} "${pairs[@]}"
  local rsses=""
  for i in "${!labels[@]}"; do rsses+="${labels[$i]} $(rss "${cmds[$i]}") MiB, "; done
  echo "  peak RSS: ${rsses%, }"
}

# identical LABEL CMD_A CMD_B: whether two commands write the same bytes.
identical() {
  sh -c "$2" > "$results/a" 2>/dev/null || true
  sh -c "$3" > "$results/b" 2>/dev/null || true
  if cmp -s "$results/a" "$results/b"; then
    printf '  %-52s identical (%s bytes)\n' "$1" "$(stat -c %s "$results/a")"
  else
    printf '  %-52s DIFFERENT\n' "$1"
  fi
}

bench_identity() {
  echo
  echo "Bytes identical to iconv where iconv and the standard agree (and Shift_JIS to Python's cp932):"
  identical "windows-1252 -> UTF-8 (pt.cp1252.txt)" \
    "$cs convert -f windows-1252 -t utf-8 $corpus/pt.cp1252.txt" "iconv -f CP1252 -t UTF-8 $corpus/pt.cp1252.txt"
  identical "UTF-8 -> UTF-16LE (zh.utf8.txt)" \
    "$cs convert -f utf-8 -t utf-16le $corpus/zh.utf8.txt" "iconv -f UTF-8 -t UTF-16LE $corpus/zh.utf8.txt"
  identical "UTF-16LE -> UTF-8 (zh.utf16le.txt)" \
    "$cs convert -f utf-16le -t utf-8 $corpus/zh.utf16le.txt" "iconv -f UTF-16LE -t UTF-8 $corpus/zh.utf16le.txt"
  identical "UTF-8 -> windows-1251 (ru.utf8.txt)" \
    "$cs convert -f utf-8 -t windows-1251 $corpus/ru.utf8.txt" "iconv -f UTF-8 -t CP1251 $corpus/ru.utf8.txt"
  identical "Shift_JIS -> UTF-8 (ja.sjis.txt), Python cp932" \
    "$cs convert -f shift_jis -t utf-8 $corpus/ja.sjis.txt" \
    "python3 -c 'import sys; sys.stdout.buffer.write(open(sys.argv[1], \"rb\").read().decode(\"cp932\").encode())' $corpus/ja.sjis.txt"
}

# Python's whole-file decode and encode, the way a script would do it.
py() { # FROM TO FILE [ERRORS]
  echo "python3 -c 'import sys; sys.stdout.buffer.write(open(sys.argv[1], \"rb\").read().decode(sys.argv[2], sys.argv[4]).encode(sys.argv[3], sys.argv[4]))' $3 $1 $2 ${4:-strict}"
}

bench_convert() {
  local c=$corpus
  table "convert windows-1252 -> UTF-8, Portuguese" iconv "$c/pt.cp1252.txt" -- \
    charscope "$cs convert -f windows-1252 -t utf-8 $c/pt.cp1252.txt" \
    iconv "iconv -f CP1252 -t UTF-8 $c/pt.cp1252.txt" \
    uconv "uconv -f windows-1252 -t UTF-8 $c/pt.cp1252.txt" \
    python "$(py cp1252 utf-8 "$c/pt.cp1252.txt")"
  for lang in zh ru en; do
    table "convert UTF-8 -> UTF-16LE, $lang" iconv "$c/$lang.utf8.txt" -- \
      charscope "$cs convert -f utf-8 -t utf-16le $c/$lang.utf8.txt" \
      iconv "iconv -f UTF-8 -t UTF-16LE $c/$lang.utf8.txt" \
      uconv "uconv -f UTF-8 -t UTF-16LE $c/$lang.utf8.txt" \
      python "$(py utf-8 utf-16-le "$c/$lang.utf8.txt")"
  done
  table "convert UTF-16LE -> UTF-8, Chinese" iconv "$c/zh.utf16le.txt" -- \
    charscope "$cs convert -f utf-16le -t utf-8 $c/zh.utf16le.txt" \
    iconv "iconv -f UTF-16LE -t UTF-8 $c/zh.utf16le.txt" \
    uconv "uconv -f UTF-16LE -t UTF-8 $c/zh.utf16le.txt" \
    python "$(py utf-16-le utf-8 "$c/zh.utf16le.txt")"
  table "convert Shift_JIS -> UTF-8, Japanese" iconv "$c/ja.sjis.txt" -- \
    charscope "$cs convert -f shift_jis -t utf-8 $c/ja.sjis.txt" \
    iconv "iconv -f CP932 -t UTF-8 $c/ja.sjis.txt" \
    uconv "uconv -f Shift_JIS -t UTF-8 $c/ja.sjis.txt" \
    python "$(py cp932 utf-8 "$c/ja.sjis.txt")"
  table "convert UTF-8 -> windows-1251, Russian" iconv "$c/ru.utf8.txt" -- \
    charscope "$cs convert -f utf-8 -t windows-1251 $c/ru.utf8.txt" \
    iconv "iconv -f UTF-8 -t CP1251 $c/ru.utf8.txt" \
    uconv "uconv -f UTF-8 -t windows-1251 $c/ru.utf8.txt" \
    python "$(py utf-8 cp1251 "$c/ru.utf8.txt")"
  table "convert corrupt UTF-8 -> UTF-8, skipping (iconv -c)" iconv "$c/mixed-corrupt.utf8.txt" -- \
    charscope "$cs convert -c -f utf-8 -t utf-8 $c/mixed-corrupt.utf8.txt" \
    iconv "iconv -c -f UTF-8 -t UTF-8 $c/mixed-corrupt.utf8.txt" \
    python "$(py utf-8 utf-8 "$c/mixed-corrupt.utf8.txt" ignore)"
  table "encode UTF-8 -> UTF-16LE from a file, Chinese" iconv "$c/zh.utf8.txt" -- \
    charscope "$cs encode --to utf-16le --file $c/zh.utf8.txt" \
    iconv "iconv -f UTF-8 -t UTF-16LE $c/zh.utf8.txt"
}

bench_validate() {
  local c=$corpus
  for f in en zh mixed; do
    table "validate $f.utf8.txt" isutf8 "$c/$f.utf8.txt" -- \
      charscope "$cs validate $c/$f.utf8.txt" \
      isutf8 "isutf8 $c/$f.utf8.txt" \
      iconv "iconv -f UTF-8 -t UTF-8 $c/$f.utf8.txt" \
      python "python3 -c 'import sys; open(sys.argv[1], \"rb\").read().decode()' $c/$f.utf8.txt"
  done
  table "validate mixed-corrupt.utf8.txt (every error named; isutf8 stops at the first)" iconv \
    "$c/mixed-corrupt.utf8.txt" -- \
    charscope "$cs validate $c/mixed-corrupt.utf8.txt" \
    isutf8 "isutf8 $c/mixed-corrupt.utf8.txt" \
    iconv "iconv -c -f UTF-8 -t UTF-8 $c/mixed-corrupt.utf8.txt"
}

bench_dump() {
  local c=$corpus
  table "dump (annotated), mixed text" xxd "$c/mixed.20MiB.txt" -- \
    charscope "$cs dump $c/mixed.20MiB.txt" \
    xxd "xxd $c/mixed.20MiB.txt" \
    "hexdump -C" "hexdump -C $c/mixed.20MiB.txt"
  table "undump an xxd dump" "xxd -r" "$c/mixed.20MiB.xxd" -- \
    charscope "$cs undump $c/mixed.20MiB.xxd" \
    "xxd -r" "xxd -r $c/mixed.20MiB.xxd"
}

# Peak RSS on 1 GiB inputs (RSS_GIB=1): memory must stay bounded whatever the size.
bench_rss_1gib() {
  local big=target/bench-corpus-1gib
  mkdir -p "$big"
  if [ ! -f "$big/zh.utf8.txt" ]; then
    for _ in $(seq 10); do cat "$corpus/zh.utf8.txt"; done | head -c $((1 << 30)) > "$big/zh.utf8.txt"
  fi
  [ -f "$big/zh.200MiB.xxd" ] || head -c $((200 << 20)) "$big/zh.utf8.txt" | xxd > "$big/zh.200MiB.xxd"
  echo
  echo "Peak RSS on 1 GiB inputs:"
  printf '  %-40s %s MiB\n' "convert UTF-8 -> UTF-16LE" "$(rss "$cs convert -f utf-8 -t utf-16le $big/zh.utf8.txt")"
  printf '  %-40s %s MiB\n' "validate" "$(rss "$cs validate $big/zh.utf8.txt")"
  printf '  %-40s %s MiB\n' "encode --file" "$(rss "$cs encode --to utf-16le --file $big/zh.utf8.txt")"
  printf '  %-40s %s MiB\n' "dump" "$(rss "$cs dump $big/zh.utf8.txt")"
  printf '  %-40s %s MiB\n' "undump ($(du -m "$big/zh.200MiB.xxd" | cut -f1) MiB xxd dump)" "$(rss "$cs undump $big/zh.200MiB.xxd")"
}

# scan (issue 10): `charscope scan --only bidi-control` against `grep -P` looking for the same bidi
# controls (Trojan Source), and the full scan (every check: bidi controls, invisible characters,
# lookalikes and mixed scripts, NFC, malformed bytes) next to them; on the bench texts, then on
# eight copies of the UTF-8 texts in one 17 MB file, then on each file of the 100 MiB corpus. The pattern sits in a file: hyperfine would
# eat the backslashes of an inline one (and grep, failing fast, would look very quick).
# Runs alone too: bash -c 'source <(sed -n "/^bench_scan()/,/^}/p" scripts/bench.sh); bench_scan'
bench_scan() {
  local cs="$PWD/target/release/charscope"
  local out="target/bench-scan"
  local texts="../shared/bench/lipsum ../shared/bench/wikipedia_mars"
  local copies="$out/texts-x8.txt"
  command -v hyperfine >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null; }
  cargo build --release -q -p charscope-cli
  mkdir -p "$out"
  printf '%s\n' '[\x{202A}-\x{202E}\x{2066}-\x{2069}]' > "$out/bidi.pattern"
  if [ ! -f "$copies" ]; then
    for _ in 1 2 3 4 5 6 7 8; do cat ../shared/bench/lipsum/*.txt ../shared/bench/wikipedia_mars/*utf8.txt; done > "$copies"
  fi
  # grep must really run: it finds the one control of a sample, in the same locale.
  printf 'abc\u202edef\n' > "$out/sample.txt"
  [ "$(LC_ALL=C.UTF-8 grep -cP -f "$out/bidi.pattern" "$out/sample.txt")" = 1 ]
  echo
  echo "scan vs grep -P (median of 10 runs; both exit 1 on a find, hence -i)"
  LC_ALL=C.UTF-8 hyperfine -N -i --warmup 2 --runs 10 --export-json "$out/texts.json" \
    "$cs scan --only bidi-control $texts" "grep -rcP -f $out/bidi.pattern $texts" "$cs scan $texts" \
    >/dev/null 2>&1
  LC_ALL=C.UTF-8 hyperfine -N -i --warmup 2 --runs 10 --export-json "$out/copies.json" \
    "$cs scan --only bidi-control $copies" "grep -cP -f $out/bidi.pattern $copies" "$cs scan $copies" \
    >/dev/null 2>&1
  python3 - "$out/texts.json" "$out/copies.json" <<'PY'
import json, sys
for path in sys.argv[1:]:
    rows = json.load(open(path))["results"]
    base = rows[0]["median"]
    for r in rows:
        print(f"  {r['median'] * 1000:8.1f} ms  user {r['user'] * 1000:7.1f} ms  x{r['median'] / base:6.2f}  {r['command']}")
    print()
PY
  # The same commands in turn, one run of each per round (scripts/alternate.py): this machine's
  # speed drifts over seconds, and hyperfine times one command's runs before the next's.
  echo "the same in turn (30 rounds; wall p25 / median, CPU median)"
  LC_ALL=C.UTF-8 python3 scripts/alternate.py 30 \
    "$cs scan --only bidi-control $texts" "grep -rcP -f $out/bidi.pattern $texts" "$cs scan $texts"
  LC_ALL=C.UTF-8 python3 scripts/alternate.py 30 \
    "$cs scan --only bidi-control $copies" "grep -cP -f $out/bidi.pattern $copies" "$cs scan $copies"
  # The corpus that ../shared/bench/build_corpus.py builds (files of 100 MiB; `setup` builds it):
  # each file on its own, then the folder as one walk.
  local big="${corpus:-target/bench-corpus}" f
  if [ -f "$big/ru.utf8.txt" ]; then
    echo "the bench corpus in $big, file by file (3 rounds)"
    for f in en.utf8 pt.utf8 ru.utf8 zh.utf8 emoji.utf8 mixed.utf8 mixed-corrupt.utf8 pt.cp1252 \
      ja.sjis zh.utf16le; do
      LC_ALL=C.UTF-8 python3 scripts/alternate.py 3 "$cs scan $big/$f.txt" \
        "$cs scan --only bidi-control $big/$f.txt" "grep -cP -f $out/bidi.pattern $big/$f.txt"
    done
    LC_ALL=C.UTF-8 python3 scripts/alternate.py 3 "$cs scan $big" \
      "$cs scan --only bidi-control $big" "grep -rcP -f $out/bidi.pattern $big"
  fi
  # A tree of source files: the sources of this workspace's dependencies, which `cargo fetch`
  # unpacks (on a machine that built only this project, exactly the locked ones).
  local registry
  registry=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ 2>/dev/null | head -1)
  if [ -n "$registry" ]; then
    echo "a tree of source files: $(find "$registry" -type f | wc -l) files in $registry"
    LC_ALL=C.UTF-8 python3 scripts/alternate.py 8 "$cs scan --only bidi-control $registry" \
      "grep -rcP -f $out/bidi.pattern $registry" "$cs scan $registry"
  fi
}

# ---------------------------------------------------------------------------------------------
# Issue 9: `charscope fix` against ftfy's fix_text on 10 MiB of clean text (en, mixed). ftfy comes
# from PyPI in target/ftfy-venv (scripts/ftfy-venv.sh). A function of its own; run it alone with
#   bash -c 'source <(sed -n "/^bench_fix()/,/^}/p" scripts/bench.sh); bench_fix'
bench_fix() {
  local corpus10=target/bench-corpus-10
  [ -f "$corpus10/mixed.utf8.txt" ] || TARGET_MIB=10 python3 ../shared/bench/build_corpus.py "$corpus10"
  cargo build --release -q -p charscope-cli
  local cs="$PWD/target/release/charscope" py
  py=$(scripts/ftfy-venv.sh)
  for f in en.utf8.txt mixed.utf8.txt; do
    echo "fix --file $f (10 MiB): charscope hyperfine median and fastest of 30, ftfy fastest of 3"
    local theirs
    hyperfine -N --output=null --warmup 3 --runs 30 --export-json "$results/fix.json" \
      "$cs fix --file $corpus10/$f" >/dev/null 2>&1
    theirs=$(for _ in 1 2 3; do /usr/bin/time -f %e "$py" -c 'import ftfy, sys; ftfy.fix_text(open(sys.argv[1], encoding="utf-8").read())' "$corpus10/$f" 2>&1 >/dev/null; done | sort -n | head -1)
    python3 - "$results/fix.json" "$theirs" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
ftfy = float(sys.argv[2])
print(f"  charscope fix {r['median']:.3f} s (fastest {r['min']:.3f} s), ftfy fix_text {ftfy:.2f} s:"
      f" x{ftfy / r['median']:.0f} (fastest x{ftfy / r['min']:.0f})")
PY
  done
}

# ---- detection (issue 8): `charscope detect` against uchardet on 10 MiB of Portuguese
# windows-1252 (the first 10 MiB of the corpus's pt.cp1252.txt); both answers are printed.
bench_detect() {
  need uchardet || apt-get install -y -qq uchardet >/dev/null
  local sample="target/detect-pt.cp1252.10MiB.txt"
  [ -f "$sample" ] || head -c 10485760 "$corpus/pt.cp1252.txt" > "$sample"
  echo
  echo "detect answers: charscope $("$cs" detect "$sample" | head -1); uchardet $(uchardet "$sample")"
  table "detect pt.cp1252 (10 MiB)" uchardet "$sample" -- \
    charscope "$cs detect $sample" \
    uchardet "uchardet $sample"
}

# ---- detection over many small files (issue 33): `charscope detect` over the 280 files of the
# detection corpus in one process, against `uchardet` over the same files in one process; every
# file dropped from the page cache and read back whole before each run, for both sides.
# Runs alone, without building the 100 MiB corpus: scripts/bench.sh --no-setup detect_many
bench_detect_many() {
  need uchardet || { apt-get update -qq && apt-get install -y -qq uchardet >/dev/null; }
  local dir="${CHARSCOPE_TESTDATA:-../shared/testdata}/detection"
  local list="$results/detect-files" files
  find "$dir" -type f ! -name index.json | sort > "$list"
  files=$(tr '\n' ' ' < "$list")
  echo
  echo "detect over many small files: $(wc -l < "$list") files, $(du -sh "$dir" | cut -f1), one process each side (goal: / uchardet at most 1.00)"
  python3 scripts/rounds.py --rounds "$ROUNDS" --runs "$SLOW_RUNS" --recache $files --ref uchardet \
    ${TABLE_JSON:+--json "$TABLE_JSON"} charscope "$cs detect $files" uchardet "uchardet $files"
}

# ---- repair of broken lines (issue 33): `charscope fix --file` over lines of mojibake, one
# process, against ftfy's own loop over the same lines (ftfy.fix_file, which fixes a file a line
# at a time), ftfy 6.3.1 from PyPI in target/ftfy-venv. The lines are the `input`s of
# target/repair-cal/broken.jsonl, which scripts/repair-calibration.py makes (from wordfreq, CLDR
# and Faker: no measuring corpus), one per line.
# Runs alone: scripts/bench.sh --no-setup fix_lines
bench_fix_lines() {
  local cal=target/repair-cal lines=target/bench-fix/broken-lines.txt py
  if [ ! -f "$cal/broken.jsonl" ]; then
    local venv=target/calibration-venv
    if ! "$venv/bin/python" -c 'import wordfreq, babel, faker' 2>/dev/null; then
      python3 -m venv "$venv" >&2
      "$venv/bin/pip" install -q 'wordfreq==3.1.1' 'babel==2.19.0' 'faker==40.63.0' >&2
    fi
    "$venv/bin/python" scripts/repair-calibration.py "$cal"
  fi
  mkdir -p "$(dirname "$lines")"
  python3 -c '
import json, sys
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for row in map(json.loads, open(sys.argv[1], encoding="utf-8")):
        if "\n" not in row["input"] and "\r" not in row["input"]:
            out.write(row["input"] + "\n")' "$cal/broken.jsonl" "$lines"
  py=$(scripts/ftfy-venv.sh)
  echo
  echo "fix of $(wc -l < "$lines") broken lines ($(du -k "$lines" | cut -f1) KiB), one process each side (goal: ftfy / charscope at least 5x)"
  python3 scripts/rounds.py --rounds "$ROUNDS" --runs "$SLOW_RUNS" --recache "$lines" --ref ftfy \
    ${TABLE_JSON:+--json "$TABLE_JSON"} charscope "$cs fix --file $lines" \
    ftfy "$py -c 'import ftfy, sys; sys.stdout.writelines(ftfy.fix_file(open(sys.argv[1], encoding=\"utf-8\")))' $lines"
}

# ---- issue 33's seven ratios, each as its range over ROUNDS rounds: validate of the English,
# Chinese and mixed files within 1.5x a `dd` read (isutf8 beside them); UTF-8 <-> UTF-16LE of
# the Chinese text 6x iconv or more, both ways (uconv beside it when installed); detect over the
# 280 files no slower than uchardet; fix of the broken lines 5x ftfy's loop or more. A summary
# of the seven follows the tables.
bench_goals() {
  local c=$corpus f json="$results/goals"
  mkdir -p "$json"
  for f in en zh mixed; do
    TABLE_JSON="$json/validate-$f.json" table "validate $f.utf8.txt (goal: / dd at most 1.5)" dd "$c/$f.utf8.txt" -- \
      charscope "$cs validate $c/$f.utf8.txt" \
      isutf8 "isutf8 $c/$f.utf8.txt"
  done
  TABLE_JSON="$json/to-utf16.json" table "convert UTF-8 -> UTF-16LE, zh.utf8.txt (goal: iconv / charscope at least 6x)" iconv "$c/zh.utf8.txt" -- \
    charscope "$cs convert -f utf-8 -t utf-16le $c/zh.utf8.txt" \
    iconv "iconv -f UTF-8 -t UTF-16LE $c/zh.utf8.txt" \
    uconv "uconv -f UTF-8 -t UTF-16LE $c/zh.utf8.txt"
  TABLE_JSON="$json/to-utf8.json" table "convert UTF-16LE -> UTF-8, zh.utf16le.txt (goal: iconv / charscope at least 6x)" iconv "$c/zh.utf16le.txt" -- \
    charscope "$cs convert -f utf-16le -t utf-8 $c/zh.utf16le.txt" \
    iconv "iconv -f UTF-16LE -t UTF-8 $c/zh.utf16le.txt" \
    uconv "uconv -f UTF-16LE -t UTF-8 $c/zh.utf16le.txt"
  TABLE_JSON="$json/detect.json" bench_detect_many
  TABLE_JSON="$json/fix.json" bench_fix_lines
  goals_summary "$json"
}

# The seven ratios of bench_goals, each as the range of charscope's time over the peer's (wall
# time; CPU time beside it), the goal, and whether every round met it.
goals_summary() {
  python3 - "$1" <<'PY'
import json, os, sys
rows = [
    ("validate en.utf8 / dd", "validate-en", "dd", 1.5),
    ("validate zh.utf8 / dd", "validate-zh", "dd", 1.5),
    ("validate mixed.utf8 / dd", "validate-mixed", "dd", 1.5),
    ("convert UTF-8 -> UTF-16LE / iconv", "to-utf16", "iconv", 1 / 6),
    ("convert UTF-16LE -> UTF-8 / iconv", "to-utf8", "iconv", 1 / 6),
    ("detect 280 files / uchardet", "detect", "uchardet", 1.0),
    ("fix broken lines / ftfy", "fix", "ftfy", 1 / 5),
]
print("\nIssue 33's goals: charscope's time over the peer's, range over the rounds")
print(f"  {'ratio':<36}{'wall':>12}{'cpu':>12}{'goal':>9}  met in every round")
for title, name, ref, goal in rows:
    path = os.path.join(sys.argv[1], name + ".json")
    if not os.path.exists(path):
        print(f"  {title:<36}{'(not run)':>12}")
        continue
    data = json.load(open(path))
    i, r = data["labels"].index("charscope"), data["labels"].index(ref)
    wall = [x["wall"][i] / x["wall"][r] for x in data["rounds"]]
    cpu = [x["cpu"][i] / x["cpu"][r] for x in data["rounds"]]
    met = "yes" if max(wall) <= goal else f"no ({sum(w <= goal for w in wall)} of {len(wall)})"
    print(f"  {title:<36}{min(wall):>6.2f}-{max(wall):<5.2f}{min(cpu):>6.2f}-{max(cpu):<5.2f}"
          f"{'<= %.3g' % goal:>9}  {met}")
PY
}

GROUPS_ALL="identity goals convert validate dump detect detect_many fix_lines scan fix"

main() {
  if [ "${1:-}" = --no-setup ]; then
    shift
    cargo build --release -q -p charscope-cli
  else
    setup
  fi
  local groups=("$@")
  [ ${#groups[@]} -gt 0 ] || read -r -a groups <<< "$GROUPS_ALL"
  for g in "${groups[@]}"; do "bench_$g"; done
  if [ "${RSS_GIB:-0}" = 1 ]; then bench_rss_1gib; fi
}

main "$@"
