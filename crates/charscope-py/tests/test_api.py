"""The module's functions as a Python caller meets them: answers, errors, reprs."""

import pickle
import threading

import pytest

import charscope


def test_detect_answers_with_its_evidence():
    d = charscope.detect(b"Ol\xe1, informa\xe7\xe3o e cora\xe7\xe3o: n\xe3o h\xe1 d\xfavida.")
    assert (d.encoding, d.language, d.method, d.certainty) == ("windows-1252", "pt", "statistics", "likely")
    assert 0 < d.confidence < 1 and d.reasons and d.alternatives[0].encoding
    assert d["encoding"] == d.encoding and "segments" in d
    assert repr(d).startswith("Detection(encoding='windows-1252', confidence=")
    assert charscope.detect(b"").certainty == "certain" and charscope.detect(b"").encoding is None
    assert charscope.detect(bytearray(b"abc")).encoding == "UTF-8"
    assert charscope.detect(memoryview(b"caf\xc3\xa9")).certainty == "certain"


def test_a_field_the_library_adds_is_an_attribute():
    d = charscope.Detection({"encoding": "UTF-8", "confidence": 1.0, "method": "bom", "status": "new"}, "certain")
    assert d.status == "new"
    with pytest.raises(AttributeError, match="has no field 'nothing'"):
        d.nothing
    with pytest.raises(AttributeError):
        d.encoding = "x"


def test_results_pickle_and_copy():
    import copy

    for result in (
        charscope.detect(b"caf\xe9 cr\xe8me"),
        charscope.fix("cafÃ©"),
        charscope.decode(b"a\xff"),
        charscope.scan("\u202e")[0],
        charscope.validate(b"\xff")[0],
    ):
        for again in (pickle.loads(pickle.dumps(result)), copy.deepcopy(result)):
            assert type(again) is type(result) and again == result and repr(again) == repr(result)
    assert pickle.loads(pickle.dumps(charscope.detect(b"x"))).certainty == "certain"


def test_text_instead_of_bytes_is_a_clear_type_error():
    with pytest.raises(TypeError, match="expected bytes, got str"):
        charscope.detect("text")
    with pytest.raises(TypeError):
        charscope.decode(12)


def test_fix_repairs_and_leaves_clean_text_alone():
    r = charscope.fix("Ã©tÃ© Ã  Paris")
    assert (r.text, r.changed, str(r)) == ("été à Paris", True, "été à Paris")
    assert (r.steps[0].encode, r.steps[0].decode) == ("windows-1252", "UTF-8")
    assert r.spans and r.spans[0].original
    assert repr(r) == "Fix(text='été à Paris', changed=True, steps='windows-1252 -> UTF-8')"
    clean = charscope.fix("déjà vu")
    assert (clean.text, clean.changed, clean.steps) == ("déjà vu", False, [])


def test_a_fix_makes_its_dict_only_when_a_field_beyond_text_is_asked():
    r = charscope.fix("cafÃ©")
    assert (r.text, r.changed) == ("café", True)
    with pytest.raises(AttributeError):  # the text alone made no dict of the spans and steps
        object.__getattribute__(r, "_d")
    assert r.spans[0].text == "é" and object.__getattribute__(r, "_d") == r.to_dict()
    texts = ["cafÃ©", "plain", "Ã©tÃ© Ã  Paris", ""]
    many = charscope.fix_many(texts)
    assert many == [charscope.fix(t) for t in texts]
    assert [(m.text, m.changed) for m in many] == [("café", True), ("plain", False), ("été à Paris", True), ("", False)]


def test_decode_names_every_malformed_sequence():
    d = charscope.decode(b"caf\xc3\xa9 \xc0\xaf!", "utf-8")
    assert d.text == "café \ufffd\ufffd!" and d.encoding == "UTF-8"
    assert [(m.offset, m.length, m.kind, m.hex) for m in d.malformed] == [(6, 1, "overlong", "C0"), (7, 1, "overlong", "AF")]
    assert "overlong" in d.malformed[0].reason
    assert repr(d) == "Decoded(text='café \ufffd\ufffd!', encoding='UTF-8', malformed=2)"
    assert charscope.decode("Вчера вечером мы долго гуляли по набережной.".encode("koi8-r")).encoding == "KOI8-R"
    assert charscope.decode(b"caf\xe9", "latin1").label_note  # latin1 means windows-1252, said so


def test_strict_decode_raises_a_unicode_decode_error_naming_offset_and_kind():
    data = b"ok \xe2\x82 then"
    with pytest.raises(UnicodeDecodeError) as caught:
        charscope.decode(data, "utf-8", errors="strict")
    e = caught.value
    assert isinstance(e, charscope.DecodeError)
    assert (e.start, e.end, e.offset, e.kind, e.object, e.encoding) == (3, 5, 3, "truncated", data, "UTF-8")
    assert "byte offset 3" in str(e) and "truncated" in str(e)
    assert e.malformed.hex == "E2 82"
    again = pickle.loads(pickle.dumps(e))
    assert (again.kind, again.start, again.malformed.hex) == ("truncated", 3, "E2 82")
    assert charscope.decode(b"fine", "utf-8", "strict").text == "fine"


def test_bad_arguments_say_what_is_wrong():
    with pytest.raises(LookupError, match="utf-8"):
        charscope.decode(b"x", "utf-9")
    with pytest.raises(ValueError, match='errors="ignore"'):
        charscope.decode(b"x", "utf-8", "ignore")
    with pytest.raises(ValueError, match="bom="):
        charscope.decode(b"x", "utf-8", bom="drop")
    assert charscope.lookup("latin1") == "windows-1252" and charscope.lookup("sjis") == "Shift_JIS"


