//! The candidate repairs of one line: every chain step whose structure fits, with the places it
//! changes. Which one (if any) is right is decided by plausibility, in `decide`.

use super::codec::{CodecId, Codecs, Mask, codecs};
use super::place::Replacement;
use super::reread::{Stretches, reread, stretches};
use super::scan;
use super::types::Step;
use super::words::alphabetic;
use crate::encoding::{self, Encoding};
use std::sync::OnceLock;

/// One way to repair a line.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub(crate) step: Step,
    pub(crate) replacements: Vec<Replacement>,
    /// The line with the replacements made.
    pub(crate) text: String,
    /// The line it repairs.
    pub(crate) line: std::sync::Arc<str>,
    /// How many characters of the line are beyond ASCII.
    pub(crate) non_ascii: usize,
    /// Lower is preferred when two candidates are as plausible.
    pub(crate) order: usize,
    /// Whether the step reads UTF-8 back (its sequences are structural evidence).
    pub(crate) utf8: bool,
    /// Whether the encoding it undoes has one byte per character.
    pub(crate) single_byte: bool,
}

impl Candidate {
    /// Sequences decoded whole.
    pub(crate) fn complete(&self) -> usize {
        self.replacements.iter().map(|r| r.complete).sum()
    }

    /// Sequences that lost a byte.
    pub(crate) fn lossy(&self) -> usize {
        self.replacements.iter().map(|r| r.lost.len()).sum()
    }

    /// The share of the line's characters beyond ASCII that its places replace.
    pub(crate) fn coverage(&self) -> f64 {
        let all = self.non_ascii.max(1);
        let replaced: usize = self
            .replacements
            .iter()
            .map(|r| {
                self.line[r.start..r.end]
                    .chars()
                    .filter(|ch| !ch.is_ascii())
                    .count()
            })
            .sum();
        replaced as f64 / all as f64
    }

    /// Whether it reads C1 controls back as windows-1252 (bytes 80-9F read as true ISO-8859-1):
    /// the controls are evidence of their own.
    pub(crate) fn c1_reread(&self) -> bool {
        !self.utf8
            && self.step.encode.name() == "true-ISO-8859-1"
            && self.step.decode.name() == "windows-1252"
    }
}

/// A UTF-8 reading that replaces this share of a line's characters beyond ASCII rules rereads
/// out.
pub(crate) const FULL_COVERAGE: f64 = 0.8;

/// Which lines a reread is tried on: the shape its mojibake has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Three characters in a row from the upper half of the wrong encoding (a legacy two-byte
    /// or non-Latin single-byte text read as windows-1252 is all such runs).
    HighRun,
    /// C1 control characters (windows-1252 bytes read as true ISO-8859-1).
    C1,
    /// A lower-case Cyrillic letter right before an upper-case one (KOI8 and windows-1251 put
    /// the cases in opposite halves).
    CyrillicCase,
    /// Han ideographs beside Greek or Cyrillic letters, box drawing or pinyin (Big5 read as GBK:
    /// Big5's commonest lead bytes are GBK's rows of those).
    HanAndOthers,
    /// Han ideographs beside bopomofo (GBK read as Big5: GBK's punctuation row is Big5's
    /// bopomofo).
    HanAndBopomofo,
    /// Half-width katakana (EUC-JP read as Shift_JIS).
    HalfwidthKana,
    /// A letter of windows-1250 where windows-1252 has another letter ("năo" for "não", "trčs"
    /// for "très"): Western text read as Central European.
    CentralLetter,
    /// A letter of Latin Extended-A or -B that windows-1252 lacks (Western text read as
    /// ISO-8859-2, ISO-8859-13 or windows-1257: "trčs", "mūsų" for "mûsø").
    ExtendedLatin,
    /// A word with ASCII letters and Cyrillic ones (Western text read as a Cyrillic code page:
    /// "tr" and a Cyrillic и, then "s", for "très").
    CyrillicInLatinWord,
    /// A word with ASCII letters and Greek ones (Western text read as windows-1253).
    GreekInLatinWord,
    /// Icelandic and Nordic letters (ð þ ý ø æ): where Turkish and Baltic text read as
    /// windows-1252 puts its own letters ("aðaç" for "ağaç", "mûsø" for "mūsų").
    NordicLetters,
}

