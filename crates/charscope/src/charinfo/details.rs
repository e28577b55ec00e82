//! The `char` command's view: everything [`CharInfo`] has, and what a person looking up one
//! character also asks: its decimal value, Blocks.txt block name, bidi class, decomposition,
//! HTML entity and normalization forms (as text, escaped, and as code points). Surrogate code
//! points, which are not characters, get a view of their own ([`SurrogateDetails`]).

use super::{CharInfo, blocks, code_point, planes, properties};
use crate::text::normalization::{Form, normalize};
use serde::Serialize;
use std::sync::OnceLock;

/// One normalization form of a character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FormText {
    /// "NFC", "NFD", "NFKC" or "NFKD".
    pub form: &'static str,
    /// The form's text.
    pub text: String,
    /// The text with combining marks and invisible characters written as `\u{...}`.
    pub escaped: String,
    /// Its code points, `U+0065 U+0301`.
    pub code_points: String,
}

/// How a character decomposes, if it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Decomposition {
    /// "canonical" (NFD changes it) or "compatibility" (only NFKD does).
    pub kind: &'static str,
    /// The full decomposition, escaped as in [`FormText::escaped`].
    pub escaped: String,
    /// Its code points.
    pub code_points: String,
}

/// Everything `charscope char` shows about one character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CharDetails {
    /// The per-character view shared with `inspect`.
    #[serde(flatten)]
    pub info: CharInfo,
    /// The code point in decimal (233 for é), as `&#233;` writes it.
    pub decimal: u32,
    /// The block as Blocks.txt names it ("Latin-1 Supplement").
    pub block_name: String,
    /// Bidi_Class, short alias ("L").
    pub bidi_class: &'static str,
    /// Bidi_Class, long alias ("Left_To_Right").
    pub bidi_class_name: &'static str,
    /// The decomposition, if the character has one.
    pub decomposition: Option<Decomposition>,
    /// The HTML named character reference, if HTML has one (`&eacute;`).
    pub html_entity: Option<String>,
    /// The four normalization forms.
    pub normalization: Vec<FormText>,
}

/// Text with combining marks and invisible characters as `\u{...}`, the rest as is.
pub fn escaped(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if properties::is_invisible(c) || properties::is_mark(c) {
            out.push_str(&format!("\\u{{{:04X}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// The code points of a text, `U+0065 U+0301`.
pub fn code_points(text: &str) -> String {
    text.chars().map(code_point).collect::<Vec<_>>().join(" ")
}

/// The shortest HTML named character reference for exactly this character (the one with a
/// semicolon; the first in alphabetical order among equals), from the WHATWG list of named
/// character references as the `entities` crate ships it.
pub fn html_entity(c: char) -> Option<&'static str> {
    static TABLE: OnceLock<std::collections::HashMap<char, &'static str>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = std::collections::HashMap::new();
        for (entity, characters) in crate::html_entities::all() {
            let mut chars = characters.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                continue;
            };
            if !entity.ends_with(';') {
                continue;
            }
            table
                .entry(ch)
                .and_modify(|best: &mut &'static str| {
                    if (entity.len(), entity) < (best.len(), *best) {
                        *best = entity;
                    }
                })
                .or_insert(entity);
        }
        table
    });
    table.get(&c).copied()
}

impl CharDetails {
    /// Gathers everything about `c`.
    ///
    /// ```
    /// use charscope::charinfo::details::CharDetails;
    /// let e = CharDetails::of('é');
    /// assert_eq!(e.decimal, 233);
    /// assert_eq!(e.block_name, "Latin-1 Supplement");
    /// assert_eq!(e.html_entity.as_deref(), Some("&eacute;"));
    /// assert_eq!(e.decomposition.unwrap().escaped, "e\\u{0301}");
    /// ```
    pub fn of(c: char) -> CharDetails {
        let info = CharInfo::of(c);
        let own = c.to_string();
        let form = |f: Form| normalize(&own, f).into_owned();
        let nfd = form(Form::Nfd);
        let nfkd = form(Form::Nfkd);
        let decomposition = if nfd != own {
            Some(("canonical", nfd))
        } else if nfkd != own {
            Some(("compatibility", nfkd))
        } else {
            None
        }
        .map(|(kind, text)| Decomposition {
            kind,
            escaped: escaped(&text),
            code_points: code_points(&text),
        });
        let bidi = properties::bidi_class(c);
        CharDetails {
            decimal: u32::from(c),
            block_name: blocks::block_name(info.block),
            bidi_class: bidi.short,
            bidi_class_name: bidi.long,
            decomposition,
            html_entity: html_entity(c).map(str::to_string),
            normalization: Form::ALL
                .iter()
                .map(|&f| {
                    let text = form(f);
                    FormText {
                        form: f.name(),
                        escaped: escaped(&text),
                        code_points: code_points(&text),
                        text,
                    }
                })
                .collect(),
            info,
        }
    }
}

