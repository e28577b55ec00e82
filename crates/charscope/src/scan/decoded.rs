//! The scan of a text in UTF-16 or UTF-32, as its byte order mark says: decoded, scanned as
//! text, each finding's offset taken back to the input's bytes, and each malformed unit (an
//! unpaired surrogate, an odd trailing byte) a finding of its own.
//!
//! Windows writes UTF-16 with a byte order mark (PowerShell scripts, .reg files, resources of
//! Visual Studio), and compilers read it: read as UTF-8, such a file is a byte soup of NULs, and a
//! bidi control in it would go unseen.

use super::{Code, Finding};
use crate::bom::{self, BomPolicy, Sniff};
use crate::decode::{Decoder, Malformed, Piece};
use crate::encoding::{self, Encoding};

/// The UTF-16 or UTF-32 encoding that the byte order mark at the start of `bytes` names, as the
/// Unicode Standard reads marks (FF FE 00 00 is UTF-32LE); `None` for UTF-8 and for bytes
/// without a mark.
pub fn utf_of_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    match bom::sniff(bytes, BomPolicy::Unicode, true) {
        Sniff::Found(found) if !std::ptr::eq(found.encoding, encoding::UTF_8) => {
            Some(found.encoding)
        }
        _ => None,
    }
}

/// How many bytes at the start of an input [`utf16_without_bom`] looks at.
pub const UTF16_SNIFF: usize = 4096;

/// UTF-16LE or UTF-16BE, for bytes without a byte order mark that can only be UTF-16 text
/// written mostly in ASCII, as source code is (`iconv -t UTF-16LE`, Python's
/// `encode("utf-16-le")` and Java's "UTF-16LE" write no mark); `None` for others. In the first
/// [`UTF16_SNIFF`] bytes, one unit in four at least must have a NUL (the high byte of an ASCII
/// character), all but a few of them in the same half of the units, which gives the byte order;
/// and read in that order, the units must decode without an unpaired surrogate (but for a pair
/// cut at the end), to no U+0000 and to controls other than tab, line feed, form feed and
/// carriage return in one unit of a hundred at most. Binary data has NULs in both halves, or
/// surrogates one unit in 32; text with NUL separators (`find -print0`) has too few, in both
/// halves; UTF-16 of CJK text with few ASCII characters has too few as well, and is not told.
pub fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = &bytes[..bytes.len().min(UTF16_SNIFF) & !1];
    memchr::memchr(0, head)?;
    let (mut even, mut odd) = (0, 0);
    for pair in head.chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    let units = head.len() / 2;
    let (encoding, nuls, others, unit): (_, _, _, fn([u8; 2]) -> u16) = if odd > even {
        (encoding::UTF_16LE, odd, even, u16::from_le_bytes)
    } else {
        (encoding::UTF_16BE, even, odd, u16::from_be_bytes)
    };
    if units < 4 || nuls * 4 < units || others * 16 > nuls {
        return None;
    }
    let decoded = char::decode_utf16(head.chunks_exact(2).map(|p| unit([p[0], p[1]])));
    let mut controls = 0;
    // The units decoded so far.
    let mut at = 0;
    for c in decoded {
        at += c.as_ref().map_or(1, |c| c.len_utf16());
        match c {
            // A pair cut at the end of the head.
            Err(e) if (0xD800..0xDC00).contains(&e.unpaired_surrogate()) && at == units => {}
            Err(_) | Ok('\0') => return None,
            Ok('\t' | '\n' | '\x0C' | '\r') => {}
            Ok(c) => controls += usize::from(c.is_control()),
        }
    }
    (controls * 100 <= units).then_some(encoding)
}

/// The UTF-16 or UTF-32 encoding of bytes that are text in either: as their byte order mark
/// says ([`utf_of_bom`]), or UTF-16 without a mark ([`utf16_without_bom`]).
pub fn utf_of(bytes: &[u8]) -> Option<&'static Encoding> {
    utf_of_bom(bytes).or_else(|| utf16_without_bom(bytes))
}

/// A stretch of the decoded text: characters decoded from the input, or the U+FFFD of one
/// malformed unit.
struct Stretch {
    /// Its byte index in the decoded text.
    text_at: usize,
    /// Its byte offset in the input.
    input_at: u64,
    /// The malformed unit it replaces, if it is one.
    malformed: Option<Malformed>,
}

