//! `charscope._native`: the Rust half of the Python package `charscope` (python/charscope).
//!
//! Every function here takes bytes or text, releases the GIL while the library works, and hands
//! back the library's own serde values as Python dicts ([`value::to_py`]): the same fields, in
//! the same shapes, as the command line's `--json`, so that a field the library adds shows up in
//! Python without a change here. `fix` keeps its repair in Rust until a field beyond the text is
//! asked for (`text::Repaired`), then makes the same dict. The Python package wraps the dicts in
//! classes with attributes, reprs and `to_dict()`, and raises its own exceptions
//! (`charscope.DecodeError`...), which the functions here look up by name when they fail
//! ([`value::raise`]).

mod arrow;
mod codec;
mod detect;
mod labels;
mod many;
mod text;
mod value;

use pyo3::prelude::*;

/// mimalloc for the module's own allocations (Python's objects keep Python's allocator): the
/// repair makes and drops many small strings, and `fix` over the repair set took a tenth less
/// time with it than with glibc's allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The module `charscope._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(detect::detect_one, m)?)?;
    m.add_class::<detect::Detector>()?;
    m.add_function(wrap_pyfunction!(text::fix, m)?)?;
    m.add_class::<text::Repaired>()?;
    m.add_function(wrap_pyfunction!(text::scan, m)?)?;
    m.add_function(wrap_pyfunction!(codec::decode, m)?)?;
    m.add_function(wrap_pyfunction!(codec::validate, m)?)?;
    m.add_function(wrap_pyfunction!(codec::encode, m)?)?;
    m.add_function(wrap_pyfunction!(codec::encode_view, m)?)?;
    m.add_function(wrap_pyfunction!(codec::convert, m)?)?;
    m.add_function(wrap_pyfunction!(labels::lookup, m)?)?;
    m.add_function(wrap_pyfunction!(many::detect_many, m)?)?;
    m.add_function(wrap_pyfunction!(many::fix_many, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_detect, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_decode, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_fix, m)?)?;
    Ok(())
}
