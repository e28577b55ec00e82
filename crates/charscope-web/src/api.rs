//! The JSON API: the same report types as the command line's `--json`.
//!
//! - `GET /api/encodings`: the registry.
//! - `GET /api/formats`: the output formats of `/api/encode`.
//! - `GET /api/examples`: the ready examples, each with what to load and its expected outcome.
//! - `POST /api/inspect`: `inspect --json` of the input box, a page of unit rows at a time.
//! - `POST /api/compare`: `compare --json`, every encoding's reading of the input's bytes.
//! - `POST /api/encode`: `encode --json`, plus the bytes in an output format.
//! - `POST /api/detect`: `detect --json` of the input's bytes (`file` is null); an encoding
//!   other than "auto" is compared as the declared one, as `--declared` does.

use crate::error::ApiError;
use crate::input::{self, Content, Mode};
use axum::extract::{FromRequest, Request};
use axum::routing::{get, post};
use axum::{Json, Router};
use charscope::compare::{self, DecodeRow};
use charscope::decode::{MalformedKind, hex_pairs};
use charscope::encode::{Substitute, Unmappable, encode};
use charscope::encoding;
use charscope::escape::{self, EscapeFormat};
use charscope::examples::{self, Example, Input};
use charscope::report::{self, EncodingSource, Report, UnitWindow};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Unit rows per page when the request names no limit.
pub const UNITS_PER_PAGE: usize = 2000;
/// The most unit rows one response lists.
pub const MAX_UNITS_PER_PAGE: usize = 20_000;
/// The most malformed sequences one response lists (`malformed_total` counts them all).
pub const MAX_MALFORMED: usize = 1000;
/// Compare reads at most this many bytes from the start of the input: 43 decodings of it stay
/// quick, and the view is a glance.
pub const COMPARE_BYTES: usize = 16 * 1024;

/// A JSON body whose rejections (bad JSON, too large) become [`ApiError`]s.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let Json(value) = Json::<T>::from_request(request, state).await?;
        Ok(ApiJson(value))
    }
}

/// Every API route.
pub fn routes() -> Router {
    Router::new()
        .route("/encodings", get(encodings))
        .route("/formats", get(list_formats))
        .route("/examples", get(list_examples))
        .route("/inspect", post(inspect))
        .route("/compare", post(compare_readings))
        .route("/encode", post(encode_text))
        .route("/detect", post(detect_input))
}

/// Runs CPU-bound work off the async workers, so that one big paste does not stall the server.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("the request failed: {e}")))?
}

fn resolve(label: &str) -> Result<&'static charscope::Encoding, ApiError> {
    encoding::for_label(label).map_err(|e| ApiError::bad_request(e.to_string()))
}

/// `"auto"` (or nothing) lets the report choose; anything else is a label.
fn chosen_label(encoding: &str) -> Option<&str> {
    let label = encoding.trim();
    (!label.is_empty() && !label.eq_ignore_ascii_case("auto")).then_some(label)
}

fn auto() -> String {
    "auto".into()
}

