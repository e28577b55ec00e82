//! The one module with `unsafe` code: simdutf's SIMD transcoders between UTF-8 and UTF-16 and
//! from Latin-1 to UTF-8, and its UTF-8 validator (through the `simdutf` crate, which builds the
//! simdutf C++ library). Each transcoder has a scalar twin in encoding_rs ([`portable`]), used on
//! big-endian targets and in builds without the `native` feature (WebAssembly), and a property
//! test below requires both to write the same units and bytes on any text; another requires the
//! validator to agree with std's.
//!
//! UTF-8 goes in only as a `&str`, known valid. UTF-16 goes in whole blocks: simdutf validates
//! as it converts, and its verdict only chooses the fast path; a block it refuses is diagnosed by
//! the UTF-16 scanner, never by simdutf (the property test below requires simdutf to refuse
//! exactly the units encoding_rs finds invalid).
//!
//! `CHARSCOPE_SIMD=off` in the environment turns all of it off: each routine is then its
//! scalar twin, as on a processor without SIMD ([`enabled`]).
//!
//! Its [`blocks`] and [`utf8_classes`] modules classify 64 bytes at once for the scan, in AVX2
//! intrinsics (and `blocks` in AVX-512 where the processor has it), and [`lines`] marks the line
//! feeds and the bytes that need a look in 64 bytes, in SSE2; property tests hold what the scan
//! makes of them to scalar references.
//!
//! [`mapped`] maps a regular file into memory for `validate`'s check of a whole file (its twin
//! is reading the file, and a test holds the two to the same answer), with a SIGBUS handler
//! that turns a file shrinking under the mapping into an error instead of the death of the
//! process. [`spread`] pins a helper thread of such short work to a CPU other than its
//! spawner's (the kernel may pack both onto one).
#![allow(unsafe_code)]

pub(crate) mod blocks;
pub(crate) mod lines;
#[cfg(all(feature = "native", unix))]
pub(crate) mod mapped;
#[cfg(all(feature = "native", target_os = "linux"))]
pub(crate) mod spread;
pub(crate) mod utf8_classes;

/// What SIMD this process uses, decided once: what the processor has, or nothing when the
/// environment variable `CHARSCOPE_SIMD` is `off`. Off, every fast path of this module and of
/// the scan is off (as on a processor without AVX2), and the transcoders and the validator are
/// their scalar twins: what CI runs the test suite a second time with, so that the paths other
/// processors take are tested too.
#[derive(Clone, Copy)]
struct Level {
    /// SIMD is used at all (`CHARSCOPE_SIMD` is not `off`).
    on: bool,
    /// The processor has AVX2, and SIMD is on.
    avx2: bool,
    /// The processor has AVX-512 F, BW and VBMI, and SIMD is on.
    avx512: bool,
}

fn level() -> Level {
    static LEVEL: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
    *LEVEL.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        let (avx2, avx512) = (
            std::is_x86_feature_detected!("avx2"),
            std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vbmi"),
        );
        #[cfg(not(target_arch = "x86_64"))]
        let (avx2, avx512) = (false, false);
        level_of(std::env::var_os("CHARSCOPE_SIMD").as_deref(), avx2, avx512)
    })
}

/// The [`Level`] of a process whose `CHARSCOPE_SIMD` is `var`, on a processor that has AVX2 or
/// not and AVX-512 or not.
fn level_of(var: Option<&std::ffi::OsStr>, avx2: bool, avx512: bool) -> Level {
    let on = var.is_none_or(|v| v != "off");
    Level {
        on,
        avx2: on && avx2,
        avx512: on && avx512,
    }
}

/// Whether SIMD is used at all: not when `CHARSCOPE_SIMD=off` (then every routine of this
/// module is its scalar twin).
pub(crate) fn enabled() -> bool {
    level().on
}

/// Whether the processor has AVX2, which [`blocks`] and [`utf8_classes`] classify bytes with
/// (never when `CHARSCOPE_SIMD=off`).
pub(crate) fn avx2_available() -> bool {
    level().avx2
}

/// Whether the processor has the AVX-512 that [`blocks`] classifies bytes with where it can
/// (F, BW and VBMI; never when `CHARSCOPE_SIMD=off`).
pub(crate) fn avx512_available() -> bool {
    level().avx512
}

