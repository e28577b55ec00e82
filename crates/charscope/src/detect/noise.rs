//! Bytes that are no text, for the tests of detection's parts: the same every run.

/// `len` bytes from a fixed-seed xorshift generator.
pub(super) fn noise(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}