/// The single-byte code pages whose text is met read as windows-1252 or ISO-8859-1: Central
/// European, Cyrillic, Greek, Turkish, Hebrew, Arabic, Baltic and Thai.
const SINGLE_BYTE_TEXT: [&str; 16] = [
    "windows-1250",
    "iso-8859-2",
    "windows-1251",
    "koi8-r",
    "koi8-u",
    "ibm866",
    "x-mac-cyrillic",
    "iso-8859-5",
    "windows-1253",
    "iso-8859-7",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "iso-8859-13",
    "windows-874",
];

struct Reread {
    wrong: &'static Encoding,
    right: &'static Encoding,
    shape: Shape,
    ascii_trails: bool,
}

fn rereads() -> &'static [Reread] {
    static LIST: OnceLock<Vec<Reread>> = OnceLock::new();
    LIST.get_or_init(|| {
        let e = |l: &str| encoding::for_label(l).expect("a registry label");
        let mut list = Vec::new();
        let mut add = |wrong: &str, right: &str, shape: Shape, ascii_trails: bool| {
            list.push(Reread {
                wrong: e(wrong),
                right: e(right),
                shape,
                ascii_trails,
            })
        };
        add("true-iso-8859-1", "windows-1252", Shape::C1, false);
        for right in ["gbk", "big5", "shift_jis", "euc-kr", "euc-jp"] {
            add(
                "windows-1252",
                right,
                Shape::HighRun,
                right != "euc-kr" && right != "euc-jp",
            );
        }
        // Text of every single-byte code page people meet, read as windows-1252 (or as true
        // ISO-8859-1, where its bytes 80-9F became C1 controls).
        for right in SINGLE_BYTE_TEXT {
            add("windows-1252", right, Shape::HighRun, false);
        }
        for right in SINGLE_BYTE_TEXT {
            add("true-iso-8859-1", right, Shape::C1, false);
        }
        // Turkish and Baltic text keeps most of its letters read as windows-1252: the few it
        // changes are Nordic letters, seldom three in a row.
        for right in ["windows-1254", "windows-1257", "iso-8859-13"] {
            add("windows-1252", right, Shape::NordicLetters, false);
        }
        // And the reverse: Western text read with one of them.
        add("windows-1250", "windows-1252", Shape::CentralLetter, false);
        for wrong in ["iso-8859-2", "windows-1257", "iso-8859-13"] {
            add(wrong, "windows-1252", Shape::ExtendedLatin, false);
        }
        for wrong in [
            "windows-1251",
            "koi8-r",
            "koi8-u",
            "ibm866",
            "x-mac-cyrillic",
        ] {
            add(wrong, "windows-1252", Shape::CyrillicInLatinWord, false);
        }
        add(
            "windows-1253",
            "windows-1252",
            Shape::GreekInLatinWord,
            false,
        );
        add("windows-1251", "koi8-r", Shape::CyrillicCase, false);
        add("koi8-r", "windows-1251", Shape::CyrillicCase, false);
        add("windows-1251", "koi8-u", Shape::CyrillicCase, false);
        add("gbk", "big5", Shape::HanAndOthers, true);
        add("big5", "gbk", Shape::HanAndBopomofo, true);
        add("shift_jis", "euc-jp", Shape::HalfwidthKana, false);
        list
    })
}

/// What a line looks like, for the quick filters.
#[derive(Default)]
struct Looks {
    /// Codecs in which some character starts a UTF-8 sequence that the next continues.
    utf8: Mask,
    /// Codecs whose upper half has three characters of the line in a row.
    high_run: Mask,
    bopomofo: bool,
    c1: bool,
    cyrillic_case: bool,
    han: bool,
    others: bool,
    halfwidth_kana: bool,
    central_letter: bool,
    extended_latin: bool,
    cyrillic_in_latin_word: bool,
    greek_in_latin_word: bool,
    nordic_letters: bool,
    /// Cyrillic letters, and how many of them are capitals.
    cyrillic: (usize, usize),
}

