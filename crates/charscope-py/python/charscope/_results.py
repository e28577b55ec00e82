"""The result classes: each wraps the dict the library's serde value makes (the same object the
command line's ``--json`` prints), gives its fields as attributes, and returns a copy of it from
``to_dict()``. A field the library adds appears as an attribute without a change here."""

import copy
from typing import Any, Dict, Iterator, List, Optional


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Record(value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    return value


def _short(text: str, limit: int = 60) -> str:
    return repr(text) if len(text) <= limit else repr(text[: limit - 1] + "…")


class Record:
    """A JSON object of charscope's: fields as attributes (``r.offset``) and items
    (``r["offset"]``); nested objects are Records too."""

    __slots__ = ("_d",)

    def __init__(self, d: Dict[str, Any]) -> None:
        object.__setattr__(self, "_d", d)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy and pickle look for these before _d is set
            raise AttributeError(name)
        try:
            return _wrap(self._d[name])
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r} (it has {', '.join(self._d)})"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __getitem__(self, key: str) -> Any:
        return _wrap(self._d[key])

    def __contains__(self, key: object) -> bool:
        return key in self._d

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._d))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._d == self._d  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> Dict[str, Any]:
        """A copy of the object as plain dicts and lists: what ``--json`` prints."""
        return copy.deepcopy(self._d)

    def __reduce__(self) -> Any:
        return (type(self), (self._d,))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self._d.items())
        return f"{type(self).__name__}({fields})"


def _steps(steps: List[Dict[str, str]]) -> str:
    return "; ".join(f"{s['encode']} -> {s['decode']}" for s in steps)


class Detection(Record):
    """What detection found: ``encoding`` (a name :func:`charscope.decode` accepts, or None for
    empty, binary or unknown input), ``confidence`` (0 to 1), ``language`` (ISO 639-1 or None),
    ``method`` (the rule that decided), ``certainty`` (the JSON's ``status``: "certain", "likely" or
    "uncertain"),
    ``reasons``, ``alternatives``, ``segments`` and ``declared``."""

    __slots__ = ("certainty",)

    def __init__(self, d: Dict[str, Any], certainty: str) -> None:
        super().__init__(d)
        object.__setattr__(self, "certainty", certainty)

    def __reduce__(self) -> Any:
        return (type(self), (self._d, self.certainty))

    def __repr__(self) -> str:
        d = self._d
        parts = [f"encoding={d['encoding']!r}", f"confidence={d['confidence']}"]
        if d.get("language"):
            parts.append(f"language={d['language']!r}")
        parts.append(f"method={d['method']!r}")
        parts.append(f"certainty={self.certainty!r}")
        return f"Detection({', '.join(parts)})"


class Fix(Record):
    """Mojibake repaired: ``text``, ``changed``, ``steps`` (each ``encode``/``decode``),
    ``spans`` (each repaired place), ``lost`` (characters that could not be recovered) and
    ``alternatives``."""

    # The repair as the native module made it: ``text`` and ``changed`` are read from it, and
    # the dict of every field is only made when another field is asked for (most callers want
    # the text, and the dict's many small objects cost more than the repair of a short text).
    __slots__ = ("_native",)

    def __init__(self, repair: Any) -> None:
        if isinstance(repair, dict):  # unpickled, or made from a dict of fix --json
            super().__init__(repair)
            repair = None
        object.__setattr__(self, "_native", repair)

    def __getattr__(self, name: str) -> Any:
        if name == "_d":
            d = self._native.to_dict()
            object.__setattr__(self, "_d", d)
            return d
        return super().__getattr__(name)

    @property
    def text(self) -> str:
        """The repaired text (the input itself when nothing needed repair)."""
        return self._d["text"] if self._native is None else self._native.text

    @property
    def changed(self) -> bool:
        """Whether anything was repaired."""
        return self._d["changed"] if self._native is None else self._native.changed

    def __str__(self) -> str:
        return str(self._d["text"])

    def __repr__(self) -> str:
        d = self._d
        how = f", steps={_steps(d['steps'])!r}" if d["steps"] else ""
        return f"Fix(text={_short(d['text'])}, changed={d['changed']}{how})"


