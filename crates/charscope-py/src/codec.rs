//! Bytes and text between encodings: `decode`, `validate`, `encode` and `convert`, each
//! answering with the library value its command's `--json` writes, and raising the package's
//! `DecodeError` / `EncodeError` (subclasses of `UnicodeDecodeError` / `UnicodeEncodeError`)
//! under `errors="strict"`.

use crate::labels::{self, Label};
use crate::value::{raise, to_py};
use charscope::decode::Malformed;
use charscope::encode::{EncodeError, Substitute};
use charscope::encoding::Encoding;
use charscope::transcode::{ErrorPolicy, Options, TranscodeError, TranscodeReport, Transcoder};
use charscope::validate::{ValidateRecord, Validator};
use charscope::view;
use charscope::{BomMode, BomPolicy};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::PyBytes;

/// The encoding `label` names for `bytes`: "auto" detects it (undetectable input is read as
/// UTF-8, as `--from auto` does).
fn source_encoding(py: Python<'_>, label: &str, bytes: &[u8]) -> PyResult<Label> {
    if labels::is_auto(label) {
        let encoding = py.detach(|| charscope::detect::auto(bytes).0);
        return Ok(Label {
            encoding,
            note: None,
        });
    }
    labels::resolve(label)
}

fn bom_mode(bom: &str) -> PyResult<BomMode> {
    match bom {
        "strip" => Ok(BomMode::Strip),
        "keep" => Ok(BomMode::Keep),
        "sniff" => Ok(BomMode::Sniff(BomPolicy::Whatwg)),
        "sniff-unicode" => Ok(BomMode::Sniff(BomPolicy::Unicode)),
        other => Err(PyValueError::new_err(format!(
            "bom={other:?}: expected \"strip\", \"keep\", \"sniff\" or \"sniff-unicode\""
        ))),
    }
}

/// The package's `DecodeError` for malformed `m` in `data` (the caller's object itself).
fn decode_error(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    encoding: &Encoding,
    m: &Malformed,
) -> PyErr {
    let start = m.offset();
    let reason = format!("{}: {} ({})", m.kind, m.hex(), m.reason());
    match to_py(py, m) {
        Ok(record) => raise(
            py,
            "DecodeError",
            (
                encoding.name(),
                data,
                start,
                start + m.len(),
                reason,
                m.kind.as_str(),
                record,
            ),
        ),
        Err(e) => e,
    }
}

/// Decodes `data`; `errors` is "replace" (one U+FFFD per malformed sequence) or "strict" (the
/// first one raises `DecodeError`). Returns the dict `decode --json` writes.
#[pyfunction]
#[pyo3(signature = (data, encoding = String::from("auto"), errors = String::from("replace"), bom = String::from("strip"), name = None))]
pub fn decode<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    encoding: String,
    errors: String,
    bom: String,
    name: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let strict = match errors.as_str() {
        "strict" => true,
        "replace" => false,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors={other:?}: decode takes \"strict\" or \"replace\""
            )));
        }
    };
    let bytes: PyBackedBytes = data.extract()?;
    let label = source_encoding(py, &encoding, &bytes)?;
    let mode = bom_mode(&bom)?;
    let mut v = py.detach(|| view::decode::decode(&bytes, label.encoding, mode, strict));
    if strict && let Some(m) = v.malformed.first() {
        return Err(decode_error(py, data, v.encoding, m));
    }
    v.label_note = label.note;
    v.file = name;
    to_py(py, &v)
}

/// Every malformed sequence of `data` in `encoding`, each as `validate --json` writes it.
#[pyfunction]
#[pyo3(signature = (data, encoding = String::from("utf-8"), name = String::from("<input>")))]
pub fn validate<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    encoding: String,
    name: String,
) -> PyResult<Bound<'py, PyAny>> {
    let label = source_encoding(py, &encoding, &data)?;
    let records = py.detach(|| {
        let mut records = Vec::new();
        let mut validator = Validator::new(label.encoding, BomMode::Strip);
        validator.feed(&data, true, |f| records.push(ValidateRecord::new(&name, f)));
        records
    });
    to_py(py, &records)
}

fn substitute(errors: &str) -> PyResult<Substitute> {
    match errors {
        "strict" => Ok(Substitute::Omit),
        "replace" => Ok(Substitute::Question),
        "html" | "xmlcharrefreplace" => Ok(Substitute::Html),
        other => Err(PyValueError::new_err(format!(
            "errors={other:?}: encode takes \"strict\", \"replace\" or \"html\" (\"xmlcharrefreplace\")"
        ))),
    }
}

