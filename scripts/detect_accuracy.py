#!/usr/bin/env python3
"""Accuracy of charscope detect and its peers on a corpus of files of known encoding.

Run through scripts/detect-accuracy.sh, which builds charscope and installs the peers.

Counting rule: an answer counts when it decodes the file to the same text as the expected
charset (so windows-1252 for an ISO-8859-1 file without bytes 80-9F counts). A leading U+FEFF is
ignored on both sides. Every answer and expected charset is decoded by Python's codecs (WHATWG
names mapped to the codec browsers mean: Big5 -> big5hkscs, Shift_JIS -> cp932, EUC-KR ->
cp949, GBK -> gb18030), or by charscope where Python has no codec for the name.

Usage: detect_accuracy.py CORPUS_DIR CHARSCOPE_BIN CHARDETNG_BIN [--failures] [--only NAMES]
(charscope's confidences are calibrated on generated text by scripts/detect-calibration.sh, not on
this corpus; scripts/detect-reliability.sh prints their reliability table here and on slices)
"""

import codecs
import json
import os
import shutil
import subprocess
import sys

# Names Python spells differently, or where the WHATWG meaning differs from Python's.
PY_NAMES = {
    "gbk": "gb18030",
    "gb2312": "gb18030",
    "big5": "big5hkscs",
    "shift_jis": "cp932",
    "sjis": "cp932",
    "euc-kr": "cp949",
    "uhc": "cp949",
    "windows-949": "cp949",
    "x-mac-cyrillic": "mac_cyrillic",
    "maccyrillic": "mac_cyrillic",
    "mac-cyrillic": "mac_cyrillic",
    "macintosh": "mac_roman",
    "x-mac-ce": "mac_latin2",
    "mac-centraleurope": "mac_latin2",
    "maccentraleurope": "mac_latin2",
    "true-iso-8859-1": "latin-1",
    "ibm866": "cp866",
    "windows-874": "cp874",
    "tis-620": "cp874",
    "iso-8859-11": "cp874",
    "ascii": "ascii",
    "utf-8-sig": "utf-8",
    "iso-8859-8-i": "iso-8859-8",
}


def py_codec(name):
    n = name.strip().lower()
    n = PY_NAMES.get(n, n)
    try:
        return codecs.lookup(n).name
    except LookupError:
        return None


def charscope_decode(binary, name, path):
    r = subprocess.run([binary, "decode", "--from", name, path], capture_output=True)
    if r.returncode == 2:
        return None
    return r.stdout.decode("utf-8")


def text_of(name, path, data, binary, ours=False):
    if not name:
        return None
    if not ours:
        codec = py_codec(name)
        if codec:
            try:
                return data.decode(codec, errors="replace").lstrip("\ufeff")
            except Exception:
                return None
    t = charscope_decode(binary, name, path)
    return t.lstrip("\ufeff") if t is not None else None


def run_charscope(binary, paths):
    out = {}
    r = subprocess.run([binary, "--json", "detect"] + paths, capture_output=True, check=True)
    for line in r.stdout.decode().splitlines():
        d = json.loads(line)
        out[d["file"]] = d
    return {p: (out[p]["encoding"], out[p]) for p in paths}


def run_chardetng(binary, paths):
    r = subprocess.run([binary] + paths, capture_output=True, check=True)
    got = dict(line.split("\t", 1) for line in r.stdout.decode().splitlines())
    return {p: (got.get(p), None) for p in paths}


def run_uchardet(paths):
    out = {}
    for p in paths:
        r = subprocess.run(["uchardet", p], capture_output=True)
        name = r.stdout.decode().strip()
        out[p] = (None if name in ("", "unknown") else name, None)
    return out


def run_chardet(paths):
    import chardet

    return {p: (chardet.detect(open(p, "rb").read())["encoding"], None) for p in paths}


