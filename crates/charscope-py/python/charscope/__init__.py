"""charscope: which encoding is this, what is malformed in it and where, and what broke it.

Every result has ``to_dict()``, equal to what the ``charscope`` command prints with ``--json``
for the same input (both serialize one type of the Rust library), and a readable ``repr``.
The work runs in Rust with the GIL released; :func:`detect_many` and :func:`fix_many` spread
many inputs over the cores.

>>> import charscope
>>> charscope.detect(b"Ol\\xe1, informa\\xe7\\xe3o e cora\\xe7\\xe3o: n\\xe3o h\\xe1 d\\xfavida.").encoding
'windows-1252'
>>> charscope.fix("cafÃ© au lait").text
'café au lait'
"""

from typing import List, Optional, Sequence, Union

from . import _native
from ._errors import DecodeError, EncodeError
from ._results import Converted, Decoded, Detection, Encoded, Finding, Fix, Malformed, Record

__version__: str = _native.__version__

__all__ = [
    "Converted",
    "DecodeError",
    "Decoded",
    "Detection",
    "EncodeError",
    "Encoded",
    "Finding",
    "Fix",
    "Malformed",
    "Record",
    "convert",
    "decode",
    "detect",
    "detect_many",
    "encode",
    "fix",
    "fix_many",
    "lookup",
    "scan",
    "validate",
]

BytesLike = Union[bytes, bytearray, memoryview]


def detect(data: BytesLike, *, declared: Optional[str] = None, name: Optional[str] = None) -> Detection:
    """The encoding of ``data``, with confidence, language, reasons and alternatives.

    ``declared`` is a label from outside (an HTTP header's charset) to compare with; ``name``
    is the input's name, the JSON's ``file``.
    """
    d, certainty = _native.detect(_bytes(data), declared=declared, name=name)
    return Detection(d, certainty)


def detect_many(inputs: Sequence[BytesLike], *, declared: Optional[str] = None) -> List[Detection]:
    """:func:`detect` of each input, on all cores; in order."""
    return [Detection(d, c) for d, c in _native.detect_many([_bytes(b) for b in inputs], declared=declared)]


def fix(text: str) -> Fix:
    """``text`` with its mojibake repaired, and the steps that were undone (``changed`` is
    False, and ``text`` the input itself, when nothing needed repair)."""
    return Fix(_native.fix(text))


def fix_many(texts: Sequence[str]) -> List[Fix]:
    """:func:`fix` of each text, on all cores; in order."""
    return [Fix(r) for r in _native.fix_many(list(texts))]


def decode(
    data: BytesLike,
    encoding: str = "auto",
    errors: str = "replace",
    *,
    bom: str = "strip",
    name: Optional[str] = None,
) -> Decoded:
    """``data`` decoded, every malformed sequence named with its offset.

    ``encoding`` is a label (WHATWG's meanings, as browsers read them; Python's codec names
    resolve too, with ``label_note`` saying what they mean) or ``"auto"`` (detected).
    ``errors="replace"`` puts one U+FFFD per malformed sequence; ``errors="strict"`` raises
    :class:`DecodeError` (a ``UnicodeDecodeError``) at the first. ``bom``: ``"strip"`` (a
    leading mark of the encoding is removed), ``"keep"``, ``"sniff"`` (a mark overrides the
    encoding, as browsers do) or ``"sniff-unicode"`` (UTF-32 marks too).
    """
    return Decoded(_native.decode(_bytes(data), encoding, errors, bom, name))


def validate(data: BytesLike, encoding: str = "utf-8", *, name: str = "<input>") -> List[Malformed]:
    """Every malformed sequence of ``data`` in ``encoding``, with line and column; empty when
    it is valid."""
    return [Malformed(m) for m in _native.validate(_bytes(data), encoding, name)]


def encode(text: str, encoding: str = "utf-8", errors: str = "strict", *, bom: bool = False) -> Encoded:
    """``text`` in ``encoding``. ``errors="strict"`` raises :class:`EncodeError` (a
    ``UnicodeEncodeError``) when a character cannot be written; ``"replace"`` writes ``?`` and
    ``"html"`` (``"xmlcharrefreplace"``) ``&#8364;``, each listed in ``unmappable``."""
    data, name, unmappable = _native.encode(text, encoding, errors, bom)
    return Encoded(data, name, unmappable, (text, encoding, errors, bom))


def convert(
    data: BytesLike, from_: str, to: str, errors: str = "strict", *, name: str = "<input>"
) -> Converted:
    """``data`` converted from one encoding (a label or ``"auto"``) to another, streaming as
    ``charscope convert`` does. ``errors``: ``"strict"`` (a malformed sequence raises
    :class:`DecodeError`, an unmappable character :class:`EncodeError`), ``"replace"``,
    ``"skip"`` (``"ignore"``), ``"html"`` (``"xmlcharrefreplace"``) or ``"escape"``
    (``"backslashreplace"``)."""
    out, report = _native.convert(_bytes(data), from_, to, errors, name)
    return Converted(out, report)


def scan(text: Union[str, BytesLike], *, name: str = "<input>", allowed: bool = False) -> List[Finding]:
    """Hidden characters, bidi controls, lookalikes and unnormalized lines in ``text`` (bytes
    are read as UTF-8, their malformed sequences findings too). Findings that a built-in
    allowance explains (an emoji sequence, a joiner inside an Arabic word...) are left out
    unless ``allowed``."""
    if not isinstance(text, str):
        text = _bytes(text)
    return [Finding(f) for f in _native.scan(text, name, allowed)]


def lookup(label: str) -> str:
    """The canonical name of the encoding ``label`` means (``"latin1"`` -> ``"windows-1252"``,
    as in browsers); ``LookupError`` for a label that names none."""
    return _native.lookup(label)[0]


def _bytes(data: BytesLike) -> Union[bytes, bytearray]:
    if isinstance(data, (bytes, bytearray)):
        return data
    if isinstance(data, memoryview):
        return data.tobytes()
    if isinstance(data, str):
        raise TypeError("expected bytes, got str: encode it first, or use fix() or scan() for text")
    raise TypeError(f"expected bytes, got {type(data).__name__}")
