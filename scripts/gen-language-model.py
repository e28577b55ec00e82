#!/usr/bin/env python3
"""Generate crates/charscope/src/plausibility/data.rs: the letter statistics of the plausibility model.

Source: the word lists of the PyPI package wordfreq (pinned below), each word weighted by its
frequency. For every alphabetic language we count which letters occur and which letter follows
which (word boundaries included); for Chinese, Japanese and Korean we count characters. Traditional
Chinese characters get the frequency of their simplified form, through wordfreq's own mapping
table. Scripts that wordfreq has no list for (Thai, Georgian, Armenian) get a flat model over the
letters of their Unicode block, from Python's unicodedata.

Nothing here is derived from any detection corpus.

Usage: scripts/gen-language-model.py            # write the file
       scripts/gen-language-model.py --check    # exit 1 if the checked-in file differs

The script makes a virtual environment under target/ (or $CHARSCOPE_VENV) and installs the pinned
wordfreq into it, then reruns itself there.
"""

import math
import os
import subprocess
import sys
import unicodedata

WORDFREQ = "wordfreq==3.1.1"
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(ROOT, "crates", "charscope", "src", "plausibility", "data.rs")

# Alphabetic languages taken from wordfreq ("sh" is Serbo-Croatian in Latin script).
ALPHABETIC = [
    "ar", "bg", "ca", "cs", "da", "de", "el", "en", "es", "fa", "fi", "fr", "he", "hi", "hu",
    "id", "is", "it", "lt", "lv", "mk", "nb", "nl", "pl", "pt", "ro", "ru", "sh", "sk", "sl",
    "sv", "tr", "uk", "vi",
]
# ISO 639-1 code reported for a wordfreq list whose code is not one.
REPORTED = {"sh": "hr"}
CJK = {"zh": 7000, "ja": 5000, "ko": 2600}
# Flat models for scripts without a word list: (code, first, last) code point ranges of letters.
FLAT = [
    ("th", [(0x0E01, 0x0E3A), (0x0E40, 0x0E4E)]),
    ("ka", [(0x10D0, 0x10FA), (0x10A0, 0x10C5)]),
    ("hy", [(0x0531, 0x0556), (0x0561, 0x0587)]),
]

WORDS_PER_LANGUAGE = 60000
FLAT_DOUBT = 2.0
MAX_ALPHABET = 110
# A letter joins a language's alphabet when it carries at least this share of the letters.
MIN_LETTER_SHARE = 2e-5
# Bigram smoothing: this share of each row's mass goes to the unigram distribution.
SMOOTH = 0.01
# Quantisation of costs (bits): 64 levels.
ALPHA_STEP, CJK_STEP = 0.25, 0.5
LEVELS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def ensure_venv():
    try:
        import wordfreq  # noqa: F401
        from importlib.metadata import version

        if version("wordfreq") == WORDFREQ.split("==")[1]:
            return
    except ImportError:
        pass
    venv = os.environ.get("CHARSCOPE_VENV", os.path.join(ROOT, "target", "gen-venv"))
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([py, "-m", "pip", "install", "-q", WORDFREQ], check=True)
    os.execv(py, [py] + sys.argv)


def is_letter(ch):
    return unicodedata.category(ch)[0] in "LM"


def quantise(cost, step):
    return min(63, max(0, int(round(cost / step))))


def alphabetic_model(code):
    import wordfreq

    freqs = wordfreq.get_frequency_dict(code, wordlist="best")
    words = sorted(freqs.items(), key=lambda kv: -kv[1])[:WORDS_PER_LANGUAGE]
    letters = {}
    for word, f in words:
        for ch in unicodedata.normalize("NFC", word.lower()):
            if is_letter(ch):
                letters[ch] = letters.get(ch, 0.0) + f
    total = sum(letters.values())
    alphabet = [ch for ch, m in sorted(letters.items(), key=lambda kv: (-kv[1], kv[0])) if m / total >= MIN_LETTER_SHARE]
    alphabet = alphabet[:MAX_ALPHABET]
    index = {ch: i + 1 for i, ch in enumerate(alphabet)}  # 0 is the word boundary
    n = len(alphabet) + 1
    counts = [[0.0] * n for _ in range(n)]
    for word, f in words:
        prev = 0
        for ch in unicodedata.normalize("NFC", word.lower()):
            cur = index.get(ch, 0) if is_letter(ch) else 0
            if cur == 0 and prev == 0:
                continue
            counts[prev][cur] += f
            prev = cur
        if prev != 0:
            counts[prev][0] += f
    col = [sum(counts[a][b] for a in range(n)) for b in range(n)]
    grand = sum(col)
    uni = [c / grand for c in col]
    cells = []
    entropy = 0.0
    for a in range(n):
        row = sum(counts[a])
        for b in range(n):
            p_ml = counts[a][b] / row if row else uni[b]
            p = (1 - SMOOTH) * p_ml + SMOOTH * uni[b]
            q = quantise(-math.log2(p), ALPHA_STEP)
            cells.append(LEVELS[q])
            entropy += (counts[a][b] / grand) * q * ALPHA_STEP
    return {"code": REPORTED.get(code, code), "alphabet": "".join(alphabet), "costs": "".join(cells), "entropy": entropy}


