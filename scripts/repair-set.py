#!/usr/bin/env python3
"""Builds the generated mojibake set that `charscope fix` is tuned and measured on.

Lines come from the bench texts of ../shared/bench (every script there: lipsum in Arabic,
Chinese, Emoji, Hebrew, Hindi, Japanese, Korean, Latin, Russian, and the Wikipedia article on Mars
in Chinese, English, Japanese, Portuguese, Russian). Each is broken through the chains that
`fix` undoes, the way real software breaks text:

- UTF-8 read as a single-byte encoding (bytes the encoding leaves undefined read as the C1
  control of the same number, as browsers' windows-125x decoders do), once, twice, three times;
- UTF-8 read as GBK, Big5, Shift_JIS, EUC-JP, EUC-KR (short phrases: a long line almost always
  has a byte pair those encodings reject, and a lossy break cannot be repaired exactly);
- GBK, Big5, Shift_JIS, EUC-JP, EUC-KR, windows-1255 and windows-1256 text read as windows-1252;
- KOI8-R read as windows-1251 and back, windows-1252 text read as windows-1250, GBK read as
  Big5 and back, EUC-JP read as Shift_JIS;
- one word of a clean line broken (UTF-8 read as windows-1252, and as windows-1251 in Cyrillic);
- clean lines, which must come back unchanged.

A line whose break loses bytes (a decoder rejects them) is left out: only reversible breaks are
"repairable exactly". The output is JSON Lines, one case per line:
{"family", "source", "chain", "kind": "broken"|"one-word"|"clean", "input", "expected"}.

Usage: scripts/repair-set.py [OUT] [--per N]   (default target/repair-set/set.jsonl, N=40)
       scripts/repair-set.py --sample           the small sample the cargo tests read
Deterministic: the same texts give the same set.
"""

import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BENCH = os.path.join(ROOT, "..", "shared", "bench")

SOURCES = {
    "lipsum/Arabic-Lipsum.utf8.txt": "arabic",
    "lipsum/Chinese-Lipsum.utf8.txt": "chinese",
    "lipsum/Emoji-Lipsum.utf8.txt": "emoji",
    "lipsum/Hebrew-Lipsum.utf8.txt": "hebrew",
    "lipsum/Hindi-Lipsum.utf8.txt": "devanagari",
    "lipsum/Japanese-Lipsum.utf8.txt": "japanese",
    "lipsum/Korean-Lipsum.utf8.txt": "korean",
    "lipsum/Latin-Lipsum.utf8.txt": "latin",
    "lipsum/Russian-Lipsum.utf8.txt": "cyrillic",
    "wikipedia_mars/chinese.utf8.txt": "chinese",
    "wikipedia_mars/english.utf8.txt": "latin",
    "wikipedia_mars/japanese.utf8.txt": "japanese",
    "wikipedia_mars/portuguese.utf8.txt": "latin",
    "wikipedia_mars/russian.utf8.txt": "cyrillic",
}

# Python codec -> charscope name, for single-byte readings of UTF-8.
SINGLE = {
    "cp1252": "windows-1252",
    "latin-1": "true-ISO-8859-1",
    "cp1250": "windows-1250",
    "cp1251": "windows-1251",
    "cp1253": "windows-1253",
    "cp1254": "windows-1254",
    "cp1257": "windows-1257",
    "iso8859_2": "ISO-8859-2",
    "iso8859_5": "ISO-8859-5",
    "iso8859_15": "ISO-8859-15",
    "koi8_r": "KOI8-R",
    "mac_roman": "macintosh",
    "mac_cyrillic": "x-mac-cyrillic",
    "cp437": "IBM437",
    "cp850": "IBM850",
    "cp866": "IBM866",
}
DOUBLE = {"gbk": "GBK", "big5": "Big5", "shift_jis": "Shift_JIS", "euc_jp": "EUC-JP", "euc_kr": "EUC-KR"}


def read_single(data: bytes, codec: str):
    """Bytes read with a single-byte codec, as browsers read them: undefined bytes 80-9F read as
    the C1 control of the same number; any other undefined byte is lost (None)."""
    out = []
    for b in data:
        try:
            out.append(bytes([b]).decode(codec))
        except UnicodeDecodeError:
            if 0x80 <= b <= 0x9F:
                out.append(chr(b))
            else:
                return None
    return "".join(out)


def utf8_as(text, codec: str):
    if text is None:
        return None
    data = text.encode("utf-8")
    if codec in SINGLE:
        return read_single(data, codec)
    try:
        return data.decode(codec)
    except UnicodeDecodeError:
        return None


def legacy_as(text: str, source: str, wrong: str):
    try:
        data = text.encode(source)
    except UnicodeEncodeError:
        return None
    if wrong in SINGLE:
        return read_single(data, wrong)
    try:
        return data.decode(wrong)
    except UnicodeDecodeError:
        return None


def lines_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read().lstrip("\ufeff")
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        # Markdown links and image references of the Wikipedia dump are not prose.
        line = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", line).strip()
        if 20 <= len(line) <= 160:
            out.append(line)
        elif len(line) > 160:
            # Long paragraphs: cut at a sentence or clause end near 120 characters.
            for piece in re.split(r"(?<=[.。!?！？,，;；])\s*", line):
                if 20 <= len(piece) <= 160:
                    out.append(piece)
                elif len(piece) > 160:
                    # No punctuation to cut at (the emoji text): 60 characters at a time.
                    out.extend(piece[i : i + 60] for i in range(0, len(piece) - 20, 60))
    return out


