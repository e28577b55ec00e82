//! How many malformed sequences (maximal subparts, as Unicode 3.9.6 counts them) and how many
//! valid characters beyond ASCII a line of bytes read as UTF-8 has, 64 bytes at a time.
//!
//! Both are known from each byte and the three around it, with no decoder walking the line:
//! a lead byte always starts a sequence (one that is cut short is one malformed sequence,
//! whatever of it there is); a continuation byte either belongs to the lead byte just before
//! it, within the lead's length and with every byte between in range, or is a malformed
//! sequence of its own; and a byte that never appears in UTF-8 is one too. A file in a legacy
//! encoding has a malformed sequence every few bytes, where a decoder's walk took 4 ns a byte
//! on this machine; this count takes well under one.

use crate::simd::utf8_classes::{self, Utf8Classes};

/// The malformed sequences and the valid characters beyond ASCII of `line`.
pub(super) fn census(line: &[u8]) -> (u64, u64) {
    if !crate::simd::avx2_available() {
        return census_by_chunks(line);
    }
    let mut malformed = 0;
    let mut valid = 0;
    // The classes of the 64 bytes before, whose lead bytes are judged once the bytes after
    // them are known.
    let mut before = Utf8Classes::default();
    let mut start = 0;
    loop {
        let classes = if start < line.len() {
            // The 64 bytes from `start` and the one before; past the end, ASCII, which cuts a
            // sequence short as the line's end does.
            let mut copy = [0; 65];
            let window = crate::simd::window(line, start, &mut copy);
            utf8_classes::classify(window).expect("AVX2")
        } else {
            Utf8Classes::default()
        };
        let (m, v) = count_pair(&before, &classes);
        malformed += m;
        valid += v;
        if start >= line.len() {
            return (malformed, valid);
        }
        before = classes;
        start += 64;
    }
}

/// The malformed sequences and valid characters that `before` (64 bytes) and `now` (the 64
/// after) account for: those that start with a lead byte of `before`, and those of one byte
/// (a continuation byte that belongs to no lead, a byte that never appears) of `now`.
fn count_pair(before: &Utf8Classes, now: &Utf8Classes) -> (u64, u64) {
    let join = |f: fn(&Utf8Classes) -> u64| u128::from(f(before)) | u128::from(f(now)) << 64;
    let continuation = join(|c| c.continuation);
    let lead2 = join(|c| c.lead2);
    let lead3 = join(|c| c.lead3);
    let lead4 = join(|c| c.lead4);
    // Continuation bytes in range as the byte after a lead (the others only follow E0, ED, F0
    // and F4).
    let second = continuation & !join(|c| c.out_of_range);
    // (`x >> k` puts the class of the byte k after at each bit, `x << k` that of the byte k
    // before.)
    let complete = lead2 & second >> 1
        | lead3 & second >> 1 & continuation >> 2
        | lead4 & second >> 1 & continuation >> 2 & continuation >> 3;
    let leads = lead2 | lead3 | lead4;
    let belongs = (leads << 1) & second
        | ((lead3 | lead4) << 2) & (second << 1) & continuation
        | (lead4 << 3) & (second << 2) & (continuation << 1) & continuation;
    let low = u128::from(u64::MAX);
    let cut_short = leads & !complete & low;
    let alone = (continuation & !belongs) >> 64;
    let malformed = cut_short.count_ones() + alone.count_ones() + now.invalid.count_ones();
    (
        u64::from(malformed),
        u64::from((complete & low).count_ones()),
    )
}

/// [`census`] by std's decoder: the reference the count is held to, and the count where the
/// processor has no AVX2.
fn census_by_chunks(line: &[u8]) -> (u64, u64) {
    // The lead bytes of characters beyond ASCII, less those that start malformed sequences.
    let mut leads = line.iter().filter(|&&b| b >= 0xC0).count() as u64;
    let mut malformed = 0;
    for chunk in line.utf8_chunks() {
        if let Some(&first) = chunk.invalid().first() {
            malformed += 1;
            leads -= u64::from(first >= 0xC0);
        }
    }
    (malformed, leads)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bytes of every class, at the edges of their ranges.
    const BYTES: &[u8] = &[
        0, b'a', b'\n', 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
        0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn the_count_is_that_of_the_decoder(
            picks in prop::collection::vec(0..BYTES.len(), 0..200),
            text in "\\PC{0,40}",
            at in 0usize..200,
        ) {
            // Bytes of every class, with valid text somewhere among them.
            let mut line: Vec<u8> = picks.iter().map(|&i| BYTES[i]).collect();
            let at = at.min(line.len());
            line.splice(at..at, text.bytes());
            prop_assert_eq!(census(&line), census_by_chunks(&line));
        }
    }

    #[test]
    fn legacy_encodings_and_utf8_are_counted_as_the_decoder_counts_them() {
        let text = "Marte é o quarto planeta; 火星は太陽系の惑星; Марс; 🪐 \u{10FFFF}";
        let mut lines: Vec<Vec<u8>> = vec![text.as_bytes().to_vec()];
        for label in [
            "shift_jis",
            "euc-kr",
            "gbk",
            "big5",
            "windows-1252",
            "koi8-r",
        ] {
            let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
            lines.push(encoding.encode(text).0.into_owned());
        }
        let mut malformed = 0;
        for line in &lines {
            for cut in [0, 1, 2, 3, 63, 64, 65] {
                let part = &line[cut.min(line.len())..];
                assert_eq!(census(part), census_by_chunks(part), "{part:x?}");
                malformed += census(part).0;
            }
        }
        assert!(malformed > 50, "{malformed}");
    }

    #[test]
    fn the_count_runs_in_simd_here() {
        // The tests above compare the decoder with itself where it does not: the CI machine has
        // AVX2 (but in its second run of the tests, with SIMD off).
        if cfg!(target_arch = "x86_64") && crate::simd::enabled() {
            assert!(crate::simd::avx2_available());
        }
    }
}