/// The `N` bytes that a classifier reads from byte `start` of `bytes`: the 64 from `start`, and
/// the `N - 64` just before them. They are read in place when `bytes` holds them all (a copy
/// written and read back at once costs more than the classifying: the store is not forwarded
/// to the load); at the ends of `bytes` they are copied into `copy`, with zeros (ASCII NUL)
/// where `bytes` has nothing.
pub(crate) fn window<'a, const N: usize>(
    bytes: &'a [u8],
    start: usize,
    copy: &'a mut [u8; N],
) -> &'a [u8; N] {
    let before = N - 64;
    if let Some(window) = start
        .checked_sub(before)
        .and_then(|from| bytes.get(from..start + 64))
    {
        return window.try_into().expect("N bytes");
    }
    *copy = [0; N];
    for k in 1..=start.min(before) {
        copy[before - k] = bytes[start - k];
    }
    let take = (bytes.len() - start).min(64);
    copy[before..before + take].copy_from_slice(&bytes[start..start + take]);
    copy
}

// UTF-8 goes to UTF-16 through simdutf's validating converter, although the text is known
// valid: with AVX-512 (simdutf's "icelake" kernel) `convert_valid_utf8_to_utf16le` is the
// slower of the two on any text beyond ASCII. 100 MiB in memory, 1 MiB at a time, on the
// benchmark machine (Zen 4): Chinese 24.9 -> 8.1 ms, Russian 32.3 -> 12.2, ten languages mixed
// 31.1 -> 20.1, emoji 39.6 -> 27.7; English (all ASCII) 8.8 -> 10.0.

/// Writes the UTF-16 code units of `text` (native byte order) at the start of `units`, which
/// grows as needed; returns how many were written.
pub(crate) fn str_to_utf16(text: &str, units: &mut Vec<u16>) -> usize {
    // Each byte of UTF-8 makes at most one UTF-16 unit.
    if units.len() < text.len() + 1 {
        units.resize(text.len() + 1, 0);
    }
    #[cfg(all(feature = "native", target_endian = "little"))]
    if enabled() {
        // SAFETY: `units` has room for `text.len()` units, at least the
        // `utf16_length_from_utf8` that simdutf writes. Little-endian units are the native
        // ones here. The validating converter: see the note above.
        let n = unsafe {
            simdutf::convert_utf8_to_utf16le(text.as_ptr(), text.len(), units.as_mut_ptr())
        };
        if n > 0 || text.is_empty() {
            return n;
        }
    }
    portable::str_to_utf16(text, units)
}

/// Appends the UTF-16LE bytes of `text` to `out`: simdutf writes them in place where `out`'s
/// end is aligned for code units on a little-endian target, else through [`str_to_utf16`]
/// (`units` is its buffer).
pub(crate) fn str_to_utf16le_bytes(text: &str, out: &mut Vec<u8>, units: &mut Vec<u16>) {
    out.reserve(2 * text.len());
    #[cfg(all(feature = "native", target_endian = "little"))]
    if enabled() {
        let end = out.len();
        // SAFETY (of the pointer arithmetic): `end` is within the allocation.
        let at = unsafe { out.as_mut_ptr().add(end) };
        if (at as usize).is_multiple_of(std::mem::align_of::<u16>()) {
            // SAFETY: the reserved capacity past `end` holds 2 * `text.len()` bytes, room for
            // the at most `text.len()` units simdutf writes, at an address aligned for them;
            // `set_len` covers only what was written (nothing when it refuses, which it cannot
            // do for a `&str`). The validating converter: see the note above `str_to_utf16`.
            let n = unsafe {
                let n = simdutf::convert_utf8_to_utf16le(text.as_ptr(), text.len(), at.cast());
                out.set_len(end + 2 * n);
                n
            };
            if n > 0 || text.is_empty() {
                return;
            }
        }
    }
    let n = str_to_utf16(text, units);
    for u in &units[..n] {
        out.extend_from_slice(&u.to_le_bytes());
    }
}

