//! Candidates pruned on byte statistics, before any reading is scored.
//!
//! Each candidate is charged its "hard" errors over the sample: for a single-byte encoding, the
//! bytes above 7F it reads as control characters or leaves unmapped (a table of 128 entries per
//! encoding, made once); for a multi-byte encoding, its malformed sequences. Text holds almost
//! none of either, so a candidate with more than a few (and more than 3% of the bytes above 7F)
//! beyond the candidate with the fewest cannot win the scoring, and is not scored.
//!
//! The single-byte candidates are counted first (a table lookup per byte value): the fewest of
//! them bounds the fewest of all, so a multi-byte candidate's decoding stops as soon as its
//! count passes that bound plus the slack. It is then dropped whatever the rest holds (counts
//! only grow), and the answer is the one the whole count gives.

use crate::decode;
use crate::encoding::Encoding;
use std::collections::HashMap;
use std::sync::OnceLock;

/// For each single-byte encoding (by name), which of the bytes 80-FF it reads as a control
/// character or leaves unmapped.
type BadBytes = HashMap<&'static str, [bool; 128], foldhash::fast::RandomState>;

/// Which of the bytes 80-FF `enc` reads as a control character or leaves unmapped: from its
/// byte table when it has one (made once for the readings too), else by decoding them.
fn bad_bytes_of(enc: &'static Encoding) -> [bool; 128] {
    let Some(table) = super::byte_table::table(enc) else {
        return bad_bytes_decoded(enc);
    };
    let mut bad = [false; 128];
    for (b, c) in bad.iter_mut().zip(table.high_chars()) {
        *b = c.is_control() || c == char::REPLACEMENT_CHARACTER;
    }
    bad
}

fn bad_bytes_decoded(enc: &'static Encoding) -> [bool; 128] {
    let high: Vec<u8> = (0x80..=0xFF).collect();
    let decoded = decode::decode(&high, enc);
    let mut bad = [false; 128];
    let chars: Vec<char> = decoded.text.chars().collect();
    if chars.len() == 128 {
        for (i, c) in chars.into_iter().enumerate() {
            bad[i] = c.is_control() || c == char::REPLACEMENT_CHARACTER;
        }
    }
    bad
}

/// The table of one single-byte encoding, made on first use for every candidate at once.
fn bad_bytes(enc: &'static Encoding) -> Option<&'static [bool; 128]> {
    static TABLES: OnceLock<BadBytes> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        crate::encoding::all()
            .filter(|e| e.is_single_byte())
            .map(|e| (e.name(), bad_bytes_of(e)))
            .collect()
    });
    tables.get(enc.name())
}

/// How many malformed sequences `bytes`, a whole input, has in `enc`: the decoder's count,
/// without the text (`decode`'s sequences, as the decoder's grains all give the same).
#[cfg(test)]
fn malformed_in(bytes: &[u8], enc: &'static Encoding) -> usize {
    let mut n = 0;
    decode::Decoder::new(enc).decode_malformed(bytes, true, |_| n += 1);
    n
}

/// How many bytes a multi-byte candidate is decoded over between checks of its count.
const STEP: usize = 512;

/// The hard errors of a multi-byte candidate over `head`, scaled by `scale` to the whole
/// sample: exact when at most `give_up`, or else some count above `give_up` (the decoding
/// stops there, as the count only grows). The head is decoded in steps by one streaming
/// decoder, which finds the sequences a decoding in one go finds.
fn scaled_malformed(head: &[u8], enc: &'static Encoding, scale: f64, give_up: u32) -> u32 {
    let mut decoder = decode::Decoder::new(enc);
    let mut n = 0usize;
    let steps = head.len().div_ceil(STEP).max(1);
    for i in 0..steps {
        let step = &head[(i * STEP).min(head.len())..((i + 1) * STEP).min(head.len())];
        let last = i + 1 == steps;
        decoder.decode_malformed(step, last, |_| n += 1);
        let scaled = (n as f64 * scale) as u32;
        if scaled > give_up || last {
            return scaled;
        }
    }
    unreachable!("the last step returns")
}

