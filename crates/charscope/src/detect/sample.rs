//! Bounded samples of a stream: its first bytes, and the words that are not ASCII and not valid
//! UTF-8 (what legacy encodings are told apart by), with where each came from.

/// How many leading bytes are kept whole (byte order marks, declarations, UTF-16/32 and binary
/// patterns, 7-bit escape encodings).
pub(super) const PREFIX: usize = 64 * 1024;
/// How many bytes of words the legacy sample keeps.
pub(super) const WORDS: usize = 24 * 1024;
/// Words longer than this are cut (and the cut parts kept as words of their own).
const MAX_WORD: usize = 512;

/// The words of the stream that hold a byte above 7F and are not valid UTF-8, each with the word
/// before and after it when those are ASCII (context for the language), joined by spaces.
#[derive(Clone, Debug, Default)]
pub(super) struct WordSample {
    /// The words, each followed by one space.
    pub bytes: Vec<u8>,
    /// `(offset in bytes, offset in the stream)` of each word.
    pub origins: Vec<(usize, u64)>,
    /// Words seen that qualified (also those that did not fit).
    pub seen: u64,
    word: Vec<u8>,
    word_start: u64,
    word_high: bool,
    /// The word before the current one (context for the language), and whether the next word
    /// is to be kept as context.
    prev: Vec<u8>,
    prev_start: u64,
    prev_kept: bool,
    keep_next: bool,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0C')
}

impl WordSample {
    /// Takes the next bytes of the stream, which start at stream offset `pos`.
    pub fn feed(&mut self, chunk: &[u8], pos: u64) {
        let mut i = 0;
        while i < chunk.len() {
            if is_space(chunk[i]) {
                self.end_word();
                i += 1;
                continue;
            }
            // The rest of the word in this chunk, up to the longest word kept whole.
            let run = chunk[i..].iter().position(|&b| is_space(b));
            let end = i + run.unwrap_or(chunk.len() - i);
            let end = end.min(i + MAX_WORD - self.word.len());
            if self.word.is_empty() {
                self.word_start = pos + i as u64;
            }
            let part = &chunk[i..end];
            self.word.extend_from_slice(part);
            self.word_high |= !part.is_ascii();
            if self.word.len() >= MAX_WORD {
                self.end_word();
            }
            i = end;
        }
    }

    /// Whether the sample has no room left.
    pub fn is_full(&self) -> bool {
        self.bytes.len() + MAX_WORD >= WORDS
    }

    /// Ends the stream.
    pub fn finish(&mut self) {
        self.end_word();
    }

    fn end_word(&mut self) {
        if self.word.is_empty() {
            return;
        }
        let qualifies = self.word_high && std::str::from_utf8(&self.word).is_err();
        if qualifies {
            self.seen += 1;
            if !self.prev_kept && !self.prev.is_empty() && self.prev.is_ascii() {
                let (prev, start) = (std::mem::take(&mut self.prev), self.prev_start);
                self.keep(&prev, start);
            }
            let (word, start) = (std::mem::take(&mut self.word), self.word_start);
            self.keep(&word, start);
            self.word = word;
            self.keep_next = true;
            self.prev_kept = true;
        } else if self.keep_next {
            self.keep_next = false;
            self.prev_kept = !self.word_high;
            if !self.word_high {
                let (word, start) = (std::mem::take(&mut self.word), self.word_start);
                self.keep(&word, start);
                self.word = word;
            }
        } else {
            self.prev_kept = false;
        }
        std::mem::swap(&mut self.prev, &mut self.word);
        self.prev_start = self.word_start;
        self.word.clear();
        self.word_high = false;
    }

    fn keep(&mut self, word: &[u8], start: u64) {
        if self.bytes.len() + word.len() < WORDS {
            self.origins.push((self.bytes.len(), start));
            self.bytes.extend_from_slice(word);
            self.bytes.push(b' ');
        }
    }

    /// The stream offset of a byte of the sample.
    pub fn origin(&self, at: usize) -> u64 {
        let i = self.origins.partition_point(|&(s, _)| s <= at);
        match i.checked_sub(1).map(|i| self.origins[i]) {
            Some((s, o)) => o + (at - s) as u64,
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::WordSample;

    #[test]
    fn chunks_and_long_words_give_the_same_sample() {
        let mut text = b"plain caf\xE9 na\xC3\xAFve \xE0 la ".to_vec();
        text.extend(std::iter::repeat_n(b'x', 700));
        text.extend_from_slice(b"\xE9\t\xE8re ");
        text.extend(std::iter::repeat_n(0xE9, 1100));
        text.extend_from_slice(b" fin \xFF\n");
        let whole = sampled(&text, text.len());
        assert!(whole.origins.len() > 4, "{:?}", whole.origins);
        for size in [1, 3, 511, 512, 513] {
            let s = sampled(&text, size);
            assert_eq!(
                (&s.bytes, &s.origins, s.seen),
                (&whole.bytes, &whole.origins, whole.seen)
            );
        }
    }

    fn sampled(text: &[u8], size: usize) -> WordSample {
        let mut s = WordSample::default();
        for (i, chunk) in text.chunks(size).enumerate() {
            s.feed(chunk, (i * size) as u64);
        }
        s.finish();
        s
    }

    #[test]
    fn keeps_only_non_utf8_words_with_their_offsets() {
        let mut s = WordSample::default();
        let text = b"plain caf\xE9 na\xC3\xAFve x y \xE0 la z";
        // Fed one byte at a time: words across chunk edges are whole.
        for (i, b) in text.iter().enumerate() {
            s.feed(std::slice::from_ref(b), i as u64);
        }
        s.finish();
        // Context words are ASCII only: valid UTF-8 beside them is another encoding's text.
        assert_eq!(s.bytes, b"plain caf\xE9 y \xE0 la ");
        assert_eq!(s.origin(6), 6);
        assert_eq!(s.origin(9), 9);
        assert_eq!(s.origin(11), 20);
        assert_eq!(s.origin(13), 22);
        assert_eq!(s.origin(15), 24);
        assert_eq!(s.seen, 2);
    }
}
