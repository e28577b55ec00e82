//! The text scan's fast paths for words of one alphabet mixed with ASCII, and for runs of CJK
//! ideographs and Hangul syllables.
//!
//! An alphabet is 128 characters of two bytes (Cyrillic, Greek, Hebrew, Arabic, the Latin
//! letters of Latin-1...) or of three after E0 or E1 (Devanagari, Bengali, Thai, Georgian...).
//! Its words are read 64 bytes at a time: the bytes are classified at once
//! ([`crate::simd::blocks`]), and the words are read off the bitmasks, not character by
//! character. Within such a window the scan's general path would find nothing but words: every
//! character of the alphabet that the window may hold is plain (no hidden-character finding),
//! continues a word, is of the alphabet's one script, and is inert for NFC or a mark of the one
//! class besides 0 that the alphabet allows (a word of such characters is in NFC). So the only
//! question left is which words need the word checks (lookalikes, mixed scripts), and that is
//! the rule of `OpenWord::needs_no_look` for such words: a word with a character of the
//! alphabet needs them unless one of its characters keeps it from looking like ASCII and, when
//! it has ASCII letters too, the alphabet is Latin. One more rule the general path leaves to the
//! word checks: a word of one script too short to count as a lookalike (`сор`, three
//! characters) needs none either. A window where anything else shows (a
//! control, another character, one of the alphabet's that is not simple) stops the fast path
//! at the first such byte, and the general path takes the word it is in.

use super::{chartable, words};
use crate::simd::blocks::{Alphabet, ByteClasses, Uniform};
use crate::utf8::expected_len;
use std::sync::OnceLock;

/// An alphabet the fast path reads, with what it needs to know of its script.
#[derive(Debug)]
pub(super) struct Script {
    /// The alphabet's lead bytes and tables.
    pub alphabet: Alphabet,
    /// Its script is Latin, the script of the ASCII letters: a word may mix them.
    pub latin: bool,
    /// Its tables, a byte per character ([`Alphabet::byte_table`]).
    pub table: [u8; 128],
}

impl Script {
    /// Whether the character of the alphabet that starts at byte `i` of the valid UTF-8 `bytes`
    /// is simple: a window that starts with one that is not would stop at once.
    pub fn simple_at(&self, bytes: &[u8], i: usize) -> bool {
        let at = i + usize::from(self.alphabet.prefix != 0);
        let (Some(&pair), Some(&last)) = (bytes.get(at), bytes.get(at + 1)) else {
            return false;
        };
        self.table[usize::from(pair & 1) << 6 | usize::from(last & 0x3F)] & 1 != 0
    }
}

/// The alphabet of the character that starts at byte `i` of the valid UTF-8 `bytes`, if the
/// fast path reads it: one of two bytes (lead byte C2 to DF), or of three that starts with E0 or
/// E1 (Devanagari, Bengali, Thai, Georgian...), and if any of the alphabet's characters are
/// simple; worked out once per process.
pub(super) fn script_at(bytes: &[u8], i: usize) -> Option<&'static Script> {
    // 16 pairs of lead bytes of two-byte characters, then 32 pairs of second bytes after each
    // of E0 and E1.
    static SCRIPTS: [OnceLock<Option<Script>>; 80] = [const { OnceLock::new() }; 80];
    let (prefix, lead, slot) = match bytes[i] {
        lead @ 0xC2..=0xDF => (0, lead, usize::from((lead - 0xC0) >> 1)),
        prefix @ (0xE0 | 0xE1) => {
            let lead = *bytes.get(i + 1)?;
            let slot = 16 + 32 * usize::from(prefix - 0xE0) + usize::from((lead & 0x3F) >> 1);
            (prefix, lead, slot)
        }
        _ => return None,
    };
    SCRIPTS[slot]
        .get_or_init(|| work_out(prefix, lead & 0xFE))
        .as_ref()
}

/// The script of the 128 characters of [`Alphabet`] `prefix` and `lead`: its simple characters
/// are the plain, word, NFC-inert ones of the script most of those have.
fn work_out(prefix: u8, lead: u8) -> Option<Script> {
    use chartable::{NFC_INERT, NO_ASCII_LOOK, NO_ASCII_SKELETON, NO_SCRIPT, PLAIN, WORD};
    let first = if prefix == 0 {
        u32::from(lead & 0x1F) << 6
    } else {
        u32::from(prefix & 0x0F) << 12 | u32::from(lead & 0x3F) << 6
    };
    let flags: Vec<u16> = (0..128)
        .map(|k| chartable::flags_at(first + k).unwrap_or(0))
        .collect();
    let simple_script = |f: u16| {
        let all = PLAIN | WORD | NFC_INERT;
        (f & all == all && f & NO_SCRIPT == 0).then(|| chartable::script_of(f))
    };
    let mut counts = [0u16; 256];
    for &f in &flags {
        if let Some(script) = simple_script(f) {
            counts[usize::from(script)] += 1;
        }
    }
    let (script, _) = (1..256usize)
        .map(|s| (s as u8, counts[s]))
        .filter(|&(_, n)| n > 0)
        .max_by_key(|&(_, n)| n)?;
    // Marks of one combining class besides 0 are simple too (the lowest such class among the
    // script's marks that are never the second of a composition: Devanagari's virama): any
    // sequence of them and inert characters has its classes in order, so a word made of them
    // is in NFC (the quick check of UAX #15), and one the fast path reads ends before a
    // separator, so nothing after it composes with it.
    let of_script = |f: u16| {
        f & (PLAIN | WORD) == PLAIN | WORD
            && f & NO_SCRIPT == 0
            && chartable::script_of(f) == script
    };
    let mark_class = (0..128)
        .filter(|&k| of_script(flags[k as usize]))
        .filter_map(|k| chartable::quick_class(first + k))
        .filter(|&class| class > 0)
        .min();
    let simple = |k: usize, f: u16| {
        simple_script(f) == Some(script)
            || (of_script(f)
                && mark_class.is_some()
                && chartable::quick_class(first + k as u32) == mark_class)
    };
    let mut alphabet = Alphabet {
        prefix,
        lead,
        simple: [0; 16],
        twinless: [0; 16],
    };
    for (k, &f) in flags.iter().enumerate() {
        if simple(k, f) {
            alphabet.simple[k / 8] |= 1 << (k % 8);
            if f & (NO_ASCII_LOOK | NO_ASCII_SKELETON) != 0 {
                alphabet.twinless[k / 8] |= 1 << (k % 8);
            }
        }
    }
    Some(Script {
        table: alphabet.byte_table(),
        alphabet,
        latin: script == chartable::LATIN,
    })
}

