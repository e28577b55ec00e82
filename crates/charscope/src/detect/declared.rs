//! What a document says its encoding is: an HTML `<meta charset>` or `http-equiv`, an XML
//! declaration, a CSS `@charset` rule, or a label from outside (an HTTP header).

use crate::encoding::{self, Encoding};
use serde::Serialize;

/// Where a declaration was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum DeclarationSource {
    /// A label given from outside, such as an HTTP `Content-Type` header (`--declared`).
    Given,
    /// `<meta charset="...">`.
    HtmlMeta,
    /// `<meta http-equiv="Content-Type" content="...; charset=...">`.
    HttpEquiv,
    /// `<?xml version="1.0" encoding="..."?>`.
    Xml,
    /// `@charset "...";` at the start of a style sheet.
    Css,
}

/// A declaration of the input's encoding, and whether the bytes agree with it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Declared {
    /// Where it was found.
    pub source: DeclarationSource,
    /// The label as written.
    pub label: String,
    /// The encoding the label names (WHATWG rules), if it names one.
    pub encoding: Option<&'static Encoding>,
    /// The byte offset of the label in the input (null for a label given from outside).
    pub offset: Option<u64>,
    /// Whether the detected encoding reads the bytes as the declared one does.
    pub agrees: bool,
    /// What the comparison found, in plain words.
    pub reason: String,
}

