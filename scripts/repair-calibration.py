#!/usr/bin/env python3
"""Builds the calibration sets of `charscope fix`: many clean lines that must come back unchanged,
and mojibake made from them that should be repaired.

The clean lines come from sources independent of any measuring corpus, in as many languages and
scripts as they have:
- wordfreq's word lists (the same pinned version the plausibility model is generated from, so
  these are in the model's own distribution): single words (lower, Title, UPPER case), sentences
  of frequent words, and the letters of each alphabet listed ("Vowels: á é í");
- the Unicode CLDR data that Babel ships: the names of languages, territories, months, days and
  currencies in every locale (short text in every script, out of the model's distribution);
- Faker's names, addresses and company names in many locales (real-looking, odd-looking text);
- the lines of ../shared/bench and their upper-case forms;
- symbols beside words (x £ ¹ ² ½ µ ° « » © ± and others).

The broken lines are clean sentences and names broken through the chains people meet: UTF-8
read as a single-byte encoding (once or twice), single-byte text read as windows-1252 or
ISO-8859-1 and the reverse, and UTF-8 read as windows-1252 with the five bytes it leaves
undefined dropped, or turned into `?` or U+FFFD.

Output (JSON Lines), into OUT_DIR (default target/repair-cal):
- clean.jsonl: {"source", "kind", "text"}
- broken.jsonl: {"source", "chain", "input", "expected", "lossy"}
  (`expected` holds U+FFFD where a byte was lost: what a repair can recover at best)

Usage: python3 scripts/repair-calibration.py [OUT_DIR]   (needs wordfreq==3.1.1, babel, faker:
       scripts/repair-check.sh makes a venv with them and runs it). Deterministic for pinned
       packages.
"""

import json
import os
import random
import re
import sys
import unicodedata

import wordfreq
from babel import Locale, localedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BENCH = os.path.join(ROOT, "..", "shared", "bench")
SEED = 20261203

# The legacy single-byte encodings each language is written in (Python codec names).
LEGACY = {
    "cs": ["cp1250", "iso8859_2"], "pl": ["cp1250", "iso8859_2"], "sk": ["cp1250", "iso8859_2"],
    "sl": ["cp1250", "iso8859_2"], "hu": ["cp1250", "iso8859_2"], "ro": ["cp1250", "iso8859_16"],
    "sh": ["cp1250"], "ru": ["cp1251", "koi8_r", "cp866", "mac_cyrillic", "iso8859_5"],
    "uk": ["cp1251", "koi8_u"], "bg": ["cp1251", "iso8859_5"], "mk": ["cp1251"],
    "el": ["cp1253", "iso8859_7"], "tr": ["cp1254", "iso8859_9"], "he": ["cp1255", "iso8859_8"],
    "ar": ["cp1256"], "fa": ["cp1256"], "ur": ["cp1256"], "lt": ["cp1257", "iso8859_13"],
    "lv": ["cp1257", "iso8859_13"], "de": ["cp1252"], "fr": ["cp1252"], "es": ["cp1252"],
    "pt": ["cp1252"], "it": ["cp1252"], "nl": ["cp1252"], "sv": ["cp1252"], "da": ["cp1252"],
    "nb": ["cp1252"], "fi": ["cp1252"], "is": ["cp1252"], "ca": ["cp1252"], "vi": ["cp1258"],
}
WESTERN = ["de", "fr", "es", "pt", "it", "nl", "sv", "da", "nb", "fi", "is", "ca"]
# Single-byte encodings UTF-8 is read with, by how common the mistake is.
UTF8_READ_AS = ["cp1252", "cp1252", "cp1252", "latin_1", "cp1250", "cp1251", "cp1253",
                "cp1254", "cp1257", "iso8859_2", "iso8859_15", "mac_roman", "cp437", "cp850",
                "cp866", "koi8_r"]
SYMBOL_TEMPLATES = [
    "{w} 5×£35", "{W}: 20 °C", "{w} ± 0,5 µm", "© 2024 {W}", "« {w} »", "{w}² and {w}³",
    "Superscripts ¹²³ and ½ {w}", "{W} — {w} · {w}", "¼ {w}, ¾ {w}", "{w} € 12,50",
    "{w} ¥500 {w}", "§ 3 {W}", "{W}® {w}™", "¿{W}? ¡{w}!", "{w} 10 × 20 cm", "‰ {w}",
    "{w} “{w}” {w}", "{w}… {w}", "{w} ¬ {w}", "¶ {W}", "{w} • {w} • {w}", "90° {w}",
    "{w} ¦ {w}", "{w} ¯\\_(ツ)_/¯", "µ{w}", "{w} ÷ {w}", "{W} (±{n}%)", "№ {n} {w}",
]


def nfc(s):
    return unicodedata.normalize("NFC", s)


def words_of(lang, n):
    out = []
    for w in wordfreq.iter_wordlist(lang, "small"):
        if len(out) >= n:
            break
        if any(ch.isalpha() for ch in w):
            out.append(w)
    return out


