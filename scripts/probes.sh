#!/usr/bin/env bash
# The fault-and-hostile-input probes of issue 34, as a table: each case's exit code, peak
# resident memory (/usr/bin/time) and wall time, for the binary given.
#
#   scripts/probes.sh target/release/charscope            # the quick cases
#   PROBE_BIG=1 scripts/probes.sh target/release/charscope  # and 2 GB single-line files,
#                                                          # 1 GiB from /dev/zero (4 GB of disk)
#
# Every case runs under an address-space cap (PROBE_CAP_GB, 6 by default), so that a binary
# that blows up ends with an allocation failure instead of taking the machine; the table says
# "cap" then. Linux only (/proc, mkfifo, /dev/full).
set -u
bin=$(realpath "$1")
cap=$((${PROBE_CAP_GB:-6} * 1024 * 1024 * 1024))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

printf '%-52s %5s %9s %8s\n' case exit "peak MB" seconds
# probe NAME STDIN-FILE ARGS...: one row.
probe() {
    local name=$1 input=$2
    shift 2
    local out rc kb secs
    out=$(
        /usr/bin/time -f '%M %e' -o time.txt prlimit --as="$cap" -- "$bin" "$@" \
            <"$input" >/dev/null 2>err.txt
        echo $?
    )
    read -r kb secs < <(tail -1 time.txt)
    rc=$out
    if grep -q 'memory allocation of .* failed' err.txt; then rc=cap; fi
    printf '%-52s %5s %9d %8.2f\n' "$name" "$rc" $((kb / 1024)) "$secs"
}

zeros() { # a hexdump -C dump of $1 zero bytes: three lines
    printf '00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n%08x\n' "$1"
}
: >empty
zeros 1073741824 >star1g.txt
head -c 10000000 /dev/zero >nul10m
head -c 50000000 /dev/zero >nul50m
hex() { if command -v xxd >/dev/null; then xxd -p; else od -An -v -tx1; fi | tr -d ' \n'; }
head -c 32000000 /dev/urandom | hex >hex64m.txt
yes 'The quick brown fox jumps over the lazy dog, again and again.' | head -c 50000000 >prose50m.txt

probe "undump: 1 GiB * dump" star1g.txt undump
probe "inspect --hex: 256 MiB * dump" empty inspect --hex "$(zeros 268435456)"
probe "validate --dump: 1 GiB * dump" empty validate --dump star1g.txt
probe "scan: 10 MB of NUL bytes" empty scan nul10m
probe "scan -: 50 MB of NUL bytes from a pipe" nul50m scan -
probe "undump: one hex line of 64M digits" hex64m.txt undump
probe "undump: 50 MB of prose" prose50m.txt undump
mkfifo fifo
(yes 'The quick brown fox jumps over the lazy dog' >fifo 2>/dev/null &)
probe "undump FIFO: endless text lines" empty undump fifo
(head -c 50000000 /dev/zero >fifo &)
probe "scan FIFO: 50 MB of NUL bytes" empty scan fifo
probe "completions bash" empty completions bash
/usr/bin/time -f '%M %e' -o time.txt "$bin" completions bash >/dev/full 2>err.txt
printf '%-52s %5s %9s %8s\n' "  (exit code, onto /dev/full)" "$?" - -

# The page: the 1 GiB * dump to /api/inspect in hex mode; the answer's time, the server's peak.
if command -v curl >/dev/null; then
    prlimit --as="$cap" -- "$bin" --json serve --port 0 >serve.json 2>/dev/null &
    server=$!
    sleep 1
    address=$(sed -n 's/.*"address":"\([^"]*\)".*/\1/p' serve.json)
    python3 -c 'import json,sys; print(json.dumps({"input": open(sys.argv[1]).read(), "mode": "hex"}))' \
        star1g.txt >body.json
    start=$(date +%s.%N)
    status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
        --data-binary @body.json "http://$address/api/inspect")
    secs=$(echo "$(date +%s.%N) - $start" | bc)
    kb=$(awk '/VmHWM/ {print $2}' "/proc/$server/status" 2>/dev/null)
    [ -n "$kb" ] || status="died"
    printf '%-52s %5s %9d %8.2f\n' "serve /api/inspect: 1 GiB * dump (HTTP status)" "$status" \
        $((${kb:-0} / 1024)) "$secs"
    kill "$server" 2>/dev/null
fi

if [ "${PROBE_BIG:-0}" = 1 ]; then
    head -c 1073741824 /dev/zero >nul1g
    probe "scan -: 1 GiB from /dev/zero" nul1g scan -
    rm nul1g
    head -c 1000000000 /dev/urandom | hex >hex2g.txt
    probe "undump: one hex line of 2 GB" hex2g.txt undump
    rm hex2g.txt
    yes 'café ' | tr -d '\n' | head -c 2000000000 >line2g.txt
    probe "scan: one line of 2 GB" empty scan line2g.txt
    probe "validate: one line of 2 GB" empty validate line2g.txt
    probe "convert -o: one line of 2 GB" empty convert -t utf-16le line2g.txt -o out.txt
    probe "fix --file: one line of 2 GB" empty fix --file line2g.txt -o out.txt
    rm -f line2g.txt out.txt
fi
