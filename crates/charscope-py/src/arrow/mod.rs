//! Arrow columns in and out without a Python object per row. The Python side (charscope.arrow)
//! hands over an array's buffers (validity bitmap, offsets, data) as bytes, with the array's
//! offset and length; the work runs over the rows on all cores with the GIL released; the
//! answers come back as the buffers of new columns, which pyarrow wraps as arrays. A null row
//! gives a null in every column.

mod column;

use charscope::detect::{self, Detection};
use charscope::encoding::Encoding;
use charscope::repair;
use charscope::{BomMode, view};
use column::{Binary, BinaryIn, Floats, Ints, Strings};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

/// Detects each row of a binary column: a dict of columns `encoding`, `confidence`,
/// `language`, `method`, `certainty` (buffers, see [`column`]).
#[pyfunction]
pub fn arrow_detect<'py>(py: Python<'py>, column: BinaryIn) -> PyResult<Bound<'py, PyDict>> {
    let col = Binary::new(&column)?;
    let rows = col.rows()?;
    let found: Vec<Option<Detection>> =
        py.detach(|| rows.par_iter().map(|r| r.map(detect::detect)).collect());
    let n = found.len();
    let (mut encoding, mut language, mut method, mut certainty) = (
        Strings::new(n),
        Strings::new(n),
        Strings::new(n),
        Strings::new(n),
    );
    let mut confidence = Floats::new(n);
    for d in &found {
        encoding.push(d.as_ref().and_then(|d| d.encoding.map(Encoding::name)));
        language.push(d.as_ref().and_then(|d| d.language));
        method.push(d.as_ref().map(method_name).as_deref());
        certainty.push(d.as_ref().map(|d| d.status.as_str()));
        confidence.push(d.as_ref().map(|d| d.confidence));
    }
    let out = PyDict::new(py);
    out.set_item("encoding", encoding.into_py(py))?;
    out.set_item("confidence", confidence.into_py(py))?;
    out.set_item("language", language.into_py(py))?;
    out.set_item("method", method.into_py(py))?;
    out.set_item("certainty", certainty.into_py(py))?;
    Ok(out)
}

/// The method's JSON name ("statistics").
fn method_name(d: &Detection) -> String {
    match serde_json::to_value(d.method) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// Decodes each row of a binary column with `label` ("auto": each row's detected encoding) or,
/// when `labels` is given, with each row's own label (a null label: detected). A dict of
/// columns `text`, `encoding` and `malformed_count`.
#[pyfunction]
#[pyo3(signature = (column, label = None, labels = None))]
pub fn arrow_decode<'py>(
    py: Python<'py>,
    column: BinaryIn,
    label: Option<String>,
    labels: Option<BinaryIn>,
) -> PyResult<Bound<'py, PyDict>> {
    let col = Binary::new(&column)?;
    let rows = col.rows()?;
    let fixed = match label.as_deref() {
        Some(l) if !crate::labels::is_auto(l) => Some(crate::labels::resolve(l)?.encoding),
        _ => None,
    };
    let per_row: Vec<Option<&'static Encoding>> = match &labels {
        Some(given) => {
            let given = Binary::new(given)?;
            if given.len() != rows.len() {
                return Err(PyValueError::new_err(format!(
                    "{} labels for {} rows",
                    given.len(),
                    rows.len()
                )));
            }
            let mut out = Vec::with_capacity(rows.len());
            for l in given.rows()? {
                out.push(match l.map(std::str::from_utf8) {
                    Some(Ok(l)) if !crate::labels::is_auto(l) => {
                        Some(crate::labels::resolve(l)?.encoding)
                    }
                    Some(Err(_)) => return Err(PyValueError::new_err("a label is not UTF-8")),
                    _ => None,
                });
            }
            out
        }
        None => vec![fixed; rows.len()],
    };
    let decoded: Vec<Option<view::decode::DecodeView>> = py.detach(|| {
        rows.par_iter()
            .zip(per_row.par_iter())
            .map(|(row, enc)| {
                row.map(|bytes| {
                    let enc = enc.unwrap_or_else(|| detect::auto(bytes).0);
                    view::decode::decode(bytes, enc, BomMode::Strip, false)
                })
            })
            .collect()
    });
    let n = decoded.len();
    let (mut text, mut encoding) = (Strings::new(n), Strings::new(n));
    let mut count = Ints::new(n);
    for d in &decoded {
        text.push(d.as_ref().map(|d| d.text.as_str()));
        encoding.push(d.as_ref().map(|d| d.encoding.name()));
        count.push(d.as_ref().map(|d| d.replacements as i64));
    }
    let out = PyDict::new(py);
    out.set_item("text", text.into_py(py))?;
    out.set_item("encoding", encoding.into_py(py))?;
    out.set_item("malformed_count", count.into_py(py))?;
    Ok(out)
}

/// Repairs each row of a string column: the column of repaired texts.
#[pyfunction]
pub fn arrow_fix<'py>(py: Python<'py>, column: BinaryIn) -> PyResult<Bound<'py, PyAny>> {
    let col = Binary::new(&column)?;
    let rows = col.texts()?;
    let repaired: Vec<Option<String>> = py.detach(|| {
        if rows.iter().flatten().any(|t| !t.is_ascii()) {
            repair::prepare();
        }
        rows.par_iter()
            .map(|r| {
                r.map(|t| {
                    repair::fix_if_needed(t, 0)
                        .map(|r| r.text)
                        .unwrap_or_else(|| t.to_string())
                })
            })
            .collect()
    });
    let mut out = Strings::new(repaired.len());
    for r in &repaired {
        out.push(r.as_deref());
    }
    Ok(out.into_py(py))
}