/// An input in UTF-16 or UTF-32, decoded for the scan: its text in UTF-8 (each malformed unit a
/// U+FFFD), and where each stretch of the text came from. The scan of the text is the caller's
/// (`text::scan_text`); [`DecodedInput::findings`] takes its findings back to the input.
pub(super) struct DecodedInput {
    text: String,
    stretches: Vec<Stretch>,
    utf32: bool,
}

impl DecodedInput {
    /// `bytes` decoded as `encoding` (UTF-16 or UTF-32).
    pub fn new(bytes: &[u8], encoding: &'static Encoding) -> DecodedInput {
        let mut text = String::with_capacity(bytes.len());
        let mut stretches = Vec::new();
        Decoder::new(encoding).decode_pieces(bytes, true, |piece| {
            let text_at = text.len();
            match piece {
                Piece::Text { span, text: t } => {
                    stretches.push(Stretch {
                        text_at,
                        input_at: span.start,
                        malformed: None,
                    });
                    text.push_str(t);
                }
                Piece::Malformed(m) => {
                    stretches.push(Stretch {
                        text_at,
                        input_at: m.offset(),
                        malformed: Some(m),
                    });
                    text.push(char::REPLACEMENT_CHARACTER);
                }
            }
        });
        let utf32 = std::ptr::eq(encoding, encoding::UTF_32LE)
            || std::ptr::eq(encoding, encoding::UTF_32BE);
        DecodedInput {
            text,
            stretches,
            utf32,
        }
    }

    /// The decoded text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Every finding of the input: `findings`, those of the decoded text, at the input's
    /// offsets, and each malformed unit, the first `max_listed` each on its own and the rest
    /// counted in one more finding (whose message `unlisted` writes from the count and the
    /// number listed).
    pub fn findings(
        &self,
        path: &str,
        mut findings: Vec<Finding>,
        max_listed: usize,
        unlisted: fn(u64, usize) -> String,
    ) -> Vec<Finding> {
        let mut map = OffsetMap::new(&self.text, &self.stretches, self.utf32);
        for f in &mut findings {
            let Some(at) = f.offset else { continue };
            let input_at = map.input_offset(at as usize);
            if f.code == Code::BomNotAtStart {
                f.message = f
                    .message
                    .replace(&format!("at byte {at}"), &format!("at byte {input_at}"));
            }
            f.offset = Some(input_at);
        }
        let code = if self.utf32 {
            Code::InvalidUtf32
        } else {
            Code::InvalidUtf16
        };
        let listing = (max_listed, unlisted);
        findings.extend(malformed_findings(
            path,
            &self.text,
            &self.stretches,
            code,
            listing,
        ));
        findings.sort_by_key(|f| f.offset);
        findings
    }
}

/// Takes byte indexes of the decoded text, in increasing order, back to offsets in the input.
struct OffsetMap<'t> {
    text: &'t str,
    stretches: &'t [Stretch],
    utf32: bool,
    /// The stretch the last index was in.
    stretch: usize,
    /// A byte index of the text at or before the last one, and its offset in the input.
    text_at: usize,
    input_at: u64,
}

impl<'t> OffsetMap<'t> {
    fn new(text: &'t str, stretches: &'t [Stretch], utf32: bool) -> OffsetMap<'t> {
        let input_at = stretches.first().map_or(0, |s| s.input_at);
        OffsetMap {
            text,
            stretches,
            utf32,
            stretch: 0,
            text_at: 0,
            input_at,
        }
    }

    /// The input offset of the character at byte `at` of the text (no less than the last one
    /// asked for).
    fn input_offset(&mut self, at: usize) -> u64 {
        while let Some(next) = self.stretches.get(self.stretch + 1)
            && next.text_at <= at
        {
            self.stretch += 1;
            self.text_at = next.text_at;
            self.input_at = next.input_at;
        }
        if self.stretches[self.stretch].malformed.is_some() {
            return self.input_at;
        }
        for c in self.text[self.text_at..at].chars() {
            self.input_at += match (self.utf32, c.len_utf16()) {
                (true, _) => 4,
                (false, units) => 2 * units as u64,
            };
        }
        self.text_at = at;
        self.input_at
    }
}