impl Looks {
    /// Whether the line looks as reread `r` expects: its shape, checked before any reading.
    fn fits(&self, r: &Reread) -> bool {
        match r.shape {
            Shape::HighRun => codecs()
                .of(r.wrong)
                .is_some_and(|w| self.high_run & w.bit != 0),
            Shape::C1 => self.c1,
            // Or all capitals: KOI8-R and windows-1251 swap the cases, so small letters read
            // the other way are all capitals ("ОП ЧП ЧУЈН" for "но во всём").
            Shape::CyrillicCase => {
                self.cyrillic_case
                    || (self.cyrillic.0 >= CYRILLIC_CAPITALS && self.cyrillic.1 == self.cyrillic.0)
            }
            Shape::HanAndOthers => self.han && self.others,
            Shape::HanAndBopomofo => self.han && self.bopomofo,
            Shape::HalfwidthKana => self.halfwidth_kana,
            Shape::CentralLetter => self.central_letter,
            Shape::ExtendedLatin => self.extended_latin,
            Shape::CyrillicInLatinWord => self.cyrillic_in_latin_word,
            Shape::GreekInLatinWord => self.greek_in_latin_word,
            Shape::NordicLetters => self.nordic_letters,
        }
    }
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

fn is_other_than_han(c: char) -> bool {
    matches!(c, '\u{370}'..='\u{3FF}' | '\u{400}'..='\u{4FF}' | '\u{2500}'..='\u{257F}')
}

/// A letter of windows-1250 whose byte is another letter in windows-1252 (a match on the
/// characters: the search asks of every character beyond ASCII of a line).
fn is_central_letter(c: char) -> bool {
    matches!(
        c,
        'Ŕ' | 'Ă'
            | 'Ĺ'
            | 'Ć'
            | 'Č'
            | 'Ę'
            | 'Ě'
            | 'Ď'
            | 'Đ'
            | 'Ń'
            | 'Ň'
            | 'Ő'
            | 'Ř'
            | 'Ů'
            | 'Ű'
            | 'Ţ'
            | 'ŕ'
            | 'ă'
            | 'ĺ'
            | 'ć'
            | 'č'
            | 'ę'
            | 'ě'
            | 'ď'
            | 'đ'
            | 'ń'
            | 'ň'
            | 'ő'
            | 'ř'
            | 'ů'
            | 'ű'
            | 'ţ'
    )
}

/// An Icelandic or Nordic letter (ð þ ý ø æ, small or capital): where Turkish and Baltic text
/// read as windows-1252 puts its own letters.
fn is_nordic_letter(c: char) -> bool {
    matches!(c, 'ð' | 'þ' | 'ý' | 'Ð' | 'Þ' | 'Ý' | 'ø' | 'æ' | 'Ø' | 'Æ')
}

/// A letter of Latin Extended-A or -B that windows-1252 does not have.
fn is_extended_latin(c: char) -> bool {
    ('\u{100}'..='\u{24F}').contains(&c)
        && !matches!(c, 'Œ' | 'œ' | 'Š' | 'š' | 'Ž' | 'ž' | 'Ÿ' | 'ƒ')
}

/// Cyrillic letters, all capitals, that a line must have to be tried as KOI8-R and
/// windows-1251 read one as the other (a short word in capitals is an abbreviation).
const CYRILLIC_CAPITALS: usize = 8;

/// What follows the UTF-8 sequences a line's characters would make, read back in each codec,
/// character by character (see [`looks`]).
struct Tracker {
    /// Codecs whose upper half has the previous character, and the two previous characters.
    run1: Mask,
    run2: Mask,
    /// Single-byte codecs in which the characters before open a UTF-8 sequence that still
    /// needs one continuation (`need1`), two (`need2`) or three (`need3`), and those in which
    /// a sequence ended at the previous character (`done`). Rarer codecs must repair whole
    /// words (see `decide::whole_words`): their sequences start after a character that is not
    /// a non-ASCII letter (or right after another sequence), and count once the word ends.
    need1: Mask,
    need2: Mask,
    need3: Mask,
    done: Mask,
    boundary: bool,
    boundary_before_prev: bool,
    /// Two-byte codecs (bits of `CharLook`): those in which a word starts with a character
    /// whose two bytes are a lead and a continuation, or with a lead followed by a character
    /// starting with a continuation; and what the previous character starts with.
    double: u8,
    prev_lead: u8,
    prev_pair: u8,
}

impl Tracker {
    fn new() -> Tracker {
        Tracker {
            run1: 0,
            run2: 0,
            need1: 0,
            need2: 0,
            need3: 0,
            done: 0,
            boundary: true,
            boundary_before_prev: true,
            double: 0,
            prev_lead: 0,
            prev_pair: 0,
        }
    }