def test_bom_modes():
    data = b"\xfe\xff\x00h\x00i"
    assert charscope.decode(data, "utf-16le", bom="sniff").text == "hi"
    assert charscope.decode(data, "utf-16be").bom == "UTF-16BE"
    assert charscope.decode(b"\xef\xbb\xbfa", "utf-8", bom="keep").text == "\ufeffa"


def test_validate_gives_line_and_column():
    found = charscope.validate(b"one\ntwo \xff\n")
    assert [(m.offset, m.line, m.column, m.kind) for m in found] == [(8, 2, 5, "invalid-byte")]
    assert charscope.validate(b"clean") == []
    assert charscope.validate(b"\x81", "windows-1252") == []


def test_encode_and_its_errors():
    e = charscope.encode("café €", "windows-1252")
    assert bytes(e) == b"caf\xe9 \x80" and e == b"caf\xe9 \x80" and e.encoding == "windows-1252"
    with pytest.raises(UnicodeEncodeError) as caught:
        charscope.encode("café €", "shift_jis")
    err = caught.value
    assert isinstance(err, charscope.EncodeError)
    assert (err.start, err.end, err.object) == (3, 4, "café €")
    assert [u["char"] for u in err.unmappable] == ["é", "€"]
    replaced = charscope.encode("café €", "shift_jis", "replace")
    assert replaced.data == b"caf? ?" and [u.index for u in replaced.unmappable] == [3, 5]
    assert charscope.encode("€", "shift_jis", "xmlcharrefreplace").data == b"&#8364;"
    assert charscope.encode("a", "utf-8", bom=True).data == b"\xef\xbb\xbfa"


def test_convert_streams_and_reports():
    c = charscope.convert(b"caf\xe9 \x80", "windows-1252", "utf-8")
    assert bytes(c) == "café €".encode() and c.report["from"] == "windows-1252"
    assert c.to_dict()["bytes_in"] == 6 and c.to_dict()["error"] is None
    with pytest.raises(charscope.DecodeError) as caught:
        charscope.convert(b"ok \xff", "utf-8", "utf-16le")
    assert caught.value.offset == 3 and caught.value.report["error"]["error"] == "malformed"
    with pytest.raises(charscope.EncodeError) as caught:
        charscope.convert("a €".encode(), "utf-8", "iso-8859-2")
    assert caught.value.report["error"]["offset"] == 2
    assert charscope.convert("a €".encode(), "utf-8", "iso-8859-2", "html").data == b"a &#8364;"
    assert charscope.convert("a €".encode(), "utf-8", "iso-8859-2", "ignore").data == b"a "
    with pytest.raises(ValueError, match=r"charscope.encode\(charscope.decode"):
        charscope.convert(b"x", "utf-8", "utf-7")
    with pytest.raises(ValueError, match="only decode"):
        charscope.convert(b"x", "utf-8", "replacement")
    assert charscope.convert(b"caf\xe9 cr\xe8me br\xfbl\xe9e", "auto", "utf-8").data == "café crème brûlée".encode()


def test_scan_finds_what_a_reader_cannot_see():
    found = charscope.scan("if (isAdmin) { \u202e } // ok\n")
    assert [f.code for f in found] == ["bidi-control"]
    assert (found[0].line, found[0].column, found[0].chars[0].code_point) == (1, 16, "U+202E")
    assert charscope.scan("fine text\n") == []
    assert [f.code for f in charscope.scan(b"ok \xff")] == ["invalid-utf8"]
    emoji = "\U0001f468\u200d\U0001f469"
    assert charscope.scan(emoji) == [] and charscope.scan(emoji, allowed=True)


def _ticks_during(call):
    """Runs `call` while another Python thread counts; returns how long the call took and how many
    times the other thread ran while the call was well under way (more than 10 ms from either end):
    none at all if the call holds the GIL."""
    import sys
    import time

    stamps = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            stamps.append(time.perf_counter())

    old = sys.getswitchinterval()
    sys.setswitchinterval(0.001)
    t = threading.Thread(target=count)
    t.start()
    try:
        time.sleep(0.01)
        t0 = time.perf_counter()
        call()
        t1 = time.perf_counter()
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)
    return t1 - t0, sum(1 for s in stamps if t0 + 0.01 < s < t1 - 0.01)


def _ticks_inside(work):
    """`work(n)` makes a call doing n units of work. The work doubles until one call lasts at least
    100 ms, long enough to tell (a faster build or machine must not make the test pass or fail by
    itself); then the count of `_ticks_during` is returned."""
    n = 1
    while True:
        took, ticks = _ticks_during(work(n))
        if took >= 0.1:
            return ticks
        assert n < 1 << 16, "the work stayed too short to tell"
        n *= 2


def test_the_gil_is_released_while_work_runs():
    data = ("Ol\xe1, informa\xe7\xe3o e cora\xe7\xe3o " * 400).encode("latin-1")
    line = "Vi a cafÃ© e a lÃ¡pis, nÃ£o Ã© verdade? " * 4
    assert _ticks_inside(lambda n: lambda: charscope.detect_many([data] * 16 * n)) > 100
    assert _ticks_inside(lambda n: lambda: charscope.fix_many([line] * 40 * n)) > 100
    assert _ticks_inside(lambda n: lambda: [charscope.detect(data) for _ in range(8 * n)]) > 100