/// Encodes `text`: `(bytes, encoding name, unmappable characters)`. Under "strict" an
/// unmappable character raises `EncodeError`; "replace" writes `?`, "html" `&#8364;`.
#[pyfunction]
#[pyo3(signature = (text, encoding = String::from("utf-8"), errors = String::from("strict"), bom = false))]
pub fn encode<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    encoding: String,
    errors: String,
    bom: bool,
) -> PyResult<(Bound<'py, PyBytes>, &'static str, Bound<'py, PyAny>)> {
    let s: PyBackedStr = text.extract()?;
    let label = labels::resolve(&encoding)?;
    let sub = substitute(&errors)?;
    let encoded = py
        .detach(|| charscope::encode::encode(&s, label.encoding, bom, sub))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if sub == Substitute::Omit
        && let Some(u) = encoded.unmappable.first()
    {
        let reason = format!(
            "U+{:04X} cannot be written in {} ({} unmappable in all)",
            u32::from(u.ch),
            label.encoding,
            encoded.unmappable.len()
        );
        let listed = to_py(py, &encoded.unmappable)?;
        return Err(raise(
            py,
            "EncodeError",
            (
                label.encoding.name(),
                text,
                u.index,
                u.index + 1,
                reason,
                listed,
            ),
        ));
    }
    Ok((
        PyBytes::new(py, &encoded.bytes),
        label.encoding.name(),
        to_py(py, &encoded.unmappable)?,
    ))
}

/// The dict `encode --json` writes for `text`.
#[pyfunction]
#[pyo3(signature = (text, encoding = String::from("utf-8"), errors = String::from("strict"), bom = false))]
pub fn encode_view<'py>(
    py: Python<'py>,
    text: PyBackedStr,
    encoding: String,
    errors: String,
    bom: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let label = labels::resolve(&encoding)?;
    let sub = substitute(&errors)?;
    let mut v = py
        .detach(|| view::encode::encode(&text, label.encoding, bom, sub, None))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    v.label_note = label.note;
    to_py(py, &v)
}

fn policy(errors: &str) -> PyResult<ErrorPolicy> {
    match errors {
        "strict" => Ok(ErrorPolicy::Strict),
        "replace" => Ok(ErrorPolicy::Replace),
        "skip" | "ignore" => Ok(ErrorPolicy::Skip),
        "html" | "xmlcharrefreplace" => Ok(ErrorPolicy::Html),
        "escape" | "backslashreplace" => Ok(ErrorPolicy::Escape),
        other => Err(PyValueError::new_err(format!(
            "errors={other:?}: convert takes \"strict\", \"replace\", \"skip\" (\"ignore\"), \
             \"html\" (\"xmlcharrefreplace\") or \"escape\" (\"backslashreplace\")"
        ))),
    }
}

/// Converts `data` from one encoding to another: `(bytes, report)`, the report as `convert
/// --json` writes it. Under "strict" a malformed sequence raises `DecodeError` and an
/// unmappable character `EncodeError`, each carrying the report.
#[pyfunction]
#[pyo3(signature = (data, from_, to, errors = String::from("strict"), name = String::from("<input>")))]
pub fn convert<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    from_: String,
    to: String,
    errors: String,
    name: String,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyAny>)> {
    let bytes: PyBackedBytes = data.extract()?;
    let from = source_encoding(py, &from_, &bytes)?;
    let target = labels::resolve(&to)?;
    let options = Options::default().with_errors(policy(&errors)?);
    let mut t = Transcoder::new(from.encoding, target.encoding, options).map_err(|e| match e {
        EncodeError::NotStreamable(enc) => PyValueError::new_err(format!(
            "{enc} cannot be written as a stream (its encoder shifts state over the whole \
             text): use charscope.encode(charscope.decode(data, ...).text, {:?})",
            enc.name()
        )),
        other => PyValueError::new_err(other.to_string()),
    })?;
    let mut out = Vec::with_capacity(bytes.len());
    let result = py.detach(|| t.transcode(&bytes, true, &mut out));
    let report = TranscodeReport {
        file: name,
        output: None,
        from: t.source().name(),
        to: target.encoding.name(),
        stats: t.stats(),
        error: result.as_ref().err().cloned(),
    };
    let dict = to_py(py, &report)?;
    match result {
        Ok(()) => Ok((PyBytes::new(py, &out), dict)),
        Err(TranscodeError::Malformed(m)) => {
            let e = decode_error(py, data, t.source(), &m.malformed);
            e.value(py).setattr("report", dict)?;
            Err(e)
        }
        Err(TranscodeError::Unmappable(u)) => {
            let reason = format!(
                "{} {} cannot be written in {} (byte offset {} of the input, line {}, column {})",
                u.code_point, u.name, target.encoding, u.offset, u.line, u.column
            );
            let text = u.ch.to_string();
            let listed = to_py(py, &[&u])?;
            let e = raise(
                py,
                "EncodeError",
                (target.encoding.name(), text, 0u64, 1u64, reason, listed),
            );
            e.value(py).setattr("report", dict)?;
            Err(e)
        }
        Err(other) => Err(PyValueError::new_err(other.to_string())),
    }
}