def sentence(rng, words, weights, k):
    picked = rng.choices(words, weights=weights, k=k)
    s = " ".join(picked)
    return s[:1].upper() + s[1:] + rng.choice([".", ".", ".", "!", "?", ":", ""])


def alphabet(words):
    letters = {}
    for w in words:
        for ch in w:
            if ch.isalpha() and ord(ch) > 127:
                letters[ch] = letters.get(ch, 0) + 1
    return [c for c, _ in sorted(letters.items(), key=lambda kv: -kv[1])][:24]


def wordfreq_clean(rng, clean, sentences):
    for lang in sorted(wordfreq.available_languages("small")):
        words = words_of(lang, 4000)
        weights = [1.0 / (i + 10) for i in range(len(words))]
        for w in words[:1500]:
            form = rng.choice(["lower", "lower", "title", "upper"])
            text = {"lower": w, "title": w[:1].upper() + w[1:], "upper": w.upper()}[form]
            clean.append({"source": f"wordfreq/{lang}", "kind": f"word-{form}", "text": text})
        for _ in range(500):
            s = sentence(rng, words, weights, rng.randint(3, 14))
            clean.append({"source": f"wordfreq/{lang}", "kind": "sentence", "text": s})
            sentences.append((f"wordfreq/{lang}", lang, s))
        for _ in range(60):
            s = sentence(rng, words, weights, rng.randint(2, 6)).upper()
            clean.append({"source": f"wordfreq/{lang}", "kind": "sentence-upper", "text": s})
        letters = alphabet(words)
        if len(letters) >= 2:
            for _ in range(25):
                k = rng.randint(2, min(8, len(letters)))
                picked = rng.sample(letters, k)
                shape = rng.choice(["plain", "upper", "both", "label"])
                if shape == "upper":
                    text = " ".join(c.upper() for c in picked)
                elif shape == "both":
                    text = " ".join(c.upper() + c for c in picked)
                elif shape == "label":
                    text = rng.choice(["Letters", "Vowels", "Special letters", "Sonderzeichen"]) + \
                        ": " + rng.choice([" ", "", ", "]).join(picked)
                else:
                    text = "".join(c.upper() for c in picked) + " " + "".join(picked)
                clean.append({"source": f"wordfreq/{lang}", "kind": "letters", "text": text})
        for _ in range(40):
            t = rng.choice(SYMBOL_TEMPLATES)
            text = re.sub(r"\{w\}", lambda m: rng.choice(words[:500]), t)
            text = re.sub(r"\{W\}", lambda m: rng.choice(words[:500]).title(), text)
            text = text.replace("{n}", str(rng.randint(1, 999)))
            clean.append({"source": f"wordfreq/{lang}", "kind": "symbols", "text": text})


def cldr_clean(rng, clean, names):
    for ident in sorted(localedata.locale_identifiers()):
        if "_" in ident:
            continue
        try:
            loc = Locale.parse(ident)
        except Exception:
            continue
        pool = []
        for table in (loc.languages, loc.territories, loc.currencies):
            pool.extend(v for v in table.values() if isinstance(v, str))
        for width in ("wide", "abbreviated"):
            for ctx in ("format", "stand-alone"):
                try:
                    pool.extend(loc.months[ctx][width].values())
                    pool.extend(loc.days[ctx][width].values())
                except KeyError:
                    pass
        pool = sorted(set(nfc(p) for p in pool if p and not p.isascii()))
        rng.shuffle(pool)
        for p in pool[:120]:
            clean.append({"source": f"cldr/{ident}", "kind": "name", "text": p})
            names.append((f"cldr/{ident}", ident, p))
        for _ in range(10):
            if len(pool) >= 6:
                text = ", ".join(rng.sample(pool, rng.randint(2, 6)))
                clean.append({"source": f"cldr/{ident}", "kind": "names", "text": text})
                names.append((f"cldr/{ident}", ident, text))


FAKER_LOCALES = ["de_DE", "fr_FR", "es_ES", "pt_BR", "pt_PT", "it_IT", "nl_NL", "sv_SE", "da_DK",
                 "no_NO", "fi_FI", "pl_PL", "cs_CZ", "sk_SK", "hu_HU", "ro_RO", "hr_HR", "sl_SI",
                 "tr_TR", "el_GR", "ru_RU", "uk_UA", "bg_BG", "lt_LT", "lv_LV", "et_EE", "he_IL",
                 "ar_AA", "fa_IR", "th_TH", "vi_VN", "ja_JP", "zh_CN", "zh_TW", "ko_KR", "hi_IN",
                 "hy_AM", "ka_GE", "az_AZ", "is_IS", "ga_IE", "de_AT", "fr_CH"]


def faker_clean(rng, clean, names):
    from faker import Faker
    for loc in FAKER_LOCALES:
        try:
            fake = Faker(loc)
        except Exception:
            continue
        fake.seed_instance(SEED)
        for i in range(150):
            for kind, make in (("person", fake.name), ("address", fake.address),
                               ("company", fake.company)):
                if kind != "person" and i % 3:
                    continue
                try:
                    text = make().replace("\n", ", ")
                except Exception:
                    continue
                if text.isascii():
                    continue
                clean.append({"source": f"faker/{loc}", "kind": kind, "text": text})
                if kind == "person":
                    names.append((f"faker/{loc}", loc.split("_")[0], text))