    /// Takes in `ch`, marking in `l` the codecs in which a sequence ends and the runs of
    /// three upper-half characters.
    fn step(&mut self, l: &mut Looks, c: &Codecs, ch: char) {
        let look = c.char_look(ch as usize);
        let single = c.single(look.single);
        // A U+FFFD may stand for any lost byte; a '?' or a space only for the last one (a
        // converter's substitute, a no-break space turned into a space).
        let (cont, double_cont) = if ch == '\u{FFFD}' {
            (Mask::MAX, u8::MAX)
        } else {
            (single.cont, look.cont())
        };
        let last = match ch {
            '?' => Mask::MAX,
            ' ' => c.nbsp,
            _ => cont,
        };
        let here_boundary = ch.is_ascii() || !(look.alpha() || (ch > '\u{FFFF}' && alphabetic(ch)));
        if here_boundary {
            l.utf8 |= self.done;
        }
        let ended = self.need1 & last & !c.double;
        l.utf8 |= ended & c.anywhere;
        let (n1, n2) = (self.need2 & cont, self.need3 & cont);
        let may_start = if self.boundary {
            Mask::MAX
        } else {
            self.done | c.anywhere
        };
        self.need1 = n1 | (single.lead_n[0] & may_start);
        self.need2 = n2 | (single.lead_n[1] & may_start);
        self.need3 = single.lead_n[2] & may_start;
        self.done = ended;
        let before_prev = self.boundary_before_prev;
        self.boundary_before_prev = self.boundary;
        self.boundary = here_boundary;
        if before_prev {
            self.double |= self.prev_pair | (self.prev_lead & double_cont);
        }
        (self.prev_lead, self.prev_pair) = (look.lead(), look.pair());
        l.high_run |= self.run2 & single.high;
        self.run2 = self.run1 & single.high;
        self.run1 = single.high;
    }

