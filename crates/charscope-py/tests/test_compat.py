"""charscope.compat answers in chardet's and ftfy's shapes."""

import charscope.compat as chardet
from charscope.compat import ExplainedText, fix_encoding, fix_encoding_and_explain


def test_detect_has_chardets_keys_and_a_name_pythons_codecs_read():
    cases = {
        "Привет, как дела? Сегодня хорошая погода.".encode("cp1251"): "Привет, как дела? Сегодня хорошая погода.",
        "昨日の夕方、駅前の本屋で古い地図を見つけました。".encode("shift_jis"): "昨日の夕方、駅前の本屋で古い地図を見つけました。",
        "开往上海的火车因为大雪晚点了将近一个小时。".encode("gbk"): "开往上海的火车因为大雪晚点了将近一个小时。",
        "Η γιαγιά μου φτιάχνει πίτα με σπανάκι και τυρί.".encode("iso8859_7"): "Η γιαγιά μου φτιάχνει πίτα με σπανάκι και τυρί.",
        "naïve".encode("utf-16"): "naïve",
        b"\xef\xbb\xbfcaf\xc3\xa9": "café",
        b"plain": "plain",
    }
    for data, text in cases.items():
        r = chardet.detect(data)
        assert set(r) == {"encoding", "confidence", "language"}
        assert isinstance(r["confidence"], float) and 0 <= r["confidence"] <= 1
        assert data.decode(r["encoding"]) == text, r
    assert chardet.detect(b"plain")["encoding"] == "ascii"
    assert chardet.detect(b"\xef\xbb\xbfx")["encoding"] == "utf-8-sig"
    assert chardet.detect(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")["encoding"] is None


def test_detect_all_and_universal_detector():
    data = "Вчера вечером мы долго гуляли по набережной.".encode("cp1251")
    every = chardet.detect_all(data)
    assert every[0] == chardet.detect(data) and len(every) > 1
    assert all(set(r) == {"encoding", "confidence", "language"} for r in every)
    u = chardet.UniversalDetector()
    for k in range(0, len(data), 7):
        u.feed(data[k : k + 7])
    assert u.close()["encoding"] == "windows-1251" and u.done
    u.reset()
    assert not u.done and u.result["encoding"] is None


def test_fix_encoding_is_ftfys_shape():
    assert fix_encoding("cafÃ© au lait") == "café au lait"
    assert fix_encoding("“quotes” &amp; clean text") == "“quotes” &amp; clean text"
    explained = fix_encoding_and_explain("Ã©tÃ©")
    assert isinstance(explained, ExplainedText)
    assert explained == ("été", [("encode", "windows-1252"), ("decode", "utf-8")])
    assert fix_encoding_and_explain("clean").explanation == []
