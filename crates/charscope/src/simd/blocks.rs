//! The scan's classifier of 64 bytes of UTF-8 at once, in AVX-512 or AVX2: which bytes are
//! ASCII letters, word characters, separators or controls, which lead or continue a character
//! of one alphabet, and what a table of that alphabet says of each such character. The scan
//! (`scan::blocks`) reads words off these bitmasks; a scalar twin there is the reference a
//! property test holds both to.

/// One alphabet of UTF-8 characters: the 128 code points of two bytes whose lead byte is
/// `lead` or `lead + 1` (`lead` even), or of three bytes whose first byte is `prefix` and
/// second `lead` or `lead + 1`, with two bits for each of them. Character `k` of the 128 (`k` =
/// the low bit of `lead` or `lead + 1`, then the 6 bits of the last byte) has bit `k % 8` of
/// byte `k / 8` of each table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Alphabet {
    /// The first byte of a character of three bytes (E0 or E1); 0 for characters of two.
    pub prefix: u8,
    /// The even lead byte of the pair (the second byte of a character of three).
    pub lead: u8,
    /// The characters that need no look of their own in the scan.
    pub simple: [u8; 16],
    /// The characters that keep a word from looking like an ASCII word.
    pub twinless: [u8; 16],
}

impl Alphabet {
    /// Each of the 128 characters' bits in one byte (1: simple, 2: twinless), in the order of
    /// the tables: what one AVX-512 permute looks up for 64 bytes at once.
    pub fn byte_table(&self) -> [u8; 128] {
        let has = |t: &[u8; 16], k: usize| t[k / 8] >> (k % 8) & 1;
        std::array::from_fn(|k| has(&self.simple, k) | has(&self.twinless, k) << 1)
    }
}

/// The classes of 64 bytes, one bit per byte (bit `k` for byte `k`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ByteClasses {
    /// ASCII letters, digits and `_`, and the bytes of the alphabet's characters.
    pub word: u64,
    /// Printable ASCII that is no word character, tab and carriage return.
    pub separator: u64,
    /// ASCII letters.
    pub letter: u64,
    /// The first byte of each character of the alphabet.
    pub lead: u64,
    /// The last byte of each character of the alphabet that keeps a word from looking like
    /// ASCII.
    pub twinless: u64,
    /// Everything the fast path leaves to the scan's general path: ASCII controls (line feed
    /// and DEL among them), bytes of other characters, and the last byte of each character of
    /// the alphabet that is not simple. (A prefix byte at the window's end, whose character
    /// the window does not hold, is not among them: it is the first byte of a word the window
    /// does not end.)
    pub other: u64,
}

/// [`ByteClasses`] of bytes 2 to 65 of `window` (bytes 0 and 1 are the two before them, which
/// tell which character a byte at their start belongs to), in AVX-512 where the processor has
/// it (`table` is the alphabet's [`Alphabet::byte_table`], which that classifier reads), else in
/// AVX2; `None` where it has neither.
#[cfg(target_arch = "x86_64")]
pub(crate) fn classify(
    window: &[u8; 66],
    alphabet: &Alphabet,
    table: &[u8; 128],
) -> Option<ByteClasses> {
    if super::avx512_available() {
        // SAFETY: the processor has AVX-512 F, BW and VBMI, just checked.
        return Some(unsafe { classify_avx512(window, alphabet, table) });
    }
    if !super::avx2_available() {
        return None;
    }
    // SAFETY: the processor has AVX2, just checked (`avx2_available`).
    Some(unsafe { classify_avx2(window, alphabet) })
}

/// [`ByteClasses`] in AVX2 alone, where the processor has it (the property test holds both
/// classifiers to the scalar one).
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) fn classify_in_avx2(window: &[u8; 66], alphabet: &Alphabet) -> Option<ByteClasses> {
    if !super::avx2_available() {
        return None;
    }
    // SAFETY: the processor has AVX2, just checked (`avx2_available`).
    Some(unsafe { classify_avx2(window, alphabet) })
}

/// [`ByteClasses`] in SIMD: none on this processor.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn classify(
    _window: &[u8; 66],
    _alphabet: &Alphabet,
    _table: &[u8; 128],
) -> Option<ByteClasses> {
    None
}