def traditional_variants():
    import gzip

    import msgpack
    import wordfreq

    path = os.path.join(os.path.dirname(wordfreq.__file__), "data", "_chinese_mapping.msgpack.gz")
    with gzip.open(path) as f:
        mapping = msgpack.load(f, raw=False, strict_map_key=False)
    variants = {}
    for trad, simp in mapping.items():
        if len(simp) == 1:
            variants.setdefault(simp, []).append(chr(trad))
    return variants


def cjk_model(code, size):
    import wordfreq

    freqs = wordfreq.get_frequency_dict(code, wordlist="best")
    chars = {}
    for word, f in freqs.items():
        for ch in word:
            if is_letter(ch) and ord(ch) >= 0x2E80:
                chars[ch] = chars.get(ch, 0.0) + f
    if code == "zh":
        for simp, trads in traditional_variants().items():
            for t in trads:
                if t != simp and simp in chars:
                    chars[t] = max(chars.get(t, 0.0), chars[simp])
    top = sorted(chars.items(), key=lambda kv: (-kv[1], kv[0]))[:size]
    total = sum(m for _, m in top)
    top.sort(key=lambda kv: kv[0])
    costs = [quantise(-math.log2(m / total), CJK_STEP) for _, m in top]
    entropy = sum((m / total) * q * CJK_STEP for (_, m), q in zip(top, costs))
    return {
        "code": code,
        "chars": "".join(ch for ch, _ in top),
        "costs": "".join(LEVELS[q] for q in costs),
        "entropy": entropy,
    }


def flat_model(code, ranges):
    alphabet = "".join(chr(c) for lo, hi in ranges for c in range(lo, hi + 1) if unicodedata.category(chr(c))[0] in "LM")
    n = len(alphabet) + 1
    q = quantise(math.log2(n), ALPHA_STEP)
    # A flat model cannot tell words from letter salad, so its text scores FLAT_DOUBT bits per
    # letter below typical: a language with real statistics wins wherever one applies.
    return {"code": code, "alphabet": alphabet, "costs": LEVELS[q] * (n * n), "entropy": q * ALPHA_STEP - FLAT_DOUBT}


def rust_str(s):
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif unicodedata.category(ch)[0] in "LNPS" and ch != "\u00ad":
            out.append(ch)
        else:
            out.append("\\u{%X}" % ord(ch))
    return '"' + "".join(out) + '"'


def wrap(s, width=96):
    # Rust string continuation: a backslash at line end skips the newline and leading spaces.
    parts = [s[i : i + width] for i in range(0, len(s), width)] or [""]
    return '"' + "\\\n        ".join(p.replace("\\", "\\\\").replace('"', '\\"') for p in parts) + '"'


def render(alpha, cjk):
    from importlib.metadata import version

    lines = [
        "// generated by scripts/gen-language-model.py from wordfreq "
        + version("wordfreq")
        + " (PyPI) and Python "
        + "%d.%d" % sys.version_info[:2]
        + "'s unicodedata; do not edit.",
        "// Regenerate with `scripts/gen-language-model.py`; a test fails when this file is stale.",
        "",
        "use super::shapes::{AlphabeticData, CjkData};",
        "",
        "/// Cost levels: a cost of q steps is written as `LEVELS[q]`.",
        "pub(super) const LEVELS: &str = %s;" % rust_str(LEVELS),
        "/// Bits per level for alphabetic bigram costs.",
        "pub(super) const ALPHA_STEP: f32 = %r;" % ALPHA_STEP,
        "/// Bits per level for CJK character costs.",
        "pub(super) const CJK_STEP: f32 = %r;" % CJK_STEP,
        "",
        "/// Alphabetic languages: letters (index 1..) and a row-major bigram cost matrix (index 0 is",
        "/// a word boundary).",
        "pub(super) static ALPHABETIC: &[AlphabeticData] = &[",
    ]
    for m in alpha:
        lines += [
            "    AlphabeticData {",
            "        code: %s," % rust_str(m["code"]),
            "        entropy: %.3f," % m["entropy"],
            "        alphabet: %s," % rust_str(m["alphabet"]),
            "        costs: %s," % wrap(m["costs"]),
            "    },",
        ]
    lines += ["];", "", "/// Chinese, Japanese, Korean: characters in code point order, with their costs.", "pub(super) static CJK: &[CjkData] = &["]
    for m in cjk:
        lines += [
            "    CjkData {",
            "        code: %s," % rust_str(m["code"]),
            "        entropy: %.3f," % m["entropy"],
            "        chars: %s," % rust_str(m["chars"]),
            "        costs: %s," % wrap(m["costs"]),
            "    },",
        ]
    lines += ["];", ""]
    return "\n".join(lines)


def main():
    ensure_venv()
    alpha = [alphabetic_model(c) for c in ALPHABETIC] + [flat_model(c, r) for c, r in FLAT]
    cjk = [cjk_model(c, n) for c, n in CJK.items()]
    text = render(alpha, cjk)
    if "--check" in sys.argv:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                print("%s is stale: run scripts/gen-language-model.py" % os.path.relpath(OUT, ROOT), file=sys.stderr)
                sys.exit(1)
        print("language model up to date")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %s (%d bytes)" % (os.path.relpath(OUT, ROOT), len(text.encode())))


if __name__ == "__main__":
    main()
