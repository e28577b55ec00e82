#!/usr/bin/env bash
# Do two builds of charscope give byte-identical output? For a change that must not change
# behaviour (a refactor, a speed-up, a fast path switched off), run it before committing:
#
#   scripts/same-output.sh                      # main's release binary against the working tree's
#   scripts/same-output.sh BASE [HEAD]          # two commits (HEAD may be `worktree`, the default)
#   scripts/same-output.sh --bins A B           # two binaries already built
#   scripts/same-output.sh --env-b CHARSCOPE_SIMD=off    # ... the second run with this variable
#
# Each commit is exported with `git archive` and built in release mode into
# target/same-output/ (cached by commit hash; the working tree uses its own target/release).
# Both binaries then run, one input at a time, with --json:
#   scan, validate, decode --from auto, detect   on every input, whole;
#   convert --from auto to UTF-16LE (strict) and to UTF-8 (-c), its bytes, on every input;
#   dump --from auto                              on its first DUMP_KIB KiB (default 256);
#   compare (every encoding's reading)            on its first COMPARE_KIB KiB (default 16);
#   scan                                          on each folder as one walk;
# over the bench corpus (../shared/bench/build_corpus.py, built into target/bench-corpus at
# TARGET_MIB MiB a file, default 16, unless CORPUS names a folder), the bench texts, the seeds
# and ../shared/testdata (or CHARSCOPE_TESTDATA). Standard output is compared by its SHA-256,
# standard error and the exit code as they are. Exit 0 when every run is the same, 1 with the
# commands that differ (and the start of a diff of each) otherwise, 2 on a usage or build error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$root/target/same-output
shared=${SHARED:-$root/../shared}
testdata=${CHARSCOPE_TESTDATA:-$shared/testdata}
dump_kib=${DUMP_KIB:-256}
compare_kib=${COMPARE_KIB:-16}

die() { echo "same-output: $*" >&2; exit 2; }

bin_a="" bin_b="" env_b=() revs=()
while [ $# -gt 0 ]; do
  case $1 in
    --bins) [ $# -ge 3 ] || die "--bins needs two binaries"; bin_a=$2 bin_b=$3; shift 3 ;;
    --env-b) [ $# -ge 2 ] || die "--env-b needs VAR=VALUE"; env_b+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) revs+=("$1"); shift ;;
  esac
done

# The release binary of a commit, built once into target/same-output/bin/<hash>/.
build_commit() {
  local hash
  hash=$(git rev-parse --verify "$1^{commit}") || die "not a commit: $1"
  local out=$work/bin/$hash/charscope
  if [ ! -x "$out" ]; then
    local src=$work/src/$hash
    rm -rf "$src" && mkdir -p "$src"
    git archive --format=tar "$hash" | tar -x -C "$src"
    echo "same-output: building $1 ($hash) in release mode" >&2
    CARGO_TARGET_DIR=$work/target nice cargo build --quiet --release --locked \
      --manifest-path "$src/Cargo.toml" -p charscope-cli >&2 || die "the build of $1 failed"
    mkdir -p "$(dirname "$out")"
    cp "$work/target/release/charscope" "$out"
    rm -rf "$src"
  fi
  echo "$out"
}

build_worktree() {
  echo "same-output: building the working tree in release mode" >&2
  nice cargo build --quiet --release --locked -p charscope-cli >&2 || die "the build failed"
  echo "$root/target/release/charscope"
}

binary_of() { if [ "$1" = worktree ]; then build_worktree; else build_commit "$1"; fi; }

if [ -z "$bin_a" ]; then
  base=${revs[0]:-main}
  head=${revs[1]:-worktree}
  bin_a=$(binary_of "$base")
  bin_b=$(binary_of "$head")
elif [ ${#revs[@]} -gt 0 ]; then
  die "give commits or --bins, not both"
fi
[ -x "$bin_a" ] && [ -x "$bin_b" ] || die "not executable: $bin_a or $bin_b"

corpus=${CORPUS:-$root/target/bench-corpus}
if [ ! -d "$corpus" ]; then
  echo "same-output: building the bench corpus into $corpus" >&2
  TARGET_MIB=${TARGET_MIB:-16} python3 "$shared/bench/build_corpus.py" "$corpus" >&2
fi

folders=("$corpus" "$shared/bench/lipsum" "$shared/bench/wikipedia_mars" "$shared/seeds" "$testdata")
for folder in "${folders[@]}"; do [ -d "$folder" ] || die "no folder $folder"; done
mapfile -t inputs < <(find "${folders[@]}" -type f | sort)

runs=$work/runs
rm -rf "$runs" && mkdir -p "$runs"

# Runs one side: A's binary, or B's with its environment.
run_side() {
  local side=$1; shift
  if [ "$side" = a ]; then
    timeout 600 "$bin_a" "$@"
  else
    env ${env_b[@]+"${env_b[@]}"} timeout 600 "$bin_b" "$@"
  fi
}

# One run as one record in $runs/record-SIDE: its exit code, the SHA-256 of standard output,
# standard error.
record() {
  local side=$1; shift
  local err=$runs/stderr-$side rcf=$runs/rc-$side sum
  sum=$({ run_side "$side" "$@" 2>"$err" && echo 0 >"$rcf" || echo $? >"$rcf"; } | sha256sum)
  { printf 'exit %s\nstdout %s\n' "$(cat "$rcf")" "${sum%% *}"; cat "$err"; } >"$runs/record-$side"
}

count=0 differ=0 about=""
compare_run() {
  count=$((count + 1))
  local a b
  # The two sides at once, one a core.
  record a "$@" &
  record b "$@"
  wait
  a=$(cat "$runs/record-a")
  b=$(cat "$runs/record-b")
  if [ "$a" != "$b" ]; then
    differ=$((differ + 1))
    echo "DIFFERS: charscope $* ${about:+($about)}"
    diff <(echo "$a") <(echo "$b") | head -20 || true
    if [ "$(echo "$a" | sed -n 2p)" != "$(echo "$b" | sed -n 2p)" ]; then
      diff <(run_side a "$@" 2>/dev/null) <(run_side b "$@" 2>/dev/null) | head -20 || true
    fi
  fi
}

echo "same-output: A = $bin_a" >&2
echo "same-output: B = $bin_b ${env_b[*]}" >&2
echo "same-output: ${#inputs[@]} files" >&2
for file in "${inputs[@]}"; do
  compare_run --json scan "$file"
  compare_run --json validate "$file"
  compare_run --json decode --from auto "$file"
  compare_run --json detect "$file"
  compare_run convert --from auto --to utf-16le "$file"
  compare_run convert -c --from auto --to utf-8 "$file"
  head -c $((dump_kib * 1024)) "$file" >"$runs/head"
  about="the first $dump_kib KiB of $file"
  compare_run --json dump --from auto "$runs/head"
  head -c $((compare_kib * 1024)) "$file" >"$runs/head"
  about="the first $compare_kib KiB of $file"
  compare_run --json compare "$runs/head"
  about=""
done
for folder in "${folders[@]}"; do
  compare_run --json scan "$folder"
done
rm -rf "$runs"

echo "same-output: $count runs, $differ differ" >&2
[ "$differ" -eq 0 ]
