//! Arrow's layouts, read and written as plain bytes: a variable-length binary or string column
//! (a validity bitmap, offsets of 32 or 64 bits, the data) in; string, float64 and int64
//! columns out. Every offset read is checked: buffers that do not hold what their offsets
//! claim are a `ValueError`, never a read out of bounds.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;

/// A binary or string column as Python hands it over: `(validity or None, offsets, data,
/// offset, length, large)`, the buffers of a pyarrow array (`large`: 64-bit offsets).
#[derive(FromPyObject)]
pub struct BinaryIn(
    Option<PyBackedBytes>,
    PyBackedBytes,
    PyBackedBytes,
    usize,
    usize,
    bool,
);

/// A view of a [`BinaryIn`], its sizes checked.
pub struct Binary<'a> {
    validity: Option<&'a [u8]>,
    offsets: &'a [u8],
    data: &'a [u8],
    offset: usize,
    len: usize,
    width: usize,
}

impl<'a> Binary<'a> {
    /// The column, once its buffers are known to be long enough for its offset and length.
    pub fn new(input: &'a BinaryIn) -> PyResult<Binary<'a>> {
        let width = if input.5 { 8 } else { 4 };
        let (offset, len) = (input.3, input.4);
        let end = offset
            .checked_add(len)
            .ok_or_else(|| PyValueError::new_err("the array's offset and length overflow"))?;
        if input.1.len() < (end + 1) * width {
            return Err(PyValueError::new_err(format!(
                "the offsets buffer holds {} bytes, too few for {len} rows from row {offset}",
                input.1.len()
            )));
        }
        if let Some(v) = &input.0
            && v.len() < end.div_ceil(8)
        {
            return Err(PyValueError::new_err(format!(
                "the validity bitmap holds {} bytes, too few for {len} rows from row {offset}",
                v.len()
            )));
        }
        Ok(Binary {
            validity: input.0.as_deref(),
            offsets: &input.1,
            data: &input.2,
            offset,
            len,
            width,
        })
    }

    /// How many rows.
    pub fn len(&self) -> usize {
        self.len
    }

    fn bound(&self, k: usize) -> PyResult<usize> {
        let at = (self.offset + k) * self.width;
        let raw = &self.offsets[at..at + self.width];
        let value = if self.width == 8 {
            i64::from_le_bytes(raw.try_into().expect("8 bytes"))
        } else {
            i64::from(i32::from_le_bytes(raw.try_into().expect("4 bytes")))
        };
        usize::try_from(value)
            .map_err(|_| PyValueError::new_err(format!("row {k}: a negative offset")))
    }

    fn valid(&self, i: usize) -> bool {
        let bit = self.offset + i;
        self.validity
            .is_none_or(|v| v[bit / 8] & (1 << (bit % 8)) != 0)
    }

    /// Every row's bytes, `None` for a null.
    pub fn rows(&self) -> PyResult<Vec<Option<&'a [u8]>>> {
        let mut out = Vec::with_capacity(self.len);
        let mut start = self.bound(0)?;
        for i in 0..self.len {
            let end = self.bound(i + 1)?;
            if !self.valid(i) {
                out.push(None);
            } else if start > end || end > self.data.len() {
                return Err(PyValueError::new_err(format!(
                    "row {i}: offsets {start}..{end} outside the {} bytes of data",
                    self.data.len()
                )));
            } else {
                out.push(Some(&self.data[start..end]));
            }
            start = end;
        }
        Ok(out)
    }

    /// Every row as text, `None` for a null; a row that is not UTF-8 is a `ValueError`.
    pub fn texts(&self) -> PyResult<Vec<Option<&'a str>>> {
        self.rows()?
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                r.map(|bytes| {
                    std::str::from_utf8(bytes).map_err(|e| {
                        PyValueError::new_err(format!(
                            "row {i} is not UTF-8 at byte offset {}",
                            e.valid_up_to()
                        ))
                    })
                })
                .transpose()
            })
            .collect()
    }
}

