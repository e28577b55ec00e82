//! The WHATWG web-platform-tests `encoding/` suite and ExodusOSS's "common implementation
//! mistakes", replayed against charscope's decoders through a TextDecoder emulation.

mod common;

use charscope::encoding::{self, Encoding};
use charscope::{BomMode, Piece, StreamDecoder};
use serde_json::Value;

/// A TextDecoder: `fatal` and `ignoreBOM` options, `decode(bytes, {stream})` calls.
struct TextDecoder {
    encoding: &'static Encoding,
    fatal: bool,
    ignore_bom: bool,
    inner: StreamDecoder,
    /// The previous call had `stream: true` (WHATWG's "do not flush").
    streaming: bool,
}

impl TextDecoder {
    fn new(label: Option<&str>, fatal: bool, ignore_bom: bool) -> TextDecoder {
        let encoding = match label {
            None => encoding::UTF_8,
            Some(label) => {
                encoding::for_whatwg_label(label).unwrap_or_else(|| panic!("label {label}"))
            }
        };
        TextDecoder {
            encoding,
            fatal,
            ignore_bom,
            inner: Self::fresh(encoding, ignore_bom),
            streaming: false,
        }
    }

    fn fresh(encoding: &'static Encoding, ignore_bom: bool) -> StreamDecoder {
        StreamDecoder::new(
            encoding,
            if ignore_bom {
                BomMode::Keep
            } else {
                BomMode::Strip
            },
        )
    }

    /// Returns the output, or Err(()) where a fatal decoder throws.
    fn decode(&mut self, bytes: Option<&[u8]>, stream: bool) -> Result<String, ()> {
        if !self.streaming {
            self.inner = Self::fresh(self.encoding, self.ignore_bom);
        }
        self.streaming = stream;
        let mut out = String::new();
        let mut errors = 0;
        self.inner
            .decode_pieces(bytes.unwrap_or_default(), !stream, |piece| match piece {
                Piece::Text { text, .. } => out.push_str(text),
                Piece::Malformed(_) => {
                    errors += 1;
                    out.push('\u{FFFD}');
                }
            });
        if self.fatal && errors > 0 {
            // As in the standard, a throwing call with `stream: true` leaves the decoder's
            // state (an ISO-2022-JP mode, say) to the next call.
            return Err(());
        }
        Ok(out)
    }
}

fn bytes_of(call: &Value) -> Option<Vec<u8>> {
    call["bytes"].as_str().map(common::hex)
}

fn decoder_for(case: &Value) -> TextDecoder {
    TextDecoder::new(
        case["encoding_label"].as_str(),
        case["fatal"].as_bool().unwrap_or(false),
        case["ignore_bom"].as_bool().unwrap_or(false),
    )
}