    /// Marks in `l` what the end of the line ends.
    fn finish(self, l: &mut Looks, c: &Codecs) {
        l.utf8 |= self.done | c.double_mask(self.double);
    }
}

/// Marks in `l` the scripts and letters that `ch` (after `prev`) shows.
fn note_scripts(l: &mut Looks, prev: Option<char>, ch: char) {
    if prev.is_some_and(|p| ('\u{430}'..='\u{45F}').contains(&p))
        && ('\u{400}'..='\u{42F}').contains(&ch)
    {
        l.cyrillic_case = true;
    }
    l.central_letter |= is_central_letter(ch);
    l.extended_latin |= is_extended_latin(ch);
    l.nordic_letters |= is_nordic_letter(ch);
    if prev.is_some_and(|p| p.is_ascii_alphabetic()) || ch.is_ascii_alphabetic() {
        let other = if ch.is_ascii_alphabetic() {
            prev
        } else {
            Some(ch)
        };
        match other {
            Some('\u{400}'..='\u{45F}') => l.cyrillic_in_latin_word = true,
            Some('\u{370}'..='\u{3FF}') => l.greek_in_latin_word = true,
            _ => {}
        }
    }
    if ('\u{400}'..='\u{45F}').contains(&ch) {
        l.cyrillic.0 += 1;
        l.cyrillic.1 += usize::from(ch < '\u{430}');
    }
    match ch {
        '\u{80}'..='\u{9F}' => l.c1 = true,
        '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' => {
            l.han = true;
            l.others |= prev.is_some_and(is_other_than_han);
        }
        '\u{370}'..='\u{3FF}' | '\u{400}'..='\u{4FF}' | '\u{2500}'..='\u{257F}' => {
            // Right beside an ideograph: Big5's commonest rows read in GBK.
            l.others |= prev.is_some_and(is_han);
        }
        '\u{3100}'..='\u{312F}' | '\u{31A0}'..='\u{31BF}' => l.bopomofo = true,
        '\u{FF61}'..='\u{FF9F}' => l.halfwidth_kana = true,
        _ => {}
    }
}

fn looks(line: &str) -> Looks {
    let c = codecs();
    let mut l = Looks::default();
    let mut prev: Option<char> = None;
    let mut tracker = Tracker::new();
    // ASCII characters in a row just before: after two, nothing above is left but `prev`.
    let mut ascii_run = 2;
    let mut rest = line;
    while let Some(ch) = rest.chars().next() {
        if ch.is_ascii() && ascii_run >= 2 {
            // Nothing to carry over: the ASCII that follows changes nothing but `prev`.
            let next = ascii_len(rest.as_bytes());
            prev = Some(char::from(rest.as_bytes()[next - 1]));
            rest = &rest[next..];
            continue;
        }
        rest = &rest[ch.len_utf8()..];
        ascii_run = if ch.is_ascii() { ascii_run + 1 } else { 0 };
        tracker.step(&mut l, c, ch);
        note_scripts(&mut l, prev, ch);
        prev = Some(ch);
    }
    tracker.finish(&mut l, c);
    l
}

/// How many bytes `bytes` start with that are ASCII: eight at a time (mixed text has long
/// stretches of ASCII, links and markup, between its words).
fn ascii_len(bytes: &[u8]) -> usize {
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let high =
            u64::from_le_bytes(word.try_into().expect("eight bytes")) & 0x8080_8080_8080_8080;
        if high != 0 {
            return at + (high.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    at + words
        .remainder()
        .iter()
        .position(|&b| b >= 0x80)
        .unwrap_or(words.remainder().len())
}

fn apply(line: &str, replacements: &[Replacement]) -> String {
    // The length of the result, so that it is made in one go (a reread may write longer
    // characters than it replaces).
    let len = replacements
        .iter()
        .fold(line.len(), |len, r| len - (r.end - r.start) + r.text.len());
    let mut out = String::with_capacity(len);
    let mut at = 0;
    for r in replacements {
        out.push_str(&line[at..r.start]);
        out.push_str(&r.text);
        at = r.end;
    }
    out.push_str(&line[at..]);
    out
}

/// The structurally possible repairs of `line` (which is not all ASCII) that `keep` accepts
/// (`decide` keeps those whose places are sound), one for each text they make (the first, in
/// order), in order.
#[cfg(test)]
pub(crate) fn candidates(line: &str, keep: fn(&Candidate) -> bool) -> Vec<Candidate> {
    let mut found = readings(line, keep);
    let mut all = std::mem::take(&mut found.utf8);
    all.extend(found.rereads());
    all
}

/// The candidates of [`candidates`] that read UTF-8 back, without the rereads of legacy text.
pub(crate) fn utf8_candidates(line: &str, keep: fn(&Candidate) -> bool) -> Vec<Candidate> {
    utf8_readings(line, keep, false).utf8
}

/// The candidates of [`candidates`]: the UTF-8 readings made at once, the rereads of legacy
/// text when they are asked for (a line that a UTF-8 reading repairs seldom needs them).
pub(crate) fn readings(line: &str, keep: fn(&Candidate) -> bool) -> Readings<'_> {
    utf8_readings(line, keep, true)
}

/// The candidates of a line: its UTF-8 readings, and its rereads, made by [`Readings::rereads`]
/// the first time they are asked for.
pub(crate) struct Readings<'a> {
    /// The UTF-8 readings that `keep` accepts, the first of each text, in order.
    pub(crate) utf8: Vec<Candidate>,
    rereads: Rereads<'a>,
}

/// The rereads of a line, made or still to make.
enum Rereads<'a> {
    Made(Vec<Candidate>),
    Due(Box<Due<'a>>),
}

/// What the rereads of a line are made with.
struct Due<'a> {
    line: &'a str,
    looks: Looks,
    kept: Kept,
    /// The texts of the UTF-8 readings kept: a reread that makes one of them is not kept.
    utf8_texts: Vec<String>,
}