/// [`ByteClasses`] in AVX2: none on this processor.
#[cfg(all(test, not(target_arch = "x86_64")))]
pub(crate) fn classify_in_avx2(_window: &[u8; 66], _alphabet: &Alphabet) -> Option<ByteClasses> {
    None
}

/// The classifier in AVX-512: the 64 bytes at once, each comparison a bitmask already, and the
/// alphabet's tables looked up by one permute of 128 bytes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn classify_avx512(window: &[u8; 66], alphabet: &Alphabet, table: &[u8; 128]) -> ByteClasses {
    use std::arch::x86_64::*;
    let byte = |b: u8| _mm512_set1_epi8(b as i8);
    // SAFETY: bytes 0 to 65 are within the 66 of `window`, and 0 to 127 within the 128 of
    // `table`; the loads are unaligned.
    let (before_previous, previous, current, table_low, table_high) = unsafe {
        let at = window.as_ptr();
        (
            _mm512_loadu_si512(at.cast::<__m512i>()),
            _mm512_loadu_si512(at.add(1).cast::<__m512i>()),
            _mm512_loadu_si512(at.add(2).cast::<__m512i>()),
            _mm512_loadu_si512(table.as_ptr().cast::<__m512i>()),
            _mm512_loadu_si512(table.as_ptr().add(64).cast::<__m512i>()),
        )
    };
    let at_most = |v: __m512i, first: u8, count: u8| {
        _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, byte(first)), byte(count - 1))
    };
    let is = |v: __m512i, b: u8| _mm512_cmpeq_epi8_mask(v, byte(b));
    let letter = at_most(_mm512_or_si512(current, byte(0x20)), b'a', 26);
    let word_ascii = letter | at_most(current, b'0', 10) | is(current, b'_');
    let control =
        at_most(current, 0, 0x20) & !(is(current, b'\t') | is(current, b'\r')) | is(current, 0x7F);
    let non_ascii = _mm512_movepi8_mask(current);
    let pair =
        |v: __m512i| _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, byte(0xFE)), byte(alphabet.lead));
    // 0x80 to 0xBF are the signed bytes below -64.
    let continuation = _mm512_cmplt_epi8_mask(current, byte(0xC0));
    let prefixed = alphabet.prefix != 0;
    let (first, middle, last) = if prefixed {
        let prefix = |v: __m512i| is(v, alphabet.prefix);
        (
            prefix(current),
            prefix(previous) & pair(current),
            continuation & pair(previous) & prefix(before_previous),
        )
    } else {
        (pair(current), 0, continuation & pair(previous))
    };
    // The table's index: the previous byte's low bit, then the current byte's low 6 bits.
    let index = _mm512_or_si512(
        _mm512_slli_epi16::<6>(_mm512_and_si512(previous, byte(1))),
        _mm512_and_si512(current, byte(0x3F)),
    );
    let bits = _mm512_permutex2var_epi8(table_low, index, table_high);
    let simple = _mm512_test_epi8_mask(bits, byte(1));
    let twinless = _mm512_test_epi8_mask(bits, byte(2));
    let mut classes = ByteClasses {
        word: word_ascii | first | middle | last,
        separator: !non_ascii & !word_ascii & !control,
        letter,
        lead: first,
        twinless: last & twinless,
        other: control | non_ascii & !first & !middle & !last | last & !simple,
    };
    if prefixed {
        // As in AVX2: a prefix byte the pair's byte does not follow (unknown for the last).
        classes.other |= first & !(middle >> 1) & !(1 << 63);
    }
    classes
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn classify_avx2(window: &[u8; 66], alphabet: &Alphabet) -> ByteClasses {
    use std::arch::x86_64::*;
    let byte = |b: u8| _mm256_set1_epi8(b as i8);
    let table = |t: &[u8; 16]| {
        // SAFETY: `t` is 16 bytes, as one unaligned load of 128 bits reads.
        let half = unsafe { _mm_loadu_si128(t.as_ptr().cast::<__m128i>()) };
        _mm256_broadcastsi128_si256(half)
    };
    let simple = table(&alphabet.simple);
    let twinless = table(&alphabet.twinless);
    let bits = table(&[1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128]);
    let mask = |v: __m256i| u64::from(_mm256_movemask_epi8(v) as u32);
    let prefixed = alphabet.prefix != 0;
    let mut classes = ByteClasses::default();
    let (mut prefix, mut second) = (0u64, 0u64);
    for half in 0..2 {
        // SAFETY: bytes 32 * half to 32 * half + 32 and two more are within the 66 of `window`.
        let (before_previous, previous, current) = unsafe {
            let at = window.as_ptr().add(32 * half);
            (
                _mm256_loadu_si256(at.cast::<__m256i>()),
                _mm256_loadu_si256(at.add(1).cast::<__m256i>()),
                _mm256_loadu_si256(at.add(2).cast::<__m256i>()),
            )
        };
        let in_range = |v: __m256i, first: u8, count: u8| {
            let off = _mm256_sub_epi8(v, byte(first));
            _mm256_cmpeq_epi8(_mm256_min_epu8(off, byte(count - 1)), off)
        };
        let letter = in_range(_mm256_or_si256(current, byte(0x20)), b'a', 26);
        let word_ascii = _mm256_or_si256(
            _mm256_or_si256(letter, in_range(current, b'0', 10)),
            _mm256_cmpeq_epi8(current, byte(b'_')),
        );
        let tab_or_cr = _mm256_or_si256(
            _mm256_cmpeq_epi8(current, byte(b'\t')),
            _mm256_cmpeq_epi8(current, byte(b'\r')),
        );
        let control = _mm256_or_si256(
            _mm256_andnot_si256(tab_or_cr, in_range(current, 0, 0x20)),
            _mm256_cmpeq_epi8(current, byte(0x7F)),
        );
        let pair =
            |v: __m256i| _mm256_cmpeq_epi8(_mm256_and_si256(v, byte(0xFE)), byte(alphabet.lead));
        let is_prefix = |v: __m256i| _mm256_cmpeq_epi8(v, byte(alphabet.prefix));
        // 0x80 to 0xBF are the signed bytes below -64.
        let continuation = _mm256_cmpgt_epi8(byte(0xC0), current);
        // The byte that picks the character in the tables: the one after the pair's byte.
        let last = if prefixed {
            _mm256_and_si256(
                _mm256_and_si256(continuation, pair(previous)),
                is_prefix(before_previous),
            )
        } else {
            _mm256_and_si256(continuation, pair(previous))
        };
        let (first, middle) = if prefixed {
            (
                is_prefix(current),
                _mm256_and_si256(is_prefix(previous), pair(current)),
            )
        } else {
            (pair(current), _mm256_setzero_si256())
        };
        let non_ascii = mask(current);
        // The table's byte (the previous byte's low bit, then bits 3 to 5) and bit (bits 0 to 2).
        let index = _mm256_or_si256(
            _mm256_slli_epi16::<3>(_mm256_and_si256(previous, byte(1))),
            _mm256_and_si256(_mm256_srli_epi16::<3>(current), byte(7)),
        );
        let bit = _mm256_shuffle_epi8(bits, _mm256_and_si256(current, byte(7)));
        let has = |t: __m256i| {
            let b = _mm256_and_si256(_mm256_shuffle_epi8(t, index), bit);
            _mm256_cmpeq_epi8(b, bit)
        };
        let last = mask(last);
        let (first, middle) = (mask(first), mask(middle));
        let shift = 32 * half;
        classes.word |= (mask(word_ascii) | first | middle | last) << shift;
        classes.separator |=
            (!non_ascii & !mask(word_ascii) & !mask(control) & 0xFFFF_FFFF) << shift;
        classes.letter |= mask(letter) << shift;
        classes.twinless |= (last & mask(has(twinless))) << shift;
        classes.other |=
            (mask(control) | (non_ascii & !first & !middle & !last) | (last & !mask(has(simple))))
                << shift;
        prefix |= first << shift;
        second |= middle << shift;
    }
    if prefixed {
        // A prefix byte is the first of a character of the alphabet when the pair's byte
        // follows (unknown for the last byte of the window).
        classes.other |= prefix & !(second >> 1) & !(1 << 63);
    }
    classes.lead = prefix;
    classes
}