/// The findings of the malformed units, at their line and column in the decoded text.
fn malformed_findings(
    path: &str,
    text: &str,
    stretches: &[Stretch],
    code: Code,
    (max_listed, unlisted_message): (usize, fn(u64, usize) -> String),
) -> Vec<Finding> {
    let mut findings: Vec<Finding> = Vec::new();
    // Where the last one was: its line, and its column at byte `seen` of the text (each part of
    // the text is counted once).
    let (mut line, mut column, mut seen) = (1u64, 1u64, 0usize);
    let mut count = 0u64;
    for s in stretches {
        let Some(m) = s.malformed else { continue };
        count += 1;
        if count > (max_listed as u64).saturating_add(1) {
            continue;
        }
        let before = &text[seen..s.text_at];
        match memchr::memrchr(b'\n', before.as_bytes()) {
            Some(nl) => {
                line += bytecount::count(before.as_bytes(), b'\n') as u64;
                column = 1 + bytecount::num_chars(&before.as_bytes()[nl + 1..]) as u64;
            }
            None => column += bytecount::num_chars(before.as_bytes()) as u64,
        }
        seen = s.text_at;
        findings.push(Finding {
            path: path.to_string(),
            line: Some(line),
            column: Some(column),
            offset: Some(m.offset()),
            code,
            chars: Vec::new(),
            message: m.reason(),
            allowed_by: None,
        });
    }
    if count > max_listed as u64 {
        let last = findings.last_mut().expect("the first unlisted one");
        last.message = unlisted_message(count - max_listed as u64, max_listed);
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::scan_bytes;
    use crate::scan::text::ScanOptions;

    fn utf16le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    fn utf16be(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_be_bytes).collect()
    }

    fn utf32le(text: &str) -> Vec<u8> {
        text.chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect()
    }

    /// (code, line, column, offset) of each finding.
    fn found(bytes: &[u8]) -> Vec<(Code, u64, u64, u64)> {
        scan_bytes("t", bytes)
            .into_iter()
            .map(|f| {
                let at = (f.line.unwrap(), f.column.unwrap(), f.offset.unwrap());
                (f.code, at.0, at.1, at.2)
            })
            .collect()
    }

    #[test]
    fn a_utf16_text_is_scanned_as_text_at_the_offsets_of_its_bytes() {
        // A Trojan Source line after a byte order mark, then a stray BOM after an emoji (two
        // code units in UTF-16, one in UTF-32).
        let text = "\u{FEFF}ok\nvar x = \"\u{202E}abc\";\n\u{1F600}\u{FEFF}\n";
        let want = vec![
            (Code::BidiControl, 2, 10, 2 * 13),
            (Code::BomNotAtStart, 3, 2, 2 * 22),
        ];
        assert_eq!(found(&utf16le(text)), want);
        assert_eq!(found(&utf16be(text)), want);
        let bom = scan_bytes("t", &utf16le(text))
            .into_iter()
            .find(|f| f.code == Code::BomNotAtStart)
            .unwrap();
        assert!(bom.message.contains("at byte 44,"), "{}", bom.message);
        // UTF-32: four bytes a character.
        let want32 = vec![
            (Code::BidiControl, 2, 10, 4 * 13),
            (Code::BomNotAtStart, 3, 2, 4 * 21),
        ];
        assert_eq!(found(&utf32le(text)), want32);
    }

    #[test]
    fn malformed_utf16_units_are_findings_of_their_own() {
        // An unpaired high surrogate on line 2, and an odd trailing byte.
        let mut bytes = utf16le("\u{FEFF}a\nb");
        bytes.extend_from_slice(&[0x00, 0xD8, b'c', 0]);
        bytes.push(0x41);
        let f = scan_bytes("t", &bytes);
        let got: Vec<_> = f
            .iter()
            .map(|f| (f.code, f.line, f.column, f.offset))
            .collect();
        assert_eq!(
            got,
            vec![
                (Code::InvalidUtf16, Some(2), Some(2), Some(8)),
                (Code::InvalidUtf16, Some(2), Some(4), Some(12)),
            ]
        );
        assert!(
            f[0].message.contains("high surrogate D800"),
            "{}",
            f[0].message
        );
        assert!(
            f[1].message.contains("odd trailing byte"),
            "{}",
            f[1].message
        );
        // Past the most listed, one finding counts the rest.
        let mut many = utf16le("\u{FEFF}");
        for _ in 0..3 {
            many.extend_from_slice(&[0x00, 0xDC]);
        }
        let options = ScanOptions {
            max_invalid_utf8: Some(1),
            ..ScanOptions::default()
        };
        let f = super::super::text::scan_decoded("t", &many, encoding::UTF_16LE, options);
        assert_eq!(f.len(), 2);
        assert_eq!((f[1].column, f[1].offset), (Some(3), Some(4)));
        assert!(
            f[1].message.starts_with("2 more malformed"),
            "{}",
            f[1].message
        );
    }

    proptest::proptest! {
        #[test]
        fn a_text_in_utf16_or_utf32_has_the_findings_of_the_text_at_the_offsets_of_its_bytes(
            picks in proptest::collection::vec(0..12usize, 0..40),
        ) {
            const PIECES: [&str; 12] = [
                "ok ", "\n", "\u{202E}", "\u{2069}", "\u{200B}", "p\u{0430}ypal", "paypal",
                "\u{1F600}", "\u{FEFF}", "cafe\u{301}", "\u{E000}", "\u{1}",
            ];
            let body: String = picks.iter().map(|&i| PIECES[i]).collect();
            let text = format!("\u{FEFF}{body}");
            let want = super::super::scan_text("t", &text);
            let units = |at: u64| text[..at as usize].encode_utf16().count() as u64;
            let chars = |at: u64| text[..at as usize].chars().count() as u64;
            for (bytes, offset) in [
                (utf16le(&text), &(|at| 2 * units(at)) as &dyn Fn(u64) -> u64),
                (utf16be(&text), &|at| 2 * units(at)),
                (utf32le(&text), &|at| 4 * chars(at)),
            ] {
                let got = scan_bytes("t", &bytes);
                proptest::prop_assert_eq!(got.len(), want.len());
                for (g, w) in got.iter().zip(&want) {
                    proptest::prop_assert_eq!((g.code, g.line, g.column), (w.code, w.line, w.column));
                    proptest::prop_assert_eq!(g.offset, w.offset.map(offset));
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn each_unpaired_surrogate_is_found_at_its_line_column_and_offset(
            units in proptest::collection::vec(
                proptest::sample::select(vec![0x61u16, 0x0A, 0x20, 0x0430, 0xD83D, 0xDE00, 0xDC00]),
                0..60,
            ),
        ) {
            let mut all = vec![0xFEFFu16];
            all.extend(&units);
            let bytes: Vec<u8> = all.iter().flat_map(|u| u.to_le_bytes()).collect();
            let every = ScanOptions {
                max_invalid_utf8: None,
                ..ScanOptions::default()
            };
            let found: Vec<_> = super::super::text::scan_decoded("t", &bytes, encoding::UTF_16LE, every)
                .into_iter()
                .filter(|f| f.code == Code::InvalidUtf16)
                .map(|f| (f.line.unwrap(), f.column.unwrap(), f.offset.unwrap()))
                .collect();
            // The reference: each unit that is no half of a pair, counted the long way.
            let mut want = Vec::new();
            let (mut line, mut column, mut k) = (1u64, 1u64, 0usize);
            while k < all.len() {
                let u = all[k];
                let pair = (0xD800..0xDC00).contains(&u)
                    && all.get(k + 1).is_some_and(|n| (0xDC00..0xE000).contains(n));
                if (0xD800..0xE000).contains(&u) && !pair {
                    want.push((line, column, 2 * k as u64));
                }
                if u == 0x0A {
                    line += 1;
                    column = 1;
                } else {
                    column += 1;
                }
                k += if pair { 2 } else { 1 };
            }
            proptest::prop_assert_eq!(found, want);
        }
    }

    #[test]
    fn utf16_without_a_mark_is_told_from_binary_and_from_utf8() {
        let le =
            |text: &str| -> Vec<u8> { text.encode_utf16().flat_map(u16::to_le_bytes).collect() };
        let be =
            |text: &str| -> Vec<u8> { text.encode_utf16().flat_map(u16::to_be_bytes).collect() };
        let source = "fn main() {\n    let x = 1;\n}\n";
        assert_eq!(utf16_without_bom(&le(source)), Some(encoding::UTF_16LE));
        assert_eq!(utf16_without_bom(&be(source)), Some(encoding::UTF_16BE));
        // Half ASCII, half CJK: the NULs of its ASCII characters are enough.
        let mixed = "let name = \"火星是太阳系中\";\n".repeat(40);
        assert_eq!(utf16_without_bom(&le(&mixed)), Some(encoding::UTF_16LE));
        // CJK text has too few (here one in 27 units).
        let chinese = "火星是太阳系中由内往外数的第四颗行星，属于类地行星。\n".repeat(40);
        assert_eq!(utf16_without_bom(&le(&chinese)), None);
        // Paths separated by NULs: ". " would be U+202E read as UTF-16LE.
        let print0 = b"./src/main.rs\x00./src/lib.rs\x00./README.md\x00./a b.txt\x00".repeat(20);
        assert_eq!(utf16_without_bom(&print0), None);
        // A pair of surrogates cut by the end of the head is no reason to refuse.
        let emoji = format!("{}\u{1F600}", "a".repeat(UTF16_SNIFF / 2 - 1));
        assert_eq!(utf16_without_bom(&le(&emoji)), Some(encoding::UTF_16LE));
        let emoji = format!("\u{1F600}{}\u{1F600}", "a".repeat(UTF16_SNIFF / 2 - 3));
        assert_eq!(utf16_without_bom(&le(&emoji)), Some(encoding::UTF_16LE));
        // A low surrogate alone at the end is no cut pair.
        let mut low = le(&"a".repeat(UTF16_SNIFF / 2 - 1));
        low.extend_from_slice(&[0x00, 0xDC]);
        assert_eq!(utf16_without_bom(&low), None);
        for (bytes, why) in [
            (&b"plain UTF-8 without NULs"[..], "no NUL"),
            (
                b"\x89PNG\r\n\x1A\n\x00\x00\x00\rIHDR\x00\x00\x01\x00",
                "NULs in both halves",
            ),
            (b"a\x00b\x00\x00\xD8c\x00", "an unpaired surrogate"),
            (b"a\x00\x00\x00b\x00", "U+0000"),
            (b"\x01\x00\x02\x00\x03\x00a\x00", "controls"),
            (&[b'x'; 300][..], "no NUL"),
        ] {
            assert_eq!(utf16_without_bom(bytes), None, "{why}");
        }
        // Too few NULs: one in 300 bytes of UTF-8, or one among a few bytes; or too short.
        assert_eq!(utf16_without_bom(b"\x00\xA0"), None);
        assert_eq!(utf16_without_bom(b"ab\x00\xA0cdefgh"), None);
        assert_eq!(utf16_without_bom(b"h\x00i\x00!\x00"), None);
        assert_eq!(
            utf16_without_bom(b"h\x00i\x00!\x00\n\x00"),
            Some(encoding::UTF_16LE)
        );
        let mut sparse = vec![b'x'; 300];
        sparse[1] = 0;
        assert_eq!(utf16_without_bom(&sparse), None);
        // Little-endian numbers below 256: NULs in one half, but controls.
        let numbers: Vec<u8> = (0..=255u8).flat_map(|n| [n, 0]).collect();
        assert_eq!(utf16_without_bom(&numbers[2..]), None);
        // A mark wins.
        assert_eq!(utf_of(b"\xFE\xFF\x00a"), Some(encoding::UTF_16BE));
        assert_eq!(utf_of(&le(source)), Some(encoding::UTF_16LE));
    }

    #[test]
    fn only_utf16_and_utf32_marks_choose_the_decoded_scan() {
        assert_eq!(utf_of_bom(b"\xFF\xFEa\x00"), Some(encoding::UTF_16LE));
        assert_eq!(utf_of_bom(b"\xFE\xFF\x00a"), Some(encoding::UTF_16BE));
        assert_eq!(utf_of_bom(b"\xFF\xFE\x00\x00"), Some(encoding::UTF_32LE));
        assert_eq!(utf_of_bom(b"\x00\x00\xFE\xFF"), Some(encoding::UTF_32BE));
        assert_eq!(utf_of_bom(b"\xEF\xBB\xBFa"), None);
        assert_eq!(utf_of_bom(b"abc"), None);
        assert_eq!(utf_of_bom(b"\xFF"), None);
    }
}