impl Readings<'_> {
    /// The rereads that `keep` accepts, the first of each text (none makes the text of a UTF-8
    /// reading), in order: made now if they were not.
    pub(crate) fn rereads(&mut self) -> Vec<Candidate> {
        match std::mem::replace(&mut self.rereads, Rereads::Made(Vec::new())) {
            Rereads::Made(made) => made,
            Rereads::Due(due) => (*due).make(),
        }
    }

    /// Whether the line has no candidate at all (the rereads are made only when there is no
    /// UTF-8 reading).
    pub(crate) fn is_empty(&mut self) -> bool {
        if !self.utf8.is_empty() {
            return false;
        }
        let rereads = self.rereads();
        let empty = rereads.is_empty();
        self.rereads = Rereads::Made(rereads);
        empty
    }
}

impl Due<'_> {
    fn make(self) -> Vec<Candidate> {
        let Due {
            line,
            looks,
            mut kept,
            utf8_texts,
        } = self;
        // The line cut and encoded for each wrong encoding tried (a few: most rereads are from
        // windows-1252 or true ISO-8859-1).
        let mut cut: Vec<Stretches> = Vec::new();
        for (k, r) in rereads().iter().enumerate() {
            if !looks.fits(r) {
                continue;
            }
            let at = match cut.iter().position(|s| s.of(r.wrong, r.ascii_trails)) {
                Some(at) => at,
                None => {
                    cut.push(stretches(line, r.wrong, r.ascii_trails));
                    cut.len() - 1
                }
            };
            let replacements = reread(line, &cut[at], r.right);
            if replacements.is_empty() {
                continue;
            }
            let candidate = Candidate {
                step: Step {
                    encode: r.wrong,
                    decode: r.right,
                },
                replacements,
                text: String::new(),
                line: kept.shared_line(line),
                non_ascii: kept.non_ascii,
                order: 128 + k,
                utf8: false,
                single_byte: r.wrong.is_single_byte(),
            };
            kept.offer(candidate, &utf8_texts);
        }
        kept.out
    }
}

/// The candidates kept so far, each made once: a reading is judged by `keep` before its text is
/// made, and one whose places are those of a reading already kept (so is its text) is not
/// judged at all.
struct Kept {
    keep: fn(&Candidate) -> bool,
    out: Vec<Candidate>,
    /// The line, shared by the candidates (made with the first).
    shared: Option<std::sync::Arc<str>>,
    /// How many characters of the line are beyond ASCII.
    non_ascii: usize,
}

impl Kept {
    fn shared_line(&mut self, line: &str) -> std::sync::Arc<str> {
        self.shared.get_or_insert_with(|| line.into()).clone()
    }

    /// Takes in `c` (its text not made yet) unless `keep` refuses it, or a candidate before it
    /// (or one of `also`) makes the same text.
    fn offer(&mut self, mut c: Candidate, also: &[String]) {
        if self.out.iter().any(|k| k.replacements == c.replacements) || !(self.keep)(&c) {
            return;
        }
        c.text = apply(&c.line, &c.replacements);
        if self.out.iter().all(|k| k.text != c.text) && !also.contains(&c.text) {
            self.out.push(c);
        }
    }
}

fn utf8_readings(line: &str, keep: fn(&Candidate) -> bool, rereads_too: bool) -> Readings<'_> {
    let l = looks(line);
    let c = codecs();
    let mut kept = Kept {
        keep,
        out: Vec::new(),
        shared: None,
        non_ascii: line.chars().filter(|ch| !ch.is_ascii()).count(),
    };
    // Whether a UTF-8 reading takes in most of the line's characters beyond ASCII: then no
    // reread is tried (decide would rule them out: UTF-8's structure is the stronger evidence).
    // Every reading counts, whether `keep` takes it or not.
    let mut utf8_covers = false;
    let mut mask = l.utf8;
    while mask != 0 {
        let id: CodecId = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let codec = &c.list[id];
        let replacements = scan::find(line, codec);
        // Lost bytes alone are judged by `decide::structural` (inside a word they may be).
        if replacements
            .iter()
            .all(|r| r.complete == 0 && r.lost.is_empty())
        {
            continue;
        }
        let candidate = Candidate {
            step: Step {
                encode: codec.encoding,
                decode: encoding::UTF_8,
            },
            replacements,
            text: String::new(),
            line: kept.shared_line(line),
            non_ascii: kept.non_ascii,
            order: id,
            utf8: true,
            single_byte: codec.single_byte,
        };
        utf8_covers |= candidate.lossy() == 0 && candidate.coverage() >= FULL_COVERAGE;
        kept.offer(candidate, &[]);
    }
    let utf8 = std::mem::take(&mut kept.out);
    let rereads = if rereads_too && !utf8_covers {
        Rereads::Due(Box::new(Due {
            line,
            looks: l,
            utf8_texts: utf8.iter().map(|c| c.text.clone()).collect(),
            kept,
        }))
    } else {
        Rereads::Made(Vec::new())
    };
    Readings { utf8, rereads }
}