def phrases_of(lines, rng, n):
    """Short phrases (2-10 characters of non-space text) for the lossy-prone chains."""
    out = []
    for line in lines:
        for word in re.findall(r"\S{2,10}", line):
            if any(ord(c) > 127 for c in word):
                out.append(word)
    rng.shuffle(out)
    return out[: n * 4]


def chains_for(family):
    """Every chain that fits a family's text: (name, function text -> broken or None)."""
    chains = []
    for codec, name in SINGLE.items():
        chains.append((f"UTF-8 read as {name}", lambda t, c=codec: utf8_as(t, c)))
    chains.append(("UTF-8 read as windows-1252 twice",
                   lambda t: utf8_as(utf8_as(t, "cp1252"), "cp1252")))
    chains.append(("UTF-8 read as windows-1252 three times",
                   lambda t: utf8_as(utf8_as(utf8_as(t, "cp1252"), "cp1252"), "cp1252")))
    chains.append(("UTF-8 read as windows-1252, then as windows-1251",
                   lambda t: utf8_as(utf8_as(t, "cp1252"), "cp1251")))
    for codec, name in DOUBLE.items():
        chains.append((f"UTF-8 read as {name}", lambda t, c=codec: utf8_as(t, c), "phrases"))
    if family == "chinese":
        for codec, name in (("gbk", "GBK"), ("big5", "Big5")):
            chains.append((f"{name} read as windows-1252", lambda t, c=codec: legacy_as(t, c, "cp1252")))
        chains.append(("GBK read as Big5", lambda t: legacy_as(t, "gbk", "big5"), "phrases"))
        chains.append(("Big5 read as GBK", lambda t: legacy_as(t, "big5", "gbk"), "phrases"))
    if family == "japanese":
        for codec, name in (("shift_jis", "Shift_JIS"), ("euc_jp", "EUC-JP")):
            chains.append((f"{name} read as windows-1252", lambda t, c=codec: legacy_as(t, c, "cp1252")))
        chains.append(("EUC-JP read as Shift_JIS", lambda t: legacy_as(t, "euc_jp", "shift_jis"), "phrases"))
    if family == "korean":
        chains.append(("EUC-KR read as windows-1252", lambda t: legacy_as(t, "euc_kr", "cp1252")))
    if family == "cyrillic":
        chains.append(("KOI8-R read as windows-1251", lambda t: legacy_as(t, "koi8_r", "cp1251")))
        chains.append(("windows-1251 read as KOI8-R", lambda t: legacy_as(t, "cp1251", "koi8_r")))
    if family == "hebrew":
        chains.append(("windows-1255 read as windows-1252", lambda t: legacy_as(t, "cp1255", "cp1252")))
    if family == "arabic":
        chains.append(("windows-1256 read as windows-1252", lambda t: legacy_as(t, "cp1256", "cp1252")))
    if family == "latin":
        chains.append(("windows-1252 read as windows-1250", lambda t: legacy_as(t, "cp1252", "cp1250")))
    return chains


def one_word(line, rng, codec):
    words = [m for m in re.finditer(r"\S+", line) if any(ord(c) > 127 for c in m.group())]
    if not words:
        return None
    m = rng.choice(words)
    broken = utf8_as(m.group(), codec)
    return line[: m.start()] + broken + line[m.end():]


def build(per):
    rng = random.Random(20261201)
    by_family = {}
    for rel, family in SOURCES.items():
        by_family.setdefault(family, []).extend((rel, l) for l in lines_of(os.path.join(BENCH, rel)))
    cases = []
    for family, items in sorted(by_family.items()):
        rng.shuffle(items)
        with_non_ascii = [(s, l) for s, l in items if any(ord(c) > 127 for c in l)]
        phrases = phrases_of([l for _, l in with_non_ascii], rng, per)
        for chain in chains_for(family):
            name, fn = chain[0], chain[1]
            pool = [("phrases", p) for p in phrases] if len(chain) > 2 else with_non_ascii
            taken = 0
            for source, text in pool:
                if taken >= per:
                    break
                broken = fn(text)
                if broken is None or broken == text:
                    continue
                cases.append({"family": family, "source": source, "chain": name, "kind": "broken",
                              "input": broken, "expected": text})
                taken += 1
        for codec, cname in (("cp1252", "windows-1252"), ("cp1251", "windows-1251")):
            if codec == "cp1251" and family != "cyrillic":
                continue
            for source, text in with_non_ascii[:per]:
                broken = one_word(text, rng, codec)
                if broken and broken != text:
                    cases.append({"family": family, "source": source,
                                  "chain": f"one word: UTF-8 read as {cname}", "kind": "one-word",
                                  "input": broken, "expected": text})
        for source, text in items[: per * 3]:
            cases.append({"family": family, "source": source, "chain": "clean", "kind": "clean",
                          "input": text, "expected": text})
    return cases


def main():
    args = sys.argv[1:]
    sample = "--sample" in args
    per = 40
    if "--per" in args:
        per = int(args[args.index("--per") + 1])
    if sample:
        per = 2
        out = os.path.join(ROOT, "crates", "charscope", "tests", "data", "repair-sample.jsonl")
    else:
        rest = [a for a in args if not a.startswith("--") and not a.isdigit()]
        out = rest[0] if rest else os.path.join(ROOT, "target", "repair-set", "set.jsonl")
    cases = build(per)
    if sample:
        # Short lines keep the checked-in sample small.
        cases = [c for c in cases if len(c["input"]) <= 120]
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print(f"{len(cases)} cases -> {os.path.relpath(out, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
