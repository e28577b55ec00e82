//! The JSON API: the same report types as the command line's `--json`.
//!
//! - `GET /api/encodings`: the registry.
//! - `GET /api/formats`: the output formats of `/api/encode`.
//! - `GET /api/examples`: the ready examples, each with what to load and its expected outcome.
//! - `POST /api/inspect`: `inspect --json` of the input box, a page of unit rows at a time.
//! - `POST /api/compare`: `compare --json`, every encoding's reading of the input's bytes.
//! - `POST /api/encode`: `encode --json`, plus the bytes in an output format.
//! - `POST /api/scan`: the findings of `scan --json` for the input box (and its URL layers when
//!   it looks like a URL or path).
//! - `POST /api/url`: `url --json` of a string.
//! - `POST /api/fix`: `fix --json` of the input box's text (or of its bytes, decoded).
//! - `POST /api/detect`: `detect --json` of the input's bytes (`file` is null); an encoding
//!   other than "auto" is compared as the declared one, as `--declared` does.

use crate::error::ApiError;
use crate::input::{self, Content, Mode};
use axum::extract::{FromRequest, Request};
use axum::routing::{get, post};
use axum::{Json, Router};
use charscope::dump::{DumpFormat, ParseOptions};
use charscope::encode::Substitute;
use charscope::encoding::{self, Endian};
use charscope::escape::{self, EscapeFormat};
use charscope::report::{self, Report, Shown, UnitWindow};
use charscope::view::compare::CompareView;
use charscope::view::encode::EncodeView;
use charscope::view::encodings::EncodingEntry;
use charscope::view::examples::ExampleView;
use charscope::view::formats::FormatInfo;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Unit rows per page when the request names no limit: about 0.8 kB of JSON each, so that the
/// first answer to a large paste stays under 1 MB.
pub const UNITS_PER_PAGE: usize = 1000;
/// The most unit rows one response lists.
pub const MAX_UNITS_PER_PAGE: usize = 20_000;
/// The most malformed sequences one response lists (`malformed_total` counts them all).
pub const MAX_MALFORMED: usize = 1000;
/// Characters of decoded text one response sends (`text_cut` says when there are more): the
/// page shows this many.
pub const TEXT_CHARS: usize = 5000;
/// Input bytes one response sends in `hex` (`hex_cut` says when there are more).
pub const HEX_BYTES: usize = 4096;
/// Compare reads at most this many bytes from the start of the input: 43 decodings of it stay
/// quick, and the view is a glance.
pub const COMPARE_BYTES: usize = 4 * 1024;

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
        .route("/scan", post(scan_input))
        .route("/url", post(url_layers))
        .route("/fix", post(fix_text))
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
    /// A dump format to force (`"auto"` or a format name).
    #[serde(default)]
    format: Option<String>,
    /// The word order of a dump of 2- or 4-byte words (`"auto"`, `"little"`, `"big"`).
    #[serde(default)]
    word_order: Option<String>,
}

