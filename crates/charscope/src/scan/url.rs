//! What a server would see: each decoding layer a server may apply to a URL or path, the output
//! of each, and the evasions a web application firewall must see through (seed 000: "Bad
//! unescape", "Bare byte decoding", IIS "%u" code points, double encoding, directory traversal;
//! RFC 3629's `2F C0 AE 2E 2F`).
//!
//! The layers, in order: `input`; `percent-decoded` (`%XX`); `iis-percent-u` (IIS's `%uXXXX`,
//! then a best-fit conversion to windows-1252 where one exists); `percent-decoded-twice`;
//! `utf-8-lenient` (overlong forms accepted, as old servers did); `utf-8-strict` (every
//! malformed sequence replaced, as the Unicode Standard and WHATWG require); then, on the lenient
//! reading, `plus-as-space`, `backslash-as-slash` and `path-normalized` (RFC 3986 section 5.2.4
//! removes `.` and `..` segments). Every byte of every layer remembers the input byte it came
//! from, so every finding points at the input.
//!
//! ```
//! use charscope::scan::url::{UrlCode, analyze};
//! let r = analyze(b"/%c0%ae%c0%ae/");
//! assert!(r.findings.iter().any(|f| f.code == UrlCode::Overlong));
//! let t = r.findings.iter().find(|f| f.code == UrlCode::Traversal).unwrap();
//! assert_eq!((t.layer, t.offset), ("utf-8-lenient", 1));
//! ```

use super::names::display_bytes;
use crate::charinfo::names::display_name;
use crate::decode::{self, Unit, hex_pairs};
use crate::encoding::UTF_8;
use serde::Serialize;

/// What a URL finding is about. The names are stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum UrlCode {
    /// `%` not followed by two hex digits (`%RR`, a truncated `%A`).
    BadEscape,
    /// A byte above 127 that is not percent-encoded.
    BareByte,
    /// IIS's `%uXXXX`: a UTF-16 code unit in a URL.
    IisPercentU,
    /// `%25XX`: an escape that a second percent-decoding decodes again.
    DoubleEncoding,
    /// An overlong UTF-8 form, with the character it pretends to be.
    Overlong,
    /// A NUL byte.
    Nul,
    /// A `..` path segment.
    Traversal,
    /// Bytes a strict UTF-8 decoder rejects.
    InvalidUtf8,
}

impl UrlCode {
    /// The stable name ("bad-escape").
    pub fn as_str(self) -> &'static str {
        match self {
            UrlCode::BadEscape => "bad-escape",
            UrlCode::BareByte => "bare-byte",
            UrlCode::IisPercentU => "iis-percent-u",
            UrlCode::DoubleEncoding => "double-encoding",
            UrlCode::Overlong => "overlong",
            UrlCode::Nul => "nul",
            UrlCode::Traversal => "traversal",
            UrlCode::InvalidUtf8 => "invalid-utf8",
        }
    }
}

/// One decoding layer and what it made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Layer {
    /// Its name (`percent-decoded`).
    pub name: &'static str,
    /// Its output as text: UTF-8 as is, other bytes as `\xNN`.
    pub output: String,
    /// Its output's bytes.
    pub hex: String,
}

/// One finding about a URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UrlFinding {
    /// What it is.
    pub code: UrlCode,
    /// The layer whose output shows it first.
    pub layer: &'static str,
    /// The byte offset in the input where it starts.
    pub offset: u64,
    /// One sentence for people.
    pub detail: String,
}

/// Every layer of a URL and every finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UrlReport {
    /// The input as text (bytes that are not UTF-8 as `\xNN`).
    pub input: String,
    /// The layers, in the order a server applies them.
    pub layers: Vec<Layer>,
    /// The findings, in layer order.
    pub findings: Vec<UrlFinding>,
}

/// Bytes, each with the offset of the input byte it came from.
#[derive(Clone, Default)]
struct Traced {
    bytes: Vec<u8>,
    origin: Vec<u64>,
}

impl Traced {
    fn push(&mut self, byte: u8, origin: u64) {
        self.bytes.push(byte);
        self.origin.push(origin);
    }

    fn push_str(&mut self, s: &str, origin: u64) {
        for &b in s.as_bytes() {
            self.push(b, origin);
        }
    }
}