#[cfg(test)]
mod tests {
    use super::{Candidate, ascii_len, candidates};
    use crate::repair::fix;
    use std::cell::Cell;

    thread_local! {
        static JUDGED: Cell<usize> = const { Cell::new(0) };
    }

    fn judged(verdict: bool) -> impl Fn(&Candidate) -> bool {
        move |_| {
            JUDGED.set(JUDGED.get() + 1);
            verdict
        }
    }

    #[test]
    fn the_rereads_are_made_when_asked_for() {
        // A UTF-8 reading that lost a byte (so it does not rule the rereads out), and three
        // letters in a row from windows-1252's upper half (the shape rereads are tried on).
        let line = "d\u{c3}\u{fffd}j\u{e0} \u{e8}\u{e9}\u{ea}\u{eb}";
        JUDGED.set(0);
        let mut found = super::readings(line, |c| judged(true)(c));
        let utf8 = JUDGED.get();
        assert!(!found.utf8.is_empty() && found.utf8.iter().all(|c| c.utf8));
        assert_eq!(utf8, found.utf8.len());
        let rereads = found.rereads();
        assert!(JUDGED.get() > utf8, "rereads judged when asked for");
        assert!(!rereads.is_empty() && rereads.iter().all(|c| !c.utf8));
        assert!(found.rereads().is_empty(), "made once");
    }

    #[test]
    fn a_reading_whose_places_are_kept_already_is_not_judged_again() {
        // "Ã©" is "é" read as windows-1252, ISO-8859-1, ISO-8859-15 and others alike: the same
        // places, judged once.
        let line = "l'\u{c3}\u{a9}t\u{c3}\u{a9} \u{c3}\u{a0} Paris";
        let judged = |keep: fn(&Candidate) -> bool| {
            JUDGED.set(0);
            let kept = candidates(line, keep);
            (JUDGED.get(), kept)
        };
        let (readings, none) = judged(|c| super::tests::judged(false)(c));
        assert!(none.is_empty());
        let (asked, kept) = judged(|c| super::tests::judged(true)(c));
        assert!(asked < readings, "{asked} of {readings} readings judged");
        // Each text once, made, in order.
        assert!(
            kept.iter()
                .any(|c| c.text == "l'\u{e9}t\u{e9} \u{e0} Paris")
        );
        for (k, c) in kept.iter().enumerate() {
            assert!(!c.text.is_empty());
            assert!(
                kept[..k]
                    .iter()
                    .all(|b| b.text != c.text && b.order < c.order)
            );
        }
    }

    #[test]
    fn the_ascii_at_the_start_is_counted_to_the_first_other_byte() {
        let text = "abcdefghijklmnopqrstuvwxyz0123456789";
        for len in 0..=text.len() {
            assert_eq!(ascii_len(&text.as_bytes()[..len]), len);
            for at in 0..len {
                let mut bytes = text.as_bytes()[..len].to_vec();
                bytes[at] = 0x80 + at as u8;
                assert_eq!(
                    ascii_len(&bytes),
                    at,
                    "{len} bytes, the first not ASCII at {at}"
                );
            }
        }
        assert_eq!(ascii_len("ab\u{e9}cdefghij".as_bytes()), 2);
    }

