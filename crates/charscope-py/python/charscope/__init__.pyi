"""charscope: which encoding is this, what is malformed in it and where, and what broke it.

Every result has ``to_dict()``, equal to what the ``charscope`` command prints with ``--json``
for the same input, and a readable ``repr``. Fields the library adds later are attributes too.
"""

from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

BytesLike = Union[bytes, bytearray, memoryview]

__version__: str

class Record:
    """A JSON object of charscope's: fields as attributes and items; nested objects are
    Records too."""

    def __init__(self, d: Dict[str, Any]) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: object) -> bool: ...
    def __iter__(self) -> Iterator[str]: ...
    def to_dict(self) -> Dict[str, Any]:
        """A copy as plain dicts and lists: what ``--json`` prints."""

class Detection(Record):
    """What detection found (``charscope detect --json``)."""

    file: Optional[str]
    """The ``name`` given, or None."""
    encoding: Optional[str]
    """The encoding (a name :func:`decode` accepts), or None for empty, binary or unknown input."""
    confidence: float
    """How likely the answer is right, 0 to 1 (1 for structural verdicts)."""
    language: Optional[str]
    """The language of the text (ISO 639-1), when one stands out."""
    method: str
    """The rule that decided: empty, bom, structure, ascii, escape, segments, statistics, binary, unknown."""
    certainty: str
    """"certain" (the bytes' structure decided), "likely" (statistics with evidence enough) or
    "uncertain" (a best guess: `alternatives` are the other candidates); the JSON's `status`."""
    reasons: List[str]
    """The evidence, in plain words."""
    alternatives: List[Record]
    """Other readings (``encoding``, ``confidence``, ``reasons``), most likely first."""
    segments: List[Record]
    """Where the encoding changes part way: each stretch's ``offset``, ``length``, ``encoding``."""
    declared: Optional[Record]
    """What the input declares (or ``declared=`` gives), and whether the bytes agree."""
    def __init__(self, d: Dict[str, Any], certainty: str) -> None: ...

class Fix(Record):
    """Mojibake repaired (``charscope fix --json TEXT``)."""

    text: str
    """The repaired text (the input itself when nothing needed repair)."""
    changed: bool
    """Whether anything was repaired."""
    steps: List[Record]
    """Every step undone (``encode``, ``decode``), in order."""
    spans: List[Record]
    """Each repaired place: ``offset``, ``length`` (bytes of the input's UTF-8), ``steps``, ``original``, ``text``."""
    lost: List[Record]
    """Characters that could not be recovered (U+FFFD in ``text``): ``offset``, ``length``, ``kind``, ``reason``."""
    alternatives: List[Record]
    """Other repairs that also fit: ``text``, ``steps``, ``score``."""

class Malformed(Record):
    """One malformed sequence."""

    offset: int
    """Bytes from the start of the input."""
    length: int
    """How many bytes."""
    kind: str
    """overlong, surrogate, out-of-range, invalid-byte, unexpected-continuation, truncated, unpaired-surrogate, unmapped..."""
    reason: str
    """One sentence: what the bytes are and why they are not a character."""
    hex: str
    """The bytes as upper-case hex pairs ("C0 AF")."""

class Decoded(Record):
    """Bytes decoded (``charscope decode --json``)."""

    text: str
    """The text, one U+FFFD per malformed sequence."""
    encoding: str
    """The encoding that decoded."""
    label_note: Optional[str]
    """What the label means when that is not what its name suggests ("latin1" is windows-1252)."""
    bom: Optional[str]
    """The encoding whose byte order mark started the input."""
    replacements: int
    """How many malformed sequences became U+FFFD."""
    complete: bool
    """Whether the whole input was decoded."""
    @property
    def malformed(self) -> List[Malformed]:
        """Every malformed sequence, in order."""

class Finding(Record):
    """One finding of :func:`scan` (``charscope scan --json``)."""

    path: str
    line: Optional[int]
    column: Optional[int]
    offset: Optional[int]
    code: str
    """bidi-control, invisible, bom-not-at-start, control, noncharacter, private-use, tag, confusable, mixed-script, invalid-utf8, not-nfc..."""
    chars: List[Record]
    """The characters involved: ``char``, ``code_point``, ``name``."""
    message: str

class Encoded:
    """Text encoded; ``to_dict()`` is ``charscope encode --json``."""

    data: bytes
    encoding: str
    unmappable: List[Record]
    """Characters written as a substitute: ``index``, ``utf8_offset``, ``char``."""
    def __bytes__(self) -> bytes: ...
    def __len__(self) -> int: ...
    def to_dict(self) -> Dict[str, Any]: ...

class Converted:
    """Bytes converted; ``report`` and ``to_dict()`` are ``charscope convert --json``."""

    data: bytes
    report: Record
    def __bytes__(self) -> bytes: ...
    def __len__(self) -> int: ...
    def to_dict(self) -> Dict[str, Any]: ...

class DecodeError(UnicodeDecodeError):
    """Malformed bytes under ``errors="strict"``: a ``UnicodeDecodeError`` that also has
    ``offset``, ``kind`` and ``malformed``."""

    offset: int
    kind: str
    malformed: Optional[Malformed]
    report: Optional[Dict[str, Any]]
    """From :func:`convert`: what ``charscope convert --json`` prints."""

class EncodeError(UnicodeEncodeError):
    """An unmappable character under ``errors="strict"``: a ``UnicodeEncodeError`` that also
    lists every such character in ``unmappable``."""

    unmappable: List[Dict[str, Any]]
    report: Optional[Dict[str, Any]]

def detect(data: BytesLike, *, declared: Optional[str] = None, name: Optional[str] = None) -> Detection:
    """The encoding of ``data``, with confidence, language, reasons and alternatives;
    ``declared`` is a label from outside to compare with, ``name`` the JSON's ``file``."""

def detect_many(inputs: Sequence[BytesLike], *, declared: Optional[str] = None) -> List[Detection]:
    """:func:`detect` of each input, on all cores, in order."""

def fix(text: str) -> Fix:
    """``text`` with its mojibake repaired, and the steps undone."""

def fix_many(texts: Sequence[str]) -> List[Fix]:
    """:func:`fix` of each text, on all cores, in order."""

def decode(
    data: BytesLike,
    encoding: str = "auto",
    errors: str = "replace",
    *,
    bom: str = "strip",
    name: Optional[str] = None,
) -> Decoded:
    """``data`` decoded with ``encoding`` (a label, or "auto"); ``errors="strict"`` raises
    :class:`DecodeError` at the first malformed sequence; ``bom``: "strip", "keep", "sniff" or
    "sniff-unicode"."""

def validate(data: BytesLike, encoding: str = "utf-8", *, name: str = "<input>") -> List[Malformed]:
    """Every malformed sequence, with ``line`` and ``column``; empty when valid."""

def encode(text: str, encoding: str = "utf-8", errors: str = "strict", *, bom: bool = False) -> Encoded:
    """``text`` in ``encoding``; ``errors``: "strict" (raises :class:`EncodeError`), "replace" or "html"."""

def convert(data: BytesLike, from_: str, to: str, errors: str = "strict", *, name: str = "<input>") -> Converted:
    """``data`` from one encoding to another; ``errors``: "strict", "replace", "skip", "html", "escape"."""

def scan(text: Union[str, BytesLike], *, name: str = "<input>", allowed: bool = False) -> List[Finding]:
    """Hidden characters, bidi controls, lookalikes and unnormalized lines."""

def lookup(label: str) -> str:
    """The canonical name of the encoding ``label`` means; ``LookupError`` if none."""