/// What the fast path for words of one alphabet did ([`alphabet_words`]).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct AlphabetRead {
    /// Where the general path goes on, no word open there: the start of a word, or a byte the
    /// fast path leaves to it (the byte it started at when it read nothing).
    pub to: usize,
    /// From where the fast path may be tried again.
    pub retry: usize,
    /// How many windows it read.
    pub windows: usize,
}

/// The fast path for words of one alphabet from the character at byte `i` of `bytes` (of two
/// bytes, or of three after E0 or E1; no word open there), a run of valid text that starts at
/// byte `at` of `around`: the words from the start of that character's word on, 64 bytes at a
/// time, as far as the fast path reads them; `look(start, end)` for each word (byte indices of
/// `bytes`) that needs the word checks.
pub(super) fn alphabet_words(
    bytes: &[u8],
    (around, at): (&[u8], usize),
    i: usize,
    mut look: impl FnMut(usize, usize),
) -> AlphabetRead {
    // (A window that would stop at once is not read: a file of tables, with `×` and `÷`
    // between every two words, took 50% longer.)
    let Some(script) = script_at(bytes, i).filter(|s| s.simple_at(bytes, i)) else {
        return AlphabetRead {
            to: i,
            retry: i + 1,
            windows: 0,
        };
    };
    // The first window starts with the word's ASCII characters before (never a separator or a
    // character beyond ASCII: the word would be open).
    let (mut start, _) = words::ascii_word_run_back(bytes, i);
    let mut windows = 0;
    loop {
        // Read in place where the bytes around the run hold the window (what it reads past the
        // run's end is masked off below, whatever it is).
        let mut copy = [0; 66];
        let window = crate::simd::window(around, at + start, &mut copy);
        let left = bytes.len() - start;
        let mut classes = classify(window, script, left);
        // Past the run's end: a space, which ends its last word as the run's end does, then
        // control characters, which the fast path never reads.
        if left < 64 {
            end_window_at(&mut classes, left);
        }
        windows += 1;
        let read = read_words(&classes, script, |s, e| look(start + s, start + e));
        let next = start + read.next;
        let (to, retry) = if next >= bytes.len() {
            (bytes.len(), usize::MAX)
        } else if read.stop < 64 {
            // Stopped by a byte left to the general path, which takes the word it is in; where
            // that came soon, the fast path waits for the next window's worth.
            let stop = start + read.stop;
            let retry = if stop < i + 16 {
                stop.max(start + 63)
            } else {
                stop
            };
            (next.max(i), retry + 1)
        } else if next == start {
            // A word that goes on past the window (its ASCII characters before `i` may).
            (start.max(i), i.max(start + 64) + 1)
        } else {
            start = next;
            continue;
        };
        return AlphabetRead { to, retry, windows };
    }
}

/// `classes` of a window whose text ends at byte `end` (below 64): as if a space stood there and
/// control characters after it, whatever bytes the window read there. (The text's last byte is
/// classed as it would be then: a character of the text never goes on past its end, and what
/// follows it cannot be the second byte of one.)
pub(super) fn end_window_at(classes: &mut ByteClasses, end: usize) {
    let before = (1u64 << end) - 1;
    classes.word &= before;
    classes.letter &= before;
    classes.lead &= before;
    classes.twinless &= before;
    classes.separator = classes.separator & before | 1 << end;
    classes.other = classes.other & before | u64::MAX << end << 1;
}

/// [`ByteClasses`] of bytes 2 to 65 of `window` (bytes 0 and 1 the two before), in SIMD where
/// the processor can, else one byte at a time; then the first characters among the first `len`
/// bytes that the classifier left to the general path but that the fast path reads as the
/// general path would are taken back ([`take_back`]).
pub(super) fn classify(window: &[u8; 66], script: &Script, len: usize) -> ByteClasses {
    let mut classes = crate::simd::blocks::classify(window, &script.alphabet, &script.table)
        .unwrap_or_else(|| classify_bytes(window, &script.alphabet));
    take_back(window, &mut classes, len);
    classes
}

/// Takes back from the general path (`classes.other`) the characters it would only take for
/// the end of a word or add to its word, sure that nothing is found there:
/// - punctuation beyond ASCII: plain characters (no finding of their own), no word
///   characters, inert for NFC ([`is_separator`]), made separators. The dashes and quotation
///   marks between the words of most languages (`—`, `«`, `»`) are no characters of the
///   alphabet read, and the alphabet's own punctuation (the Arabic comma, the Devanagari danda)
///   is not simple: each stopped the fast path, and left the rest of its window to the general
///   path, a character at a time (206,000 stops in the bench's mixed text);
/// - a vowel mark of the alphabet alone between two starters ([`is_lone_mark`]), left a word
///   character (Arabic and Hebrew marks are of no script, so never simple in their alphabet).
///
/// Only the first characters left to the general path are looked at, up to the first that is
/// neither (where the fast path stops anyway), and among the first `len` bytes (the text's:
/// past its end the window is masked). A character the window does not hold whole stays as it
/// was.
fn take_back(window: &[u8; 66], classes: &mut ByteClasses, len: usize) {
    let bytes = &window[2..];
    while classes.other != 0 {
        let k = classes.other.trailing_zeros() as usize;
        // The character byte `k` is in: ASCII, a character that begins before the window, one
        // the text or the window does not hold whole, and bytes that are no character stay as
        // they are.
        let Some(start) = char_start(bytes, k) else {
            return;
        };
        let end = start + expected_len(bytes[start]);
        if end == start + 1 || end <= k || end > len.min(64) {
            return;
        }
        let Some(c) = char_in(bytes, start, end) else {
            return;
        };
        let span = (u64::MAX >> (64 - (end - start))) << start;
        if is_separator(c) {
            classes.separator |= span;
            classes.other &= !span;
            classes.word &= !span;
            classes.lead &= !span;
            classes.letter &= !span;
            classes.twinless &= !span;
        } else if classes.word & span == span && is_lone_mark(bytes, c, start, end, len) {
            // A character of the alphabet (the classifier made each of its bytes a word byte,
            // its first a lead), and of its word: its bytes stay word bytes.
            classes.other &= !span;
        } else {
            return;
        }
    }
}

/// The first byte of the character that byte `k` of `bytes` belongs to (`None` when it begins
/// before `bytes`).
fn char_start(bytes: &[u8], k: usize) -> Option<usize> {
    (0..=k).rev().find(|&s| !(0x80..0xC0).contains(&bytes[s]))
}

/// The character `bytes[from..to]` holds, if those bytes are one valid character.
fn char_in(bytes: &[u8], from: usize, to: usize) -> Option<char> {
    let text = std::str::from_utf8(bytes.get(from..to)?).ok()?;
    let mut chars = text.chars();
    chars.next().filter(|_| chars.next().is_none())
}

