//! charscope: a charset converter and Unicode byte inspector.
//!
//! Data flows one way: bytes -> units (a character, or a named malformed sequence, each with its
//! byte span) -> every view. The library reads no files and talks to no terminal.
//!
//! # Contract
//! - **Errors point at bytes.** Every malformed sequence carries absolute byte offsets from the
//!   first byte of the input (a stripped byte order mark included), its kind
//!   ([`MalformedKind`], stable kebab-case names) and a one-line reason.
//! - **One U+FFFD per malformed sequence.** For UTF-8 a malformed sequence is a maximal subpart
//!   (Unicode 3.9.6, WHATWG Encoding Standard); for UTF-16 an unpaired surrogate or an odd
//!   trailing byte; for UTF-32 one bad 4-byte unit or a 1-3 byte tail; for legacy encodings
//!   what encoding_rs (a WHATWG-conformant decoder) rejects; for the encodings beyond WHATWG
//!   what their table or grammar rejects (a byte mapping to nothing, a lone surrogate in
//!   CESU-8 or UTF-7, an escape ISO-2022-KR does not have).
//! - **Streaming.** Decoders take `(src, last)` chunks of any size and keep at most one partial
//!   sequence between them; a sequence split across chunks decodes exactly as if whole.
//! - **Invalid input never panics**: any byte string is decodable in every encoding.
//!
//! ```
//! use charscope::{decode, encoding};
//! let out = decode::decode(b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82A", encoding::UTF_8);
//! assert_eq!(out.text, "\u{FFFD}".repeat(8) + "A");
//! ```

// `unsafe` is denied everywhere but in `simd`, the one module that calls simdutf's SIMD
// transcoders (each with a scalar twin it is tested against).
#![deny(unsafe_code)]

pub mod bom;
pub mod charinfo;
pub mod codepoint;
pub mod compare;
mod count;
pub mod decode;
pub mod detect;
pub mod dump;
pub mod encode;
pub mod encoding;
pub mod escape;
pub mod examples;
pub mod hex;
mod html_entities;
mod parallel;
pub mod plausibility;
pub mod repair;
pub mod report;
pub mod same;
pub mod scan;
mod simd;
pub mod source;
pub mod span;
pub mod stream;
pub mod text;
pub mod transcode;
mod utf8;
pub mod validate;
pub mod view;

pub use bom::{Bom, BomMode, BomPolicy};
pub use charinfo::CharInfo;
pub use decode::{Decoded, Decoder, Malformed, MalformedKind, Piece, Unit};
pub use dump::{DumpError, DumpFormat, ParseOptions, Parsed};
pub use encoding::Encoding;
pub use escape::{EscapeFormat, EscapedUnit, Unescaped};
pub use report::Report;
pub use span::Span;
pub use stream::StreamDecoder;
pub use transcode::Transcoder;