/// A validity bitmap being written, with its count of nulls.
struct Validity {
    bits: Vec<u8>,
    len: usize,
    nulls: usize,
}

impl Validity {
    fn new(capacity: usize) -> Validity {
        Validity {
            bits: Vec::with_capacity(capacity.div_ceil(8)),
            len: 0,
            nulls: 0,
        }
    }

    fn push(&mut self, valid: bool) {
        if self.len.is_multiple_of(8) {
            self.bits.push(0);
        }
        if valid {
            self.bits[self.len / 8] |= 1 << (self.len % 8);
        } else {
            self.nulls += 1;
        }
        self.len += 1;
    }

    /// The bitmap as bytes, or `None` when no row is null.
    fn into_py(self, py: Python<'_>) -> (Option<Bound<'_, PyBytes>>, usize) {
        let bits = (self.nulls > 0).then(|| PyBytes::new(py, &self.bits));
        (bits, self.nulls)
    }
}

/// A string column being written: `(validity or None, offsets, data, null count, large)` once
/// handed to Python (64-bit offsets only when the data passes 2 GiB).
pub struct Strings {
    validity: Validity,
    offsets: Vec<i64>,
    data: Vec<u8>,
}

impl Strings {
    /// An empty column with room for `capacity` rows.
    pub fn new(capacity: usize) -> Strings {
        let mut offsets = Vec::with_capacity(capacity + 1);
        offsets.push(0);
        Strings {
            validity: Validity::new(capacity),
            offsets,
            data: Vec::new(),
        }
    }

    /// Appends a row.
    pub fn push(&mut self, value: Option<&str>) {
        self.validity.push(value.is_some());
        if let Some(s) = value {
            self.data.extend_from_slice(s.as_bytes());
        }
        self.offsets.push(self.data.len() as i64);
    }

    /// The buffers, for pyarrow.
    pub fn into_py(self, py: Python<'_>) -> Bound<'_, PyAny> {
        let large = self.data.len() > i32::MAX as usize;
        let offsets: Vec<u8> = if large {
            self.offsets.iter().flat_map(|o| o.to_le_bytes()).collect()
        } else {
            self.offsets
                .iter()
                .flat_map(|&o| (o as i32).to_le_bytes())
                .collect()
        };
        let (validity, nulls) = self.validity.into_py(py);
        let tuple = (
            validity,
            PyBytes::new(py, &offsets),
            PyBytes::new(py, &self.data),
            nulls,
            large,
        );
        tuple.into_pyobject(py).expect("a tuple").into_any()
    }
}

/// A fixed-width column being written: `(validity or None, values, null count)` once handed to
/// Python.
pub struct Fixed<T> {
    validity: Validity,
    values: Vec<T>,
}

/// A float64 column.
pub type Floats = Fixed<f64>;
/// An int64 column.
pub type Ints = Fixed<i64>;

/// A value of a fixed-width column, written little-endian.
pub trait LittleEndian: Copy + Default {
    /// Appends the value's bytes.
    fn write(self, out: &mut Vec<u8>);
}

impl LittleEndian for f64 {
    fn write(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl LittleEndian for i64 {
    fn write(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl<T: LittleEndian> Fixed<T> {
    /// An empty column with room for `capacity` rows.
    pub fn new(capacity: usize) -> Fixed<T> {
        Fixed {
            validity: Validity::new(capacity),
            values: Vec::with_capacity(capacity),
        }
    }

    /// Appends a row (a null is stored as zero under its cleared validity bit).
    pub fn push(&mut self, value: Option<T>) {
        self.validity.push(value.is_some());
        self.values.push(value.unwrap_or_default());
    }

    /// The buffers, for pyarrow.
    pub fn into_py(self, py: Python<'_>) -> Bound<'_, PyAny> {
        let mut bytes = Vec::with_capacity(self.values.len() * 8);
        for v in &self.values {
            v.write(&mut bytes);
        }
        let (validity, nulls) = self.validity.into_py(py);
        let tuple = (validity, PyBytes::new(py, &bytes), nulls);
        tuple.into_pyobject(py).expect("a tuple").into_any()
    }
}
