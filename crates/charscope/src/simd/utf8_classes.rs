//! The UTF-8 classes of 64 bytes at once, in AVX2: continuation bytes, lead bytes by length,
//! bytes that never appear, and second bytes out of their lead's range. The scan counts the
//! malformed sequences of a line off these bitmasks (`scan::census`), where a property test
//! holds the count to std's `utf8_chunks`.

/// The UTF-8 classes of 64 bytes, one bit per byte (bit `k` for byte `k`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Utf8Classes {
    /// 0x80 to 0xBF.
    pub continuation: u64,
    /// 0xC2 to 0xDF: leads of two bytes.
    pub lead2: u64,
    /// 0xE0 to 0xEF: leads of three bytes.
    pub lead3: u64,
    /// 0xF0 to 0xF4: leads of four bytes.
    pub lead4: u64,
    /// 0xC0, 0xC1 and 0xF5 to 0xFF, which never appear in UTF-8.
    pub invalid: u64,
    /// Bytes after E0 below A0, after ED above 9F, after F0 below 90 and after F4 above 8F: out
    /// of the range of a second byte after that lead (overlong, surrogate, beyond U+10FFFF).
    pub out_of_range: u64,
}

/// [`Utf8Classes`] of bytes 1 to 64 of `window` (byte 0 the one before), in AVX2; `None` where
/// the processor has no AVX2.
#[cfg(target_arch = "x86_64")]
pub(crate) fn classify(window: &[u8; 65]) -> Option<Utf8Classes> {
    if !super::avx2_available() {
        return None;
    }
    // SAFETY: the processor has AVX2, just checked (`avx2_available`).
    Some(unsafe { classify_avx2(window) })
}

/// [`Utf8Classes`] in SIMD: none on this processor.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn classify(_window: &[u8; 65]) -> Option<Utf8Classes> {
    None
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn classify_avx2(window: &[u8; 65]) -> Utf8Classes {
    use std::arch::x86_64::*;
    let byte = |b: u8| _mm256_set1_epi8(b as i8);
    let mask = |v: __m256i| u64::from(_mm256_movemask_epi8(v) as u32);
    let mut classes = Utf8Classes::default();
    for half in 0..2 {
        // SAFETY: bytes 32 * half to 32 * half + 32 and one more are within the 65 of `window`.
        let (previous, current) = unsafe {
            let at = window.as_ptr().add(32 * half);
            (
                _mm256_loadu_si256(at.cast::<__m256i>()),
                _mm256_loadu_si256(at.add(1).cast::<__m256i>()),
            )
        };
        let in_range = |v: __m256i, first: u8, count: u8| {
            let off = _mm256_sub_epi8(v, byte(first));
            _mm256_cmpeq_epi8(_mm256_min_epu8(off, byte(count - 1)), off)
        };
        let below =
            |v: __m256i, limit: u8| _mm256_cmpeq_epi8(_mm256_min_epu8(v, byte(limit - 1)), v);
        let after = |lead: u8| _mm256_cmpeq_epi8(previous, byte(lead));
        let below_a0 = below(current, 0xA0);
        let below_90 = below(current, 0x90);
        let out_of_range = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_and_si256(after(0xE0), below_a0),
                _mm256_andnot_si256(below_a0, after(0xED)),
            ),
            _mm256_or_si256(
                _mm256_and_si256(after(0xF0), below_90),
                _mm256_andnot_si256(below_90, after(0xF4)),
            ),
        );
        let shift = 32 * half;
        // 0x80 to 0xBF are the signed bytes below -64.
        classes.continuation |= mask(_mm256_cmpgt_epi8(byte(0xC0), current)) << shift;
        classes.lead2 |= mask(in_range(current, 0xC2, 30)) << shift;
        classes.lead3 |= mask(in_range(current, 0xE0, 16)) << shift;
        classes.lead4 |= mask(in_range(current, 0xF0, 5)) << shift;
        classes.invalid |= mask(_mm256_or_si256(
            in_range(current, 0xC0, 2),
            in_range(current, 0xF5, 11),
        )) << shift;
        classes.out_of_range |= mask(out_of_range) << shift;
    }
    classes
}
