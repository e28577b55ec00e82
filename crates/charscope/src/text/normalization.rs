//! Unicode normalization (UAX #15) through ICU4X's `icu_normalizer`: the four forms of a text,
//! whether it already is in each, and the UTF-8 of each form that differs.
//!
//! ```
//! use charscope::text::normalization::{Form, normalize};
//! assert_eq!(normalize("cafe\u{301}", Form::Nfc), "café");
//! assert_eq!(normalize("café", Form::Nfd).as_bytes(), b"cafe\xCC\x81");
//! ```

use crate::decode::hex_pairs;
use icu_normalizer::{ComposingNormalizerBorrowed, DecomposingNormalizerBorrowed};
use serde::Serialize;
use std::borrow::Cow;

/// A normalization form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    /// Canonical composition: é as one code point where one exists.
    Nfc,
    /// Canonical decomposition: e and U+0301 COMBINING ACUTE ACCENT.
    Nfd,
    /// Compatibility composition: also folds look-alikes (ﬁ to fi, ² to 2), then composes.
    Nfkc,
    /// Compatibility decomposition.
    Nfkd,
}

impl Form {
    /// All four, in the usual order.
    pub const ALL: [Form; 4] = [Form::Nfc, Form::Nfd, Form::Nfkc, Form::Nfkd];

    /// "NFC", "NFD", "NFKC", "NFKD".
    pub fn name(self) -> &'static str {
        match self {
            Form::Nfc => "NFC",
            Form::Nfd => "NFD",
            Form::Nfkc => "NFKC",
            Form::Nfkd => "NFKD",
        }
    }
}

/// `text` in the form `form`; borrowed when it already is.
pub fn normalize(text: &str, form: Form) -> Cow<'_, str> {
    match form {
        Form::Nfc => ComposingNormalizerBorrowed::new_nfc().normalize(text),
        Form::Nfd => DecomposingNormalizerBorrowed::new_nfd().normalize(text),
        Form::Nfkc => ComposingNormalizerBorrowed::new_nfkc().normalize(text),
        Form::Nfkd => DecomposingNormalizerBorrowed::new_nfkd().normalize(text),
    }
}

/// Whether `text` is already in the form `form`.
pub fn is_normalized(text: &str, form: Form) -> bool {
    match form {
        Form::Nfc => ComposingNormalizerBorrowed::new_nfc().is_normalized(text),
        Form::Nfd => DecomposingNormalizerBorrowed::new_nfd().is_normalized(text),
        Form::Nfkc => ComposingNormalizerBorrowed::new_nfkc().is_normalized(text),
        Form::Nfkd => DecomposingNormalizerBorrowed::new_nfkd().is_normalized(text),
    }
}

/// One value per form.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct PerForm<T> {
    /// For NFC.
    pub nfc: T,
    /// For NFD.
    pub nfd: T,
    /// For NFKC.
    pub nfkc: T,
    /// For NFKD.
    pub nfkd: T,
}

impl<T> PerForm<T> {
    fn build(mut f: impl FnMut(Form) -> T) -> PerForm<T> {
        PerForm {
            nfc: f(Form::Nfc),
            nfd: f(Form::Nfd),
            nfkc: f(Form::Nfkc),
            nfkd: f(Form::Nfkd),
        }
    }

    /// The value for `form`.
    pub fn get(&self, form: Form) -> &T {
        match form {
            Form::Nfc => &self.nfc,
            Form::Nfd => &self.nfd,
            Form::Nfkc => &self.nfkc,
            Form::Nfkd => &self.nfkd,
        }
    }
}

/// A text under the four forms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Normalization {
    /// The text in NFC.
    pub nfc: String,
    /// The text in NFD.
    pub nfd: String,
    /// The text in NFKC.
    pub nfkc: String,
    /// The text in NFKD.
    pub nfkd: String,
    /// Whether the text already is in each form.
    pub is: PerForm<bool>,
    /// The UTF-8 of the text as given.
    pub hex: String,
    /// The UTF-8 of each form, where it differs from the text as given (null where the same).
    pub hex_if_changed: PerForm<Option<String>>,
}

impl Normalization {
    /// Normalizes `text` to the four forms.
    pub fn of(text: &str) -> Normalization {
        let forms = PerForm::build(|form| normalize(text, form).into_owned());
        Normalization {
            is: PerForm::build(|form| forms.get(form) == text),
            hex: hex_pairs(text.as_bytes()),
            hex_if_changed: PerForm::build(|form| {
                let f = forms.get(form);
                (f != text).then(|| hex_pairs(f.as_bytes()))
            }),
            nfc: forms.nfc,
            nfd: forms.nfd,
            nfkc: forms.nfkc,
            nfkd: forms.nfkd,
        }
    }
}

/// How many bytes of each changed form a [`NormalizationSummary`] shows.
pub const SUMMARY_BYTES: usize = 64;

/// What a report sends about normalization: whether the text is in each form, and the start of
/// each form that differs (a large text's forms in full would dwarf the rest of a report).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct NormalizationSummary {
    /// Whether the text already is in each form.
    pub is: PerForm<bool>,
    /// The UTF-8 of each form where it differs from the text (null where the same): its first
    /// [`SUMMARY_BYTES`] bytes, cut at a character boundary.
    pub hex_if_changed: PerForm<Option<String>>,
    /// Whether `hex_if_changed` stops before the end of the form.
    pub cut: PerForm<bool>,
}

impl NormalizationSummary {
    /// Checks `text` against the four forms; normalizes only a prefix of a long text, enough to
    /// show the start of each form that differs.
    ///
    /// ```
    /// use charscope::text::normalization::NormalizationSummary;
    /// let s = NormalizationSummary::of("cafe\u{301}");
    /// assert!(!s.is.nfc && s.is.nfd);
    /// assert_eq!(s.hex_if_changed.nfc.as_deref(), Some("63 61 66 C3 A9"));
    /// assert_eq!(s.hex_if_changed.nfd, None);
    /// ```
    pub fn of(text: &str) -> NormalizationSummary {
        let is = PerForm::build(|form| is_normalized(text, form));
        // Enough input for SUMMARY_BYTES of output even when a form shrinks it (NFKC of long
        // ligatures), cut at a character boundary.
        let mut end = text.len().min(SUMMARY_BYTES * 16);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let head = &text[..end];
        let mut cut = PerForm::build(|_| false);
        let hex_if_changed = PerForm::build(|form| {
            if *is.get(form) {
                return None;
            }
            let normalized = normalize(head, form);
            let mut shown = normalized.len().min(SUMMARY_BYTES);
            while !normalized.is_char_boundary(shown) {
                shown -= 1;
            }
            let c = match form {
                Form::Nfc => &mut cut.nfc,
                Form::Nfd => &mut cut.nfd,
                Form::Nfkc => &mut cut.nfkc,
                Form::Nfkd => &mut cut.nfkd,
            };
            *c = shown < normalized.len() || end < text.len();
            Some(hex_pairs(&normalized.as_bytes()[..shown]))
        });
        NormalizationSummary {
            is,
            hex_if_changed,
            cut,
        }
    }
}
