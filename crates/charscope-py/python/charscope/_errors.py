"""The exceptions charscope raises: subclasses of Python's own, so existing ``except`` clauses
catch them."""

from typing import Any, Dict, List, Optional


class DecodeError(UnicodeDecodeError):
    """Bytes that are malformed in their encoding, under ``errors="strict"``.

    A :class:`UnicodeDecodeError` (``encoding``, ``object``, ``start``, ``end``, ``reason``) that
    also names the sequence: ``offset`` (bytes from the start of the input), ``kind`` (a stable
    name such as ``"overlong"`` or ``"truncated"``) and ``malformed`` (the :class:`Malformed`).
    ``convert`` adds ``report``, what ``charscope convert --json`` would print.
    """

    def __init__(
        self,
        encoding: str,
        object: bytes,
        start: int,
        end: int,
        reason: str,
        kind: str = "",
        malformed: Optional[Dict[str, Any]] = None,
    ) -> None:
        super().__init__(encoding, object, start, end, reason)
        self.kind = kind
        self.offset = start
        from ._results import Malformed

        self.malformed = Malformed(malformed) if malformed is not None else None
        self.report: Optional[Dict[str, Any]] = None

    def __reduce__(self):  # pickling keeps the extra fields
        record = self.malformed.to_dict() if self.malformed is not None else None
        return (
            type(self),
            (self.encoding, self.object, self.start, self.end, self.reason, self.kind, record),
        )

    def __str__(self) -> str:
        return f"{self.encoding}: byte offset {self.start}: {self.reason}"


class EncodeError(UnicodeEncodeError):
    """Text with characters the target encoding cannot represent, under ``errors="strict"``.

    A :class:`UnicodeEncodeError` (``encoding``, ``object``, ``start``, ``end``, ``reason``,
    ``start`` counted in characters) that also lists every such character in ``unmappable``
    (dicts with ``index``, ``char``...). ``convert`` adds ``report``.
    """

    def __init__(
        self,
        encoding: str,
        object: str,
        start: int,
        end: int,
        reason: str,
        unmappable: Optional[List[Dict[str, Any]]] = None,
    ) -> None:
        super().__init__(encoding, object, start, end, reason)
        self.unmappable = unmappable or []
        self.report: Optional[Dict[str, Any]] = None

    def __reduce__(self):
        return (
            type(self),
            (self.encoding, self.object, self.start, self.end, self.reason, self.unmappable),
        )

    def __str__(self) -> str:
        return f"{self.encoding}: character {self.start}: {self.reason}"