/// An ASCII view of the first bytes: for UTF-16/32 the low bytes of units whose other bytes are
/// zero; each kept byte with its offset.
fn ascii_view(prefix: &[u8], unit: usize, little: bool) -> Vec<(u8, usize)> {
    if unit == 1 {
        return prefix.iter().copied().zip(0..).collect();
    }
    prefix
        .chunks_exact(unit)
        .enumerate()
        .filter_map(|(i, u)| {
            let (low, rest) = if little {
                (u[0], &u[1..])
            } else {
                (u[unit - 1], &u[..unit - 1])
            };
            rest.iter()
                .all(|&b| b == 0)
                .then_some((low, i * unit + if little { 0 } else { unit - 1 }))
        })
        .collect()
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (from..=hay.len() - needle.len())
        .find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// A quoted or bare attribute value at `at`: (value, start, end).
fn value_at(s: &[u8], mut at: usize) -> Option<(String, usize)> {
    while at < s.len() && s[at].is_ascii_whitespace() {
        at += 1;
    }
    let quote = *s.get(at)?;
    let (start, stop): (usize, &dyn Fn(u8) -> bool) = if quote == b'"' || quote == b'\'' {
        (at + 1, &move |b| b == quote)
    } else {
        (at, &|b: u8| {
            b.is_ascii_whitespace()
                || b == b'>'
                || b == b';'
                || b == b'/'
                || b == b'"'
                || b == b'\''
        })
    };
    let end = (start..s.len()).find(|&i| stop(s[i])).unwrap_or(s.len());
    let value = String::from_utf8_lossy(&s[start..end]).trim().to_string();
    (!value.is_empty()).then_some((value, start))
}

/// The declarations found in the first bytes (at most 1,024 examined, as the HTML prescan).
pub(super) fn find_declarations(
    prefix: &[u8],
    unit: usize,
    little: bool,
) -> Vec<(DeclarationSource, String, u64)> {
    let view = ascii_view(&prefix[..prefix.len().min(1024 * unit)], unit, little);
    let s: Vec<u8> = view.iter().map(|(b, _)| *b).collect();
    let at = |i: usize| view.get(i).map_or(0, |(_, o)| *o as u64);
    let mut out = Vec::new();
    // A byte order mark's own bytes are not ASCII; skip them.
    let start = s.iter().position(|b| b.is_ascii()).unwrap_or(0);
    let body = &s[start..];
    if body.starts_with(b"<?xml")
        && let Some(e) = find(body, b"encoding", 5)
        && let Some(eq) = body[e + 8..].iter().position(|&b| b == b'=')
        && let Some((v, vs)) = value_at(body, e + 8 + eq + 1)
    {
        out.push((DeclarationSource::Xml, v, at(start + vs)));
    }
    if body.starts_with(b"@charset \"")
        && let Some(end) = body[10..].iter().position(|&b| b == b'"')
    {
        let v = String::from_utf8_lossy(&body[10..10 + end]).into_owned();
        out.push((DeclarationSource::Css, v, at(start + 10)));
    }
    let mut from = 0;
    while let Some(m) = find(&s, b"<meta", from) {
        let end = s[m..]
            .iter()
            .position(|&b| b == b'>')
            .map_or(s.len(), |e| m + e);
        let tag = &s[m..end];
        if let Some(c) = find(tag, b"charset", 5) {
            let after = &tag[c + 7..];
            let eq = after.iter().position(|b| !b.is_ascii_whitespace());
            if eq.is_some_and(|e| after[e] == b'=') {
                // <meta charset=...>, or charset= inside a content attribute.
                let is_content = tag[..c]
                    .iter()
                    .rev()
                    .take_while(|b| !b.is_ascii_whitespace())
                    .any(|&b| b == b';' || b == b'"' || b == b'\'')
                    || find(&tag[..c], b"content", 0).is_some();
                if let Some((v, vs)) = value_at(tag, c + 7 + eq.unwrap_or(0) + 1) {
                    let source = if is_content && find(tag, b"http-equiv", 0).is_some() {
                        DeclarationSource::HttpEquiv
                    } else {
                        DeclarationSource::HtmlMeta
                    };
                    out.push((source, v, at(m + vs)));
                    break;
                }
            }
        }
        from = end;
    }
    out
}

/// Builds the declaration record: `agrees` is decided by the caller's comparison.
pub(super) fn declared(
    source: DeclarationSource,
    label: String,
    offset: Option<u64>,
    detected: Option<&'static Encoding>,
    same: &dyn Fn(&'static Encoding) -> bool,
    what_it_is: &str,
) -> Declared {
    let enc = encoding::for_label(&label).ok();
    let place = match (source, offset) {
        (DeclarationSource::Given, _) => "the given label".to_string(),
        (s, Some(o)) => format!(
            "{} at byte {o}",
            match s {
                DeclarationSource::HtmlMeta => "<meta charset>",
                DeclarationSource::HttpEquiv => "<meta http-equiv> content",
                DeclarationSource::Xml => "the XML declaration",
                DeclarationSource::Css => "@charset",
                DeclarationSource::Given => "",
            }
        ),
        (_, None) => "the declaration".to_string(),
    };
    let (agrees, reason) = match (enc, detected) {
        (None, _) => (
            false,
            format!("{place} says {label:?}, which names no encoding"),
        ),
        (Some(e), Some(_)) if same(e) => (
            true,
            format!("{place} says {label:?} ({e}), and the bytes agree ({what_it_is})"),
        ),
        (Some(e), Some(d)) => (
            false,
            format!("{place} says {label:?} ({e}), but the bytes are {d} ({what_it_is})"),
        ),
        (Some(e), None) => (
            false,
            format!("{place} says {label:?} ({e}), but the bytes are not text in any encoding"),
        ),
    };
    Declared {
        source,
        label,
        encoding: enc,
        offset,
        agrees,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::{DeclarationSource as S, find_declarations};

    #[test]
    fn html_xml_css() {
        let html = b"<!doctype html><html><head><meta charset=\"windows-1252\"><title>";
        assert_eq!(
            find_declarations(html, 1, true),
            vec![(S::HtmlMeta, "windows-1252".into(), 42)]
        );
        let equiv =
            b"<html><META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=iso-8859-1\">";
        let d = find_declarations(equiv, 1, true);
        assert_eq!(d, vec![(S::HttpEquiv, "iso-8859-1".into(), 66)]);
        let xml = b"<?xml version=\"1.0\" encoding='Shift_JIS'?><a/>";
        assert_eq!(
            find_declarations(xml, 1, true),
            vec![(S::Xml, "Shift_JIS".into(), 30)]
        );
        let css = b"@charset \"koi8-r\"; body {}";
        assert_eq!(
            find_declarations(css, 1, true),
            vec![(S::Css, "koi8-r".into(), 10)]
        );
        assert!(find_declarations(b"plain text, charset=utf-8", 1, true).is_empty());
    }

    #[test]
    fn utf16_declarations_have_byte_offsets() {
        let xml: Vec<u8> = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(
            find_declarations(&xml, 2, true),
            vec![(S::Xml, "UTF-16".into(), 60)]
        );
    }
}
