//! The marks of 64 bytes that the scan walks lines by: the line feeds, and the bytes that make a
//! line need a look (neither plain ASCII nor a line feed). In SSE2, which every x86-64 processor
//! has; a scalar twin elsewhere, which a property test holds the SSE2 masks to.

/// Bit `k` for byte `k` of 64 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineMarks {
    /// Bytes other than printable ASCII (0x20 to 0x7E), tab, carriage return and line feed.
    pub special: u64,
    /// Line feeds.
    pub feeds: u64,
}

/// The [`LineMarks`] of `block`.
#[inline]
pub(crate) fn line_marks(block: &[u8; 64]) -> LineMarks {
    #[cfg(target_arch = "x86_64")]
    if super::enabled() {
        // SAFETY: SSE2 is part of x86-64; the loads are within the 64 bytes of `block`.
        return unsafe { line_marks_sse2(block) };
    }
    line_marks_scalar(block)
}

/// [`line_marks`] a byte at a time: the reference the SIMD one is held to, and the marks where
/// there is no SIMD (another processor, or `CHARSCOPE_SIMD=off`).
pub(crate) fn line_marks_scalar(block: &[u8; 64]) -> LineMarks {
    let mut marks = LineMarks::default();
    for (k, &b) in block.iter().enumerate() {
        let plain = (0x20..0x7F).contains(&b) || b == b'\t' || b == b'\r';
        if b == b'\n' {
            marks.feeds |= 1 << k;
        } else if !plain {
            marks.special |= 1 << k;
        }
    }
    marks
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn line_marks_sse2(block: &[u8; 64]) -> LineMarks {
    use std::arch::x86_64::*;
    let byte = |b: u8| _mm_set1_epi8(b as i8);
    let mut special = 0u64;
    let mut feeds = 0u64;
    for quarter in 0..4 {
        // SAFETY: bytes 16 * quarter to 16 * quarter + 15 are within the 64 of `block`.
        let v = unsafe { _mm_loadu_si128(block.as_ptr().add(16 * quarter).cast::<__m128i>()) };
        // 0x20 to 0x7F are the signed bytes above 0x1F; 0x7F is then taken out.
        let printable =
            _mm_andnot_si128(_mm_cmpeq_epi8(v, byte(0x7F)), _mm_cmpgt_epi8(v, byte(0x1F)));
        let feed = _mm_cmpeq_epi8(v, byte(b'\n'));
        let tab_or_cr = _mm_or_si128(
            _mm_cmpeq_epi8(v, byte(b'\t')),
            _mm_cmpeq_epi8(v, byte(b'\r')),
        );
        let unremarkable = _mm_or_si128(_mm_or_si128(printable, tab_or_cr), feed);
        let shift = 16 * quarter;
        special |= u64::from(!(_mm_movemask_epi8(unremarkable) as u16)) << shift;
        feeds |= u64::from(_mm_movemask_epi8(feed) as u16) << shift;
    }
    LineMarks { special, feeds }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_simd_marks_are_those_of_each_byte(
            bytes in prop::collection::vec(
                prop_oneof![any::<u8>(), Just(b'\n'), Just(b'\t'), Just(b'\r'), Just(0x7F), Just(0x1F), Just(0x20)],
                64,
            )
        ) {
            let block: [u8; 64] = bytes.try_into().expect("64 bytes");
            prop_assert_eq!(line_marks(&block), line_marks_scalar(&block));
        }
    }

    #[test]
    fn every_byte_value_is_marked_as_the_scalar_reference_marks_it() {
        for first in (0..=255u8).step_by(64) {
            let block: [u8; 64] = std::array::from_fn(|k| first.wrapping_add(k as u8));
            assert_eq!(line_marks(&block), line_marks_scalar(&block));
        }
    }
}