/// `%XX` at `i` in `bytes`: the byte it stands for.
fn escape_at(bytes: &[u8], i: usize) -> Option<u8> {
    crate::hex::byte(*bytes.get(i + 1)?, *bytes.get(i + 2)?)
}

/// `%uXXXX` at `i`: the code unit it stands for.
fn percent_u_at(bytes: &[u8], i: usize) -> Option<u32> {
    if !matches!(bytes.get(i + 1), Some(b'u' | b'U')) {
        return None;
    }
    let digits = bytes.get(i + 2..i + 6)?;
    let text = std::str::from_utf8(digits).ok()?;
    if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(text, 16).ok()
}

/// What a best-fit conversion to windows-1252 (WideCharToMultiByte without
/// WC_NO_BEST_FIT_CHARS) makes of a code point that windows-1252 lacks, for the characters that
/// matter in paths: the fullwidth forms U+FF01..U+FF5E become their ASCII twins 21..7E (as in
/// Microsoft's published best-fit table for code page 1252, bestfit1252.txt).
pub fn best_fit_1252(c: char) -> Option<u8> {
    let v = u32::from(c);
    (0xFF01..=0xFF5E)
        .contains(&v)
        .then(|| (v - 0xFF01 + 0x21) as u8)
}

fn quote(s: &str) -> String {
    format!("\"{s}\"")
}

fn char_label(c: char) -> String {
    format!("U+{:04X} {}", u32::from(c), display_name(c))
}

struct Analysis {
    input: Vec<u8>,
    layers: Vec<Layer>,
    findings: Vec<UrlFinding>,
    traversal_seen: Vec<u64>,
    nul_seen: Vec<u64>,
}

impl Analysis {
    fn find(&mut self, code: UrlCode, layer: &'static str, offset: u64, detail: String) {
        self.findings.push(UrlFinding {
            code,
            layer,
            offset,
            detail,
        });
    }

    /// The input bytes from offset `from` to offset `to` inclusive, as text.
    fn written(&self, from: u64, to: u64) -> String {
        let end = (to as usize + 1).min(self.input.len());
        display_bytes(&self.input[from as usize..end.max(from as usize)])
    }

    /// The input bytes that became bytes `s..e` of a layer, up to where the next byte of the
    /// layer was written (or the end of the input), as text.
    fn written_span(&self, t: &Traced, s: usize, e: usize) -> String {
        let from = t.origin[s];
        let to = t
            .origin
            .get(e)
            .map_or(self.input.len() as u64, |&o| o.max(from + 1))
            - 1;
        self.written(from, to)
    }

    /// Records a layer, and the traversals and NULs that show first in it.
    fn layer(&mut self, name: &'static str, t: &Traced) {
        self.layers.push(Layer {
            name,
            output: display_bytes(&t.bytes),
            hex: hex_pairs(&t.bytes),
        });
        for (i, &b) in t.bytes.iter().enumerate() {
            if b == 0 && !self.nul_seen.contains(&t.origin[i]) {
                self.nul_seen.push(t.origin[i]);
                let detail = format!(
                    "a NUL byte after {name}, written {}: C code stops reading the path there",
                    quote(&self.written_span(t, i, i + 1))
                );
                self.find(UrlCode::Nul, name, t.origin[i], detail);
            }
        }
        for (start, end) in dot_dot_segments(&t.bytes) {
            let origin = t.origin[start];
            if self.traversal_seen.contains(&origin) {
                continue;
            }
            self.traversal_seen.push(origin);
            let written = quote(&self.written_span(t, start, end));
            let detail = if name == "input" {
                "a `..` segment climbs to the parent directory".to_string()
            } else {
                format!(
                    "a `..` segment after {name}: written {written} in the input, it climbs to \
                     the parent directory past a filter that looks for `../` in the input"
                )
            };
            self.find(UrlCode::Traversal, name, origin, detail);
        }
    }
}

/// The `..` path segments of bytes (separators `/` and `\`; the path ends at `?` or `#`), as
/// byte ranges.
fn dot_dot_segments(bytes: &[u8]) -> Vec<(usize, usize)> {
    let path_end = bytes
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .unwrap_or(bytes.len());
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..=path_end {
        if i == path_end || bytes[i] == b'/' || bytes[i] == b'\\' {
            if &bytes[start..i] == b".." {
                out.push((start, i));
            }
            start = i + 1;
        }
    }
    out
}

