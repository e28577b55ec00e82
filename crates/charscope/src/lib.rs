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

// Bytes to text.

/// Byte order marks under the two policies that disagree about them (WHATWG and Unicode).
pub mod bom;
/// Decoding: bytes to units, each a character with its byte span or a named malformed sequence.
pub mod decode;
/// Which encoding unknown bytes are in, with the evidence in plain words.
pub mod detect;
/// The registry: every encoding, its labels (WHATWG's meanings, or iconv's), and how they resolve.
pub mod encoding;
/// Mojibake found and undone as the chain of steps that made it.
pub mod repair;
/// Sources that can be read at any offset (regular files), for the paths on two threads.
pub mod source;
/// Byte spans: where a unit sits in the original input.
pub mod span;
/// Streaming decode with byte order mark handling: the decoder every command uses.
pub mod stream;
/// Every malformed sequence of a stream with its offset, line and column (`validate`).
pub mod validate;

// Text to bytes.

/// The one reader of `U+XXXX` notation.
pub mod codepoint;
/// Text to bytes in any encoding, each character the encoding cannot represent reported.
pub mod encode;
/// Text escapes in and out: `\u{..}`, `\uXXXX`, `U+XXXX`, `&#x..;`, `&name;`, `%XX`, `\xNN`.
pub mod escape;
/// Hex both ways: bytes as upper-case pairs (`"C3 A9"`), and the one reader of hex digits.
pub mod hex;
/// Streaming transcoding from one encoding to another, with an error policy.
pub mod transcode;

// Views: the JSON of each command and of the web API.

/// The same bytes under every encoding, ranked by plausibility (`compare`).
pub mod compare;
/// Hex dumps in (any format a user pastes) and out (`hexdump -C`, annotated rows).
pub mod dump;
/// The ready examples, each with its input and the outcome it must have.
pub mod examples;
/// The full inspection of one input (`inspect`, the web page).
pub mod report;
/// One serializable model per view, shared by the command line's `--json` and the web API.
pub mod view;

// Analysis.

/// Everything about one character: name, properties, plane, block, script, bytes and bits.
pub mod charinfo;
/// How plausible a text is as human writing (detection, repair and `compare` share it).
pub mod plausibility;
/// Are two strings the same? Bytes, NFC, NFKC, case-folded, confusable.
pub mod same;
/// What a reader cannot see: hidden characters, bidi controls, lookalikes, file names, URLs.
pub mod scan;
/// A text as a whole: its lengths under six models, and its normalization forms.
pub mod text;

// Inside the library only.

/// Lines and characters counted for positions (bytecount's SIMD counts).
mod count;
pub use count::line_column;
/// The HTML named character references, from a string the build script writes.
mod html_entities;
/// Work cut in parts, done on threads of their own.
mod parallel;
/// The only home of `unsafe`: SIMD routines, each with a scalar twin (`CHARSCOPE_SIMD=off`).
mod simd;
/// UTF-8's byte rules written once: the Unicode Standard's Table 3-7.
mod utf8;

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

#[cfg(test)]
mod table_of_contents {
    /// This file is the crate's table of contents (issue 31): every module has a summary of
    /// one line just above it, under one of the groups.
    #[test]
    fn every_module_has_its_one_line_summary_here() {
        let lines: Vec<&str> = include_str!("lib.rs").lines().collect();
        let mut modules = 0;
        for (i, line) in lines.iter().enumerate() {
            let declared = line.strip_prefix("pub mod ").or(line.strip_prefix("mod "));
            let Some(name) = declared.filter(|n| n.ends_with(';')) else {
                continue;
            };
            let summary = lines[i - 1].strip_prefix("/// ");
            assert!(summary.is_some(), "{name} has no summary");
            assert!(!lines[i - 2].starts_with("///"), "{name}: one line");
            modules += 1;
        }
        assert!(modules >= 25, "{modules}");
        for group in [
            "// Bytes to text.",
            "// Text to bytes.",
            "// Views",
            "// Analysis.",
        ] {
            assert!(lines.iter().any(|l| l.starts_with(group)), "{group}");
        }
    }
}