/// Whether `mark`, at `bytes[start..end]`, is a combining mark that the general path would
/// only add to its word, sure that the word is still in NFC: a plain word character whose
/// combining class is above 0, that nothing composes with (NFC_Quick_Check=Yes), between two
/// starters of that class 0 that compose with nothing either (the characters before and after
/// it in the window; the text's end after it is one). One mark after a letter is then in the
/// order NFC keeps, and the quick check the general path runs would stay sure. (The vowel marks
/// of Arabic and Hebrew, which are of no script and never simple in their alphabet.)
fn is_lone_mark(bytes: &[u8], mark: char, start: usize, end: usize, len: usize) -> bool {
    use chartable::{PLAIN, WORD};
    let starter =
        |c: Option<char>| c.is_some_and(|c| chartable::quick_class(u32::from(c)) == Some(0));
    let flags = chartable::flags_at(u32::from(mark)).unwrap_or(0);
    if flags & (PLAIN | WORD) != PLAIN | WORD
        || chartable::quick_class(u32::from(mark)).is_none_or(|class| class == 0)
    {
        return false;
    }
    // The character before, within the window.
    let before = start
        .checked_sub(1)
        .and_then(|last| char_start(bytes, last));
    if !before.is_some_and(|b| starter(char_in(bytes, b, start))) {
        return false;
    }
    // The character after: the text's end, or a starter the window holds whole.
    if end >= len.min(64) {
        return end >= len;
    }
    let after_end = (end + expected_len(bytes[end])).min(64);
    starter(char_in(bytes, end, after_end))
}

/// Whether `c`, a character beyond ASCII, is one the general path only takes for the end of a
/// word: plain (no finding of its own), no word character, and inert for NFC (nothing before or
/// after it composes or reorders with it).
fn is_separator(c: char) -> bool {
    chartable::flags_at(u32::from(c)).is_some_and(separates_words)
}

/// Whether a character with the chart's `flags` is one the general path only takes for the end
/// of a word ([`is_separator`]).
fn separates_words(flags: u16) -> bool {
    use chartable::{NFC_INERT, PLAIN, WORD};
    flags & (PLAIN | WORD | NFC_INERT) == PLAIN | NFC_INERT
}

/// [`classify`] one byte at a time: the reference the SIMD classifier is held to.
pub(super) fn classify_bytes(window: &[u8; 66], alphabet: &Alphabet) -> ByteClasses {
    let mut classes = ByteClasses::default();
    let prefixed = alphabet.prefix != 0;
    let pair = |b: u8| b & 0xFE == alphabet.lead;
    for k in 0..64 {
        let (before_previous, previous, b) = (window[k], window[k + 1], window[k + 2]);
        let bit = 1u64 << k;
        let in_table = |table: &[u8; 16]| {
            let index = usize::from(previous & 1) << 6 | usize::from(b & 0x3F);
            table[index / 8] & (1 << (index % 8)) != 0
        };
        let continuation = (0x80..0xC0).contains(&b);
        let last =
            continuation && pair(previous) && (!prefixed || before_previous == alphabet.prefix);
        let first = if prefixed {
            b == alphabet.prefix
        } else {
            pair(b)
        };
        let middle = prefixed && previous == alphabet.prefix && pair(b);
        if b.is_ascii() {
            if b.is_ascii_alphanumeric() || b == b'_' {
                classes.word |= bit;
                if b.is_ascii_alphabetic() {
                    classes.letter |= bit;
                }
            } else if (0x20..0x7F).contains(&b) || b == b'\t' || b == b'\r' {
                classes.separator |= bit;
            } else {
                classes.other |= bit;
            }
        } else if first {
            classes.word |= bit;
            classes.lead |= bit;
            let next = window.get(k + 3).copied();
            if prefixed && k < 63 && !next.is_some_and(pair) {
                classes.other |= bit;
            }
        } else if middle {
            classes.word |= bit;
        } else if last {
            classes.word |= bit;
            if !in_table(&alphabet.simple) {
                classes.other |= bit;
            } else if in_table(&alphabet.twinless) {
                classes.twinless |= bit;
            }
        } else {
            classes.other |= bit;
        }
    }
    classes
}

/// The kind of run of characters of three bytes with the same flags that a character whose lead
/// byte is `lead` may start: CJK ideographs and Hangul syllables, which the scan reads a run at
/// a time (a run of Chinese is read up to its punctuation).
pub(super) fn uniform_kind(lead: u8) -> Option<Uniform> {
    match lead {
        0xE4..=0xE9 => Some(Uniform::Han),
        0xEA..=0xED => Some(Uniform::Hangul),
        _ => None,
    }
}

/// The flags of the characters of a run of `kind`. The characters of a run have the same flags,
/// but for [`chartable::NO_ASCII_LOOK`] and [`chartable::NO_ASCII_SKELETON`], of which each has
/// at least one: a word's checks only ask whether one of its characters has either, so the
/// run's characters are one to them (a test checks it of every character).
pub(super) fn uniform_flags(kind: Uniform) -> u16 {
    let example = match kind {
        Uniform::Han => 0x4E2D,
        Uniform::Hangul => 0xAC00,
    };
    chartable::flags_at(example).expect("a character of the planes")
}

/// The end of the run of characters of `kind` from byte `i` of the valid UTF-8 `bytes` (the
/// start of a character): 32 bytes at a time in SIMD, then byte by byte.
pub(super) fn uniform_run_end(bytes: &[u8], i: usize, kind: Uniform) -> usize {
    run_end(bytes, i, kind, false)
}

/// [`uniform_run_end`], spaces (`spaces`) in the run or not.
fn run_end(bytes: &[u8], i: usize, kind: Uniform, spaces: bool) -> usize {
    let mut j = i;
    while let Some(window) = bytes.get(j..j + 34) {
        let window = window.try_into().expect("34 bytes");
        let Some(in_run) = crate::simd::blocks::run_bytes(window, kind, spaces) else {
            break;
        };
        if in_run != u32::MAX {
            return j + in_run.trailing_ones() as usize;
        }
        j += 32;
    }
    while j < bytes.len() && (in_run(bytes, j, kind) || spaces && bytes[j] == b' ') {
        j += 1;
    }
    j
}