/// The characters of three bytes whose runs the scan reads at once: each has the same flags as
/// the others of its kind (a test checks it against the chart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Uniform {
    /// CJK ideographs U+4000 to U+9FFF (lead bytes E4 to E9), but for U+4DC0 to U+4DFF (Yijing
    /// hexagrams) and U+4E05, U+4E2B and U+4E3F (丅 丫 丿, which look like ASCII).
    Han,
    /// Hangul syllables U+AC00 to U+D77F (lead bytes EA from EA B0, EB, EC, and ED up to ED 9D).
    Hangul,
}

/// Bit `k` for each byte `k` of `window[..32]` that may stand in a run of characters of kind
/// `kind`: a continuation byte, or the lead byte of such a character (its bytes after it are
/// among the 34 of the window), or, with `spaces`, a space; in AVX2, `None` where the processor
/// has none.
#[cfg(target_arch = "x86_64")]
pub(crate) fn run_bytes(window: &[u8; 34], kind: Uniform, spaces: bool) -> Option<u32> {
    if !super::avx2_available() {
        return None;
    }
    // SAFETY: the processor has AVX2, just checked (`avx2_available`).
    Some(unsafe { run_bytes_avx2(window, kind, spaces) })
}

/// [`run_bytes`] in SIMD: none on this processor.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn run_bytes(_window: &[u8; 34], _kind: Uniform, _spaces: bool) -> Option<u32> {
    None
}

