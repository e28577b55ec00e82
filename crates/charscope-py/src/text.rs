//! Text in, text out: `fix` (mojibake repair) and `scan` (hidden characters, lookalikes).

use crate::value::to_py;
use charscope::repair;
use charscope::scan::Finding;
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};

/// Repairs mojibake in `text`: the library's `Repair`, as a dict equal to `fix --json TEXT`.
#[pyfunction]
pub fn fix<'py>(py: Python<'py>, text: PyBackedStr) -> PyResult<Bound<'py, PyAny>> {
    let r = py.detach(|| repair::fix(&text));
    to_py(py, &r)
}

/// Text or bytes to scan.
#[derive(FromPyObject)]
pub enum Scanned {
    /// Text.
    Text(PyBackedStr),
    /// Bytes, read as UTF-8 (malformed sequences are findings), or as UTF-16/32 after their
    /// byte order mark.
    Bytes(PyBackedBytes),
}

/// The findings of `input` named `name` that no built-in allowance explains (what `scan
/// --json` writes, one object each); with `allowed`, those too.
#[pyfunction]
#[pyo3(signature = (input, name = String::from("<input>"), allowed = false))]
pub fn scan<'py>(
    py: Python<'py>,
    input: Scanned,
    name: String,
    allowed: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let findings: Vec<Finding> = py.detach(|| {
        let all = match &input {
            Scanned::Text(text) => charscope::scan::scan_text(&name, text),
            Scanned::Bytes(bytes) => charscope::scan::scan_bytes(&name, bytes),
        };
        all.into_iter()
            .filter(|f| allowed || charscope::scan::is_reported(f))
            .collect()
    });
    to_py(py, &findings)
}