/// Where the words made of CJK ideographs, kana, ASCII digits and `_` alone that start at byte
/// `i` of the valid UTF-8 `bytes` end (the start of a word, that no word character of ASCII
/// comes just before): the general path goes on there, with no word open, and has nothing to do
/// for the words before (such a word is Chinese or Japanese, and pretends to be no ASCII word:
/// a test checks that it is no finding). Those words are the ideographs, the kana of
/// [`is_kana_lead`] and the plain ASCII characters but letters from `i` on, up to the last
/// separator of ASCII (a space, a punctuation mark) before the first other character or the
/// last 34 bytes, where a character that no word has counts as a separator of ASCII (`，` `。`
/// `・`); `i` itself if there is none. (Chinese and Japanese text, and the markup around it but
/// its words of ASCII letters, which the general path reads.)
pub(super) fn ascii_cjk_words_end(bytes: &[u8], i: usize) -> usize {
    let mut j = i;
    let mut end = i;
    while let Some(window) = bytes.get(j..j + 34) {
        let window = window.try_into().expect("34 bytes");
        let Some((taken, separators)) = crate::simd::blocks::ascii_cjk_bytes(window) else {
            return i;
        };
        let len = taken.trailing_ones();
        let separators = separators & u32::MAX.checked_shr(32 - len).unwrap_or(0);
        if separators != 0 {
            end = j + 32 - separators.leading_zeros() as usize;
        }
        if len == 32 {
            j += 32;
            continue;
        }
        // A character no word has ends the last word, and the words go on after it (Chinese
        // punctuation: `，` `。`); another ends them before their last word.
        match separator_len(bytes, j + len as usize) {
            Some(n) => {
                j += len as usize + n;
                end = j;
            }
            None => break,
        }
    }
    end
}

/// The length of the character at byte `at` of the valid UTF-8 `bytes` (not ASCII, or ASCII
/// but not plain) if it separates words, as the general path reads it: a plain character
/// (never a finding of its own) that no word has, inert for NFC (nothing composes with the
/// character before it); the general path does nothing else with it.
pub(super) fn separator_len(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes[at].is_ascii() {
        // (A control character: a finding.)
        return None;
    }
    let (cp, len) = crate::utf8::code_point_at(bytes, at);
    let flags = chartable::Reader::new().plain_flags(cp)?;
    separates_words(flags).then_some(len)
}

/// Where the words made of Hangul syllables alone that start at byte `i` of the valid UTF-8
/// `bytes` end (the start of a word, that no word character of ASCII comes just before): the
/// general path goes on there, with no word open, and has nothing to do for the words before
/// (Korean prose; a word of syllables alone needs no look: a test checks it). Those words are
/// the syllables and spaces from `i` on, up to the first other character if that is an ASCII
/// character that no word has (`.`, `,`, a line feed), else up to the space before the last
/// word (which that character may go on with); `i` itself if there are none.
pub(super) fn syllable_words_end(bytes: &[u8], i: usize) -> usize {
    let end = run_end(bytes, i, Uniform::Hangul, true);
    match bytes.get(end) {
        None => end,
        Some(&b) if b.is_ascii() && !words::is_ascii_word_byte(b) => end,
        Some(_) => bytes[i..end]
            .iter()
            .rposition(|&b| b == b' ')
            .map_or(i, |space| i + space + 1),
    }
}

/// Whether byte `j` of the valid UTF-8 `bytes` may stand in a run of `kind`: a continuation
/// byte, or the lead byte of a character of that kind. (The reference of
/// [`crate::simd::blocks::run_bytes`].)
fn in_run(bytes: &[u8], j: usize, kind: Uniform) -> bool {
    let b = bytes[j];
    let next = bytes.get(j + 1).copied().unwrap_or(0);
    let after = bytes.get(j + 2).copied().unwrap_or(0);
    if (0x80..0xC0).contains(&b) {
        return true;
    }
    match kind {
        Uniform::Han => {
            let lookalike = next == 0xB8 && matches!(after, 0x85 | 0xAB | 0xBF);
            (0xE4..=0xE9).contains(&b) && !(b == 0xE4 && (next == 0xB7 || lookalike))
        }
        Uniform::Hangul => {
            matches!(b, 0xEB | 0xEC) || (b == 0xEA && next >= 0xB0) || (b == 0xED && next < 0x9E)
        }
    }
}

/// Whether byte `j` of `bytes` leads a kana that the fast path of Chinese and Japanese text
/// passes by ([`ascii_cjk_words_end`]): Hiragana and Katakana letters, their iteration marks
/// and the prolonged sound mark (U+3041 to U+3096, U+309D to U+309F, U+30A1 to U+30FF), but for
/// U+30CE `ノ`, which looks like `/`, and U+30FB `・`, which no word has. (A test checks each
/// against the chart. The reference of [`crate::simd::blocks::ascii_cjk_bytes`].)
#[cfg(test)]
fn is_kana_lead(bytes: &[u8], j: usize) -> bool {
    let next = bytes.get(j + 1).copied().unwrap_or(0);
    let after = bytes.get(j + 2).copied().unwrap_or(0);
    bytes[j] == 0xE3
        && match next {
            0x81 => after >= 0x81,
            0x82 => (after <= 0x96 || after >= 0x9D) && after != 0xA0,
            0x83 => after != 0x8E && after != 0xBB,
            _ => false,
        }
}

/// What the fast path made of a window of 64 bytes.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Read {
    /// Where the general path goes on, no word open (a byte index in the window, up to 64): the
    /// start of the first word not read, else the first byte the fast path leaves to it.
    pub next: usize,
    /// The first byte the fast path leaves to the general path (64 if none).
    pub stop: usize,
}

/// The first byte of a window that the fast path leaves to the general path (64 if none), and
/// the bits of the bytes before it.
fn stop_of(classes: &ByteClasses) -> (usize, u64) {
    let stop = classes.other.trailing_zeros() as usize;
    let before_stop = if stop == 64 {
        u64::MAX
    } else {
        (1 << stop) - 1
    };
    (stop, before_stop)
}