/// The page's dump controls as parse options.
fn dump_options(format: Option<&str>, word_order: Option<&str>) -> Result<ParseOptions, ApiError> {
    {
        let format = match format.map(str::trim) {
            None | Some("" | "auto") => None,
            Some(name) => Some(
                name.parse::<DumpFormat>()
                    .map_err(|e| ApiError::bad_request(e.to_string()))?,
            ),
        };
        let word_order = match word_order.map(str::trim) {
            None | Some("" | "auto") => None,
            Some("little") => Some(Endian::Little),
            Some("big") => Some(Endian::Big),
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "unknown word order {other:?}; the word orders are: auto, little, big"
                )));
            }
        };
        Ok(ParseOptions::default()
            .with_format(format)
            .with_word_order(word_order))
    }
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
        let options = dump_options(request.format.as_deref(), request.word_order.as_deref())?;
        let read = input::read_with(request.input, request.mode, &options)?;
        let window = UnitWindow {
            start: request.start,
            limit: request.limit.clamp(1, MAX_UNITS_PER_PAGE),
        };
        let shown = Shown {
            units: window,
            text_chars: TEXT_CHARS,
            hex_bytes: HEX_BYTES,
            malformed: MAX_MALFORMED,
        };
        let report = match (&read.content, chosen_label(&request.encoding)) {
            (Content::Text(text), None) => report::inspect_text_shown(text, shown),
            (content, label) => report::inspect_bytes_shown(content.bytes(), label, shown)
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
        Ok(Json(InspectResponse {
            input_format: read.format,
            input_format_description: read.description,
            input_warnings: read.warnings,
            report,
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
    /// As in [`InspectRequest`].
    #[serde(default)]
    format: Option<String>,
    /// As in [`InspectRequest`].
    #[serde(default)]
    word_order: Option<String>,
    /// The most characters of each reading's text to send (`text_cut` says when they stop
    /// short); all of them when absent.
    #[serde(default)]
    limit: Option<usize>,
}

#[derive(Serialize)]
struct CompareResponse {
    input_format: &'static str,
    input_format_description: &'static str,
    input_warnings: Vec<String>,
    /// `compare --json`: at most [`COMPARE_BYTES`] are compared.
    #[serde(flatten)]
    view: CompareView,
}

/// Every encoding's reading of the input's bytes (a text's UTF-8, or the dump's bytes).
async fn compare_readings(
    ApiJson(request): ApiJson<CompareRequest>,
) -> Result<Json<CompareResponse>, ApiError> {
    blocking(move || {
        let options = dump_options(request.format.as_deref(), request.word_order.as_deref())?;
        let read = input::read_with(request.input, request.mode, &options)?;
        let view =
            charscope::view::compare::compare(read.content.bytes(), encoding::all(), COMPARE_BYTES);
        let view = match request.limit {
            Some(limit) => view.shown(limit),
            None => view,
        };
        Ok(Json(CompareResponse {
            input_format: read.format,
            input_format_description: read.description,
            input_warnings: read.warnings,
            view,
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

async fn list_examples() -> Result<Json<Vec<ExampleView>>, ApiError> {
    blocking(|| Ok(Json(charscope::view::examples::examples()))).await
}

async fn list_formats() -> Json<Vec<FormatInfo>> {
    Json(charscope::view::formats::formats())
}

async fn encodings() -> Json<Vec<EncodingEntry>> {
    Json(charscope::view::encodings::encodings())
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
    /// What replaces an unmappable character (see [`substitute`]).
    #[serde(default = "html_errors")]
    errors: String,
    /// The most characters of `hex` and `output` to send (`cut` says when they stop short);
    /// all of them when absent.
    #[serde(default)]
    limit: Option<usize>,
}

fn html_errors() -> String {
    "html".into()
}

/// What replaces an unmappable character: `strict` (nothing is written), `replace` (`?`) or
/// `html` (a character reference, as browsers do in forms), the command line's `--errors`.
fn substitute(errors: &str) -> Result<Substitute, ApiError> {
    match errors.trim().to_ascii_lowercase().as_str() {
        "strict" => Ok(Substitute::Omit),
        "replace" => Ok(Substitute::Question),
        "html" => Ok(Substitute::Html),
        other => Err(ApiError::bad_request(format!(
            "unknown errors policy {other:?}; the policies are: strict, replace, html"
        ))),
    }
}

/// `encode --json`: the text in an encoding, every unmappable character listed, and the bytes
/// (or the text, for a text format) in an output format.
async fn encode_text(
    ApiJson(request): ApiJson<EncodeRequest>,
) -> Result<Json<EncodeView>, ApiError> {
    let enc = resolve(&request.encoding)?;
    let format: EscapeFormat = request
        .format
        .parse()
        .map_err(|e: escape::UnknownEscapeFormat| ApiError::bad_request(e.to_string()))?;
    let substitute = substitute(&request.errors)?;
    // The page reads labels with the WHATWG meanings; say so where a label means something
    // else, as the command line does.
    let label_note = encoding::resolve(&request.encoding, encoding::LabelMode::Whatwg)
        .ok()
        .and_then(|r| r.note);
    blocking(move || {
        let mut view = charscope::view::encode::encode(
            &request.text,
            enc,
            request.bom,
            substitute,
            Some(format),
        )
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
        view.label_note = label_note;
        Ok(Json(match request.limit {
            Some(limit) => view.shown(limit),
            None => view,
        }))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScanRequest {
    input: String,
    #[serde(default)]
    mode: Mode,
    #[serde(default = "auto")]
    encoding: String,
}

/// The name findings of the input box carry as their path.
pub const INPUT_PATH: &str = "<input>";

/// The hidden characters, lookalikes and URL layers of the input: text as itself; bytes as
/// UTF-8 (malformed sequences are findings), or decoded with the chosen encoding first.
async fn scan_input(
    ApiJson(request): ApiJson<ScanRequest>,
) -> Result<Json<charscope::scan::InputScan>, ApiError> {
    use charscope::scan;
    blocking(move || {
        // The url lens reads the box as typed, whether or not it also reads as a dump
        // (`%c0%ae` is both).
        let lens = scan::url::lens(&request.input);
        let read = input::read(request.input, request.mode)?;
        let label = chosen_label(&request.encoding);
        let enc = label.map(resolve).transpose()?;
        let mut found = match (&read.content, enc) {
            (Content::Text(text), None) => scan::scan_input(INPUT_PATH, text),
            (content, Some(enc)) if enc != encoding::UTF_8 => {
                let decoded = charscope::decode::decode(content.bytes(), enc);
                scan::scan_input(INPUT_PATH, &decoded.text)
            }
            (content, _) => scan::scan_input_bytes(INPUT_PATH, content.bytes()),
        };
        found.url = lens;
        Ok(Json(found))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UrlRequest {
    input: String,
}

/// Every decoding layer of a URL or path, as `url --json` writes it.
async fn url_layers(
    ApiJson(request): ApiJson<UrlRequest>,
) -> Result<Json<charscope::scan::url::UrlReport>, ApiError> {
    blocking(move || {
        Ok(Json(charscope::scan::url::analyze(
            request.input.as_bytes(),
        )))
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FixRequest {
    input: String,
    #[serde(default)]
    mode: Mode,
    #[serde(default = "auto")]
    encoding: String,
    /// A dump format to force (`"auto"` or a format name), as for `/api/inspect`.
    #[serde(default)]
    format: Option<String>,
    /// The word order of a dump of 2- or 4-byte words, as for `/api/inspect`.
    #[serde(default)]
    word_order: Option<String>,
    /// The most characters of each text (the repaired one, each stage's, each alternative's)
    /// to send (`text_cut` says when one stops short); all of them when absent.
    #[serde(default)]
    limit: Option<usize>,
}

/// The input's text repaired, exactly as `fix --json` prints it: text as itself with the
/// encoding "auto", else its bytes decoded with the encoding the label names (or, with "auto",
/// UTF-8 when they are valid UTF-8 and windows-1252 when not, as inspect chooses).
async fn fix_text(
    ApiJson(request): ApiJson<FixRequest>,
) -> Result<Json<charscope::repair::Repair>, ApiError> {
    blocking(move || {
        let options = dump_options(request.format.as_deref(), request.word_order.as_deref())?;
        let read = input::read_with(request.input, request.mode, &options)?;
        let text = match (read.content, chosen_label(&request.encoding)) {
            (Content::Text(text), None) => text,
            (content, label) => {
                let bytes = content.bytes();
                let enc = match label {
                    Some(label) => resolve(label)?,
                    None if std::str::from_utf8(bytes).is_ok() => encoding::UTF_8,
                    None => encoding::WINDOWS_1252,
                };
                charscope::decode::decode(bytes, enc).text
            }
        };
        let repair = charscope::repair::fix(&text);
        Ok(Json(match request.limit {
            Some(limit) => repair.shown(limit),
            None => repair,
        }))
    })
    .await
}
