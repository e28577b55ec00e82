//! Finding UTF-8 that was read with another encoding: the characters of a line are turned back
//! into the bytes that encoding gives them, and every run of those bytes that is valid UTF-8
//! (and starts and ends on a character of the line) is a place to repair.
//!
//! Lost bytes are tolerated inside a sequence whose other bytes fit: a U+FFFD stands for one
//! byte the mojibake lost, a `?` for one a converter replaced, and a missing last byte of a
//! three- or four-byte sequence for one that was dropped (81, 8D, 8F, 90 and 9D are undefined in
//! windows-1252, and some converters drop them). Each such sequence becomes one U+FFFD and is
//! reported. A space where a continuation byte A0 belongs is read as the no-break space it was
//! before something turned it into a space.

use super::codec::Codec;
use super::place::{Loss, Replacement};
use super::sound::rare;
use super::words::whole_word;

const WILD: u16 = 0x100;
const BREAK: u16 = 0x101;

/// One byte of the line in an encoding ([`WILD`] and [`BREAK`] aside), with the character it
/// came from.
#[derive(Clone, Copy)]
struct Byte {
    value: u16,
    /// Whether it is its character's first byte.
    first: bool,
    /// The line offset where its character starts.
    at: u32,
    /// The line offset just past its character.
    end: u32,
}

/// The line as bytes of one encoding: each byte with the character it came from, made as far
/// as the search has looked (a reading given up early need not encode the rest of the line).
struct Tokens<'a> {
    codec: &'a Codec,
    /// The line, and where its characters not encoded yet start.
    line: &'a str,
    next: usize,
    /// The bytes so far, each with its character (one list, one push a byte).
    bytes: Vec<Byte>,
}

/// The vectors of [`Tokens`], kept between searches (a line is searched once for each codec
/// that the quick filter lets through).
type Buffers = Vec<Byte>;

thread_local! {
    static BUFFERS: std::cell::Cell<Buffers> = const { std::cell::Cell::new(Vec::new()) };
}

impl<'a> Tokens<'a> {
    fn new(line: &'a str, codec: &'a Codec) -> Tokens<'a> {
        Tokens {
            codec,
            line,
            next: 0,
            bytes: BUFFERS.take(),
        }
    }

    /// Whether the line has a byte `k`: encodes characters until it does or the line ends.
    /// The search asks of each byte several times, and most often it is there already: that
    /// answer is a comparison where it is asked, the encoding a call.
    #[inline(always)]
    fn has(&mut self, k: usize) -> bool {
        k < self.bytes.len() || self.encode_to(k)
    }

    /// Encodes characters until the line has a byte `k` (whether it has).
    fn encode_to(&mut self, k: usize) -> bool {
        while self.bytes.len() <= k {
            let rest = &self.line.as_bytes()[self.next..];
            match rest.first() {
                None => return false,
                Some(&b) if b < 0x80 => self.push_ascii(rest),
                Some(_) => {
                    let c = self.line[self.next..].chars().next().expect("a character");
                    self.push(self.next, c);
                    self.next += c.len_utf8();
                }
            }
        }
        true
    }

    /// Encodes the run of ASCII that `rest` (the line from `next`) starts with: every codec
    /// writes ASCII as itself (the rule of `Codec::encode`, whose first branch this takes for a
    /// whole run), so it needs no look-up, and a run is taken in one go (most
    /// lines are ASCII between their broken words). Bytes encoded ahead of what the search asks
    /// are the bytes it would have asked for next.
    fn push_ascii(&mut self, rest: &[u8]) {
        let run = rest.iter().position(|&b| b >= 0x80).unwrap_or(rest.len());
        let at = self.next as u32;
        self.bytes
            .extend(rest[..run].iter().zip(at..).map(|(&b, at)| Byte {
                value: u16::from(b),
                first: true,
                at,
                end: at + 1,
            }));
        self.next += run;
    }

    fn push(&mut self, at: usize, c: char) {
        let end = (at + c.len_utf8()) as u32;
        let at = at as u32;
        let mut one = |value: u16, first: bool| {
            self.bytes.push(Byte {
                value,
                first,
                at,
                end,
            });
        };
        if c == char::REPLACEMENT_CHARACTER {
            one(WILD, true);
            return;
        }
        match self.codec.encode(c) {
            Some(b) => {
                one(u16::from(b.b[0]), true);
                if b.len == 2 {
                    one(u16::from(b.b[1]), false);
                }
            }
            None => one(BREAK, true),
        }
    }
}

impl Drop for Tokens<'_> {
    fn drop(&mut self) {
        let mut bytes = std::mem::take(&mut self.bytes);
        bytes.clear();
        BUFFERS.set(bytes);
    }
}

