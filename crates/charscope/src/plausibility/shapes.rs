//! The shapes of the generated tables in `data.rs` (the generator writes values of these
//! types; `model` indexes them), apart from both so that neither names the other.

/// One alphabetic language as generated: its letters and its bigram cost matrix.
pub(super) struct AlphabeticData {
    /// ISO 639-1 code.
    pub code: &'static str,
    /// Expected cost of one token (bits) in the language's own text.
    pub entropy: f32,
    /// Lower-case letters, most frequent first; letter `i` is token `i + 1`.
    pub alphabet: &'static str,
    /// Row-major `(n + 1) x (n + 1)` costs, one level character each (token 0 is a word boundary).
    pub costs: &'static str,
}

/// Chinese, Japanese or Korean as generated: characters and their costs.
pub(super) struct CjkData {
    /// ISO 639-1 code.
    pub code: &'static str,
    /// Expected cost of one character (bits) in the language's own text.
    pub entropy: f32,
    /// Characters in code point order.
    pub chars: &'static str,
    /// One level character per character of `chars`.
    pub costs: &'static str,
}
