//! Text in, text out: `fix` (mojibake repair) and `scan` (hidden characters, lookalikes).

use crate::value::to_py;
use charscope::repair;
use charscope::scan::Finding;
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};

/// Repairs mojibake in `text`: the library's `Repair`, held as it is ([`Repaired`]).
#[pyfunction]
pub fn fix(py: Python<'_>, text: PyBackedStr) -> Repaired {
    Repaired(py.detach(|| repair::fix(&text)))
}

/// The library's `Repair` of one text, kept in Rust until Python asks for its fields: the text
/// and whether it changed come at once, the rest as the dict `fix --json TEXT` prints, made by
/// `to_dict`. Most callers want the text only, and the dict is a dozen or more Python objects a
/// text (each span, each step), which the cyclic garbage collector then walks again and again:
/// made for every result, they and the collector cost `fix` over the repair set 14% of its time
/// in Python.
#[pyclass(module = "charscope._native", frozen)]
pub struct Repaired(pub repair::Repair);

#[pymethods]
impl Repaired {
    /// The repaired text (the input itself when nothing needed repair).
    #[getter]
    fn text(&self) -> &str {
        &self.0.text
    }

    /// Whether anything was repaired.
    #[getter]
    fn changed(&self) -> bool {
        self.0.changed
    }

    /// The repair as `fix --json` prints it: a new dict each time.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.0)
    }
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
