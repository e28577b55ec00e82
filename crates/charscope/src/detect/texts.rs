//! The texts candidates read a sample to, each decoded into one reused buffer (a single-byte
//! encoding through its byte table) and scored once.

use super::byte_table::{self, Faults};
use crate::decode::{Decoder, MalformedKind, Piece};
use crate::encoding::Encoding;
use crate::plausibility::{self, TextScore};
use std::collections::HashMap;
use std::rc::Rc;

/// One encoding's reading of some bytes: its text, the text's score, and its malformed
/// sequences (how many, and the first as offset, end and kind), as [`crate::decode::decode`]
/// gives them.
pub(super) struct Decoding {
    pub text: Rc<str>,
    pub score: TextScore,
    pub malformed: usize,
    pub first_malformed: Option<(usize, usize, MalformedKind)>,
}

/// The texts read so far, with their scores. Many encodings read a sample to the same text (the
/// Latin ones agree on most letters): it is scored once, and every reading of it holds the same
/// `Rc`, so that two readings have the same text exactly when [`same`] says so.
#[derive(Default)]
pub(super) struct Texts {
    scores: HashMap<Rc<str>, TextScore, foldhash::fast::RandomState>,
    buf: String,
}

impl Texts {
    /// Reads `bytes` in `enc` (one U+FFFD for each malformed sequence, as `decode` does) and
    /// scores the text, or finds it scored.
    pub fn read(&mut self, bytes: &[u8], enc: &'static Encoding) -> Decoding {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let (malformed, first_malformed) = match byte_table::table(enc) {
            Some(table) => table.read(bytes, &mut buf),
            None => decoded(bytes, enc, &mut buf),
        };
        let (text, score) = self.scored(&buf);
        self.buf = buf;
        Decoding {
            text,
            score,
            malformed,
            first_malformed,
        }
    }

    fn scored(&mut self, text: &str) -> (Rc<str>, TextScore) {
        if let Some((known, score)) = self.scores.get_key_value(text) {
            return (Rc::clone(known), score.clone());
        }
        let score = plausibility::score(text);
        let text: Rc<str> = Rc::from(text);
        self.scores.insert(Rc::clone(&text), score.clone());
        (text, score)
    }
}

/// Appends the reading of `bytes` in `enc` to `out`, by its decoder.
fn decoded(bytes: &[u8], enc: &'static Encoding, out: &mut String) -> Faults {
    let mut malformed = 0;
    let mut first = None;
    Decoder::new(enc).decode_pieces(bytes, true, |piece| match piece {
        Piece::Text { text, .. } => out.push_str(text),
        Piece::Malformed(m) => {
            out.push(char::REPLACEMENT_CHARACTER);
            malformed += 1;
            first.get_or_insert((m.span.start as usize, m.span.end as usize, m.kind));
        }
    });
    (malformed, first)
}

/// Whether two texts given by the same [`Texts`] are the same text.
pub(super) fn same(a: &Rc<str>, b: &Rc<str>) -> bool {
    Rc::ptr_eq(a, b)
}

#[cfg(test)]
mod tests {
    use super::{Texts, same};
    use crate::encoding;

    #[test]
    fn readings_are_decode_s_and_equal_texts_share_one_handle() {
        let bytes = b"na\xEFve caf\xE9 \x81\x8D \xA4\xA4 \x82";
        let mut texts = Texts::default();
        let mut seen = Vec::new();
        for e in super::super::legacy::candidates() {
            let want = crate::decode::decode(bytes, e);
            let got = texts.read(bytes, e);
            assert_eq!(&*got.text, want.text, "{}", e.name());
            assert_eq!(got.malformed, want.malformed.len(), "{}", e.name());
            let first = want.malformed.first();
            let first = first.map(|m| (m.span.start as usize, m.span.end as usize, m.kind));
            assert_eq!(got.first_malformed, first);
            assert_eq!(got.score, crate::plausibility::score(&want.text));
            seen.push(got.text);
        }
        for a in &seen {
            for b in &seen {
                assert_eq!(same(a, b), a == b);
            }
        }
        let latin = texts.read(bytes, encoding::WINDOWS_1252).text;
        assert!(seen.iter().any(|t| same(t, &latin)));
    }
}