def run_charset_normalizer(paths):
    import charset_normalizer

    out = {}
    for p in paths:
        best = charset_normalizer.from_bytes(open(p, "rb").read()).best()
        out[p] = (best.encoding if best else None, None)
    return out


# Confidence bins of the calibration table: of the answers given at confidence c, about c
# should be right.
BINS = [(0.0, 0.5), (0.5, 0.8), (0.8, 0.95), (0.95, 0.999), (0.999, 1.01)]


def calibration_table(answers):
    """charscope's answers by confidence: how many, and how many were right."""
    lines = [
        "charscope's calibration (every answer with a name, by its confidence):",
        "| confidence | answers | right | share right |",
        "|---|---:|---:|---:|",
    ]
    for lo, hi in BINS:
        inside = [ok for d, ok in answers if d and d["encoding"] and lo <= d["confidence"] < hi]
        if not inside:
            continue
        label = "1 (certain)" if lo >= 0.999 else "%.2f-%.2f" % (lo, min(hi, 1.0))
        lines.append("| %s | %d | %d | %.0f%% |" % (label, len(inside), sum(inside), 100 * sum(inside) / len(inside)))
    return "\n".join(lines)


def main():
    corpus, charscope, chardetng = sys.argv[1:4]
    show_failures = "--failures" in sys.argv
    only = None
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    index = json.load(open(os.path.join(corpus, "index.json")))
    files = index["files"]
    paths = [os.path.join(corpus, f["file"]) for f in files]
    expected = {}
    valid_utf8 = set()
    for f, p in zip(files, paths):
        data = open(p, "rb").read()
        expected[p] = (f["expected_charset"], text_of(f["expected_charset"], p, data, charscope))
        try:
            data.decode("utf-8")
            if not data.isascii():
                valid_utf8.add(p)
        except UnicodeDecodeError:
            pass

    detectors = [("charscope", lambda: run_charscope(charscope, paths), True)]
    detectors.append(("chardet", lambda: run_chardet(paths), False))
    detectors.append(("charset-normalizer", lambda: run_charset_normalizer(paths), False))
    if shutil.which("uchardet"):
        detectors.append(("uchardet", lambda: run_uchardet(paths), False))
    detectors.append(("chardetng", lambda: run_chardetng(chardetng, paths), False))

    rows = []
    calibration = None
    for name, run, ours in detectors:
        if only and name not in only:
            continue
        answers = run()
        right = 0
        utf8_missed = 0
        failures = []
        for p in paths:
            answer, detail = answers[p]
            exp_name, exp_text = expected[p]
            data = open(p, "rb").read()
            got = text_of(answer, p, data, charscope)
            ok = got is not None and exp_text is not None and got == exp_text
            right += ok
            if p in valid_utf8 and (answer or "").lower().replace("_", "-") not in ("utf-8", "utf-8-sig"):
                utf8_missed += 1
            if not ok:
                failures.append((os.path.relpath(p, corpus), exp_name, answer, detail))
        rows.append((name, right, len(paths), utf8_missed))
        if ours:
            wrong = {os.path.join(corpus, f[0]) for f in failures}
            judged = [(answers[p][1], p not in wrong) for p in paths]
            calibration = calibration_table(judged)
        if show_failures:
            for rel, exp, ans, detail in failures:
                extra = ""
                if detail:
                    alts = ", ".join("%s %.2f" % (a["encoding"], a["confidence"]) for a in detail["alternatives"][:3])
                    extra = " [%s %.3f; %s]" % (detail["method"], detail["confidence"], alts)
                print("%-20s %-60s expected %-18s got %s%s" % (name, rel, exp, ans, extra), file=sys.stderr)

    if calibration:
        print(calibration)
        print()
    print("| detector | right | files | valid UTF-8 called something else |")
    print("|---|---:|---:|---:|")
    for name, right, total, missed in rows:
        print("| %s | %d | %d | %d |" % (name, right, total, missed))


if __name__ == "__main__":
    main()
