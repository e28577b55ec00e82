"""to_dict() is what the command line prints with --json for the same input: both serialize one
type of the library."""

import charscope

SAMPLES = [
    b"Ol\xe1, informa\xe7\xe3o e cora\xe7\xe3o: n\xe3o h\xe1 d\xfavida.",
    "Привет, как дела? Сегодня хорошая погода.".encode("cp1251"),
    "昨日の夕方、駅前の本屋で古い地図を見つけました。".encode("shift_jis"),
    b"plain ASCII",
    b"",
    b"\xef\xbb\xbfcaf\xc3\xa9",
    "naïve".encode("utf-16"),
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    "caf\u00e9 line one\n".encode() + "ligne deux: d\u00e9j\u00e0\n".encode("cp1252"),
]


def test_detect_equals_the_cli(cli):
    for data in SAMPLES:
        (expected,) = cli("detect", "-", stdin=data)
        assert charscope.detect(data, name="<stdin>").to_dict() == expected, data
    (expected,) = cli("detect", "--declared", "iso-8859-1", "-", stdin=SAMPLES[0])
    got = charscope.detect(SAMPLES[0], declared="iso-8859-1", name="<stdin>").to_dict()
    assert got == expected and got["declared"] is not None


def test_detect_many_equals_detect():
    many = charscope.detect_many(SAMPLES)
    assert [d.to_dict() for d in many] == [charscope.detect(s).to_dict() for s in SAMPLES]
    assert [d.certainty for d in many] == [charscope.detect(s).certainty for s in SAMPLES]


TEXTS = [
    "cafÃ© au lait",
    "Ã©tÃ© Ã  Paris\nplain line\nÐŸÑ€Ð¸Ð²ÐµÑ‚",
    "clean text, déjà vu",
    "",
    "Ã¢â‚¬Å“quotedÃ¢â‚¬\x9d",
]


def test_fix_equals_the_cli(cli):
    for text in TEXTS:
        if not text:
            continue  # the CLI reads an empty argument as "nothing given"
        (expected,) = cli("fix", text)
        assert charscope.fix(text).to_dict() == expected, text


def test_fix_many_equals_fix():
    assert [r.to_dict() for r in charscope.fix_many(TEXTS)] == [charscope.fix(t).to_dict() for t in TEXTS]


def test_decode_equals_the_cli(cli):
    cases = [
        (b"caf\xc3\xa9 \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 end\xe2\x82", "utf-8"),
        (b"\xef\xbb\xbfwith a mark", "utf-8"),
        (b"caf\xe9 \x81", "windows-1252"),
        (b"caf\xe9", "latin1"),
        (b"\x82\xa0\x82\xa2\x82", "shift_jis"),
    ]
    for data, label in cases:
        (expected,) = cli("decode", "--from", label, "-", stdin=data)
        assert charscope.decode(data, label, name="<stdin>").to_dict() == expected, (data, label)
    (expected,) = cli("decode", "--strict", "--from", "utf-8", "-", stdin=cases[0][0])
    assert expected["complete"] is False and expected["malformed"]


def test_encode_equals_the_cli(cli):
    for text, label, errors in [("café €", "shift_jis", "html"), ("café", "latin1", "strict"), ("€x", "utf-16le", "strict")]:
        (expected,) = cli("encode", "--to", label, "--errors", errors, text)
        assert charscope.encode(text, label, errors).to_dict() == expected


def test_validate_equals_the_cli(cli):
    data = b"ok\nline two \xc0\xaf\n\xff and \xe2\x82"
    lines = cli("validate", "-", stdin=data)
    records, summary = lines[:-1], lines[-1]
    assert summary["malformed_count"] == len(records) == 4
    assert [m.to_dict() for m in charscope.validate(data, name="<stdin>")] == records


def test_scan_equals_the_cli(cli, tmp_path):
    path = tmp_path / "a.js"
    path.write_text("if (isAdmin) { \u202e } // \u2067x\nvar \u0430dmin = 1; var admin = 2;\n")
    expected = cli("scan", str(path))
    got = [f.to_dict() for f in charscope.scan(path.read_bytes(), name=str(path))]
    assert got == expected and len(got) >= 2