/// Reads a URL or path (its bytes) through every layer.
pub fn analyze(input: &[u8]) -> UrlReport {
    let mut a = Analysis {
        input: input.to_vec(),
        layers: Vec::new(),
        findings: Vec::new(),
        traversal_seen: Vec::new(),
        nul_seen: Vec::new(),
    };
    let mut raw = Traced::default();
    for (i, &b) in input.iter().enumerate() {
        raw.push(b, i as u64);
    }
    // Bare bytes: one finding per run of bytes above 127.
    let mut i = 0;
    while i < input.len() {
        if input[i] >= 0x80 {
            let end = input[i..]
                .iter()
                .position(|&b| b < 0x80)
                .map_or(input.len(), |n| i + n);
            let detail = format!(
                "{}: bytes above 127 that are not percent-encoded (a WAF's \"bare byte\"); \
                 servers read them in different ways",
                hex_pairs(&input[i..end])
            );
            a.find(UrlCode::BareByte, "input", i as u64, detail);
            i = end;
        } else {
            i += 1;
        }
    }
    a.layer("input", &raw);

    let once = percent_decode(&mut a, &raw, "percent-decoded", true);
    a.layer("percent-decoded", &once);
    let iis = percent_u(&mut a, &once);
    a.layer("iis-percent-u", &iis);
    let twice = percent_decode(&mut a, &iis, "percent-decoded-twice", false);
    a.layer("percent-decoded-twice", &twice);
    let (lenient, overlong_spans) = utf8_lenient(&mut a, &twice);
    a.layer("utf-8-lenient", &lenient);
    let strict = utf8_strict(&mut a, &twice, &overlong_spans);
    a.layer("utf-8-strict", &strict);
    let plus = map_bytes(&lenient, |b| if b == b'+' { b' ' } else { b });
    a.layer("plus-as-space", &plus);
    let slash = map_bytes(&plus, |b| if b == b'\\' { b'/' } else { b });
    a.layer("backslash-as-slash", &slash);
    let normalized = remove_dot_segments(&mut a, &slash);
    a.layer("path-normalized", &normalized);
    UrlReport {
        input: display_bytes(input),
        layers: a.layers,
        findings: a.findings,
    }
}

fn map_bytes(t: &Traced, f: impl Fn(u8) -> u8) -> Traced {
    Traced {
        bytes: t.bytes.iter().map(|&b| f(b)).collect(),
        origin: t.origin.clone(),
    }
}

/// `%XX` decoded. On the first pass a `%` that starts no escape is a bad escape (and `%uXXXX`
/// is left for the IIS layer); on the second, a decoded escape is double encoding.
fn percent_decode(a: &mut Analysis, t: &Traced, layer: &'static str, first: bool) -> Traced {
    let mut out = Traced::default();
    let b = &t.bytes;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            out.push(b[i], t.origin[i]);
            i += 1;
            continue;
        }
        if let Some(value) = escape_at(b, i) {
            if !first {
                let detail = format!(
                    "{} is percent-encoded twice: a second decoding makes {} ({:02X}) of it",
                    quote(&a.written(t.origin[i], t.origin[i + 2])),
                    quote(&display_bytes(&[value])),
                    value
                );
                a.find(UrlCode::DoubleEncoding, layer, t.origin[i], detail);
            }
            out.push(value, t.origin[i]);
            i += 3;
            continue;
        }
        if first && percent_u_at(b, i).is_none() {
            let end = (i + 3).min(b.len());
            let what = quote(&display_bytes(&b[i..end]));
            let detail = if end - i < 3 || !b[i + 1..end].iter().all(u8::is_ascii_hexdigit) {
                if b[i + 1..end].iter().all(u8::is_ascii_hexdigit) {
                    format!("{what}: a truncated escape (a WAF's \"bad unescape\")")
                } else {
                    format!(
                        "{what}: % not followed by two hex digits (a WAF's \"bad unescape\"); \
                         servers keep it, drop it or refuse the request"
                    )
                }
            } else {
                format!("{what}: a bad escape")
            };
            a.find(UrlCode::BadEscape, layer, t.origin[i], detail);
        }
        out.push(b'%', t.origin[i]);
        i += 1;
    }
    out
}