/// Reads the words of a window whose bytes are classed `classes`, in an alphabet whose script
/// is Latin or not: `look(start, end)` for each word that needs the word checks (byte indices
/// in the window). A word is read when it ends, before a separator, in the window and before
/// the first byte left to the general path. A word that mixes no scripts (no ASCII letters in a
/// script other than Latin) needs no look when it is too short to count as a lookalike
/// ([`words::too_short_to_look_alike`]): three quarters of the words looked at in Russian were
/// such words of two or three letters (`со`, `ор`).
///
/// All the words are judged at once, in bit arithmetic: adding a word's first bit to its bits
/// carries through the word to the bit after it, unless a bit cleared on the way stops the
/// carry. So with the bits of a class cleared, the carry comes out after the words that have
/// none of that class.
pub(super) fn read_words(
    classes: &ByteClasses,
    script: &Script,
    mut look: impl FnMut(usize, usize),
) -> Read {
    let (stop, before_stop) = stop_of(classes);
    let word = classes.word;
    let starts = word & !(word << 1);
    // The bit after each word (none for a word that goes on to the window's end), and after
    // each that has no byte of a class.
    let after_each = word.wrapping_add(starts) & !word;
    let after_none_of = |class: u64| (word & !class).wrapping_add(starts) & !word;
    // Read: the words that end before the stop (before it, a byte that is no word byte is a
    // separator).
    let read = after_each & before_stop;
    let looks_ascii = after_none_of(classes.twinless);
    let mixes = if script.latin {
        0
    } else {
        !after_none_of(classes.letter)
    };
    let mut to_look = read & !after_none_of(classes.lead) & (looks_ascii | mixes);
    // The bytes of a character of the alphabet besides its first.
    let more_bytes = 1 + u32::from(script.alphabet.prefix != 0);
    while to_look != 0 {
        let end = to_look.trailing_zeros() as usize;
        let start = 63 - (starts & ((1 << end) - 1)).leading_zeros() as usize;
        let span = (u64::MAX << start) & ((1 << end) - 1);
        let chars = (word & span).count_ones() - more_bytes * (classes.lead & span).count_ones();
        if mixes & (1 << end) != 0 || !words::too_short_to_look_alike(chars as usize) {
            look(start, end);
        }
        to_look &= to_look - 1;
    }
    // The words not read start after the last one read.
    let last_read = match read {
        0 => 0,
        read => 63 - read.leading_zeros() as usize,
    };
    let not_read = starts & before_stop & (u64::MAX << last_read);
    let next = match not_read {
        0 => stop,
        not_read => not_read.trailing_zeros() as usize,
    };
    Read { next, stop }
}

