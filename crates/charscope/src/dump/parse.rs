//! Recognising a dump: which format wrote it, and the bytes it holds.
//!
//! The tool formats (hexyl, xxd, `hexdump -C`, od and `hexdump`) are recognised by their first
//! line and then read whole; the first that reads the whole text wins, unless two readings give
//! different bytes (an error: never a silent guess). Text none of them recognises is read as
//! one of the plain formats (arrays, escapes, percent-encoding, hex).

use super::error::{DumpError, DumpErrorKind};
use super::lines::{self, Line};
use super::{
    DumpBytes, DumpFormat, LazyParsed, MAX_BYTES, ParseOptions, Parsed, canonical, od, plain, xxd,
};

/// Reads a dump back into bytes. See the [module documentation](super) for the contract.
///
/// ```
/// use charscope::dump::{self, DumpFormat, ParseOptions};
/// let parsed = dump::parse("{0xC3, 0xA9}", &ParseOptions::default()).unwrap();
/// assert_eq!((parsed.bytes, parsed.format), (vec![0xC3, 0xA9], DumpFormat::CArray));
/// let err = dump::parse("C3 A9 zz", &ParseOptions::default()).unwrap_err();
/// assert_eq!((err.line, err.column), (1, 7));
/// ```
pub fn parse(text: &str, options: &ParseOptions) -> Result<Parsed, DumpError> {
    parse_lazy(text, options)?.expand(options.max_bytes.unwrap_or(MAX_BYTES))
}

/// Reads a dump back as [`parse`] does, its `*` lines not expanded: what a dump of a few lines
/// stands for (gigabytes, maybe) is made only as [`DumpBytes::reader`] reads it.
///
/// ```
/// use charscope::dump::{self, ParseOptions};
/// let text = "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n40000000\n";
/// let parsed = dump::parse_lazy(text, &ParseOptions::default()).unwrap();
/// assert_eq!(parsed.bytes.len(), 1 << 30);
/// let err = dump::parse(text, &ParseOptions::default().with_max_bytes(1 << 20)).unwrap_err();
/// assert_eq!((err.line, err.kind), (3, dump::DumpErrorKind::TooLarge));
/// ```
pub fn parse_lazy(text: &str, options: &ParseOptions) -> Result<LazyParsed, DumpError> {
    let text = super::fence::strip_fences(text);
    let (text, prompt) = super::prompt::strip_prompt(&text);
    let text = text.as_ref();
    let (lines, escapes) = lines::split(text);
    let mut parsed = if lines.is_empty() {
        LazyParsed {
            bytes: DumpBytes::default(),
            format: options.format.unwrap_or(DumpFormat::Hex),
            warnings: vec!["the dump is empty".into()],
        }
    } else {
        match options.format {
            Some(format) => parse_as(text, &lines, format, options),
            None => detect(text, &lines, options),
        }?
    };
    parsed.warnings.extend(prompt);
    if escapes {
        parsed
            .warnings
            .push("terminal colour codes in the dump were ignored".into());
    }
    Ok(parsed)
}

/// Reads the lines as one given format.
fn parse_as(
    text: &str,
    lines: &[Line],
    format: DumpFormat,
    options: &ParseOptions,
) -> Result<LazyParsed, DumpError> {
    match format {
        DumpFormat::HexdumpCanonical => canonical::parse_hexdump(lines),
        DumpFormat::Hexyl => canonical::parse_hexyl(lines),
        DumpFormat::Xxd | DumpFormat::XxdLittleEndian | DumpFormat::XxdBits => {
            xxd::parse(lines, &[xxd::Mode::of(format).expect("an xxd format")])
        }
        DumpFormat::Od | DumpFormat::HexdumpWords => {
            od::parse(&od_lines(text), options.word_order, Some(format))
        }
        _ => plain::parse(lines, format),
    }
}

/// The tool formats whose first line this could be, in the order they are tried.
fn sniffed(first: &Line) -> Vec<DumpFormat> {
    let mut out = Vec::new();
    if canonical::sniff_hexyl(first) {
        out.push(DumpFormat::Hexyl);
    }
    if xxd::sniff(first) {
        out.push(DumpFormat::Xxd);
    }
    if canonical::sniff_hexdump(first) {
        out.push(DumpFormat::HexdumpCanonical);
    }
    if od::sniff(first) {
        out.push(DumpFormat::Od);
    }
    out
}

/// The lines od reads: lines of spaces between the others are space bytes of `od -A n -c`.
fn od_lines(text: &str) -> Vec<Line> {
    lines::split_keeping_spaces(text)
}