/// A surrogate code point (U+D800..U+DFFF): not a character, but half of a UTF-16 pair; the
/// view `charscope char U+D800` gives instead of refusing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SurrogateDetails {
    /// `U+D800`.
    pub code_point: String,
    /// The value in decimal.
    pub decimal: u32,
    /// Its label (Unicode 4.8): `<surrogate-D800>`.
    pub name: String,
    /// "high" (D800-DBFF, first of a pair) or "low" (DC00-DFFF, second).
    pub surrogate: &'static str,
    /// "Cs".
    pub general_category: &'static str,
    /// "Surrogate".
    pub general_category_name: &'static str,
    /// The block, as Blocks.txt names it.
    pub block_name: &'static str,
    /// The plane (always the Basic Multilingual Plane).
    pub plane: planes::Plane,
    /// What it is, in one sentence.
    pub description: String,
    /// The one UTF-16 code unit.
    pub utf16: String,
    /// The three bytes a generalized UTF-8 (WTF-8, CESU-8) writes, which UTF-8 forbids.
    pub generalized_utf8: String,
}

impl SurrogateDetails {
    /// The view of surrogate code point `value`; `None` outside U+D800..U+DFFF.
    ///
    /// ```
    /// use charscope::charinfo::details::SurrogateDetails;
    /// let s = SurrogateDetails::of(0xD800).unwrap();
    /// assert_eq!(s.block_name, "High Surrogates");
    /// assert_eq!(s.generalized_utf8, "ED A0 80");
    /// ```
    pub fn of(value: u32) -> Option<SurrogateDetails> {
        if !(0xD800..=0xDFFF).contains(&value) {
            return None;
        }
        let high = value < 0xDC00;
        let block_name = match value {
            0xD800..=0xDB7F => "High Surrogates",
            0xDB80..=0xDBFF => "High Private Use Surrogates",
            _ => "Low Surrogates",
        };
        let bytes = [
            0xE0 | (value >> 12) as u8,
            0x80 | ((value >> 6) & 0x3F) as u8,
            0x80 | (value & 0x3F) as u8,
        ];
        let (which, partner) = if high {
            ("high", "a low surrogate (DC00-DFFF) after it")
        } else {
            ("low", "a high surrogate (D800-DBFF) before it")
        };
        Some(SurrogateDetails {
            code_point: format!("U+{value:04X}"),
            decimal: value,
            name: format!("<surrogate-{value:04X}>"),
            surrogate: which,
            general_category: "Cs",
            general_category_name: "Surrogate",
            block_name,
            plane: planes::plane('\u{0}'),
            description: format!(
                "a {which} surrogate code point, not a character: only UTF-16 uses it, as one half \
                 of a pair with {partner}; alone it is ill-formed in UTF-16, and UTF-8 and UTF-32 \
                 cannot encode it at all (UTF-8 readers reject {} as a surrogate)",
                crate::hex::hex_pairs(&bytes)
            ),
            utf16: format!("{value:04X}"),
            generalized_utf8: crate::hex::hex_pairs(&bytes),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn details_of_common_characters() {
        let nbsp = CharDetails::of('\u{A0}');
        assert_eq!(nbsp.html_entity.as_deref(), Some("&nbsp;"));
        assert_eq!(nbsp.bidi_class, "CS");
        assert_eq!(nbsp.decomposition.as_ref().unwrap().kind, "compatibility");
        assert_eq!(nbsp.decomposition.unwrap().code_points, "U+0020");
        let alef = CharDetails::of('\u{05D0}');
        assert_eq!(alef.bidi_class, "R");
        let fi = CharDetails::of('\u{FB01}');
        assert_eq!(fi.normalization[2].text, "fi");
        assert_eq!(fi.normalization[0].text, "\u{FB01}");
        let a = CharDetails::of('A');
        assert_eq!(a.decomposition, None);
        assert_eq!(a.html_entity, None);
        assert_eq!(a.bidi_class_name, "Left_To_Right");
    }

    #[test]
    fn surrogates() {
        let low = SurrogateDetails::of(0xDFFF).unwrap();
        assert_eq!((low.surrogate, low.block_name), ("low", "Low Surrogates"));
        assert_eq!(low.generalized_utf8, "ED BF BF");
        assert_eq!(
            SurrogateDetails::of(0xDB80).unwrap().block_name,
            "High Private Use Surrogates"
        );
        assert!(SurrogateDetails::of(0xE000).is_none());
    }
}