def bench_clean(clean, sentences):
    for root, _, files in os.walk(BENCH):
        for f in sorted(files):
            if not f.endswith(".utf8.txt"):
                continue
            rel = os.path.relpath(os.path.join(root, f), BENCH)
            with open(os.path.join(root, f), encoding="utf-8") as fh:
                text = fh.read().lstrip("\ufeff")
            for raw in text.splitlines():
                line = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", raw).strip()
                if not line or line.isascii():
                    continue
                for piece in re.split(r"(?<=[.。!?！？])\s*", line):
                    if 4 <= len(piece) <= 200:
                        clean.append({"source": f"bench/{rel}", "kind": "line", "text": piece})
                        clean.append({"source": f"bench/{rel}", "kind": "line-upper",
                                      "text": piece.upper()})
                        sentences.append((f"bench/{rel}", None, piece))


def read_single(data, codec):
    """Bytes read with a single-byte codec as browsers read them: a byte the codec leaves
    undefined in 80-9F reads as the C1 control of the same number; any other is lost."""
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


def utf8_read_as(text, codec):
    return read_single(text.encode("utf-8"), codec)


def legacy_read_as(text, source, wrong):
    try:
        data = text.encode(source)
    except UnicodeEncodeError:
        return None
    return read_single(data, wrong)


def lossy_cp1252(text, how):
    """UTF-8 read as windows-1252 by a converter that cannot map 81 8D 8F 90 9D: each such byte
    dropped, or turned into '?' or U+FFFD; the sequences it was part of become U+FFFD."""
    out, expected = [], []
    for ch in text:
        data = ch.encode("utf-8")
        bad = [b for b in data if b in (0x81, 0x8D, 0x8F, 0x90, 0x9D)]
        if not bad:
            out.append(data.decode("cp1252"))
            expected.append(ch)
            continue
        for b in data:
            if b in (0x81, 0x8D, 0x8F, 0x90, 0x9D):
                out.append({"drop": "", "question": "?", "fffd": "\ufffd"}[how])
            else:
                out.append(bytes([b]).decode("cp1252"))
        expected.append("\ufffd")
    return "".join(out), "".join(expected)


def broken_cases(rng, sentences, names):
    cases = []
    pool = [s for s in sentences + names if not s[2].isascii()]
    rng.shuffle(pool)

    def add(source, chain, broken, expected, lossy=False):
        if broken is not None and broken != expected and broken != "":
            cases.append({"source": source, "chain": chain, "input": broken,
                          "expected": expected, "lossy": lossy})

    for source, lang, text in pool[:6000]:
        codec = rng.choice(UTF8_READ_AS)
        add(source, f"UTF-8 read as {codec}", utf8_read_as(text, codec), text)
    for source, lang, text in pool[6000:7000]:
        once = utf8_read_as(text, "cp1252")
        add(source, "UTF-8 read as cp1252 twice", once and utf8_read_as(once, "cp1252"), text)
    for source, lang, text in pool[7000:9000]:
        how = rng.choice(["drop", "question", "fffd"])
        broken, expected = lossy_cp1252(text, how)
        if broken != utf8_read_as(text, "cp1252"):
            add(source, f"UTF-8 read as cp1252, undefined bytes {how}", broken, expected, True)
    # Legacy text read as windows-1252 or ISO-8859-1, and the reverse.
    by_lang = {}
    for source, lang, text in pool:
        if lang:
            by_lang.setdefault(lang.split("_")[0].split("-")[0], []).append((source, text))
    for lang, items in sorted(by_lang.items()):
        for codec in LEGACY.get(lang, []):
            if codec == "cp1252":
                continue
            for source, text in items[:60]:
                wrong = rng.choice(["cp1252", "cp1252", "latin_1"])
                add(source, f"{codec} read as {wrong}", legacy_read_as(text, codec, wrong), text)
        if lang in WESTERN:
            for source, text in items[:80]:
                wrong = rng.choice(["cp1250", "cp1251", "cp1253", "cp1257", "koi8_r", "iso8859_2",
                                    "cp866", "mac_cyrillic"])
                add(source, f"cp1252 read as {wrong}", legacy_read_as(text, "cp1252", wrong), text)
    return cases


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "repair-cal")
    rng = random.Random(SEED)
    clean, sentences, names = [], [], []
    wordfreq_clean(rng, clean, sentences)
    cldr_clean(rng, clean, names)
    faker_clean(rng, clean, names)
    bench_clean(clean, sentences)
    seen = set()
    unique = []
    for c in clean:
        if c["text"] not in seen and not c["text"].isascii():
            seen.add(c["text"])
            unique.append(c)
    broken = broken_cases(rng, sentences, names)
    os.makedirs(out_dir, exist_ok=True)
    for name, rows in (("clean.jsonl", unique), ("broken.jsonl", broken)):
        with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        print(f"{len(rows)} lines -> {os.path.join(out_dir, name)}", file=sys.stderr)


if __name__ == "__main__":
    main()