/// Runs the calls of `case` on `decoder`; returns each call's result.
fn run_calls(decoder: &mut TextDecoder, calls: &Value) -> Vec<Result<String, ()>> {
    calls
        .as_array()
        .unwrap()
        .iter()
        .map(|call| {
            decoder.decode(
                bytes_of(call).as_deref(),
                call["stream"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

fn utf16_units(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}

/// The expected code unit: `value`, or the first/last UTF-16 unit of `text`.
fn expected_unit(expect: &Value, first: bool) -> Option<u64> {
    if let Some(v) = expect["value"].as_u64() {
        return Some(v);
    }
    let units = utf16_units(expect["text"].as_str()?);
    let unit = if first { units.first() } else { units.last() };
    unit.copied().map(u64::from)
}

/// Checks one case; returns a description of the failure, if any.
fn check_case(case: &Value) -> Option<String> {
    let mut decoder = decoder_for(case);
    for entry in case["setup"].as_array().unwrap() {
        let result = decoder.decode(
            bytes_of(entry).as_deref(),
            entry["stream"].as_bool().unwrap_or(false),
        );
        if entry["raises_error"].as_bool().unwrap_or(false) != result.is_err() {
            return Some(format!("setup raised {:?}", result.is_err()));
        }
    }
    let results = run_calls(&mut decoder, &case["calls"]);
    for (call, result) in case["calls"].as_array().unwrap().iter().zip(&results) {
        let expected_error = call["raises_error"].as_bool().unwrap_or(false);
        if expected_error != result.is_err() {
            return Some(format!(
                "call {} raised {}, expected {expected_error}",
                call["bytes"],
                result.is_err()
            ));
        }
    }
    let expect = &case["expect"];
    let last = results.last().cloned().unwrap_or(Ok(String::new()));
    let concatenated = || {
        results
            .iter()
            .map(|r| r.clone().unwrap_or_default())
            .collect::<String>()
    };
    let ok = match expect["kind"].as_str().unwrap() {
        "output_equals" => last.as_deref() == Ok(expect["text"].as_str().unwrap()),
        "output_not_equals" => last.as_deref() != Ok(expect["text"].as_str().unwrap()),
        "concatenated_output_equals" => concatenated() == expect["text"].as_str().unwrap(),
        "error" => results.iter().any(Result::is_err),
        "no_error" => results.iter().all(Result::is_ok),
        "first_utf16_code_unit_equals" => {
            utf16_units(&last.clone().unwrap_or_default())
                .first()
                .copied()
                .map(u64::from)
                == expected_unit(expect, true)
        }
        "last_utf16_code_unit_equals" => {
            utf16_units(&last.clone().unwrap_or_default())
                .last()
                .copied()
                .map(u64::from)
                == expected_unit(expect, false)
        }
        "same_output_as_other_decoder" | "concatenated_output_same_as_other_decoder" => {
            let other = &expect["other"];
            let mut other_decoder = decoder_for(other);
            let theirs: String = run_calls(&mut other_decoder, &other["calls"])
                .into_iter()
                .map(|r| r.unwrap_or_default())
                .collect();
            let ours = if expect["kind"] == "same_output_as_other_decoder" {
                last.clone().unwrap_or_default()
            } else {
                concatenated()
            };
            ours == theirs
        }
        other => panic!("unknown expectation kind {other}"),
    };
    (!ok).then(|| format!("expected {expect}, got {results:?}"))
}

/// Runs every case of a decode-case file; returns (count, failures).
fn run_file(relative: &str) -> (usize, Vec<String>) {
    let file = common::load_json(relative);
    assert_eq!(file["format"], "wpt-decode-cases/1", "{relative}");
    let cases = file["cases"].as_array().unwrap();
    let failures = cases
        .iter()
        .filter_map(|case| {
            check_case(case).map(|why| format!("{} ({}): {why}", case["id"], case["test"]))
        })
        .collect();
    (cases.len(), failures)
}

fn assert_file_passes(relative: &str) {
    assert_file_passes_except(relative, &[]);
}

/// Like `assert_file_passes`, but the cases named in `known` must fail, and no other.
fn assert_file_passes_except(relative: &str, known: &[&str]) {
    let (count, mut failures) = run_file(relative);
    for id in known {
        let before = failures.len();
        failures.retain(|f| !f.starts_with(&format!("\"{id}\"")));
        assert_eq!(
            before,
            failures.len() + 1,
            "{id} was expected to fail and did not"
        );
    }
    assert!(count > 0, "{relative} has no cases");
    assert!(
        failures.is_empty(),
        "{relative}: {} of {count} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn wpt_api_basics() {
    assert_file_passes("wpt-encoding/api-basics.json");
}

#[test]
fn wpt_textdecoder_fatal() {
    assert_file_passes("wpt-encoding/textdecoder-fatal.json");
}

#[test]
fn wpt_textdecoder_fatal_streaming() {
    assert_file_passes("wpt-encoding/textdecoder-fatal-streaming.json");
}

#[test]
fn wpt_textdecoder_fatal_single_byte() {
    assert_file_passes("wpt-encoding/textdecoder-fatal-single-byte.json");
}

#[test]
fn wpt_textdecoder_utf16_surrogates() {
    assert_file_passes("wpt-encoding/textdecoder-utf16-surrogates.json");
}

#[test]
fn wpt_textdecoder_byte_order_marks() {
    assert_file_passes("wpt-encoding/textdecoder-byte-order-marks.json");
}

#[test]
fn wpt_textdecoder_ignorebom() {
    assert_file_passes("wpt-encoding/textdecoder-ignorebom.json");
}

#[test]
fn wpt_textdecoder_eof() {
    assert_file_passes("wpt-encoding/textdecoder-eof.json");
}

#[test]
fn wpt_textdecoder_streaming() {
    assert_file_passes("wpt-encoding/textdecoder-streaming.json");
}

#[test]
fn wpt_iso_2022_jp_decoder() {
    assert_file_passes("wpt-encoding/iso-2022-jp-decoder.json");
}

#[test]
fn wpt_gb18030_decoder() {
    assert_file_passes("wpt-encoding/gb18030-decoder.json");
}

#[test]
fn wpt_gbk_decoder() {
    assert_file_passes("wpt-encoding/gbk-decoder.json");
}

/// One case of ExodusOSS's is an implementation's choice the standard does not make: after a
/// fatal error in a streaming call (FD EF), it expects the pending EF to be dropped, so that
/// the final empty call succeeds. In the WHATWG algorithm the throw leaves EF in the I/O queue
/// and the flush reports it (encoding_rs agrees; see testdata/README.md).
#[test]
fn exodus_common_implementation_mistakes() {
    assert_file_passes_except("exodus-mistakes/mistakes.json", &["mistakes#2509"]);
}

/// Label resolution: every label of the WHATWG table, and every invalid label, resolve exactly
/// as TextDecoder does (which rejects the replacement encoding's labels).
fn assert_labels(relative: &str) {
    let file = common::load_json(relative);
    let cases = file["cases"].as_array().unwrap();
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in cases {
        let label = case["label"].as_str();
        let resolved = match label {
            None => Some(encoding::UTF_8),
            Some(label) => {
                encoding::for_whatwg_label(label).filter(|enc| *enc != encoding::REPLACEMENT)
            }
        };
        let expect = &case["expect"];
        let ok = match expect["kind"].as_str().unwrap() {
            "encoding" => {
                resolved
                    .map(|enc| enc.name().to_ascii_lowercase())
                    .as_deref()
                    == expect["encoding"].as_str()
            }
            "error" => resolved.is_none(),
            other => panic!("unknown label expectation {other}"),
        };
        if !ok {
            failures.push(format!("{:?}: expected {expect}, got {resolved:?}", label));
        }
    }
    assert!(
        failures.is_empty(),
        "{relative}: {} of {} fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn wpt_label_resolution() {
    for file in [
        "wpt-encoding/textdecoder-labels.labels.json",
        "wpt-encoding/api-invalid-label.labels.json",
        "wpt-encoding/api-replacement-encodings.labels.json",
        "wpt-encoding/api-basics.labels.json",
        "exodus-mistakes/mistakes.labels.json",
    ] {
        assert_labels(file);
    }
}

/// charscope's own label lookup accepts every WHATWG label with the WHATWG meaning, and beyond
/// them only its documented extensions.
#[test]
fn registry_labels_extend_whatwg_without_changing_it() {
    let file = common::load_json("wpt-encoding/api-invalid-label.labels.json");
    let ours: Vec<&str> = [encoding::UTF_32LE, encoding::UTF_32BE, encoding::ISO_8859_1]
        .iter()
        .flat_map(|enc| enc.labels().iter().copied())
        .collect();
    for case in file["cases"].as_array().unwrap() {
        let label = case["label"].as_str().unwrap();
        if let Ok(enc) = encoding::for_label(label) {
            let trimmed = label
                .trim_matches(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' '))
                .to_ascii_lowercase();
            assert!(
                ours.contains(&trimmed.as_str()) || enc.name().eq_ignore_ascii_case(&trimmed),
                "invalid WHATWG label {label:?} resolved to {enc}"
            );
        }
    }
    let table = common::load_json("whatwg/encodings.json");
    for group in table.as_array().unwrap() {
        for entry in group["encodings"].as_array().unwrap() {
            for label in entry["labels"].as_array().unwrap() {
                let label = label.as_str().unwrap();
                assert_eq!(
                    encoding::for_label(label).unwrap().name(),
                    entry["name"],
                    "label {label}"
                );
                assert_eq!(
                    encoding::for_label(&format!(" \t{}\n", label.to_uppercase()))
                        .unwrap()
                        .name(),
                    entry["name"]
                );
            }
        }
    }
}

#[test]
fn wpt_single_byte_decoder_table() {
    let file = common::load_json("wpt-encoding/single-byte-decoder.json");
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() > 2000);
    for case in cases {
        let enc = encoding::for_whatwg_label(case["encoding_label"].as_str().unwrap()).unwrap();
        let bytes = common::hex(case["bytes"].as_str().unwrap());
        let out = charscope::decode::decode(&bytes, enc);
        let expect = &case["expect"];
        match expect["kind"].as_str().unwrap() {
            "codepoint" => {
                assert_eq!(out.text, expect["text"].as_str().unwrap(), "{}", case["id"]);
                assert!(out.malformed.is_empty(), "{}", case["id"]);
            }
            "error_or_replacement" => {
                assert_eq!(out.text, "\u{FFFD}", "{}", case["id"]);
                assert_eq!(out.malformed.len(), 1, "{}", case["id"]);
                assert_eq!(
                    out.malformed[0].kind,
                    charscope::MalformedKind::Unmapped,
                    "{}",
                    case["id"]
                );
                assert!(
                    out.malformed[0].reason().contains("maps no character"),
                    "{}",
                    case["id"]
                );
            }
            other => panic!("unknown kind {other}"),
        }
    }
}

#[test]
fn wpt_legacy_multibyte_chars_and_errors() {
    let mut total = 0;
    for name in [
        "big5_chars",
        "big5_chars_extra",
        "eucjp_chars",
        "euckr_chars",
        "iso2022jp_chars",
        "sjis_chars",
    ] {
        let file = common::load_json(&format!("wpt-encoding/legacy-mb/{name}.json"));
        for case in file["cases"].as_array().unwrap() {
            let enc = encoding::for_whatwg_label(case["encoding_label"].as_str().unwrap()).unwrap();
            let bytes = common::hex(case["bytes"].as_str().unwrap());
            let cp = u32::from_str_radix(&case["codepoint"].as_str().unwrap()[2..], 16).unwrap();
            let ch = char::from_u32(cp).unwrap();
            // big5_chars_extra lists HKSCS pointers (leads 81-A0), which the WHATWG Big5 encoder
            // deliberately never produces ("index Big5 pointer" skips them): decode only.
            let direction = if name == "big5_chars_extra" {
                "decode_only"
            } else {
                case["direction"].as_str().unwrap()
            };
            if direction != "encode_only" {
                let out = charscope::decode::decode(&bytes, enc);
                assert_eq!(out.text, ch.to_string(), "{}", case["id"]);
                // The units view gives the same character with the whole sequence as its span.
                let units = charscope::decode::units(&bytes, enc);
                let chars: Vec<_> = units.iter().map(|u| u.lossy_char()).collect();
                assert_eq!(chars, vec![ch], "{}", case["id"]);
                // ISO-2022-JP's closing escape to ASCII (1B 28 42) belongs to no character.
                let closing = if bytes.ends_with(&[0x1B, 0x28, 0x42]) {
                    3
                } else {
                    0
                };
                assert_eq!(
                    units[0].span(),
                    charscope::Span::new(0, (bytes.len() - closing) as u64),
                    "{}",
                    case["id"]
                );
            }
            if direction != "decode_only" {
                let encoded = charscope::encode::encode(
                    &ch.to_string(),
                    enc,
                    false,
                    charscope::encode::Substitute::Omit,
                )
                .unwrap();
                if name == "eucjp_chars" && bytes[0] == 0x8F {
                    // JIS X 0212 (8F-prefixed) is decode-only in WHATWG's EUC-JP: the encoder
                    // either cannot write the character or writes its JIS X 0208 form.
                    let back = charscope::decode::decode(&encoded.bytes, enc).text;
                    assert!(
                        encoded.bytes.is_empty() || back == ch.to_string(),
                        "{}",
                        case["id"]
                    );
                } else {
                    assert!(encoded.unmappable.is_empty(), "{}", case["id"]);
                    assert_eq!(encoded.bytes, bytes, "{}", case["id"]);
                }
            }
            total += 1;
        }
    }
    assert!(total > 40_000);
    let file = common::load_json("wpt-encoding/legacy-mb/decode-errors.json");
    for case in file["cases"].as_array().unwrap() {
        let enc = encoding::for_whatwg_label(case["encoding_label"].as_str().unwrap()).unwrap();
        let bytes = common::hex(case["bytes"].as_str().unwrap());
        let out = charscope::decode::decode(&bytes, enc);
        assert_eq!(
            out.text,
            case["expect_text"].as_str().unwrap(),
            "{} {}",
            case["id"],
            case["test"]
        );
        let units: String = charscope::decode::units(&bytes, enc)
            .iter()
            .map(|u| u.lossy_char())
            .collect();
        assert_eq!(
            units, out.text,
            "units disagree with pieces: {}",
            case["id"]
        );
    }
}
