"""The Rust half of charscope (PyO3). Its functions return the library's values as plain dicts;
the package wraps them (use ``charscope``, not this module)."""

from typing import Any, Dict, List, Optional, Tuple, Union

__version__: str

# A binary or string Arrow column: (validity or None, offsets, data, offset, length, large).
_Column = Tuple[Optional[bytes], bytes, bytes, int, int, bool]

class Detector:
    """Detection fed in chunks, in bounded memory."""

    def __init__(self) -> None: ...
    def feed(self, chunk: Union[bytes, bytearray]) -> None:
        """Takes the next bytes."""
    def finish(self) -> Tuple[Dict[str, Any], str]:
        """Ends the input: ``(detection, certainty)``."""

def detect(data: Union[bytes, bytearray], *, declared: Optional[str] = None, name: Optional[str] = None) -> Tuple[Dict[str, Any], str]:
    """``(detection, certainty)``: the dict is ``charscope detect --json``."""
def detect_many(inputs: List[Union[bytes, bytearray]], *, declared: Optional[str] = None) -> List[Tuple[Dict[str, Any], str]]:
    """:func:`detect` of each input, on all cores."""
class Repaired:
    """One text's repair, kept in Rust: ``text`` and ``changed`` at once, the rest by ``to_dict``."""
    @property
    def text(self) -> str: ...
    @property
    def changed(self) -> bool: ...
    def to_dict(self) -> Dict[str, Any]:
        """``charscope fix --json TEXT``: a new dict each call."""

def fix(text: str) -> Repaired:
    """``charscope fix --json TEXT``, as a :class:`Repaired`."""
def fix_many(texts: List[str]) -> List[Repaired]:
    """:func:`fix` of each text, on all cores."""
def scan(input: Union[str, bytes, bytearray], name: str = "<input>", allowed: bool = False) -> List[Dict[str, Any]]:
    """The findings, as ``charscope scan --json`` writes them."""
def decode(data: Union[bytes, bytearray], encoding: str = "auto", errors: str = "replace", bom: str = "strip", name: Optional[str] = None) -> Dict[str, Any]:
    """``charscope decode --json``; raises ``charscope.DecodeError`` under "strict"."""
def validate(data: Union[bytes, bytearray], encoding: str = "utf-8", name: str = "<input>") -> List[Dict[str, Any]]:
    """``charscope validate --json``'s records."""
def encode(text: str, encoding: str = "utf-8", errors: str = "strict", bom: bool = False) -> Tuple[bytes, str, List[Dict[str, Any]]]:
    """``(bytes, encoding name, unmappable)``; raises ``charscope.EncodeError`` under "strict"."""
def encode_view(text: str, encoding: str = "utf-8", errors: str = "strict", bom: bool = False) -> Dict[str, Any]:
    """``charscope encode --json``."""
def convert(data: Union[bytes, bytearray], from_: str, to: str, errors: str = "strict", name: str = "<input>") -> Tuple[bytes, Dict[str, Any]]:
    """``(bytes, report)``, the report ``charscope convert --json``."""
def lookup(label: str) -> Tuple[str, Optional[str]]:
    """``(canonical name, note)``; ``LookupError`` for an unknown label."""
def arrow_detect(column: _Column) -> Dict[str, Tuple[Any, ...]]:
    """The buffers of the columns encoding, confidence, language, method, certainty."""
def arrow_decode(column: _Column, label: Optional[str] = None, labels: Optional[_Column] = None) -> Dict[str, Tuple[Any, ...]]:
    """The buffers of the columns text, encoding, malformed_count."""
def arrow_fix(column: _Column) -> Tuple[Any, ...]:
    """The buffers of the repaired column."""