/// Appends the UTF-16LE of `bytes` to `out` when they are all valid UTF-8 (true); else leaves
/// `out` as it was (false). One pass that validates as it converts, for the transcoder's direct
/// path.
pub(crate) fn utf8_to_utf16le_bytes(bytes: &[u8], out: &mut Vec<u8>) -> bool {
    out.reserve(2 * bytes.len());
    #[cfg(all(feature = "native", target_endian = "little"))]
    if enabled() {
        let end = out.len();
        // SAFETY (of the pointer arithmetic): `end` is within the allocation.
        let at = unsafe { out.as_mut_ptr().add(end) };
        if (at as usize).is_multiple_of(std::mem::align_of::<u16>()) {
            // SAFETY: the reserved capacity past `end` holds 2 * `bytes.len()` bytes, room for
            // the at most `bytes.len()` units simdutf writes, at an address aligned for them;
            // simdutf returns 0 for input that is not valid UTF-8, and `set_len` covers only
            // what was written.
            let n = unsafe {
                let n = simdutf::convert_utf8_to_utf16le(bytes.as_ptr(), bytes.len(), at.cast());
                out.set_len(end + 2 * n);
                n
            };
            return n > 0 || bytes.is_empty();
        }
    }
    portable::utf8_to_utf16le_bytes(bytes, out)
}

/// Appends the UTF-8 of UTF-16LE `bytes` (an even number of them) to `out` when they are valid
/// UTF-16 (true); else leaves `out` as it was (false). One pass that validates as it converts,
/// for the transcoder's direct path.
pub(crate) fn utf16le_bytes_to_utf8(bytes: &[u8], out: &mut Vec<u8>) -> bool {
    if bytes.is_empty() {
        return true;
    }
    #[cfg(all(feature = "native", target_endian = "little"))]
    if enabled()
        && let Ok(units) = bytemuck::try_cast_slice::<u8, u16>(bytes)
    {
        // Each unit makes at most three bytes of UTF-8.
        out.reserve(3 * units.len());
        let end = out.len();
        // SAFETY: the reserved capacity past `end` holds three bytes per unit, the most UTF-8
        // that UTF-16 can make; little-endian units are the native ones here; simdutf returns
        // 0 for units that are not valid UTF-16, and `set_len` covers only what was written.
        let n = unsafe {
            let n = simdutf::convert_utf16le_to_utf8(
                units.as_ptr(),
                units.len(),
                out.as_mut_ptr().add(end),
            );
            out.set_len(end + n);
            n
        };
        return n > 0;
    }
    portable::utf16le_bytes_to_utf8(bytes, out)
}