/// For each byte `k` of `window[..32]`: in the first mask, whether it is plain ASCII (printable,
/// tab, carriage return) but a letter, or may stand in a run of CJK ideographs (as [`run_bytes`]
/// says), or leads a kana of those the scan passes by (`scan::blocks::is_kana_lead`); in the
/// second, whether it is plain ASCII and no word character (no letter, digit or `_`): the bytes
/// of Chinese and Japanese text with ASCII punctuation and digits, and the places between its
/// words. In AVX2, `None` where the processor has none.
#[cfg(target_arch = "x86_64")]
pub(crate) fn ascii_cjk_bytes(window: &[u8; 34]) -> Option<(u32, u32)> {
    if !super::avx2_available() {
        return None;
    }
    // SAFETY: the processor has AVX2, just checked (`avx2_available`).
    Some(unsafe { ascii_cjk_bytes_avx2(window) })
}

/// [`ascii_cjk_bytes`] in SIMD: none on this processor.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn ascii_cjk_bytes(_window: &[u8; 34]) -> Option<(u32, u32)> {
    None
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn ascii_cjk_bytes_avx2(window: &[u8; 34]) -> (u32, u32) {
    use std::arch::x86_64::*;
    let byte = |b: u8| _mm256_set1_epi8(b as i8);
    // SAFETY: bytes 0 to 31 are within the 34 of `window`.
    let current = unsafe { _mm256_loadu_si256(window.as_ptr().cast::<__m256i>()) };
    // Signed comparisons: the bytes from 0x80 on are below all those of ASCII.
    let between = |v: __m256i, low: u8, high: u8| {
        _mm256_and_si256(
            _mm256_cmpgt_epi8(v, byte(low - 1)),
            _mm256_cmpgt_epi8(byte(high + 1), v),
        )
    };
    let is = |b: u8| _mm256_cmpeq_epi8(current, byte(b));
    let plain = _mm256_or_si256(
        between(current, 0x20, 0x7E),
        _mm256_or_si256(is(b'\t'), is(b'\r')),
    );
    let letter = between(_mm256_or_si256(current, byte(0x20)), b'a', b'z');
    let word = _mm256_or_si256(
        _mm256_or_si256(letter, between(current, b'0', b'9')),
        is(b'_'),
    );
    let separator = _mm256_andnot_si256(word, plain);
    let han = run_bytes_avx2(window, Uniform::Han, false);
    // SAFETY: bytes 1 to 33 are within the 34 of `window`.
    let (next, after) = unsafe {
        let at = window.as_ptr();
        (
            _mm256_loadu_si256(at.add(1).cast::<__m256i>()),
            _mm256_loadu_si256(at.add(2).cast::<__m256i>()),
        )
    };
    // The lead bytes of U+3040 to U+30FF; the kana among them are worked out only where there
    // are some (Chinese has none, but its punctuation is E3 80).
    let offset = _mm256_sub_epi8(next, byte(0x81));
    let rows = _mm256_and_si256(
        is(0xE3),
        _mm256_cmpeq_epi8(_mm256_min_epu8(offset, byte(2)), offset),
    );
    let kana = if _mm256_movemask_epi8(rows) == 0 {
        rows
    } else {
        let next_is = |b: u8| _mm256_cmpeq_epi8(next, byte(b));
        let after_is = |b: u8| _mm256_cmpeq_epi8(after, byte(b));
        // `after` below `limit`, unsigned.
        let after_below =
            |limit: u8| _mm256_cmpeq_epi8(_mm256_min_epu8(after, byte(limit - 1)), after);
        let left_out = _mm256_or_si256(
            // U+3040.
            _mm256_and_si256(next_is(0x81), after_below(0x81)),
            _mm256_or_si256(
                // U+3097 to U+309C, U+30A0.
                _mm256_and_si256(
                    next_is(0x82),
                    _mm256_or_si256(
                        _mm256_andnot_si256(after_below(0x97), after_below(0x9D)),
                        after_is(0xA0),
                    ),
                ),
                // U+30CE, U+30FB.
                _mm256_and_si256(
                    next_is(0x83),
                    _mm256_or_si256(after_is(0x8E), after_is(0xBB)),
                ),
            ),
        );
        _mm256_andnot_si256(left_out, rows)
    };
    let accepted = _mm256_or_si256(_mm256_andnot_si256(letter, plain), kana);
    let accepted = _mm256_movemask_epi8(accepted) as u32 | han;
    (accepted, _mm256_movemask_epi8(separator) as u32)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn run_bytes_avx2(window: &[u8; 34], kind: Uniform, spaces: bool) -> u32 {
    use std::arch::x86_64::*;
    let byte = |b: u8| _mm256_set1_epi8(b as i8);
    // SAFETY: bytes 0 to 33 are within the 34 of `window`.
    let (current, next, after) = unsafe {
        let at = window.as_ptr();
        (
            _mm256_loadu_si256(at.cast::<__m256i>()),
            _mm256_loadu_si256(at.add(1).cast::<__m256i>()),
            _mm256_loadu_si256(at.add(2).cast::<__m256i>()),
        )
    };
    let is = |v: __m256i, b: u8| _mm256_cmpeq_epi8(v, byte(b));
    let below = |v: __m256i, limit: u8| _mm256_cmpeq_epi8(_mm256_min_epu8(v, byte(limit - 1)), v);
    // 0x80 to 0xBF are the signed bytes below -64.
    let continuation = _mm256_cmpgt_epi8(byte(0xC0), current);
    let lead = match kind {
        Uniform::Han => {
            let off = _mm256_sub_epi8(current, byte(0xE4));
            let e4_to_e9 = _mm256_cmpeq_epi8(_mm256_min_epu8(off, byte(5)), off);
            let lookalike = _mm256_and_si256(
                is(next, 0xB8),
                _mm256_or_si256(
                    _mm256_or_si256(is(after, 0x85), is(after, 0xAB)),
                    is(after, 0xBF),
                ),
            );
            let excluded = _mm256_and_si256(
                is(current, 0xE4),
                _mm256_or_si256(is(next, 0xB7), lookalike),
            );
            _mm256_andnot_si256(excluded, e4_to_e9)
        }
        Uniform::Hangul => _mm256_or_si256(
            _mm256_or_si256(is(current, 0xEB), is(current, 0xEC)),
            _mm256_or_si256(
                _mm256_andnot_si256(below(next, 0xB0), is(current, 0xEA)),
                _mm256_and_si256(below(next, 0x9E), is(current, 0xED)),
            ),
        ),
    };
    let mut in_run = _mm256_or_si256(continuation, lead);
    if spaces {
        in_run = _mm256_or_si256(in_run, is(current, b' '));
    }
    _mm256_movemask_epi8(in_run) as u32
}
