//! `detect_many` and `fix_many`: many inputs spread over the cores (rayon), the GIL released
//! while they run.

use crate::detect::detection;
use crate::text::Repaired;
use charscope::{detect, repair};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::PyList;
use rayon::prelude::*;

/// Detects each input on all cores: a list of `(detection, certainty)`, in order.
#[pyfunction]
#[pyo3(signature = (inputs, *, declared = None))]
pub fn detect_many<'py>(
    py: Python<'py>,
    inputs: Vec<PyBackedBytes>,
    declared: Option<String>,
) -> PyResult<Bound<'py, PyList>> {
    let found = py.detach(|| {
        inputs
            .par_iter()
            .map(|data| detect::detect_declared(data, declared.as_deref()))
            .collect::<Vec<_>>()
    });
    let list = PyList::empty(py);
    for d in &found {
        list.append(detection(py, d)?)?;
    }
    Ok(list)
}

/// Repairs each text on all cores: a list of repairs, in order.
#[pyfunction]
pub fn fix_many<'py>(py: Python<'py>, texts: Vec<PyBackedStr>) -> PyResult<Bound<'py, PyList>> {
    let repaired = py.detach(|| {
        if texts.iter().any(|t| !t.is_ascii()) {
            // The tables and the model at once, before the threads all wait for one of them.
            repair::prepare();
        }
        texts.par_iter().map(|t| repair::fix(t)).collect::<Vec<_>>()
    });
    PyList::new(py, repaired.into_iter().map(Repaired))
}