class Malformed(Record):
    """One malformed sequence: ``offset`` (bytes from the start), ``length``, ``kind`` (a stable
    name), ``reason`` (one sentence) and ``hex``; from :func:`charscope.validate` also ``line``
    and ``column`` (from 1)."""

    __slots__ = ()

    def __repr__(self) -> str:
        d = self._d
        return (
            f"Malformed(offset={d['offset']}, length={d['length']}, kind={d['kind']!r}, "
            f"hex={d['hex']!r})"
        )


class Decoded(Record):
    """Bytes decoded: ``text`` (one U+FFFD per malformed sequence), ``encoding`` (what decoded),
    ``malformed`` (each a :class:`Malformed`), ``replacements``, ``bom``, ``label_note``."""

    __slots__ = ()

    @property
    def malformed(self) -> List[Malformed]:
        return [Malformed(m) for m in self._d["malformed"]]

    def __str__(self) -> str:
        return str(self._d["text"])

    def __repr__(self) -> str:
        d = self._d
        return (
            f"Decoded(text={_short(d['text'])}, encoding={d['encoding']!r}, "
            f"malformed={len(d['malformed'])})"
        )


class Finding(Record):
    """One finding of :func:`charscope.scan`: ``code`` (``bidi-control``, ``invisible``,
    ``confusable``...), ``line``, ``column``, ``offset``, ``chars`` and ``message``."""

    __slots__ = ()

    def __repr__(self) -> str:
        d = self._d
        return f"Finding({d['code']!r} at {d['line']}:{d['column']}: {_short(d['message'], 80)})"


class Encoded:
    """Text encoded: ``data`` (the bytes; ``bytes(encoded)`` too), ``encoding`` and
    ``unmappable`` (characters replaced under ``errors="replace"`` or ``"html"``).
    ``to_dict()`` is what ``charscope encode --json`` prints."""

    __slots__ = ("data", "encoding", "unmappable", "_args")

    def __init__(self, data: bytes, encoding: str, unmappable: List[Dict[str, Any]], args: tuple) -> None:
        self.data = data
        self.encoding = encoding
        self.unmappable = [Record(u) for u in unmappable]
        self._args = args

    def __bytes__(self) -> bytes:
        return self.data

    def __len__(self) -> int:
        return len(self.data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (bytes, bytearray)):
            return self.data == other
        return isinstance(other, Encoded) and (self.data, self.encoding) == (other.data, other.encoding)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> Dict[str, Any]:
        """What ``charscope encode --json`` prints (the bytes as hex pairs)."""
        from . import _native

        return _native.encode_view(*self._args)

    def __repr__(self) -> str:
        shown = self.data if len(self.data) <= 40 else self.data[:40] + b"..."
        return f"Encoded({shown!r}, encoding={self.encoding!r}, unmappable={len(self.unmappable)})"


class Converted:
    """Bytes converted: ``data`` (``bytes(converted)`` too) and ``report``, what
    ``charscope convert --json`` prints (``from``, ``to``, ``bytes_in``, ``bytes_out``,
    ``malformed``, ``unmappable``, ``replacements``...), also from ``to_dict()``."""

    __slots__ = ("data", "report")

    def __init__(self, data: bytes, report: Dict[str, Any]) -> None:
        self.data = data
        self.report = Record(report)

    def __bytes__(self) -> bytes:
        return self.data

    def __len__(self) -> int:
        return len(self.data)

    def to_dict(self) -> Dict[str, Any]:
        """What ``charscope convert --json`` prints."""
        return self.report.to_dict()

    def __repr__(self) -> str:
        r = self.report
        shown = self.data if len(self.data) <= 40 else self.data[:40] + b"..."
        return f"Converted({shown!r}, from={r['from']!r}, to={r.to!r}, replacements={r.replacements})"
