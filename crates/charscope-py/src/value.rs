//! Library values to Python objects, and the package's exceptions raised from Rust.

use pyo3::prelude::*;
use serde::Serialize;

/// `value` as Python objects: structs and maps as dicts, sequences as lists, `None` for null;
/// exactly what `json.loads` makes of the command line's `--json` for the same value.
pub fn to_py<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, value)?)
}

/// An exception of the Python package (`charscope._errors.NAME`), made with `args`: the
/// classes live in Python, where they can subclass `UnicodeDecodeError` with a constructor of
/// their own.
pub fn raise<'py>(py: Python<'py>, name: &str, args: impl pyo3::call::PyCallArgs<'py>) -> PyErr {
    let made = py
        .import("charscope._errors")
        .and_then(|module| module.getattr(name))
        .and_then(|class| class.call1(args));
    match made {
        Ok(exception) => PyErr::from_value(exception),
        Err(e) => e,
    }
}
