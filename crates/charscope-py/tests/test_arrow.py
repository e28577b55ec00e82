"""charscope.arrow: whole columns, nulls kept, answers equal to the per-row functions."""

import pytest

pa = pytest.importorskip("pyarrow")
pc = pytest.importorskip("pyarrow.compute")

import charscope  # noqa: E402
import charscope.arrow as ca  # noqa: E402

ROWS = [
    "Вчера вечером мы долго гуляли по набережной.".encode("cp1251"),
    None,
    b"caf\xe9 cr\xe8me br\xfbl\xe9e, \xe0 la fran\xe7aise",
    b"",
    "昨日の夕方、駅前の本屋で古い地図を見つけました。".encode("shift_jis"),
    b"ok \xff bad",
    None,
]


def test_detect_equals_detect_of_each_row_and_keeps_nulls():
    for type_ in (pa.binary(), pa.large_binary()):
        got = ca.detect(pa.array(ROWS, type_))
        assert got.type == ca.DETECTED and got.null_count == 2
        for row, answer in zip(ROWS, got.to_pylist()):
            if row is None:
                assert answer is None
                continue
            d = charscope.detect(row)
            assert answer == {
                "encoding": d.encoding,
                "confidence": d.confidence,
                "language": d.language,
                "method": d.method,
                "certainty": d.certainty,
            }


def test_decode_with_detected_one_or_per_row_labels():
    arr = pa.array(ROWS)
    auto = ca.decode(arr)
    assert auto.type == ca.DECODED and auto.null_count == 2
    for row, answer in zip(ROWS, auto.to_pylist()):
        if row is None:
            assert answer is None
            continue
        d = charscope.decode(row)
        assert answer == {"text": d.text, "encoding": d.encoding, "malformed_count": len(d.malformed)}
    per_row = ca.decode(arr, ca.detect(arr).field("encoding"))
    assert per_row.to_pylist() == auto.to_pylist()
    one = ca.decode(arr, "windows-1251").to_pylist()
    assert one[0]["text"].startswith("Вчера") and one[2]["encoding"] == "windows-1251"
    labels = pa.array(["koi8-r", None, "utf-8", None, "shift_jis", "utf-8", "utf-8"])
    mixed = ca.decode(arr, labels).to_pylist()
    assert mixed[0]["encoding"] == "KOI8-R" and mixed[2]["malformed_count"] == 6
    assert mixed[5] == {"text": "ok \ufffd bad", "encoding": "UTF-8", "malformed_count": 1}
    with pytest.raises(ValueError, match="labels for"):
        ca.decode(arr, labels[:3])
    with pytest.raises(LookupError):
        ca.decode(arr, "utf-9")


def test_fix_repairs_each_row():
    texts = ["cafÃ© au lait", None, "clean", "", "Ã©tÃ©"]
    for type_ in (pa.string(), pa.large_string()):
        assert ca.fix(pa.array(texts, type_)).to_pylist() == ["café au lait", None, "clean", "", "été"]
    with pytest.raises(TypeError, match="string array"):
        ca.fix(pa.array([b"x"]))


def test_slices_chunks_and_other_inputs():
    arr = pa.array(ROWS)
    assert ca.detect(arr.slice(2, 3)).to_pylist() == ca.detect(arr).to_pylist()[2:5]
    assert ca.decode(arr.slice(4)).to_pylist() == ca.decode(arr).to_pylist()[4:]
    chunked = pa.chunked_array([arr[:3], arr[3:]])
    got = ca.decode(chunked, pc.struct_field(ca.detect(chunked), "encoding"))
    assert isinstance(got, pa.ChunkedArray) and got.to_pylist() == ca.decode(arr).to_pylist()
    assert ca.fix(pa.chunked_array([], pa.string())).to_pylist() == []
    assert ca.detect(pa.array(["plain text"])).to_pylist()[0]["encoding"] == "UTF-8"
    assert ca.detect([b"from a list"]).to_pylist()[0]["method"] == "ascii"
    assert len(ca.detect(pa.array([], pa.binary()))) == 0


def test_buffers_that_lie_are_refused():
    from charscope import _native

    good = pa.array([b"abc", b"de"])
    validity, offsets, data = good.buffers()
    bad_offsets = (None, offsets.to_pybytes(), b"a", 0, 2, False)  # offsets past the data
    with pytest.raises(ValueError, match="outside"):
        _native.arrow_detect(bad_offsets)
    with pytest.raises(ValueError, match="too few"):
        _native.arrow_detect((None, offsets.to_pybytes(), data.to_pybytes(), 1, 5, False))
    with pytest.raises(ValueError, match="not UTF-8"):
        _native.arrow_fix((None, offsets.to_pybytes(), b"ab\xff\xfe\xfd", 0, 2, False))