fn units_per_page() -> usize {
    UNITS_PER_PAGE
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InspectRequest {
    input: String,
    #[serde(default)]
    mode: Mode,
    #[serde(default = "auto")]
    encoding: String,
    /// The index of the first unit row to list.
    #[serde(default)]
    start: usize,
    /// How many unit rows at most.
    #[serde(default = "units_per_page")]
    limit: usize,
    /// Answer the unit rows only (the next page of a report already shown).
    #[serde(default)]
    units_only: bool,
}

/// Which unit rows a response lists, out of how many.
#[derive(Serialize)]
struct UnitPage {
    units_total: usize,
    units_start: usize,
    /// The start of the next page, or null after the last.
    units_next: Option<usize>,
}

#[derive(Serialize)]
struct InspectResponse {
    input_format: &'static str,
    input_format_description: &'static str,
    input_warnings: Vec<String>,
    #[serde(flatten)]
    report: Report,
    /// Every malformed sequence, though `malformed` lists at most [`MAX_MALFORMED`].
    malformed_total: usize,
    #[serde(flatten)]
    page: UnitPage,
}

#[derive(Serialize)]
struct UnitsResponse {
    input_format: &'static str,
    units: Vec<report::UnitRow>,
    #[serde(flatten)]
    page: UnitPage,
}

/// The inspection of the input: text as itself with the encoding "auto", else its bytes (a
/// text's UTF-8, or the dump's bytes) read with the encoding the label names, or as the report
/// chooses. Unit rows come a page at a time.
async fn inspect(
    ApiJson(request): ApiJson<InspectRequest>,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    blocking(move || {
        let read = input::read(request.input, request.mode)?;
        let window = UnitWindow {
            start: request.start,
            limit: request.limit.clamp(1, MAX_UNITS_PER_PAGE),
        };
        let mut report = match (&read.content, chosen_label(&request.encoding)) {
            (Content::Text(text), None) => report::inspect_text_window(text, window),
            (content, label) => report::inspect_bytes_window(content.bytes(), label, window)
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        };
        let units_total = report.lengths.code_points;
        let listed_end = window.start.saturating_add(report.units.len());
        let page = UnitPage {
            units_total,
            units_start: window.start.min(units_total),
            units_next: (listed_end < units_total).then_some(listed_end),
        };
        if request.units_only {
            return Ok(Json(UnitsResponse {
                input_format: read.format,
                units: report.units,
                page,
            })
            .into_response());
        }
        let malformed_total = report.malformed.len();
        report.malformed.truncate(MAX_MALFORMED);
        Ok(Json(InspectResponse {
            input_format: read.format,
            input_format_description: read.description,
            input_warnings: read.warnings,
            report,
            malformed_total,
            page,
        })
        .into_response())
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CompareRequest {
    input: String,
    #[serde(default)]
    mode: Mode,
}

#[derive(Serialize)]
struct CompareResponse {
    input_format: &'static str,
    input_format_description: &'static str,
    input_warnings: Vec<String>,
    /// The length of the whole input.
    byte_length: usize,
    /// How many bytes from the start were compared: all of them, or [`COMPARE_BYTES`].
    compared_length: usize,
    /// The compared bytes.
    hex: String,
    /// Every encoding's reading, most plausible first.
    readings: Vec<DecodeRow>,
}

/// Every encoding's reading of the input's bytes (a text's UTF-8, or the dump's bytes).
async fn compare_readings(
    ApiJson(request): ApiJson<CompareRequest>,
) -> Result<Json<CompareResponse>, ApiError> {
    blocking(move || {
        let read = input::read(request.input, request.mode)?;
        let bytes = read.content.bytes();
        let sample = &bytes[..bytes.len().min(COMPARE_BYTES)];
        Ok(Json(CompareResponse {
            input_format: read.format,
            input_format_description: read.description,
            input_warnings: read.warnings,
            byte_length: bytes.len(),
            compared_length: sample.len(),
            hex: hex_pairs(sample),
            readings: compare::decodings(sample, encoding::all()),
        }))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DetectRequest {
    input: String,
    #[serde(default)]
    mode: Mode,
    #[serde(default = "auto")]
    encoding: String,
}

/// Detection of the input's bytes (a text's UTF-8, or the dump's bytes): the same value as
/// `charscope detect --json`, with `file` null.
async fn detect_input(
    ApiJson(request): ApiJson<DetectRequest>,
) -> Result<Json<charscope::detect::Detection>, ApiError> {
    blocking(move || {
        let read = input::read(request.input, request.mode)?;
        let declared = chosen_label(&request.encoding);
        if let Some(label) = declared {
            resolve(label)?;
        }
        Ok(Json(charscope::detect::detect_declared(
            read.content.bytes(),
            declared,
        )))
    })
    .await
}

/// What to put in the input box, the mode and the encoding, to see an example.
#[derive(Serialize)]
struct Load {
    input: &'static str,
    mode: &'static str,
    encoding: &'static str,
}

#[derive(Serialize)]
struct LengthsJson {
    utf8_bytes: usize,
    utf16_units: usize,
    code_points: usize,
    graphemes: usize,
}

#[derive(Serialize)]
struct NormalizedJson {
    nfc: bool,
    nfd: bool,
}

#[derive(Serialize)]
struct BomJson {
    whatwg: Option<&'static str>,
    unicode: Option<&'static str>,
}

#[derive(Serialize)]
struct EncodedJson {
    label: &'static str,
    hex: &'static str,
}

/// An example's expected outcome, as data: only the facts it checks.
#[derive(Serialize)]
struct ExpectJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding_source: Option<EncodingSource>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    malformed: Option<&'static [MalformedKind]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text_utf8: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    utf8_bits: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lengths: Option<LengthsJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    normalized: Option<NormalizedJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nfd_utf8: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bom_readings: Option<BomJson>,
    encoded: Vec<EncodedJson>,
}

#[derive(Serialize)]
struct ExampleJson {
    name: &'static str,
    description: &'static str,
    source: &'static str,
    input: Input,
    load: Load,
    /// The expected outcome, one sentence per fact.
    expected: Vec<String>,
    /// The same facts as data.
    expect: ExpectJson,
    /// Whether the report has the expected outcome (the library checks it).
    holds: bool,
}

fn example_json(example: &'static Example) -> ExampleJson {
    let load = match example.input {
        Input::Bytes { hex, label } => Load {
            input: hex,
            mode: "hex",
            encoding: label.unwrap_or("auto"),
        },
        Input::Text { text } => Load {
            input: text,
            mode: "text",
            encoding: "auto",
        },
    };
    let e = &example.expected;
    ExampleJson {
        name: example.name,
        description: example.description,
        source: example.source,
        input: example.input,
        load,
        expected: example.expected(),
        expect: ExpectJson {
            encoding: e.encoding,
            encoding_source: e.encoding_source,
            text: e.text,
            malformed: e.malformed,
            text_utf8: e.text_utf8,
            utf8_bits: e.utf8_bits,
            lengths: e.lengths.map(|l| LengthsJson {
                utf8_bytes: l.utf8_bytes,
                utf16_units: l.utf16_units,
                code_points: l.code_points,
                graphemes: l.graphemes,
            }),
            normalized: e.nfc_nfd.map(|(nfc, nfd)| NormalizedJson { nfc, nfd }),
            nfd_utf8: e.nfd_utf8,
            bom_readings: e
                .bom_readings
                .map(|(whatwg, unicode)| BomJson { whatwg, unicode }),
            encoded: e
                .encoded
                .iter()
                .map(|&(label, hex)| EncodedJson { label, hex })
                .collect(),
        },
        holds: example.run().is_ok_and(|run| run.mismatches.is_empty()),
    }
}

async fn list_examples() -> Result<Json<Vec<ExampleJson>>, ApiError> {
    blocking(|| Ok(Json(examples::all().iter().map(example_json).collect()))).await
}

/// What an output format writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Of {
    /// The encoded bytes.
    Bytes,
    /// The text itself, as a string literal of a language whose strings are Unicode: the same
    /// whatever the encoding.
    Text,
}

/// An output format of `/api/encode`, as `/api/formats` lists it.
#[derive(Serialize)]
struct FormatInfo {
    name: &'static str,
    of: Of,
    /// "café" in this format.
    example: String,
}

impl FormatInfo {
    fn of(format: EscapeFormat) -> FormatInfo {
        FormatInfo {
            name: format.name(),
            of: if format.is_bytes() {
                Of::Bytes
            } else {
                Of::Text
            },
            example: escape::format_text("café", format),
        }
    }
}

async fn list_formats() -> Json<Vec<FormatInfo>> {
    Json(EscapeFormat::ALL.into_iter().map(FormatInfo::of).collect())
}

async fn encodings() -> Json<Vec<encoding::EncodingInfo>> {
    Json(encoding::all().map(encoding::info).collect())
}

fn hex_format() -> String {
    "hex".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EncodeRequest {
    text: String,
    encoding: String,
    #[serde(default)]
    bom: bool,
    /// The output format of `output` (see `/api/formats`).
    #[serde(default = "hex_format")]
    format: String,
}

#[derive(Serialize)]
struct EncodeResponse {
    encoding: &'static str,
    hex: String,
    length: usize,
    unmappable: Vec<Unmappable>,
    /// The format of `output`.
    format: FormatInfo,
    /// The bytes (or, for a text format, the text) in that format.
    output: String,
}

/// The text in an encoding; an unmappable character is written as an HTML character reference,
/// as browsers do in forms, and listed.
async fn encode_text(
    ApiJson(request): ApiJson<EncodeRequest>,
) -> Result<Json<EncodeResponse>, ApiError> {
    let enc = resolve(&request.encoding)?;
    let format: EscapeFormat = request
        .format
        .parse()
        .map_err(|e: escape::UnknownEscapeFormat| ApiError::bad_request(e.to_string()))?;
    blocking(move || {
        let encoded = encode(&request.text, enc, request.bom, Substitute::Html)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok(Json(EncodeResponse {
            encoding: enc.name(),
            hex: hex_pairs(&encoded.bytes),
            length: encoded.bytes.len(),
            // A byte format writes the bytes; a text format, the text (whatever the encoding).
            output: if format.is_bytes() {
                escape::format_bytes(&encoded.bytes, format)
            } else {
                escape::format_text(&request.text, format)
            },
            format: FormatInfo::of(format),
            unmappable: encoded.unmappable,
        }))
    })
    .await
}
