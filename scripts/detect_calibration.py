#!/usr/bin/env python3
"""Fits the calibration of charscope detect's confidence on generated text, never on the
measuring corpus: text in 40 languages, from Faker's word lists, names and addresses (PyPI,
pinned by scripts/detect-calibration.sh) and from ../shared/bench, encoded in the legacy
encodings each language is written in, then cut into whole paragraphs, first lines, 32 bytes,
12 bytes and single words.

Run through scripts/detect-calibration.sh, which builds charscope and installs Faker.

Usage: detect_calibration.py OUT_DIR CHARSCOPE_BIN CALIBRATION_INPUTS_BIN [--table]
Prints the logistic fit of P(right) on logit(raw share) and ln(1 + bytes above 7F) (the
constants CAL_SHARE, CAL_EVIDENCE and CAL_OFFSET of crates/charscope/src/detect/legacy.rs), and
with --table the reliability table of the answers as they are now on the generated set.
"""

import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from detect_reliability import reliability_table, same_text  # noqa: E402

LATIN1 = ["cp1252", "iso8859_15", "cp850", "mac_roman"]
CENTRAL = ["cp1250", "iso8859_2", "cp852", "mac_latin2"]
CYRILLIC = ["cp1251", "koi8_r", "iso8859_5", "cp866", "mac_cyrillic", "cp855"]
BALTIC = ["cp1257", "iso8859_13", "iso8859_4"]

# Locale -> (how to make text: "lorem" or "places", the encodings it is written in).
LOCALES = {
    "cs_CZ": ("lorem", CENTRAL), "pl_PL": ("lorem", CENTRAL), "hu_HU": ("places", CENTRAL),
    "sk_SK": ("places", CENTRAL), "sl_SI": ("places", CENTRAL), "hr_HR": ("places", CENTRAL),
    "ro_RO": ("places", CENTRAL + ["iso8859_16"]), "de_DE": ("lorem", LATIN1),
    "fr_FR": ("lorem", LATIN1), "es_ES": ("lorem", LATIN1), "it_IT": ("lorem", LATIN1),
    "da_DK": ("lorem", LATIN1), "pt_PT": ("places", LATIN1), "sv_SE": ("places", LATIN1),
    "fi_FI": ("places", LATIN1), "no_NO": ("places", LATIN1), "is_IS": ("places", LATIN1),
    "tr_TR": ("places", ["cp1254", "iso8859_9"]), "el_GR": ("lorem", ["cp1253", "iso8859_7"]),
    "ru_RU": ("lorem", CYRILLIC), "uk_UA": ("lorem", ["cp1251", "koi8_u", "iso8859_5", "cp866"]),
    "bg_BG": ("places", ["cp1251", "iso8859_5", "cp866"]), "mk_MK": ("lorem", ["cp1251", "iso8859_5"]),
    "he_IL": ("lorem", ["cp1255", "iso8859_8"]), "ar_AA": ("lorem", ["cp1256", "iso8859_6"]),
    "fa_IR": ("lorem", ["cp1256"]), "th_TH": ("lorem", ["cp874"]), "vi_VN": ("lorem", ["cp1258"]),
    "lt_LT": ("places", BALTIC), "lv_LV": ("places", BALTIC), "et_EE": ("places", BALTIC + ["cp1252"]),
    "ja_JP": ("lorem", ["cp932", "euc_jp"]), "zh_CN": ("lorem", ["gb18030"]),
    "zh_TW": ("lorem", ["big5"]), "ko_KR": ("places", ["cp949"]),
}

# ../shared/bench texts -> the encodings to write them in.
BENCH = {
    "wikipedia_mars/portuguese.utf8.txt": LATIN1,
    "wikipedia_mars/russian.utf8.txt": CYRILLIC,
    "wikipedia_mars/chinese.utf8.txt": ["gb18030", "big5"],
    "wikipedia_mars/japanese.utf8.txt": ["cp932", "euc_jp"],
    "lipsum/Hebrew-Lipsum.utf8.txt": ["cp1255"],
    "lipsum/Arabic-Lipsum.utf8.txt": ["cp1256"],
    "lipsum/Korean-Lipsum.utf8.txt": ["cp949"],
}

DOCS = 6


def faker_docs(locale, kind):
    from faker import Faker

    fake = Faker(locale)
    docs = []
    for seed in range(DOCS):
        fake.seed_instance(seed)
        if kind == "lorem":
            lines = [fake.sentence(nb_words=12) for _ in range(8)]
        else:
            lines = []
            for _ in range(5):
                lines.append(fake.name())
                lines.extend(fake.address().split("\n"))
        docs.append("\n".join(lines) + "\n")
    return docs


