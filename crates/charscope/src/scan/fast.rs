//! The text scan's fast paths, behind one door.
//!
//! The general path (`text::Scanner::text`) reads a run of text a character at a time and is
//! the specification: a fast path only passes by bytes in which the general path would find
//! nothing and leave no word open, and says how many bytes it passed (0: the general path reads
//! on from there). Each has a property test that holds the findings of the scan with it to
//! those without it, and its SIMD masks to scalar twins ([`super::blocks`]).
//!
//! | fast path | passes by | entry point |
//! |---|---|---|
//! | words of one alphabet | windows of 64 bytes of words of Cyrillic, Greek, Arabic, Devanagari... | [`FastPaths::words`] |
//! | CJK and Hangul words | words of ideographs, kana and ASCII digits; of Hangul syllables alone | [`FastPaths::words`] |
//! | runs in a word | a run of CJK ideographs or Hangul syllables inside a word | [`FastPaths::run_in_word`] |
//! | symbols | a run of emoji (plain symbols of four bytes, no word's) after the first | [`FastPaths::symbols`] |
//!
//! They run where the processor has AVX2 and `CHARSCOPE_SIMD` is not `off` ([`available`]);
//! elsewhere the general path reads everything, with the same findings. (The lines of plain
//! ASCII, the census of a line's malformed sequences and the search of the ASCII twins of
//! lookalike words have entry points of their own: `simd::lines`, [`super::census`] and
//! [`super::twins`], each with its scalar reference.)

use super::blocks;
use super::words::is_ascii_word_byte;

/// Whether the fast paths run in this process: where the processor has AVX2 (their classifiers
/// are SIMD), and not with `CHARSCOPE_SIMD=off`.
pub(super) fn available() -> bool {
    crate::simd::avx2_available()
}

/// The fast paths of one run of valid text, on or off.
pub(super) struct FastPaths {
    on: bool,
    /// Where the fast path for words of one alphabet may be tried again (it left the bytes
    /// before to the general path).
    retry: usize,
    /// How many windows and runs the fast paths read (tests check that they run).
    pub windows: usize,
}

impl FastPaths {
    /// The fast paths of a run of text, `on` or not.
    pub fn new(on: bool) -> FastPaths {
        FastPaths {
            on,
            retry: 0,
            windows: 0,
        }
    }

    /// The words that start at byte `i` of the run `bytes` (no word open there; the run lies at
    /// byte `around.1` of `around.0`), passed by as far as a fast path reads them:
    /// `look(start, end)` for each word among them that needs the word checks. Returns how many
    /// bytes were passed; the general path goes on after them, no word open.
    pub fn words(
        &mut self,
        bytes: &[u8],
        around: (&[u8], usize),
        i: usize,
        look: impl FnMut(usize, usize),
    ) -> usize {
        if !self.on {
            return 0;
        }
        let b = bytes[i];
        if (0xC2..=0xE1).contains(&b) {
            if i < self.retry {
                return 0;
            }
            let read = blocks::alphabet_words(bytes, around, i, look);
            self.retry = read.retry;
            self.windows += read.windows;
            return read.to - i;
        }
        // Korean prose, its words of Hangul syllables alone between spaces, and Chinese and
        // Japanese with ASCII (a Wikipedia article's markup), its words of ideographs, kana and
        // ASCII digits: at once, as far as they go.
        if (0xE3..=0xED).contains(&b) && !(i > 0 && is_ascii_word_byte(bytes[i - 1])) {
            let end = if b >= 0xEA {
                blocks::syllable_words_end(bytes, i)
            } else {
                blocks::ascii_cjk_words_end(bytes, i)
            };
            return end - i;
        }
        0
    }

    /// A run of CJK ideographs or of Hangul syllables at byte `i` of `bytes`, inside a word: how
    /// many bytes it has and the flags its characters add to the word (as one to the word
    /// checks); `None` where there is none.
    pub fn run_in_word(&mut self, bytes: &[u8], i: usize) -> Option<(usize, u16)> {
        if !self.on {
            return None;
        }
        let kind = blocks::uniform_kind(bytes[i])?;
        let end = blocks::uniform_run_end(bytes, i, kind);
        if end == i {
            return None;
        }
        self.windows += 1;
        Some((end - i, blocks::uniform_flags(kind)))
    }

    /// The emoji (or other symbols of four bytes that are plain, no word's and inert for NFC)
    /// from byte `i` of `bytes` on, just after one: how many bytes they take. The general path
    /// has nothing else to do with them.
    pub fn symbols(&self, bytes: &[u8], i: usize) -> usize {
        if !self.on {
            return 0;
        }
        let mut j = i;
        while bytes.get(j).is_some_and(|&b| b >= 0xF0)
            && let Some(n) = blocks::separator_len(bytes, j)
        {
            j += n;
        }
        j - i
    }
}