fn detect(text: &str, lines: &[Line], options: &ParseOptions) -> Result<LazyParsed, DumpError> {
    let mut found: Option<LazyParsed> = None;
    let mut furthest: Option<DumpError> = None;
    let sniffed = sniffed(&lines[0]);
    // Only od's first line (digits, a space, digits) could also be plain hex.
    let only_od = sniffed.iter().all(|&f| f == DumpFormat::Od);
    for format in sniffed {
        let result = match format {
            DumpFormat::Xxd => xxd::parse(
                lines,
                &[xxd::Mode::Normal, xxd::Mode::Little, xxd::Mode::Bits],
            ),
            DumpFormat::Od => od::parse(&od_lines(text), options.word_order, None),
            other => parse_as(text, lines, other, options),
        };
        match result {
            Ok(parsed) => match &found {
                None => found = Some(parsed),
                Some(first) if first.bytes != parsed.bytes => {
                    return Err(lines[0].error(
                        0,
                        DumpErrorKind::Ambiguous,
                        format!(
                            "this reads as {} and as {}, with different bytes; force a format to choose",
                            first.format.description(),
                            parsed.format.description()
                        ),
                    ));
                }
                Some(_) => {}
            },
            Err(e) if e.kind == DumpErrorKind::Ambiguous => return Err(e),
            Err(e) => {
                if furthest
                    .as_ref()
                    .is_none_or(|f| e.position() > f.position())
                {
                    furthest = Some(e);
                }
            }
        }
    }
    match found {
        Some(parsed) if is_weak_od(lines, &parsed) => prefer_plain(lines, parsed),
        Some(parsed) => Ok(parsed),
        None => match furthest {
            // A tool format recognised past the first line, or plain formats that fail too:
            // the tool's error says more.
            Some(e) if e.line > lines[0].number || !only_od || !plain_looks_right(lines) => Err(e),
            _ => plain::parse(lines, plain::detect(lines)).map_err(|e| unrecognised(lines, e)),
        },
    }
}

/// An od reading that rests on little: no offsets at all (`od -A n`), or a single line with no
/// final offset line. Plain hex may be what was meant.
fn is_weak_od(lines: &[Line], parsed: &LazyParsed) -> bool {
    // od of an empty input writes one offset of 7 zeros, which is not plain hex; 6 zeros
    // (od -A x) are also 3 zero bytes in plain hex.
    let empty_input = parsed.bytes.is_empty() && lines.len() == 1 && lines[0].trimmed_len() == 7;
    matches!(parsed.format, DumpFormat::Od | DumpFormat::HexdumpWords)
        && !empty_input
        && (lines[0].at(0).is_whitespace() || lines.len() == 1)
}

fn prefer_plain(lines: &[Line], od: LazyParsed) -> Result<LazyParsed, DumpError> {
    let Ok(plain) = plain::parse(lines, plain::detect(lines)) else {
        return Ok(od);
    };
    if plain.bytes == od.bytes {
        return Ok(od);
    }
    let starts_at_zero = lines[0]
        .tokens()
        .first()
        .is_some_and(|t| t.text.chars().all(|c| c == '0'));
    if !lines[0].at(0).is_whitespace() && !starts_at_zero {
        // od starts at offset 0 unless told to skip; a first number that is not 0 is data.
        return Ok(plain);
    }
    Err(lines[0].error(
        0,
        DumpErrorKind::Ambiguous,
        format!(
            "this reads as od output ({} bytes) and as plain hex ({} bytes); force the format \
             od or hex to choose",
            od.bytes.len(),
            plain.bytes.len()
        ),
    ))
}

/// Whether a failed tool reading should give way to the plain formats: when they read the text.
fn plain_looks_right(lines: &[Line]) -> bool {
    plain::parse(lines, plain::detect(lines)).is_ok()
}

fn unrecognised(lines: &[Line], e: DumpError) -> DumpError {
    let first = lines[0].text();
    let looks_plain = first
        .chars()
        .all(|c| c.is_ascii_hexdigit() || c.is_whitespace() || ",:;-{}[]()x\\%\"'".contains(c));
    if looks_plain || e.position() > (lines[0].number, 1) {
        return e;
    }
    DumpError::new(
        e.line,
        e.column,
        DumpErrorKind::Unrecognised,
        format!(
            "not a dump charscope recognises (hexdump -C, hexdump, xxd, od, hexyl, plain hex, an \
             array, \\x escapes, percent-encoding): {}",
            e.message
        ),
    )
}