def bench_docs(path):
    text = open(path, encoding="utf-8").read()
    lines = [l for l in text.split("\n") if len(l) > 40]
    step = max(1, len(lines) // DOCS)
    return ["\n".join(lines[i:i + 6]) + "\n" for i in range(0, step * DOCS, step)][:DOCS]


def slices(data):
    """(name, bytes) cuts of one document: whole, the first line with a byte above 7F, 32 and
    12 bytes from that line's start, and its first word with a byte above 7F."""
    out = [("whole", data)]
    lines = data.split(b"\n")
    line = next((l for l in lines if any(b >= 0x80 for b in l)), None)
    if line is None:
        return out
    out.append(("line", line))
    out.append(("32 bytes", line[:32]))
    out.append(("12 bytes", line[:12]))
    word = next((w for w in line.split() if any(b >= 0x80 for b in w)), None)
    if word:
        out.append(("word", word))
    return out


def build(out_dir, bench_dir):
    os.makedirs(out_dir, exist_ok=True)
    cases = []
    sources = [(loc, faker_docs(loc, kind), encs) for loc, (kind, encs) in LOCALES.items()]
    for rel, encs in BENCH.items():
        path = os.path.join(bench_dir, rel)
        if os.path.exists(path):
            sources.append((rel, bench_docs(path), encs))
    for name, docs, encs in sources:
        for codec in encs:
            for i, doc in enumerate(docs):
                kept = "".join(c for c in doc if can_encode(c, codec))
                data = kept.encode(codec)
                if data.isascii():
                    continue
                for cut, piece in slices(data):
                    if piece.isascii():
                        continue
                    path = os.path.join(out_dir, "%05d.bin" % len(cases))
                    open(path, "wb").write(piece)
                    cases.append({"path": path, "codec": codec, "source": name, "cut": cut})
    json.dump(cases, open(os.path.join(out_dir, "cases.json"), "w"), indent=0)
    return cases


def can_encode(c, codec):
    try:
        c.encode(codec)
        return True
    except UnicodeEncodeError:
        return False


def answers(binary, paths):
    out = {}
    for i in range(0, len(paths), 500):
        r = subprocess.run([binary, "--json", "detect"] + paths[i:i + 500], capture_output=True, check=True)
        for line in r.stdout.decode().splitlines():
            d = json.loads(line)
            out[d["file"]] = d
    return out


def inputs(binary, paths):
    out = {}
    for i in range(0, len(paths), 500):
        r = subprocess.run([binary] + paths[i:i + 500], capture_output=True, check=True)
        for line in r.stdout.decode().splitlines():
            path, raw, evidence = line.split("\t")
            if raw != "-":
                out[path] = (float(raw), int(evidence))
    return out


def fit(points):
    """Logistic regression of right on (logit(raw), ln(1 + evidence)), by Newton's method."""
    rows = []
    for raw, evidence, ok in points:
        p = min(max(raw, 1e-9), 1 - 1e-5)
        rows.append(([math.log(p / (1 - p)), math.log(1 + evidence), 1.0], 1.0 if ok else 0.0))
    w = [0.0, 0.0, 0.0]
    for _ in range(50):
        g = [0.0] * 3
        h = [[0.0] * 3 for _ in range(3)]
        for x, y in rows:
            z = sum(a * b for a, b in zip(w, x))
            q = 1 / (1 + math.exp(-z))
            for i in range(3):
                g[i] += (y - q) * x[i]
                for j in range(3):
                    h[i][j] += q * (1 - q) * x[i] * x[j]
        for i in range(3):
            h[i][i] += 1e-6
        step = solve(h, g)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def main():
    out_dir, charscope, calib = sys.argv[1:4]
    bench_dir = os.environ.get("CHARSCOPE_BENCH", os.path.join(os.path.dirname(__file__), "..", "..", "shared", "bench"))
    cases = build(out_dir, bench_dir)
    paths = [c["path"] for c in cases]
    got = answers(charscope, paths)
    raw = inputs(calib, paths)
    points = []
    judged = []
    for c in cases:
        d = got[c["path"]]
        data = open(c["path"], "rb").read()
        ok = same_text(data, d["encoding"], c["codec"], c["path"], charscope)
        judged.append((c["cut"], d, ok))
        if d["method"] == "statistics" and c["path"] in raw:
            points.append(raw[c["path"]] + (ok,))
    a, b, c = fit(points)
    print("generated cases: %d (%d statistics answers fitted)" % (len(cases), len(points)))
    print("fit: CAL_SHARE %.2f, CAL_EVIDENCE %.2f, CAL_OFFSET %.2f" % (a, b, c))
    if "--table" in sys.argv:
        for cut in ["whole", "line", "32 bytes", "12 bytes", "word"]:
            print()
            print(reliability_table("generated, %s" % cut, [(d, ok) for k, d, ok in judged if k == cut]))


if __name__ == "__main__":
    main()