/// How many bytes of the sample a multi-byte candidate is decoded over.
const MULTI_BYTE_HEAD: usize = 4096;

/// The candidates whose hard errors over `sample` are within a few (3% of the bytes above 7F,
/// and at least 2) of the fewest any candidate has, in the order given.
pub(super) fn by_bytes(sample: &[u8], candidates: &[&'static Encoding]) -> Vec<&'static Encoding> {
    let mut histogram = [0u32; 128];
    for &b in sample {
        if b >= 0x80 {
            histogram[usize::from(b - 0x80)] += 1;
        }
    }
    let high: u32 = histogram.iter().sum();
    let slack = 2 + high * 3 / 100;
    let single: Vec<Option<u32>> = candidates
        .iter()
        .map(|&e| bad_bytes(e).map(|bad| (0..128).filter(|&i| bad[i]).map(|i| histogram[i]).sum()))
        .collect();
    // A multi-byte count past this is more than the fewest plus the slack: dropped.
    let give_up = single
        .iter()
        .flatten()
        .min()
        .map_or(u32::MAX, |&m| m.saturating_add(slack));
    // Multi-byte encodings are decoded over the first bytes only, their errors scaled to the
    // whole: the share of malformed sequences is what tells.
    let head = &sample[..sample.len().min(MULTI_BYTE_HEAD)];
    let scale = sample.len() as f64 / head.len().max(1) as f64;
    let hard: Vec<u32> = candidates
        .iter()
        .zip(single)
        .map(|(&e, h)| h.unwrap_or_else(|| scaled_malformed(head, e, scale, give_up)))
        .collect();
    let fewest = hard.iter().copied().min().unwrap_or(0);
    candidates
        .iter()
        .zip(hard)
        .filter(|&(_, h)| h <= fewest + slack)
        .map(|(&e, _)| e)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::by_bytes;
    use crate::encoding;

    fn names(sample: &[u8]) -> Vec<&'static str> {
        by_bytes(sample, &super::super::legacy::candidates())
            .into_iter()
            .map(|e| e.name())
            .collect()
    }

    #[test]
    fn bad_bytes_from_the_byte_tables_are_the_decoder_s() {
        for e in crate::encoding::all().filter(|e| e.is_single_byte()) {
            assert_eq!(
                super::bad_bytes_of(e),
                super::bad_bytes_decoded(e),
                "{}",
                e.name()
            );
        }
    }

    #[test]
    fn control_readings_are_dropped_and_text_readings_kept() {
        // Curly quotes and a dash (93 94 96) are C1 controls in the ISO-8859 tables.
        let sample =
            b"\x93caf\xE9\x94 \x96 \x93cr\xE8me\x94 \x93na\xEFve\x94 \x96 \x93d\xE9j\xE0\x94 ";
        let kept = names(sample);
        assert!(kept.contains(&"windows-1252"), "{kept:?}");
        assert!(!kept.contains(&"ISO-8859-15"), "{kept:?}");
        assert!(!kept.contains(&"true-ISO-8859-1"), "{kept:?}");
        // Too few bytes to drop anything for a control byte or two.
        assert!(names(b"\x93caf\xE9\x94 ").contains(&"ISO-8859-15"));
    }

    #[test]
    fn malformed_are_counted_as_decode_finds_them() {
        // High bytes, ASCII, lead bytes cut by a space or by the end, in every multi-byte
        // candidate: the count without the text is decode's.
        let mut bytes: Vec<u8> = (0x80..=0xFF).collect();
        bytes.extend_from_slice(b" \x81 \x8E\xA1 \xA4\xA4a\xE0\x40 \x84\x41\x82\xFF\x8E");
        for e in super::super::legacy::candidates() {
            for end in [1, 2, 3, 64, 127, 128, 129, 140, bytes.len()] {
                let head = &bytes[..end];
                let want = crate::decode::decode(head, e).malformed.len();
                assert_eq!(super::malformed_in(head, e), want, "{} {end}", e.name());
            }
        }
    }

    /// The pruning as it was before the count stopped early: every multi-byte candidate
    /// decoded over the whole head.
    fn by_whole_counts(sample: &[u8]) -> Vec<&'static str> {
        let candidates = super::super::legacy::candidates();
        let mut histogram = [0u32; 128];
        for &b in sample.iter().filter(|&&b| b >= 0x80) {
            histogram[usize::from(b - 0x80)] += 1;
        }
        let high: u32 = histogram.iter().sum();
        let head = &sample[..sample.len().min(super::MULTI_BYTE_HEAD)];
        let scale = sample.len() as f64 / head.len().max(1) as f64;
        let hard: Vec<u32> = candidates
            .iter()
            .map(|&e| match super::bad_bytes(e) {
                Some(bad) => (0..128).filter(|&i| bad[i]).map(|i| histogram[i]).sum(),
                None => (super::malformed_in(head, e) as f64 * scale) as u32,
            })
            .collect();
        let fewest = hard.iter().copied().min().unwrap_or(0);
        let slack = 2 + high * 3 / 100;
        candidates
            .iter()
            .zip(hard)
            .filter(|&(_, h)| h <= fewest + slack)
            .map(|(e, _)| e.name())
            .collect()
    }

    #[test]
    fn stopping_a_count_early_keeps_the_same_candidates() {
        let texts = [
            "Съешь же ещё этих мягких французских булок, да выпей чаю. ",
            "Příliš žluťoučký kůň úpěl ďábelské ódy, zażółć gęślą jaźń. ",
            "色は匂へど散りぬるを我が世誰ぞ常ならむ、いろはにほへと。 ",
            "天地玄黃，宇宙洪荒。日月盈昃，辰宿列張。 ",
            "키스의 고유조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다. ",
            "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία, naïve café déjà vu. ",
        ];
        let labels = [
            "windows-1251",
            "koi8-r",
            "iso-8859-2",
            "shift_jis",
            "euc-jp",
            "gbk",
            "big5",
            "euc-kr",
            "iso-8859-7",
            "windows-1252",
        ];
        let mut samples: Vec<Vec<u8>> = Vec::new();
        for text in texts {
            for label in labels {
                let e = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
                let once = e.encode(text).0.into_owned();
                // Short, a few steps, and past the head (the count scaled).
                for times in [1, 12, 150] {
                    samples.push(once.repeat(times));
                }
            }
        }
        // Bytes from a fixed-seed generator (xorshift), and every byte.
        samples.push(super::super::noise::noise(9000));
        samples.push((0..=255).collect());
        for sample in &samples {
            assert_eq!(names(sample), by_whole_counts(sample), "{sample:02X?}");
        }
    }

    #[test]
    fn a_count_given_up_is_past_the_bound_and_a_whole_one_exact() {
        let sample = encoding_rs::WINDOWS_1251
            .encode(&"Съешь же ещё этих мягких булок. ".repeat(200))
            .0
            .into_owned();
        let head = &sample[..super::MULTI_BYTE_HEAD];
        for e in super::super::legacy::candidates() {
            if super::bad_bytes(e).is_some() {
                continue;
            }
            let whole = super::malformed_in(head, e) as u32;
            assert_eq!(super::scaled_malformed(head, e, 1.0, u32::MAX), whole);
            let stopped = super::scaled_malformed(head, e, 1.0, 3);
            assert!(
                stopped == whole || (stopped > 3 && stopped <= whole),
                "{}",
                e.name()
            );
        }
    }

    #[test]
    fn multi_byte_readings_with_many_malformed_are_dropped() {
        let text = "Съешь же ещё этих мягких французских булок, да выпей чаю.";
        let sample = encoding_rs::WINDOWS_1251.encode(text).0.into_owned();
        let kept = names(&sample);
        assert!(kept.contains(&"windows-1251"), "{kept:?}");
        assert!(!kept.contains(&"EUC-KR"), "{kept:?}");
        assert_eq!(
            by_bytes(b"", &[encoding::WINDOWS_1252]),
            vec![encoding::WINDOWS_1252]
        );
    }
}