/// The UTF-8 of valid UTF-16 `units` (native byte order), written into `buf`; `None` if the
/// units are not valid UTF-16 (an unpaired surrogate).
pub(crate) fn utf16_to_str<'a>(units: &[u16], buf: &'a mut Vec<u8>) -> Option<&'a str> {
    // Each unit makes at most three bytes of UTF-8.
    if buf.len() < 3 * units.len() {
        buf.resize(3 * units.len(), 0);
    }
    if units.is_empty() {
        return Some("");
    }
    #[cfg(all(feature = "native", target_endian = "little"))]
    if enabled() {
        // SAFETY: `buf` has room for three bytes per unit, the most UTF-8 that UTF-16 can
        // make; simdutf validates the units as it converts and returns 0 for invalid ones.
        let written = unsafe {
            simdutf::convert_utf16le_to_utf8(units.as_ptr(), units.len(), buf.as_mut_ptr())
        };
        if written == 0 {
            return None;
        }
        let bytes = &buf[..written];
        debug_assert!(std::str::from_utf8(bytes).is_ok());
        // SAFETY: simdutf wrote the UTF-8 of valid UTF-16, which is valid UTF-8 (and the
        // debug builds the tests run check it).
        return Some(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    portable::utf16_to_str(units, buf)
}

/// `bytes` as a `&str` if they are valid UTF-8, checked by simdutf's validator (AVX-512 where
/// the processor has it); `None` otherwise, and the caller finds where and why.
pub(crate) fn valid_str(bytes: &[u8]) -> Option<&str> {
    #[cfg(feature = "native")]
    if enabled() {
        if !simdutf::validate_utf8(bytes) {
            return None;
        }
        debug_assert!(std::str::from_utf8(bytes).is_ok());
        // SAFETY: simdutf has just validated `bytes` as UTF-8 (and debug builds, which the
        // tests run, check it with std too).
        return Some(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    portable::valid_str(bytes)
}

/// Whether `bytes` are valid UTF-8 ([`valid_str`]'s verdict).
pub(crate) fn is_valid_utf8(bytes: &[u8]) -> bool {
    valid_str(bytes).is_some()
}

/// Appends the UTF-8 of Latin-1 `bytes` (each byte the code point of its value, U+0000 to
/// U+00FF) to `out`.
pub(crate) fn push_latin1(bytes: &[u8], out: &mut String) {
    // Each Latin-1 byte makes at most two bytes of UTF-8.
    out.reserve(2 * bytes.len());
    #[cfg(all(feature = "native", target_endian = "little"))]
    if enabled() {
        let end = out.len();
        // SAFETY: the reserved capacity past `end` holds 2 * `bytes.len()` bytes, the most
        // simdutf writes; what it writes is the UTF-8 of code points below U+0100, so the
        // string stays valid UTF-8 once `set_len` covers exactly what was written.
        unsafe {
            let vec = out.as_mut_vec();
            let n = simdutf::convert_latin1_to_utf8(
                bytes.as_ptr(),
                bytes.len(),
                vec.as_mut_ptr().add(end),
            );
            vec.set_len(end + n);
        }
        return;
    }
    portable::push_latin1(bytes, out)
}

/// The scalar twins of simdutf's routines, in encoding_rs and std: used where simdutf is not
/// (a big-endian target, or a build without the `native` feature, such as WebAssembly), and
/// the reference the tests hold simdutf to.
mod portable {
    /// [`super::str_to_utf16`] in encoding_rs (`units` has room for `text.len()` units).
    pub(super) fn str_to_utf16(text: &str, units: &mut [u16]) -> usize {
        encoding_rs::mem::convert_str_to_utf16(text, units)
    }

    /// [`super::utf16_to_str`] in encoding_rs (`buf` has room for three bytes per unit).
    pub(super) fn utf16_to_str<'a>(units: &[u16], buf: &'a mut Vec<u8>) -> Option<&'a str> {
        if encoding_rs::mem::utf16_valid_up_to(units) != units.len() {
            return None;
        }
        let mut text = String::from_utf8(std::mem::take(buf)).unwrap_or_default();
        let written = encoding_rs::mem::convert_utf16_to_str(units, &mut text);
        *buf = text.into_bytes();
        std::str::from_utf8(&buf[..written]).ok()
    }

    /// [`super::utf8_to_utf16le_bytes`] in std.
    pub(super) fn utf8_to_utf16le_bytes(bytes: &[u8], out: &mut Vec<u8>) -> bool {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return false;
        };
        out.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        true
    }

    /// [`super::utf16le_bytes_to_utf8`] in std.
    pub(super) fn utf16le_bytes_to_utf8(bytes: &[u8], out: &mut Vec<u8>) -> bool {
        let units = bytes
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
        let Ok(text) = char::decode_utf16(units).collect::<Result<String, _>>() else {
            return false;
        };
        out.extend_from_slice(text.as_bytes());
        true
    }

    /// [`super::valid_str`] in std.
    pub(super) fn valid_str(bytes: &[u8]) -> Option<&str> {
        std::str::from_utf8(bytes).ok()
    }

    /// [`super::push_latin1`] in encoding_rs.
    pub(super) fn push_latin1(bytes: &[u8], out: &mut String) {
        out.push_str(&encoding_rs::mem::decode_latin1(bytes));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn simd_off_turns_every_level_off() {
        let off = Some(std::ffi::OsStr::new("off"));
        let level = level_of(off, true, true);
        assert!(!level.on && !level.avx2 && !level.avx512);
        let level = level_of(None, true, false);
        assert!(level.on && level.avx2 && !level.avx512);
        let level = level_of(Some(std::ffi::OsStr::new("on")), true, true);
        assert!(level.on && level.avx2 && level.avx512);
        // In this process (CI's second run of the tests has CHARSCOPE_SIMD=off).
        if !enabled() {
            assert!(!avx2_available() && !avx512_available());
            assert_eq!(std::env::var("CHARSCOPE_SIMD").as_deref(), Ok("off"));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// simdutf writes what encoding_rs writes, in both directions.
        #[test]
        fn simd_matches_the_scalar_twin(text in "\\PC{0,300}", pad in 0usize..70) {
            // Long runs of one script too, past the SIMD blocks.
            let text = format!("{}{}", "\u{4E2D}\u{6587}a\u{E9}".repeat(pad), text);
            let mut units = Vec::new();
            let n = str_to_utf16(&text, &mut units);
            let mut twin = vec![0u16; text.len() + 1];
            let m = portable::str_to_utf16(&text, &mut twin);
            prop_assert_eq!(&units[..n], &twin[..m]);
            let mut buf = Vec::new();
            prop_assert_eq!(utf16_to_str(&twin[..m], &mut buf), Some(text.as_str()));
            // In place after an even and an odd number of bytes.
            let le: Vec<u8> = twin[..m].iter().flat_map(|u| u.to_le_bytes()).collect();
            for lead in [0usize, 1, 2] {
                let mut out = vec![7u8; lead];
                str_to_utf16le_bytes(&text, &mut out, &mut units);
                prop_assert_eq!(&out[lead..], &le[..]);
            }
        }

        /// The direct path's conversions are their twins', on text and on text with a byte
        /// changed, after an even and an odd number of bytes; a refusal leaves `out` alone.
        #[test]
        fn direct_conversions_match_their_twins(text in "\\PC{0,300}", pad in 0usize..70, at in any::<prop::sample::Index>(), byte in any::<u8>(), lead in 0usize..3) {
            let text = format!("{}{}", "\u{4E2D}\u{6587}a\u{E9}\u{1F600}".repeat(pad), text);
            let mut utf8 = text.clone().into_bytes();
            let mut utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
            for round in 0..2 {
                if round == 1 && !utf8.is_empty() {
                    let i = at.index(utf8.len());
                    utf8[i] = byte;
                    let j = at.index(utf16.len()) & !1;
                    utf16[j + 1] = 0xD8 | (byte & 7);
                }
                let (mut out, mut twin) = (vec![7u8; lead], vec![7u8; lead]);
                let ok = utf8_to_utf16le_bytes(&utf8, &mut out);
                prop_assert_eq!(ok, portable::utf8_to_utf16le_bytes(&utf8, &mut twin));
                prop_assert_eq!(&out, &twin);
                prop_assert_eq!(ok, std::str::from_utf8(&utf8).is_ok());
                let (mut out, mut twin) = (vec![7u8; lead], vec![7u8; lead]);
                let ok = utf16le_bytes_to_utf8(&utf16, &mut out);
                prop_assert_eq!(ok, portable::utf16le_bytes_to_utf8(&utf16, &mut twin));
                prop_assert_eq!(&out, &twin);
                if round == 0 {
                    prop_assert!(ok);
                    prop_assert_eq!(&out[lead..], text.as_bytes());
                }
            }
        }

        /// simdutf's verdict on UTF-8 is std's, on text and on text with a byte changed.
        #[test]
        fn valid_str_agrees_with_std(text in "\\PC{0,300}", at in any::<prop::sample::Index>(), byte in any::<u8>()) {
            prop_assert_eq!(valid_str(text.as_bytes()), Some(text.as_str()));
            let mut bytes = text.into_bytes();
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = byte;
            }
            prop_assert_eq!(valid_str(&bytes), std::str::from_utf8(&bytes).ok());
            prop_assert_eq!(portable::valid_str(&bytes), valid_str(&bytes));
        }

        /// simdutf's Latin-1 is encoding_rs's, appended after any text.
        #[test]
        fn latin1_matches_the_scalar_twin(bytes in proptest::collection::vec(any::<u8>(), 0..600), lead in "\\PC{0,3}") {
            let mut out = lead.clone();
            push_latin1(&bytes, &mut out);
            let mut twin = lead.clone();
            portable::push_latin1(&bytes, &mut twin);
            prop_assert_eq!(&out, &twin);
            prop_assert_eq!(out, format!("{lead}{}", encoding_rs::mem::decode_latin1(&bytes)));
        }

        /// Units with an unpaired surrogate are refused, not converted.
        #[test]
        fn unpaired_surrogates_are_refused(text in "\\PC{0,40}", at in 0usize..41, lone in 0xD800u16..0xE000) {
            let mut units: Vec<u16> = text.encode_utf16().collect();
            let at = at.min(units.len());
            units.insert(at, lone);
            let valid = encoding_rs::mem::utf16_valid_up_to(&units) == units.len();
            let mut buf = Vec::new();
            prop_assert_eq!(utf16_to_str(&units, &mut buf).is_some(), valid);
            let mut twin = vec![0; 3 * units.len()];
            prop_assert_eq!(portable::utf16_to_str(&units, &mut twin).is_some(), valid);
        }
    }
}
