"""chardet- and ftfy-shaped functions: a one-line migration.

``import charscope.compat as chardet`` and ``chardet.detect(data)`` answers as chardet does, a
dict with ``encoding``, ``confidence`` and ``language``, the encoding a name that Python's own
codecs accept, so that ``data.decode(result["encoding"])`` reads the text as charscope would.
``from charscope.compat import fix_encoding`` repairs mojibake as ``ftfy.fix_encoding`` does,
and leaves everything else (quotes, HTML entities, line breaks) as it is.
"""

import codecs
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from . import _native
from ._results import Detection
from . import detect as _detect, fix as _fix

__all__ = [
    "ExplainedText",
    "UniversalDetector",
    "codec_name",
    "detect",
    "detect_all",
    "fix_encoding",
    "fix_encoding_and_explain",
]

# charscope's names whose Python codec differs in name or reads the bytes differently: the
# WHATWG decoders of the CJK encodings are those of Microsoft's supersets, as in browsers.
_PYTHON_CODECS = {
    "Shift_JIS": "cp932",
    "GBK": "gb18030",
    "gb18030": "gb18030",
    "Big5": "big5hkscs",
    "EUC-KR": "cp949",
    "EUC-JP": "euc-jp",
    "ISO-2022-JP": "iso2022-jp",
    "IBM866": "cp866",
    "windows-874": "cp874",
    "x-mac-cyrillic": "mac-cyrillic",
    "macintosh": "mac-roman",
    "true-ISO-8859-1": "latin-1",
    "true-US-ASCII": "ascii",
    "ISO-8859-8-I": "iso-8859-8",
}


def codec_name(name: Optional[str]) -> Optional[str]:
    """The name of a Python codec that reads bytes as charscope's encoding ``name`` does (the
    name itself, lower-cased, when Python has it under that name; ``name`` unchanged when Python
    has no such codec)."""
    if name is None:
        return None
    mapped = _PYTHON_CODECS.get(name)
    if mapped is not None:
        return mapped
    try:
        codecs.lookup(name)
    except LookupError:
        return name
    return name.lower()


def _chardet_name(d: Detection) -> Optional[str]:
    encoding = d.encoding
    if encoding is None:
        return None
    if d.method == "ascii":
        return "ascii"
    if d.method == "bom":
        # The codecs that read the mark and drop it, as chardet names them.
        return {"UTF-8": "utf-8-sig", "UTF-16LE": "utf-16", "UTF-16BE": "utf-16",
                "UTF-32LE": "utf-32", "UTF-32BE": "utf-32"}.get(encoding, codec_name(encoding))
    return codec_name(encoding)


def _result(d: Detection) -> Dict[str, Any]:
    return {"encoding": _chardet_name(d), "confidence": d.confidence, "language": d.language}


def detect(byte_str: bytes, should_rename_legacy: bool = True) -> Dict[str, Any]:
    """chardet's ``detect``: ``{"encoding", "confidence", "language"}``. ``encoding`` is a
    Python codec name (None for empty, binary or unknown input); ``should_rename_legacy`` is
    accepted for chardet's signature (charscope always names the superset browsers use)."""
    return _result(_detect(byte_str))


def detect_all(byte_str: bytes, ignore_threshold: bool = False) -> List[Dict[str, Any]]:
    """chardet's ``detect_all``: the answer, then each alternative, most likely first."""
    d = _detect(byte_str)
    out = [_result(d)]
    for alt in d.to_dict()["alternatives"]:
        out.append({"encoding": codec_name(alt["encoding"]), "confidence": alt["confidence"],
                    "language": None})
    return out


class UniversalDetector:
    """chardet's ``UniversalDetector``: ``feed()`` chunks, ``close()`` for the result (also in
    ``result``). Memory stays bounded whatever is fed."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Starts again, forgetting what was fed."""
        self._detector = _native.Detector()
        self.done = False
        self.result: Dict[str, Any] = {"encoding": None, "confidence": 0.0, "language": None}

    def feed(self, byte_str: bytes) -> None:
        """Takes the next bytes."""
        if not self.done:
            self._detector.feed(bytes(byte_str))

    def close(self) -> Dict[str, Any]:
        """Ends the input: the result, as :func:`detect` gives it."""
        if not self.done:
            d, certainty = self._detector.finish()
            self.result = _result(Detection(d, certainty))
            self.done = True
        return self.result


class ExplainedText(NamedTuple):
    """ftfy's ``ExplainedText``: the text, and the steps that made it."""

    text: str
    explanation: Optional[List[Tuple[str, str]]]


def fix_encoding(text: str) -> str:
    """ftfy's ``fix_encoding``: the text with its mojibake repaired (the text itself when
    nothing needs repair)."""
    return _fix(text).text


def fix_encoding_and_explain(text: str) -> ExplainedText:
    """ftfy's ``fix_encoding_and_explain``: the text repaired and the steps undone, each
    ``("encode", codec)`` then ``("decode", codec)``, in Python's codec names."""
    r = _fix(text)
    steps: List[Tuple[str, str]] = []
    for step in r.to_dict()["steps"]:
        steps.append(("encode", codec_name(step["encode"]) or step["encode"]))
        steps.append(("decode", codec_name(step["decode"]) or step["decode"]))
    return ExplainedText(r.text, steps)