    #[test]
    fn the_letter_sets_of_the_shapes_are_the_letters_listed() {
        // Written as matches on characters (the search asks of every character beyond ASCII);
        // the lists they were written from.
        for c in (0..0x3000).filter_map(char::from_u32) {
            assert_eq!(
                super::is_central_letter(c),
                "ŔĂĹĆČĘĚĎĐŃŇŐŘŮŰŢŕăĺćčęěďđńňőřůűţ".contains(c),
                "{c}"
            );
            assert_eq!(
                super::is_extended_latin(c),
                ('\u{100}'..='\u{24F}').contains(&c) && !"ŒœŠšŽžŸƒ".contains(c),
                "{c}"
            );
            assert_eq!(super::is_nordic_letter(c), "ðþýÐÞÝøæØÆ".contains(c), "{c}");
        }
    }

    #[test]
    fn western_text_read_as_central_european_is_repaired() {
        for (broken, fixed) in [
            (
                "Ele disse que năo vem, e a exploraçăo terminou.",
                "Ele disse que não vem, e a exploração terminou.",
            ),
            (
                "Il est trčs content d'ętre lŕ.",
                "Il est très content d'être là.",
            ),
            ("El nińo de Espańa", "El niño de España"),
            (
                "telescópio de 22 cm em Milăo",
                "telescópio de 22 cm em Milão",
            ),
        ] {
            let r = fix(broken);
            assert_eq!(r.text, fixed, "{broken}");
            assert_eq!(r.steps[0].encode.name(), "windows-1250");
            assert_eq!(r.steps[0].decode.name(), "windows-1252");
        }
    }

    #[test]
    fn small_cyrillic_letters_read_as_capitals_are_repaired() {
        // KOI8-R and windows-1251 swap the cases: small letters read the other way are all
        // capitals, with no small letter before a capital to go by.
        let fixed = "метеорологические данные не подтверждаются";
        for broken in [
            "НЕФЕПТПМПЗЙЮЕУЛЙЕ ДБООЩЕ ОЕ РПДФЧЕТЦДБАФУС",
            "ЛЕРЕНПНКНЦХВЕЯЙХЕ ДЮММШЕ МЕ ОНДРБЕПФДЮЧРЯЪ",
        ] {
            assert_eq!(fix(broken).text, fixed, "{broken}");
        }
    }

    #[test]
    fn cyrillic_capitals_stay() {
        for text in [
            "ВНИМАНИЕ! ОПАСНАЯ ЗОНА",
            "МОСКВА — СТОЛИЦА РОССИИ",
            "СОЮЗ СОВЕТСКИХ СОЦИАЛИСТИЧЕСКИХ РЕСПУБЛИК",
            "ЗАКОН О ЗАЩИТЕ ПРАВ ПОТРЕБИТЕЛЕЙ",
            "УКРАЇНА, КИЇВ",
            "СРБИЈА И ЦРНА ГОРА",
        ] {
            assert_eq!(fix(text).text, text, "{text}");
        }
    }

    #[test]
    fn central_european_text_stays() {
        for text in [
            "V Praze je dnes hezké počasí a lidé se procházejí po nábřeží.",
            "Muž řekl, že přijde zítra večer.",
            "Będę w domu o szóstej wieczorem.",
            "Dziękuję bardzo za pomoc, to było miłe.",
            "Köszönöm szépen a segítséget, nagyon örülök.",
            "România are o istorie bogată și o cultură veche.",
            "Mă bucur să te văd din nou.",
            "Kŕdeľ ďatľov učí koňa žrať kôru.",
            "Đurđevdan je praznik u proljeće.",
            "Antonín Dvořák was a Czech composer.",
            "Pani Wiśniewska mieszka w Łodzi od dwudziestu lat.",
            "Poznań i Gdańsk",
            "Budapest, Győr, Pécs",
            "Ion Creangă",
            "Pociąg odjeżdża o ósmej rano z dworca głównego.",
            "Mâine plecăm la mare cu prietenii noștri.",
            "Ovo je rečenica na hrvatskom jeziku s čćđšž.",
            "Ťažké časy",
            "Tôi đang học tiếng Việt ở Hà Nội.",
        ] {
            assert_eq!(fix(text).text, text, "{text}");
        }
    }
}