/// How one sequence ended.
enum Seq {
    /// A character, the bytes it took, what it lost, and whether a space stood for A0.
    Char(char, usize, Option<Loss>, bool),
    /// Not a sequence.
    No,
}

fn second_range(lead: u8) -> (u8, u8) {
    match lead {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        _ => (0x80, 0xBF),
    }
}

/// The character of the two-byte sequence `lead`, `cont`.
fn two_byte(lead: u8, cont: u8) -> char {
    char::from_u32((u32::from(lead & 0x1F) << 6) | u32::from(cont & 0x3F)).unwrap_or('\0')
}

fn seq_len(lead: u8) -> usize {
    match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}

/// Reads one UTF-8 sequence at `i` (a lead byte), tolerating one lost byte.
fn sequence(bytes: &[Byte], i: usize, nbsp: bool) -> Seq {
    let lead = bytes[i].value as u8;
    let n = seq_len(lead);
    if n == 0 {
        return Seq::No;
    }
    let mut value = u32::from(lead) & (0xFF >> (n + 1));
    let mut loss = None;
    let mut space = false;
    for k in 1..n {
        let (lo, hi) = if k == 1 {
            second_range(lead)
        } else {
            (0x80, 0xBF)
        };
        let b = bytes.get(i + k).map(|b| b.value);
        let byte = match b {
            Some(b) if b < 0x100 && (lo..=hi).contains(&(b as u8)) => b as u8,
            // A rare letter made of a space read as A0 ("Ñ " is not Ѡ): the space was a
            // space, and the byte before it lost its continuation.
            Some(0x20) if n == 2 && nbsp && rare(two_byte(lead, 0xA0)) => {
                return Seq::Char(char::REPLACEMENT_CHARACTER, 1, Some(Loss::Dropped), false);
            }
            Some(0x20) if nbsp && !space && (lo..=hi).contains(&0xA0) => {
                space = true;
                0xA0
            }
            Some(WILD) if loss.is_none() && !space => {
                loss = Some(Loss::Replaced);
                0x80
            }
            Some(0x3F) if loss.is_none() && !space => {
                loss = Some(Loss::Question);
                0x80
            }
            // A two-byte sequence whose continuation was dropped, right before the lead byte of
            // the next sequence ("ÑÑ" in "Ñ€ÑƒÑÑÐºÐ¸Ð¹": с is D1 81, and 81 is one of the
            // bytes windows-1252 leaves undefined).
            Some(next) if n == 2 && next < 0x100 && (0xC2..=0xF4).contains(&(next as u8)) => {
                return Seq::Char(char::REPLACEMENT_CHARACTER, 1, Some(Loss::Dropped), false);
            }
            // A space read as A0 and a lost byte in one character are two guesses ("й " is
            // not E9 A0 with its last byte dropped).
            _ if loss.is_none() && !space && n >= 3 && k == n - 1 => {
                return Seq::Char(char::REPLACEMENT_CHARACTER, k, Some(Loss::Dropped), space);
            }
            _ => return Seq::No,
        };
        value = (value << 6) | u32::from(byte & 0x3F);
    }
    if loss.is_some() {
        return Seq::Char(char::REPLACEMENT_CHARACTER, n, loss, space);
    }
    match char::from_u32(value) {
        Some(c) => Seq::Char(c, n, None, space),
        None => Seq::No,
    }
}

/// CESU-8: a surrogate pair written as two three-byte sequences (ED A0-AF xx ED B0-BF xx).
fn cesu_pair(bytes: &[Byte], i: usize) -> Option<char> {
    let get = |k: usize| {
        bytes
            .get(i + k)
            .map(|b| b.value)
            .filter(|&b| b < 0x100)
            .map(|b| b as u8)
    };
    let (a0, a1, a2) = (get(0)?, get(1)?, get(2)?);
    let (b0, b1, b2) = (get(3)?, get(4)?, get(5)?);
    let ok = a0 == 0xED
        && (0xA0..=0xAF).contains(&a1)
        && (0x80..=0xBF).contains(&a2)
        && b0 == 0xED
        && (0xB0..=0xBF).contains(&b1)
        && (0x80..=0xBF).contains(&b2);
    if !ok {
        return None;
    }
    let hi = 0xD000 | (u32::from(a1 & 0x3F) << 6) | u32::from(a2 & 0x3F);
    let lo = 0xD000 | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F);
    char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
}

/// Whether "à" made from "Ã" and a space is evidence of mojibake on its own: a small letter
/// stands right before it ("voilÃ  le travail"). Anywhere else a space read as A0 is repaired
/// only beside other evidence: "Â " and "Ã " are written on purpose too.
fn space_fits(line: &str, at: usize) -> bool {
    line[..at]
        .chars()
        .next_back()
        .is_some_and(char::is_lowercase)
}

