//! Encoding labels as Python callers give them: the library's resolution (WHATWG meanings, and
//! Python's and iconv's codec names, each with a note when it means something its name might
//! not suggest), an unknown label a `LookupError` as Python's own `codecs.lookup` raises.

use charscope::encoding::{self, Encoding, LabelMode};
use pyo3::exceptions::PyLookupError;
use pyo3::prelude::*;

/// A label resolved: the encoding and the note, if any.
pub struct Label {
    /// The encoding.
    pub encoding: &'static Encoding,
    /// What the label means, when that is not what its name suggests.
    pub note: Option<String>,
}

/// Resolves `label`, or raises `LookupError` with the nearest known labels.
pub fn resolve(label: &str) -> PyResult<Label> {
    encoding::resolve(label, LabelMode::Whatwg)
        .map(|r| Label {
            encoding: r.encoding,
            note: r.note,
        })
        .map_err(|e| PyLookupError::new_err(e.to_string()))
}

/// Whether `label` asks for detection.
pub fn is_auto(label: &str) -> bool {
    label.trim().eq_ignore_ascii_case("auto")
}

/// `lookup(label) -> (name, note)`: the canonical name of the encoding a label means, and the
/// note when it means something its name might not suggest.
#[pyfunction]
pub fn lookup(label: String) -> PyResult<(&'static str, Option<String>)> {
    let l = resolve(&label)?;
    Ok((l.encoding.name(), l.note))
}
