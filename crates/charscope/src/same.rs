//! Are two strings the same? Five answers, from strictest to loosest: the same bytes; the same
//! in NFC (canonically equivalent); the same in NFKC (compatibility equivalent); the same
//! case-folded (a canonical caseless match, Unicode D145: NFD, full case folding by ICU4X's
//! `icu_casemap`, NFD again); the same UTS #39 skeleton (confusable). Each answer names the first
//! character where the two differ.
//!
//! ```
//! use charscope::same::same;
//! let s = same("café", "cafe\u{301}");
//! assert!(!s.checks[0].equal);  // bytes
//! assert!(s.checks[1].equal);   // NFC
//! assert_eq!(s.same_as.as_deref(), Some("nfc"));
//! ```

use crate::scan::FoundChar;
use crate::scan::confusable::skeleton;
use crate::text::normalization::{Form, normalize};
use icu_casemap::CaseMapperBorrowed;
use serde::Serialize;

/// One side of a difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Side {
    /// The character there, or null when this side ended first.
    #[serde(rename = "char")]
    pub ch: Option<FoundChar>,
    /// Its byte offset in this side's form.
    pub offset: usize,
}

/// Where two forms first differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The index of the first differing character (in code points, the same on both sides).
    pub index: usize,
    /// The character of A there.
    pub a: Side,
    /// The character of B there.
    pub b: Side,
}

/// One comparison.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// "bytes", "nfc", "nfkc", "casefold" or "skeleton".
    pub name: &'static str,
    /// What the comparison is, for people.
    pub description: &'static str,
    /// A in this form.
    pub a: String,
    /// B in this form.
    pub b: String,
    /// Their UTF-8.
    pub a_hex: String,
    /// Their UTF-8.
    pub b_hex: String,
    /// Whether they are equal in this form.
    pub equal: bool,
    /// The first difference, when they are not.
    pub first_difference: Option<Difference>,
}

/// The five comparisons of two strings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Same {
    /// The first string.
    pub a: String,
    /// The second string.
    pub b: String,
    /// From strictest to loosest.
    pub checks: Vec<Check>,
    /// The strictest comparison under which they are equal, or null when they differ under all.
    pub same_as: Option<String>,
}

fn first_difference(a: &str, b: &str) -> Option<Difference> {
    let mut ai = a.char_indices();
    let mut bi = b.char_indices();
    let mut index = 0;
    loop {
        match (ai.next(), bi.next()) {
            (None, None) => return None,
            (x, y) if x.map(|p| p.1) == y.map(|p| p.1) => index += 1,
            (x, y) => {
                let side = |p: Option<(usize, char)>, whole: &str| Side {
                    ch: p.map(|(_, c)| FoundChar::of(c)),
                    offset: p.map_or(whole.len(), |(i, _)| i),
                };
                return Some(Difference {
                    index,
                    a: side(x, a),
                    b: side(y, b),
                });
            }
        }
    }
}

/// The canonical caseless form (Unicode D145): NFD(fold(NFD(s))).
pub fn casefold(s: &str) -> String {
    let nfd = normalize(s, Form::Nfd);
    let folded = CaseMapperBorrowed::new().fold_string(&nfd).into_owned();
    normalize(&folded, Form::Nfd).into_owned()
}

/// A comparison: its name, its description, and the form it compares.
type Comparison = (&'static str, &'static str, fn(&str) -> String);

/// Compares `a` and `b` five ways.
pub fn same(a: &str, b: &str) -> Same {
    let forms: [Comparison; 5] = [
        ("bytes", "the same bytes", |s| s.to_string()),
        ("nfc", "canonically equivalent: the same in NFC", |s| {
            normalize(s, Form::Nfc).into_owned()
        }),
        ("nfkc", "compatibility equivalent: the same in NFKC", |s| {
            normalize(s, Form::Nfkc).into_owned()
        }),
        (
            "casefold",
            "the same ignoring case (canonical caseless match)",
            casefold,
        ),
        (
            "skeleton",
            "confusable: the same UTS #39 skeleton",
            skeleton,
        ),
    ];
    let checks: Vec<Check> = forms
        .iter()
        .map(|&(name, description, f)| {
            let (fa, fb) = (f(a), f(b));
            Check {
                name,
                description,
                a_hex: crate::decode::hex_pairs(fa.as_bytes()),
                b_hex: crate::decode::hex_pairs(fb.as_bytes()),
                equal: fa == fb,
                first_difference: first_difference(&fa, &fb),
                a: fa,
                b: fb,
            }
        })
        .collect();
    Same {
        a: a.to_string(),
        b: b.to_string(),
        same_as: checks.iter().find(|c| c.equal).map(|c| c.name.to_string()),
        checks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn equal(a: &str, b: &str) -> Vec<bool> {
        same(a, b).checks.iter().map(|c| c.equal).collect()
    }

    #[test]
    fn each_level() {
        assert_eq!(equal("abc", "abc"), [true; 5]);
        assert_eq!(
            equal("café", "cafe\u{301}"),
            [false, true, true, true, true]
        );
        assert_eq!(equal("ﬁle", "file"), [false, false, true, true, true]);
        assert_eq!(
            equal("Straße", "STRASSE"),
            [false, false, false, true, false]
        );
        assert_eq!(
            equal("p\u{0430}ypal", "paypal"),
            [false, false, false, false, true]
        );
        assert_eq!(equal("a", "b"), [false; 5]);
    }

    #[test]
    fn the_first_difference_names_both_characters() {
        let s = same("p\u{0430}ypal", "paypal");
        let d = s.checks[0].first_difference.as_ref().unwrap();
        assert_eq!(d.index, 1);
        assert_eq!(d.a.ch.as_ref().unwrap().name, "CYRILLIC SMALL LETTER A");
        assert_eq!(d.b.ch.as_ref().unwrap().name, "LATIN SMALL LETTER A");
        let d = same("ab", "abc").checks[0]
            .first_difference
            .clone()
            .unwrap();
        assert_eq!((d.index, d.a.ch, d.b.offset), (2, None, 2));
    }
}
