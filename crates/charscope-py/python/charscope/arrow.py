"""Arrow columns in and out: detect, decode and repair whole columns without a Python object
per row. The array's buffers go to Rust as they are, the rows run on all cores with the GIL
released, and the answers come back as the buffers of new arrays. A null row gives a null.

Needs pyarrow (``pip install "charscope[arrow]"``). Accepts pyarrow arrays and chunked arrays
of binary, large_binary, string or large_string (other types are cast to large_binary first),
or any object with ``__arrow_c_array__``; chunked in, chunked out.
"""

from typing import Any, List, Optional, Tuple, Union

import pyarrow as pa
import pyarrow.compute as pc

from . import _native

__all__ = ["DECODED", "DETECTED", "decode", "detect", "fix"]

ArrayLike = Union[pa.Array, pa.ChunkedArray]

#: The fields of :func:`detect`'s struct.
DETECTED = pa.struct(
    [
        ("encoding", pa.string()),
        ("confidence", pa.float64()),
        ("language", pa.string()),
        ("method", pa.string()),
        ("certainty", pa.string()),
    ]
)

#: The fields of :func:`decode`'s struct.
DECODED = pa.struct([("text", pa.string()), ("encoding", pa.string()), ("malformed_count", pa.int64())])


def _array(obj: Any) -> ArrayLike:
    if isinstance(obj, (pa.Array, pa.ChunkedArray)):
        return obj
    return pa.array(obj)


def _binary(arr: pa.Array) -> Tuple[Any, ...]:
    """The buffers of a binary or string array, as ``_native`` takes them."""
    t = arr.type
    if pa.types.is_binary(t) or pa.types.is_string(t):
        large = False
    elif pa.types.is_large_binary(t) or pa.types.is_large_string(t):
        large = True
    else:
        arr = arr.cast(pa.large_binary())
        large = True
    validity, offsets, data = arr.buffers()[:3]
    return (
        validity.to_pybytes() if validity is not None and arr.null_count else None,
        offsets.to_pybytes(),
        data.to_pybytes() if data is not None else b"",
        arr.offset,
        len(arr),
        large,
    )


def _strings(parts: Tuple[Any, ...]) -> pa.Array:
    validity, offsets, data, nulls, large = parts
    width = 8 if large else 4
    return pa.Array.from_buffers(
        pa.large_string() if large else pa.string(),
        len(offsets) // width - 1,
        [pa.py_buffer(validity) if validity else None, pa.py_buffer(offsets), pa.py_buffer(data)],
        null_count=nulls,
    )


def _fixed(parts: Tuple[Any, ...], type_: pa.DataType) -> pa.Array:
    validity, values, nulls = parts
    return pa.Array.from_buffers(
        type_,
        len(values) // 8,
        [pa.py_buffer(validity) if validity else None, pa.py_buffer(values)],
        null_count=nulls,
    )


def _struct(arr: pa.Array, fields: List[pa.Array], type_: pa.StructType) -> pa.StructArray:
    mask = pc.is_null(arr) if arr.null_count else None
    return pa.StructArray.from_arrays(fields, fields=list(type_), mask=mask)


def _each(array: Any, one: Any, type_: pa.DataType) -> Any:
    arr = _array(array)
    if isinstance(arr, pa.ChunkedArray):
        return pa.chunked_array([one(c) for c in arr.chunks], type_)
    return one(arr)


def detect(array: Any) -> ArrayLike:
    """The encoding of each row of a binary column: a struct array of ``encoding``,
    ``confidence``, ``language``, ``method`` and ``certainty`` (see :data:`DETECTED`), as
    :func:`charscope.detect` answers for each row."""

    def one(arr: pa.Array) -> pa.StructArray:
        cols = _native.arrow_detect(_binary(arr))
        fields = [
            _strings(cols["encoding"]),
            _fixed(cols["confidence"], pa.float64()),
            _strings(cols["language"]),
            _strings(cols["method"]),
            _strings(cols["certainty"]),
        ]
        return _struct(arr, fields, DETECTED)

    return _each(array, one, DETECTED)


def decode(array: Any, encoding: Union[str, ArrayLike] = "auto") -> ArrayLike:
    """Each row of a binary column decoded (one U+FFFD per malformed sequence): a struct array
    of ``text``, ``encoding`` (what decoded) and ``malformed_count`` (see :data:`DECODED`).

    ``encoding`` is one label for every row, ``"auto"`` (each row detected), or a string array
    of one label per row (a null label: detected), such as ``detect(column).field("encoding")``.
    """
    labels: Optional[pa.Array] = None
    if not isinstance(encoding, str):
        labels = _array(encoding)
        if isinstance(labels, pa.ChunkedArray):
            labels = labels.combine_chunks()
        if len(labels) != len(array):
            raise ValueError(f"{len(labels)} labels for {len(array)} rows")
    start = 0

    def one(arr: pa.Array) -> pa.StructArray:
        nonlocal start
        if labels is None:
            cols = _native.arrow_decode(_binary(arr), label=encoding)
        else:
            cols = _native.arrow_decode(_binary(arr), labels=_binary(labels.slice(start, len(arr))))
        start += len(arr)
        fields = [
            _strings(cols["text"]),
            _strings(cols["encoding"]),
            _fixed(cols["malformed_count"], pa.int64()),
        ]
        return _struct(arr, fields, DECODED)

    return _each(array, one, DECODED)


def fix(array: Any) -> ArrayLike:
    """Each row of a string column with its mojibake repaired, as :func:`charscope.fix` does."""

    def one(arr: pa.Array) -> pa.Array:
        if not (pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type)):
            raise TypeError(f"fix takes a string array, not {arr.type}")
        return _strings(_native.arrow_fix(_binary(arr)))

    return _each(array, one, pa.string())