/// [`read_words`] one word at a time: the reference the bit arithmetic is held to.
#[cfg(test)]
fn read_words_one_by_one(
    classes: &ByteClasses,
    script: &Script,
    mut look: impl FnMut(usize, usize),
) -> Read {
    let (stop, before_stop) = stop_of(classes);
    let mut starts = classes.word & !(classes.word << 1) & before_stop;
    while starts != 0 {
        let start = starts.trailing_zeros() as usize;
        let end = (classes.separator & (u64::MAX << start)).trailing_zeros() as usize;
        if end >= stop {
            return Read { next: start, stop };
        }
        let span = (u64::MAX << start) & ((1 << end) - 1);
        if classes.lead & span != 0 {
            let looks_ascii = classes.twinless & span == 0;
            let mixes = !script.latin && classes.letter & span != 0;
            // Its characters: one per ASCII byte, one per lead byte and the bytes after it.
            let (mut chars, mut k) = (0, start);
            while k < end {
                k += if classes.lead >> k & 1 == 1 {
                    if script.alphabet.prefix != 0 { 3 } else { 2 }
                } else {
                    1
                };
                chars += 1;
            }
            if mixes || (looks_ascii && !words::too_short_to_look_alike(chars)) {
                look(start, end);
            }
        }
        starts &= starts - 1;
    }
    Read { next: stop, stop }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bytes that matter to the classifier, most of them valid or invalid in several ways.
    const BYTES: &[u8] = &[
        0, 9, 10, 13, 0x1B, b' ', b'!', b'0', b'9', b'@', b'A', b'Z', b'[', b'_', b'`', b'a', b'z',
        b'{', 0x7F, 0x80, 0x81, 0x82, 0x83, 0x90, 0x9F, 0xA0, 0xA4, 0xA5, 0xA6, 0xAF, 0xB0, 0xB8,
        0xBE, 0xBF, 0xC0, 0xC2, 0xC3, 0xCE, 0xCF, 0xD0, 0xD1, 0xD2, 0xD7, 0xD8, 0xD9, 0xDF, 0xE0,
        0xE1, 0xE2, 0xEF, 0xF0, 0xF4, 0xFF,
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_simd_classifier_classes_each_byte_as_the_scalar_one(
            picks in prop::collection::vec(0..BYTES.len(), 66),
            any_byte in prop::collection::vec(any::<u8>(), 66),
            mix in any::<u64>(),
            example in prop::sample::select(vec![
                "é", "\u{80}", "λ", "ж", "ש", "م", "ܐ", "क", "ক", "ก", "ა", "ሀ", "\u{800}", "\u{1800}",
            ]),
        ) {
            let Some(script) = script_at(example.as_bytes(), 0) else { return Ok(()) };
            let mut window = [0u8; 66];
            for k in 0..66 {
                window[k] = if mix >> (k % 64) & 1 == 1 { any_byte[k] } else { BYTES[picks[k]] };
            }
            let reference = classify_bytes(&window, &script.alphabet);
            // AVX-512 where the processor has it, else AVX2; and AVX2 alone.
            if let Some(simd) = crate::simd::blocks::classify(&window, &script.alphabet, &script.table) {
                prop_assert_eq!(simd, reference);
            }
            if let Some(avx2) = crate::simd::blocks::classify_in_avx2(&window, &script.alphabet) {
                prop_assert_eq!(avx2, reference);
            }
        }
    }

    /// Words and separators of several scripts, lookalikes among them, and what stops the
    /// fast path.
    const PIECES: &[&str] = &[
        "сор",
        "жизнь",
        "p\u{0430}ypal",
        "x_",
        "42",
        "é",
        "ação",
        " ",
        ", ",
        "?",
        "\t",
        "\u{1}",
        "—",
        "\u{A0}",
        "λόγος",
        "ο",
        "\u{301}",
        "шшшшшшшшшшшшшшшшшшшшшшш",
        "०",
        "क",
        "सोरत",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn words_are_read_at_once_as_one_by_one(
            picks in prop::collection::vec(0..PIECES.len(), 0..40),
            example in prop::sample::select(vec!["é", "λ", "ж", "क"]),
            cut in 0usize..8,
        ) {
            let text: String = picks.iter().map(|&i| PIECES[i]).collect();
            let bytes = text.as_bytes();
            // A window that starts at a character, after `cut` bytes at most.
            let from = (0..=cut.min(bytes.len())).rev().find(|&k| text.is_char_boundary(k)).unwrap();
            let mut window = [b'.'; 66];
            let take = (bytes.len() - from).min(64);
            window[2..2 + take].copy_from_slice(&bytes[from..from + take]);
            for k in 1..=from.min(2) {
                window[2 - k] = bytes[from - k];
            }
            let script = script_at(example.as_bytes(), 0).unwrap();
            let classes = classify_bytes(&window, &script.alphabet);
            let (mut at_once, mut one_by_one) = (Vec::new(), Vec::new());
            let read = read_words(&classes, script, |s, e| at_once.push((s, e)));
            let reference = read_words_one_by_one(&classes, script, |s, e| one_by_one.push((s, e)));
            prop_assert_eq!(at_once, one_by_one);
            prop_assert_eq!(read, reference);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn the_simd_run_bytes_are_those_of_the_scalar_test(
            picks in prop::collection::vec(prop::sample::select(vec![
                0u8, b' ', 0x80, 0x84, 0x85, 0x86, 0x9D, 0x9E, 0xAB, 0xAF, 0xB0, 0xB6, 0xB7, 0xB8,
                0xBF, 0xC3, 0xE3, 0xE4, 0xE5, 0xE9, 0xEA, 0xEB, 0xEC, 0xED, 0xEE, 0xF0,
            ]), 34),
            hangul in any::<bool>(),
        ) {
            let kind = if hangul { Uniform::Hangul } else { Uniform::Han };
            let window: [u8; 34] = picks.try_into().unwrap();
            let reference = (0..32).fold(0u32, |m, j| m | u32::from(in_run(&window, j, kind)) << j);
            if let Some(simd) = crate::simd::blocks::run_bytes(&window, kind, false) {
                prop_assert_eq!(simd, reference);
            }
            let spaces = (0..32).fold(0u32, |m, j| m | u32::from(window[j] == b' ') << j);
            if let Some(simd) = crate::simd::blocks::run_bytes(&window, kind, true) {
                prop_assert_eq!(simd, reference | spaces);
            }
        }
    }

    #[test]
    fn the_characters_of_a_run_are_one_to_the_word_checks_and_the_others_are_not_in_runs() {
        use chartable::{NO_ASCII_LOOK, NO_ASCII_SKELETON};
        let twin = NO_ASCII_LOOK | NO_ASCII_SKELETON;
        let mut in_runs = 0;
        for cp in 0x800..=0xFFFFu32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let mut b = [0; 4];
            let bytes = c.encode_utf8(&mut b).as_bytes();
            let Some(kind) = uniform_kind(bytes[0]) else {
                continue;
            };
            let flags = chartable::flags_at(cp).unwrap_or(0);
            let uniform = uniform_flags(kind);
            let one = flags & !twin == uniform & !twin && flags & twin != 0;
            if in_run(bytes, 0, kind) {
                assert!(one, "U+{cp:04X} {flags:#x}");
                in_runs += 1;
            } else if one {
                // Left out though they could be in: Hangul Jamo Extended-A and -B, and the last
                // syllables, which share their row of 64 with characters that could not.
                assert!(
                    matches!(cp, 0xA960..=0xA97C | 0xD780..=0xD7FF),
                    "U+{cp:04X}"
                );
            }
        }
        // CJK ideographs and Hangul syllables, but for 67 and 36.
        assert_eq!(in_runs, 0x6000 - 64 - 3 + (0xD780 - 0xAC00), "{in_runs}");
    }

    proptest::proptest! {
        #[test]
        fn a_run_ends_where_the_scalar_test_ends_it(
            bytes in proptest::collection::vec(proptest::sample::select(
                vec![0xE4u8, 0xE9, 0xEA, 0xED, 0xB7, 0xB8, 0x85, 0x9E, 0xB0, 0x80, 0xBF, b'a', 0xE3]
            ), 0..100),
            from in 0..100usize,
            hangul in proptest::bool::ANY,
        ) {
            let kind = if hangul { Uniform::Hangul } else { Uniform::Han };
            let from = from.min(bytes.len());
            let mut reference = from;
            while reference < bytes.len() && in_run(&bytes, reference, kind) {
                reference += 1;
            }
            proptest::prop_assert_eq!(uniform_run_end(&bytes, from, kind), reference);
        }
    }

    #[test]
    fn a_run_ends_at_the_first_character_of_another_kind() {
        let text = "中文字符串测试中文字符串测试中文字符串测试中文字符串测试。한국어";
        let end = uniform_run_end(text.as_bytes(), 0, Uniform::Han);
        assert_eq!(
            &text[..end],
            "中文字符串测试中文字符串测试中文字符串测试中文字符串测试"
        );
        let text = "中文字符串测试中文字符串测试中文字符串测试中文字丫符串测试";
        let end = uniform_run_end(text.as_bytes(), 0, Uniform::Han);
        assert_eq!(&text[end..], "丫符串测试");
        let text = "한국어한국어한국어한국어한국어한국어a";
        let end = uniform_run_end(text.as_bytes(), 3, Uniform::Hangul);
        assert_eq!(&text[end..], "a");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn the_simd_bytes_of_ascii_and_han_are_those_of_the_scalar_tests(
            picks in prop::collection::vec(prop::sample::select(vec![
                0u8, b'\t', b'\n', b'\r', 0x1F, b' ', b'/', b'0', b'9', b':', b'@', b'A', b'Z',
                b'[', b'_', b'`', b'a', b'z', b'{', b'~', 0x7F, 0x80, 0x85, 0xAB, 0xB7, 0xB8,
                0xBF, 0xC3, 0xE3, 0xE4, 0xE9, 0xEA, 0xF0, 0x81, 0x82, 0x83, 0x96, 0x97, 0x9D, 0xA0,
                0xA1, 0x8E, 0xBA, 0xBB,
            ]), 34),
        ) {
            let window: [u8; 34] = picks.try_into().unwrap();
            let plain = |b: u8| (0x20..0x7F).contains(&b) || b == b'\t' || b == b'\r';
            let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
            let mask = |f: &dyn Fn(usize) -> bool| {
                (0..32).fold(0u32, |m, j| m | u32::from(f(j)) << j)
            };
            let taken = mask(&|j| {
                plain(window[j]) && !window[j].is_ascii_alphabetic()
                    || in_run(&window, j, Uniform::Han)
                    || is_kana_lead(&window, j)
            });
            let separators = mask(&|j| plain(window[j]) && !word(window[j]));
            if let Some(simd) = crate::simd::blocks::ascii_cjk_bytes(&window) {
                prop_assert_eq!(simd, (taken, separators));
            }
        }

        #[test]
        fn a_word_of_ideographs_kana_digits_and_underscores_has_no_finding(
            picks in prop::collection::vec(prop::sample::select(vec![
                "0", "9", "_", "\u{4000}", "\u{4DBF}", "\u{4E00}", "\u{706B}", "\u{661F}",
                "\u{9FFF}", "\u{5E74}", "\u{3041}", "の", "ゝ", "\u{309F}", "ア", "ン", "ロ", "エ",
                "ー", "\u{30FF}",
            ]), 1..8),
        ) {
            // (What lets `ascii_cjk_words_end` pass such words by. With an ASCII letter, a rare
            // ideograph such as U+4000, which UTS #39 does not recommend in identifiers, makes
            // the word unrestricted: U+4000 then `a` is a mixed-script finding.)
            let word: String = picks.concat();
            prop_assert_eq!(words::analyse(&word), words::Verdict::Nothing, "{}", word);
        }
    }

    #[test]
    fn the_kana_passed_by_are_plain_japanese_word_characters_inert_for_nfc_that_look_like_no_ascii()
    {
        use chartable::{JAPANESE, NFC_INERT, NO_ASCII_LOOK, NO_ASCII_SKELETON, PLAIN, WORD};
        let mut passed = 0;
        for cp in 0x3000..=0x30FFu32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let mut b = [0; 4];
            if !is_kana_lead(c.encode_utf8(&mut b).as_bytes(), 0) {
                continue;
            }
            let f = chartable::flags_at(cp).unwrap();
            let all = PLAIN | WORD | NFC_INERT | JAPANESE;
            assert_eq!(f & all, all, "U+{cp:04X}");
            assert_ne!(f & (NO_ASCII_LOOK | NO_ASCII_SKELETON), 0, "U+{cp:04X}");
            passed += 1;
        }
        // U+3041 to U+3096, U+309D to U+309F, U+30A1 to U+30FF but two.
        assert_eq!(passed, 0x56 + 3 + 0x5F - 2);
    }

    #[test]
    fn words_of_ascii_and_han_end_before_the_last_word_that_may_go_on() {
        if crate::simd::blocks::ascii_cjk_bytes(&[0; 34]).is_none() {
            // (Without AVX2 the general path reads these words: nothing is passed by.)
            assert_eq!(
                ascii_cjk_words_end("火星 是 火星 是 火星 是 火星 是".as_bytes(), 0),
                0
            );
            return;
        }
        fn end(text: &str) -> (&str, &str) {
            text.split_at(ascii_cjk_words_end(text.as_bytes(), 0))
        }
        let markup = "火星是[[太阳系]]由内往外数的第四颗[[行星]]，属于类地行星，直径约为地球的53%";
        // Chinese punctuation is a separator: the words go on after it.
        let more = "ж and more text for a window";
        assert_eq!(
            end(&format!("{markup}。{more}")),
            (&*format!("{markup}。"), more)
        );
        assert_eq!(
            end(&format!("{markup} {more}")),
            (&*format!("{markup} "), more)
        );
        // A letter of ASCII or of another script may go on with the last word (U+4000 then `a`
        // mixes scripts), a control character is a finding, `ノ` looks like `/`, a voiced sound
        // mark composes with the kana before it: the word before is left to the general path.
        assert_ne!(words::analyse("\u{4000}a"), words::Verdict::Nothing);
        for stop in ["a", "ж", "\u{1}", "\u{FE00}", "ノ", "\u{3099}", "\u{0F00}"] {
            let text = format!("{markup} 中文{stop} and more text for a window");
            assert_eq!(
                end(&text),
                (
                    &*format!("{markup} "),
                    &*format!("中文{stop} and more text for a window")
                )
            );
        }
        // The last 34 bytes are left to the general path, from the start of their first word.
        assert_eq!(end("火星 是"), ("", "火星 是"));
        // A mark after a separator: the separator's place.
        let text = format!("{markup} 2=\u{0338}3 and more text for a window");
        assert_eq!(end(&text).1, "\u{0338}3 and more text for a window");
    }

    #[test]
    fn words_of_syllables_end_at_punctuation_or_before_the_last_word_that_may_go_on() {
        fn end(text: &str) -> (&str, &str) {
            text.split_at(syllable_words_end(text.as_bytes(), 0))
        }
        assert_eq!(
            end("모든 권력은 국민으로부터. 나온다"),
            ("모든 권력은 국민으로부터", ". 나온다")
        );
        assert_eq!(
            end("모든 권력은 국민으로부터"),
            ("모든 권력은 국민으로부터", "")
        );
        // The last word goes on with a letter, a digit, a jamo, a character of another script.
        for after in ["a", "3", "\u{11A8}", "中", "\u{00B7}"] {
            let text = format!("모든 권력은 국민{after} 나온다");
            assert_eq!(
                end(&text),
                ("모든 권력은 ", &*format!("국민{after} 나온다"))
            );
        }
        // One word that goes on: nothing.
        assert_eq!(end("국민a"), ("", "국민a"));
        // Longer than the windows of 32 bytes.
        let text = format!("{}.", "대통령은 국가의 원수이며 ".repeat(5));
        assert_eq!(end(&text), (&text[..text.len() - 1], "."));
    }

    #[test]
    fn punctuation_between_words_is_made_separators_and_other_characters_are_not() {
        for c in [
            '«', '»', '—', '–', '…', '°', '·', '\u{060C}', '\u{061F}', '\u{0964}',
        ] {
            assert!(is_separator(c), "{c:?}");
        }
        // Not NFC (U+0387 is U+00B7 in NFC), invisible, a word character, a letter.
        for c in ['\u{0387}', '\u{00AD}', '\u{0640}', 'ж', '\u{0651}'] {
            assert!(!is_separator(c), "{c:?}");
        }
        let classes_in = |text: &str, len: usize| {
            let script = script_at("ж".as_bytes(), 0).unwrap();
            let mut window = [b' '; 66];
            window[2..2 + text.len()].copy_from_slice(text.as_bytes());
            classify(&window, script, len)
        };
        let classes_of = |text: &str| classes_in(text, text.len());
        // Between Cyrillic words, only the two-byte U+0387 is left to the general path.
        let text = "сор — «сор» сор\u{0387}сор";
        let classes = classes_of(text);
        let at = text.find('\u{0387}').unwrap();
        assert_eq!(classes.other, 0b11 << at, "{:b}", classes.other);
        let dash = text.find('—').unwrap();
        assert_eq!(classes.separator >> dash & 0b111, 0b111);
        assert_eq!(classes.word >> dash & 0b111, 0);
        // The first byte not made a separator ends the look: a dash after it stays.
        let text = "сор\u{0387}сор—сор";
        let classes = classes_of(text);
        assert_ne!(classes.other >> text.find('—').unwrap() & 0b111, 0);
        // Past the text's length nothing is looked at.
        let classes = classes_in("сор—", "сор".len());
        assert_eq!(classes.other >> "сор".len() & 0b111, 0b111);
    }

    #[test]
    fn one_vowel_mark_after_a_letter_is_read_and_two_in_a_row_are_not() {
        let script = script_at("ب".as_bytes(), 0).unwrap();
        let classes_of = |text: &str| {
            let mut window = [b' '; 66];
            window[2..2 + text.len()].copy_from_slice(text.as_bytes());
            classify(&window, script, text.len())
        };
        // A shadda after a beh, a damma at the text's end: their bytes stay word bytes.
        let text = "\u{0628}\u{0651}\u{0628} \u{0628}\u{064F}";
        let classes = classes_of(text);
        assert_eq!(classes.other, 0, "{:b}", classes.other);
        assert_eq!(classes.word, 0b11_1111 | 0b1111 << 7);
        // A shadda then a fatha (33 before 30, not NFC's order): both left to the general path.
        let text = "\u{0628}\u{0651}\u{064E}\u{0628}";
        assert_eq!(classes_of(text).other, 0b10 << 2 | 0b10 << 4);
    }

    #[test]
    fn the_simd_classifier_runs_here() {
        // The property test above compares nothing where it does not: the CI machine has AVX2
        // (its second run of the tests turns SIMD off, and the fast paths with it).
        if cfg!(target_arch = "x86_64") && crate::simd::enabled() {
            assert!(super::super::fast::available());
        } else {
            assert!(!super::super::fast::available());
        }
    }

    #[test]
    fn cyrillic_greek_hebrew_arabic_and_latin_have_alphabets_of_their_script() {
        let simple = |c: char| {
            let mut b = [0; 4];
            let b = c.encode_utf8(&mut b).as_bytes();
            let script = script_at(b, 0).expect("an alphabet");
            let k = usize::from(b[b.len() - 2] & 1) << 6 | usize::from(b[b.len() - 1] & 0x3F);
            let has = |t: &[u8; 16]| t[k / 8] & (1 << (k % 8)) != 0;
            (
                has(&script.alphabet.simple),
                has(&script.alphabet.twinless),
                script.latin,
            )
        };
        // Cyrillic: а looks like a, ж does not.
        assert_eq!(simple('а'), (true, false, false));
        assert_eq!(simple('ж'), (true, true, false));
        assert_eq!(simple('λ'), (true, true, false));
        assert_eq!(simple('ש'), (true, true, false));
        assert_eq!(simple('م'), (true, true, false));
        // Latin: é's skeleton keeps its accent; NBSP, a mark and Latin-1's signs are not simple.
        assert_eq!(simple('é'), (true, true, true));
        assert!(!simple('\u{A0}').0);
        assert!(!simple('«').0);
        assert!(!simple('\u{301}').0);
        // Hebrew's points of the lowest class (sheva, 10) are simple, the others (hiriq, 14)
        // are not; Arabic's comma is no word character.
        assert!(simple('\u{5B0}').0);
        assert!(!simple('\u{5B4}').0);
        assert!(!simple('،').0);
        // Three bytes: Devanagari's letters, vowel signs and virama (combining class 9), not
        // its nukta (class 7, the second of compositions) nor its stress signs (class 230);
        // Thai; Georgian.
        assert_eq!(simple('क'), (true, true, false));
        assert_eq!(simple('\u{93E}'), (true, true, false));
        assert!(simple('\u{94D}').0);
        assert!(!simple('\u{93C}').0);
        assert!(!simple('\u{951}').0);
        // The same, as the driver asks before it reads a window.
        for (c, simple) in [
            ('ж', true),
            ('×', false),
            ('\u{94D}', true),
            ('\u{93C}', false),
        ] {
            let mut b = [0; 4];
            let b = c.encode_utf8(&mut b).as_bytes();
            assert_eq!(script_at(b, 0).unwrap().simple_at(b, 0), simple, "{c}");
        }
        assert_eq!(simple('ก'), (true, true, false));
        assert_eq!(simple('ა'), (true, true, false));
    }

    /// The classes of `text`'s first 64 bytes, `text` padded with spaces, in the alphabet of
    /// `example`.
    fn classes_of(text: &str, example: &str) -> (ByteClasses, &'static Script) {
        let mut window = [b' '; 66];
        window[2..2 + text.len()].copy_from_slice(text.as_bytes());
        let script = script_at(example.as_bytes(), 0).unwrap();
        (classify_bytes(&window, &script.alphabet), script)
    }

    fn words_read<'t>(text: &'t str, example: &str) -> (Vec<&'t str>, Read) {
        let (classes, script) = classes_of(text, example);
        let mut looked = Vec::new();
        let read = read_words(&classes, script, |s, e| looked.push(&text[s..e]));
        (looked, read)
    }

    #[test]
    fn words_that_may_look_like_ascii_or_mix_scripts_are_looked_at() {
        let (looked, read) = words_read("жизнь ессе paypal p\u{0430}ypal Москва x_жук ор", "ж");
        // "ессе" looks like ASCII; "p\u{0430}ypal" and "x_жук" mix scripts; "ор" would look
        // like ASCII, but a word of three characters or fewer all in one script is too short
        // to count.
        assert_eq!(looked, ["ессе", "p\u{0430}ypal", "x_жук"]);
        assert_eq!(read, Read { next: 64, stop: 64 });
        let (looked, _) = words_read("сор ор х1 х_ро хх_р", "ж");
        assert_eq!(looked, ["х_ро", "хх_р"]);
        // Characters of three bytes: Devanagari's digit zero looks like o.
        let (looked, _) = words_read("०० ०००० ०", "क");
        assert_eq!(looked, ["००००"]);
    }

    #[test]
    fn a_window_ended_early_is_classed_as_one_copied_with_a_space_and_controls_after() {
        let script = script_at("क".as_bytes(), 0).unwrap();
        let text = "सोरत जाने क\u{94D}ष, \nनि\u{FFFD}र्देश\u{1}x";
        for end in (0..=text.len().min(63)).filter(|&e| text.is_char_boundary(e)) {
            let mut in_place = [b'.'; 66];
            in_place[2..2 + text.len()].copy_from_slice(text.as_bytes());
            let mut classes = classify_bytes(&in_place, &script.alphabet);
            end_window_at(&mut classes, end);
            let mut copied = [1; 66];
            copied[2..2 + end].copy_from_slice(&text.as_bytes()[..end]);
            copied[2 + end] = b' ';
            assert_eq!(classes, classify_bytes(&copied, &script.alphabet), "{end}");
        }
    }

    #[test]
    fn latin_words_may_have_ascii_letters() {
        let (looked, _) = words_read("ação café naïve", "é");
        assert!(looked.is_empty(), "{looked:?}");
    }

    #[test]
    fn the_fast_path_stops_at_a_word_it_cannot_read() {
        // An em dash (three bytes) stops it; the word before the dash is left to the general path.
        let text = "жизнь сор—мир";
        let (looked, read) = words_read(text, "ж");
        assert_eq!(looked, Vec::<&str>::new());
        let dash = text.find('—').unwrap();
        assert_eq!(
            read,
            Read {
                next: text.find("сор").unwrap(),
                stop: dash
            }
        );
        // A control character after a separator: everything before it is read.
        let (looked, read) = words_read("ессе \u{1}", "ж");
        assert_eq!(looked, ["ессе"]);
        assert_eq!(read, Read { next: 9, stop: 9 });
        // A word that goes on past the window is not read.
        let long = "ж".repeat(40);
        let (_, read) = words_read(&long[..64], "ж");
        assert_eq!(read, Read { next: 0, stop: 64 });
    }
}