/// IIS's `%uXXXX`, with a best-fit conversion to windows-1252 where one exists.
fn percent_u(a: &mut Analysis, t: &Traced) -> Traced {
    let mut out = Traced::default();
    let b = &t.bytes;
    let mut i = 0;
    while i < b.len() {
        let Some(unit) = (b[i] == b'%').then(|| percent_u_at(b, i)).flatten() else {
            out.push(b[i], t.origin[i]);
            i += 1;
            continue;
        };
        let origin = t.origin[i];
        let written = quote(&display_bytes(&b[i..i + 6]));
        match char::from_u32(unit) {
            Some(c) => {
                let fit = best_fit_1252(c);
                let reading = match fit {
                    Some(byte) => {
                        out.push(byte, origin);
                        format!(
                            "a best-fit conversion to windows-1252 makes it {} ({byte:02X})",
                            quote(&display_bytes(&[byte]))
                        )
                    }
                    None => {
                        out.push_str(c.encode_utf8(&mut [0; 4]), origin);
                        "kept as its UTF-8: charscope carries only the fullwidth forms \
                         (U+FF01..U+FF5E) of Windows' best-fit table for windows-1252 \
                         (bestfit1252.txt), so a best fit of any other character is not shown"
                            .to_string()
                    }
                };
                let detail = format!(
                    "{written} is IIS's escape for {} ({c}); other servers leave it as is; \
                     {reading}",
                    char_label(c)
                );
                a.find(UrlCode::IisPercentU, "iis-percent-u", origin, detail);
            }
            None => {
                out.push_str("\u{FFFD}", origin);
                let detail = format!(
                    "{written} is IIS's escape for U+{unit:04X}, a lone surrogate: no character"
                );
                a.find(UrlCode::IisPercentU, "iis-percent-u", origin, detail);
            }
        }
        i += 6;
    }
    out
}