/// Whether "à" made from "Ã" and a space keeps a space after it: the word "à" lost its no-break
/// space and kept the space that followed it, unless another space follows, or the word goes
/// on: the Portuguese contractions "às", "àquele", "àquela", "àquilo".
fn keeps_space(line: &str, end: usize) -> bool {
    let rest = &line[end..];
    let word_end = |w: &str| {
        rest.strip_prefix(w).is_some_and(|r| {
            r.is_empty() || r.starts_with(|c: char| c.is_whitespace() || ".,;:!?".contains(c))
        })
    };
    !rest.is_empty()
        && !rest.starts_with(' ')
        && !word_end("s")
        && !["quel", "quil"].iter().any(|w| rest.starts_with(w))
}

/// Every place in `line` where bytes of `codec` form UTF-8; nothing if the codec's repairs must
/// be whole words and one place is not (`decide` would refuse the reading: the rest of the line
/// need not be looked at).
pub(crate) fn find(line: &str, codec: &Codec) -> Vec<Replacement> {
    let mut t = Tokens::new(line, codec);
    let mut out = Vec::new();
    // What a run reads, kept from run to run: most runs are given up, and a place takes a
    // copy of what it needs. (A run reads as fewer bytes than the line has, most often.)
    let mut text = String::with_capacity(line.len());
    let mut lost = Vec::new();
    let mut i = 0;
    while t.has(i) {
        let b = t.bytes[i];
        if !(0xC2..=0xF4).contains(&b.value) || !b.first {
            i += 1;
            continue;
        }
        // A run of sequences from i.
        let mut j = i;
        text.clear();
        lost.clear();
        let mut complete = 0;
        // The last point where the run ended on a character boundary: the byte, and how much
        // of `text`, `complete` and `lost` it had.
        let mut good: Option<(usize, usize, usize, usize)> = None;
        while t.has(j) && t.bytes[j].value >= 0x80 && t.bytes[j].value != BREAK {
            if t.bytes[j].value == WILD {
                break;
            }
            // A surrogate pair looks six bytes ahead, a sequence four.
            t.has(j + 5);
            if let Some(c) = cesu_pair(&t.bytes, j) {
                text.push(c);
                complete += 1;
                j += 6;
            } else {
                match sequence(&t.bytes, j, codec.nbsp_a0) {
                    Seq::Char(c, len, loss, space) => {
                        text.push(c);
                        let at = t.bytes[j].at as usize;
                        let end = t.bytes[j + len - 1].end as usize;
                        if let Some(loss) = loss {
                            lost.push((at, end - at, loss));
                        } else if !space || (c == '\u{E0}' && space_fits(line, at)) {
                            complete += 1;
                        }
                        if space && c == '\u{E0}' && keeps_space(line, end) {
                            text.push(' ');
                        }
                        j += len;
                    }
                    Seq::No => break,
                }
            }
            if !t.has(j) || t.bytes[j].first {
                good = Some((j, text.len(), complete, lost.len()));
            }
        }
        match good {
            Some((end_byte, text_len, complete, nlost)) if end_byte > i => {
                let start = t.bytes[i].at as usize;
                let end = t.bytes[end_byte - 1].end as usize;
                if codec.whole_words && !whole_word(line, start, end) {
                    return Vec::new();
                }
                out.push(Replacement {
                    start,
                    end,
                    text: text[..text_len].to_string(),
                    complete,
                    lost: lost[..nlost].to_vec(),
                });
                i = end_byte;
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::repair::fix;

    #[test]
    fn a_space_is_not_also_a_dropped_byte() {
        // In windows-1251 "и" and "о" are lead bytes of three: with a space read as A0 and a
        // dropped last byte, every word ending in one would be a lossy place beside the broken
        // word, and the repair of the one word would be refused.
        let r = fix("Мы пошли РґРѕРјРѕР№ поздно вечером");
        assert_eq!(r.text, "Мы пошли домой поздно вечером");
        assert!(r.lost.is_empty());
    }

    #[test]
    fn a_sequence_that_lost_its_last_byte_inside_a_word_is_repaired_alone() {
        // "ä" whose second byte was replaced, between letters: nothing whole beside it.
        let r = fix("Grenzg\u{e4}nger: Gr\u{c3}\u{fffd}e aus K\u{f6}ln");
        assert_eq!(r.text, "Grenzg\u{e4}nger: Gr\u{fffd}e aus K\u{f6}ln");
        assert_eq!(r.lost.len(), 1);
        // A capital and a U+FFFD standing alone stay.
        assert_eq!(fix("x \u{c3}\u{fffd} y").text, "x \u{c3}\u{fffd} y");
    }
}
