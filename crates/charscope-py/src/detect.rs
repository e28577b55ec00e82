//! `detect`: the library's [`Detection`], as a dict equal to `detect --json`, and its
//! certainty in one word.

use crate::value::to_py;
use charscope::detect::{self, Detection};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use std::sync::Mutex;

/// Detects the encoding of `data`; `name` is the JSON's `file`, `declared` a label given from
/// outside (an HTTP header's charset) to compare with. Returns `(detection, certainty)`.
#[pyfunction(name = "detect")]
#[pyo3(signature = (data, *, declared = None, name = None))]
pub fn detect_one<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    declared: Option<String>,
    name: Option<String>,
) -> PyResult<(Bound<'py, PyAny>, &'static str)> {
    let mut d = py.detach(|| detect::detect_declared(&data, declared.as_deref()));
    d.file = name;
    detection(py, &d)
}

/// A detection as `(dict, certainty)`.
pub fn detection<'py>(
    py: Python<'py>,
    d: &Detection,
) -> PyResult<(Bound<'py, PyAny>, &'static str)> {
    Ok((to_py(py, d)?, d.status.as_str()))
}

/// Detection fed in chunks, in bounded memory (the library's `Detector`): for
/// `charscope.compat.UniversalDetector` and any caller that reads a stream.
#[pyclass(module = "charscope._native")]
pub struct Detector {
    // A Mutex makes it Sync, as a Python object shared between threads must be.
    inner: Mutex<Option<detect::Detector>>,
}

#[pymethods]
impl Detector {
    /// A detector that has seen nothing.
    #[new]
    fn new() -> Detector {
        Detector {
            inner: Mutex::new(Some(detect::Detector::new())),
        }
    }

    /// Takes the next bytes of the input.
    fn feed(&self, py: Python<'_>, chunk: PyBackedBytes) -> PyResult<()> {
        let mut inner = self.lock()?;
        match inner.as_mut() {
            Some(d) => {
                py.detach(|| d.feed(&chunk));
                Ok(())
            }
            None => Err(PyValueError::new_err(
                "the detector has finished: feed() after finish()",
            )),
        }
    }

    /// Ends the input and decides: `(detection, certainty)`. The detector is spent.
    fn finish<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, &'static str)> {
        let taken = self.lock()?.take();
        match taken {
            Some(d) => detection(py, &py.detach(|| d.finish())),
            None => Err(PyValueError::new_err("the detector has finished already")),
        }
    }
}

impl Detector {
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Option<detect::Detector>>> {
        self.inner
            .lock()
            .map_err(|_| PyValueError::new_err("a feed() on another thread panicked"))
    }
}