/// UTF-8 read as old servers did: an overlong form is read as the character it encodes.
/// Returns the text and the byte ranges (of `t`) of the overlong forms.
fn utf8_lenient(a: &mut Analysis, t: &Traced) -> (Traced, Vec<(usize, usize)>) {
    let mut out = Traced::default();
    let mut overlong = Vec::new();
    let b = &t.bytes;
    let mut i = 0;
    while i < b.len() {
        let lead = b[i];
        let len = match lead {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        let cont = |k: usize| b.get(i + k).is_some_and(|&c| c & 0xC0 == 0x80);
        if len > 1 && (1..len).all(cont) {
            let mut value = u32::from(lead) & (0x7F >> len);
            for k in 1..len {
                value = value << 6 | u32::from(b[i + k] & 0x3F);
            }
            let shortest = match value {
                0..=0x7F => 1,
                0x80..=0x7FF => 2,
                0x800..=0xFFFF => 3,
                _ => 4,
            };
            if let Some(c) = char::from_u32(value) {
                if shortest < len {
                    overlong.push((i, i + len));
                    let detail = format!(
                        "{}: an overlong {len}-byte form of {} ({}); a lenient decoder reads \
                         it as that character, a strict one rejects it (RFC 3629)",
                        hex_pairs(&b[i..i + len]),
                        char_label(c),
                        quote(&c.to_string()),
                    );
                    a.find(UrlCode::Overlong, "utf-8-lenient", t.origin[i], detail);
                }
                out.push_str(c.encode_utf8(&mut [0; 4]), t.origin[i]);
                i += len;
                continue;
            }
        }
        if lead < 0x80 {
            out.push(lead, t.origin[i]);
        } else {
            out.push_str("\u{FFFD}", t.origin[i]);
        }
        i += 1;
    }
    (out, overlong)
}

/// UTF-8 read strictly: every malformed sequence replaced, and named unless it is an overlong
/// form already reported.
fn utf8_strict(a: &mut Analysis, t: &Traced, overlong: &[(usize, usize)]) -> Traced {
    let mut out = Traced::default();
    for unit in decode::units(&t.bytes, UTF_8) {
        let start = unit.span().start as usize;
        let origin = t.origin.get(start).copied().unwrap_or(0);
        match unit {
            Unit::Char { ch, .. } => out.push_str(ch.encode_utf8(&mut [0; 4]), origin),
            Unit::Malformed(m) => {
                out.push_str("\u{FFFD}", origin);
                if !overlong.iter().any(|&(s, e)| (s..e).contains(&start)) {
                    let detail = format!("{}: {}", m.hex(), m.reason());
                    a.find(UrlCode::InvalidUtf8, "utf-8-strict", origin, detail);
                }
            }
        }
    }
    out
}

/// RFC 3986 section 5.2.4 on the path (up to `?` or `#`): `.` segments dropped, `..` segments
/// drop the segment before them. A `..` with nothing left to drop climbs above the root.
fn remove_dot_segments(a: &mut Analysis, t: &Traced) -> Traced {
    let path_end = t
        .bytes
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .unwrap_or(t.bytes.len());
    // Segments as index ranges; the first is what comes before the first slash.
    let mut ranges = Vec::new();
    let mut start = 0;
    for i in 0..=path_end {
        if i == path_end || t.bytes[i] == b'/' {
            ranges.push((start, i));
            start = i + 1;
        }
    }
    let absolute = ranges[0].0 == ranges[0].1 && path_end > 0;
    let first = usize::from(absolute);
    let last = ranges.len() - 1;
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for (n, &(s, e)) in ranges.iter().enumerate().skip(first) {
        let seg = &t.bytes[s..e];
        if seg == b"." || seg == b".." {
            if seg == b".." && kept.pop().is_none() {
                let detail = format!(
                    "`..` climbs above the root: written {} in the input",
                    quote(&a.written_span(t, s, e))
                );
                a.find(UrlCode::Traversal, "path-normalized", t.origin[s], detail);
            }
            if n == last {
                kept.push((e, e));
            }
            continue;
        }
        kept.push((s, e));
    }
    let mut out = Traced::default();
    for (k, &(s, e)) in kept.iter().enumerate() {
        if k > 0 || absolute {
            let origin = t.origin[s.saturating_sub(1).min(t.origin.len() - 1)];
            out.push(b'/', origin);
        }
        for i in s..e {
            out.push(t.bytes[i], t.origin[i]);
        }
    }
    if absolute && kept.is_empty() {
        out.push(b'/', t.origin[0]);
    }
    for i in path_end..t.bytes.len() {
        out.push(t.bytes[i], t.origin[i]);
    }
    out
}

/// The url lens of a text: its layers when it [`looks_like_url`] (trimmed), else `None`.
pub fn lens(text: &str) -> Option<UrlReport> {
    looks_like_url(text).then(|| analyze(text.trim().as_bytes()))
}

/// Whether text looks like a URL or a path, for the page's url lens: one line without spaces
/// that has a scheme, starts with `/`, `./`, `../` or `\`, or holds a percent escape.
pub fn looks_like_url(text: &str) -> bool {
    let t = text.trim();
    if t.is_empty() || t.len() > 8192 || t.chars().any(char::is_whitespace) {
        return false;
    }
    let escape = t
        .as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && (w[1].is_ascii_hexdigit() || w[1] == b'u' || w[1] == b'U'));
    t.contains("://")
        || t.starts_with('/')
        || t.starts_with("./")
        || t.starts_with("../")
        || t.starts_with('\\')
        || escape
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(input: &[u8]) -> Vec<(UrlCode, &'static str, u64)> {
        analyze(input)
            .findings
            .into_iter()
            .map(|f| (f.code, f.layer, f.offset))
            .collect()
    }

    fn output(r: &UrlReport, name: &str) -> String {
        r.layers
            .iter()
            .find(|l| l.name == name)
            .unwrap()
            .output
            .clone()
    }

    #[test]
    fn rfc_3629_overlong_dot_is_traversal_for_a_lenient_decoder() {
        // RFC 3629 section 10: 2F C0 AE 2E 2F.
        let r = analyze(b"\x2F\xC0\xAE\x2E\x2F");
        assert_eq!(output(&r, "utf-8-lenient"), "/../");
        assert_eq!(output(&r, "utf-8-strict"), "/\u{FFFD}\u{FFFD}./");
        let c = codes(b"\x2F\xC0\xAE\x2E\x2F");
        assert!(c.contains(&(UrlCode::BareByte, "input", 1)));
        assert!(c.contains(&(UrlCode::Overlong, "utf-8-lenient", 1)));
        assert!(c.contains(&(UrlCode::Traversal, "utf-8-lenient", 1)));
        let f = r
            .findings
            .iter()
            .find(|f| f.code == UrlCode::Overlong)
            .unwrap();
        assert!(f.detail.contains("U+002E FULL STOP"), "{}", f.detail);
    }

    #[test]
    fn seed_examples() {
        let r = analyze(b"/%c0%ae%c0%ae/");
        assert_eq!(output(&r, "percent-decoded"), "/\\xC0\\xAE\\xC0\\xAE/");
        assert_eq!(output(&r, "utf-8-lenient"), "/../");
        let c = codes(b"/%c0%ae%c0%ae/");
        assert!(c.contains(&(UrlCode::Overlong, "utf-8-lenient", 1)));
        assert!(c.contains(&(UrlCode::Overlong, "utf-8-lenient", 7)));
        assert!(c.contains(&(UrlCode::Traversal, "utf-8-lenient", 1)));
        assert!(!c.iter().any(|f| f.0 == UrlCode::InvalidUtf8));

        assert_eq!(
            codes(b"/a%RRb"),
            vec![(UrlCode::BadEscape, "percent-decoded", 2)]
        );
        assert_eq!(
            codes(b"/a%A"),
            vec![(UrlCode::BadEscape, "percent-decoded", 2)]
        );

        let r = analyze(b"/%uFF0E%uFF0E/x");
        assert_eq!(output(&r, "iis-percent-u"), "/../x");
        let c = codes(b"/%uFF0E%uFF0E/x");
        assert_eq!(c[0], (UrlCode::IisPercentU, "iis-percent-u", 1));
        assert!(r.findings[0].detail.contains("FULLWIDTH FULL STOP"));
        assert!(
            r.findings[0].detail.contains("\".\" (2E)"),
            "{}",
            r.findings[0].detail
        );
        assert!(c.contains(&(UrlCode::Traversal, "iis-percent-u", 1)));

        let r = analyze(b"%252e%252e%252f");
        assert_eq!(output(&r, "percent-decoded"), "%2e%2e%2f");
        assert_eq!(output(&r, "percent-decoded-twice"), "../");
        let c = codes(b"%252e%252e%252f");
        assert_eq!(
            c,
            vec![
                (UrlCode::DoubleEncoding, "percent-decoded-twice", 0),
                (UrlCode::DoubleEncoding, "percent-decoded-twice", 5),
                (UrlCode::DoubleEncoding, "percent-decoded-twice", 10),
                (UrlCode::Traversal, "percent-decoded-twice", 0),
                (UrlCode::Traversal, "path-normalized", 0),
            ]
        );
        assert!(
            r.findings[3].detail.contains("%252e%252e"),
            "{}",
            r.findings[3].detail
        );
    }

    #[test]
    fn nul_plus_backslash_and_normalization() {
        let r = analyze(b"/a/b/../c/./d?x=1+2");
        assert_eq!(output(&r, "path-normalized"), "/a/c/d?x=1 2");
        assert_eq!(
            codes(b"/a/b/../c/./d?x=1+2"),
            vec![(UrlCode::Traversal, "input", 5)]
        );
        let r = analyze(b"/x/..\\..\\..\\etc");
        assert_eq!(output(&r, "path-normalized"), "/etc");
        assert!(r.findings.iter().any(|f| f.layer == "path-normalized"));
        let c = codes(b"/file.php%00.jpg");
        assert_eq!(c, vec![(UrlCode::Nul, "percent-decoded", 9)]);
    }

    #[test]
    fn looks_like() {
        assert!(looks_like_url("/%c0%ae%c0%ae/"));
        assert!(looks_like_url("https://example.com/a"));
        assert!(looks_like_url("%252e%252e%252f"));
        assert!(!looks_like_url("hello world"));
        assert!(!looks_like_url("café"));
    }
}
