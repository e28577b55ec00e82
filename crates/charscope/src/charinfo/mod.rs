//! Everything about one character: name, properties, plane, block, script, width, and its bytes
//! in UTF-8, UTF-16 and UTF-32 with their bit layouts.
//!
//! Names come from `unicode_names2` (Unicode 17.0 data); properties from ICU4X's compiled data
//! (`icu_properties`, Unicode 18.0); terminal columns from `unicode-width` (Unicode 18.0).
//!
//! ```
//! use charscope::charinfo::CharInfo;
//! let e = CharInfo::of('é');
//! assert_eq!(e.code_point, "U+00E9");
//! assert_eq!(e.name, "LATIN SMALL LETTER E WITH ACUTE");
//! assert_eq!(e.utf8, "C3 A9");
//! assert_eq!(e.utf8_bits, "110 00011 10 101001");
//! ```

pub mod bits;
pub mod blocks;
pub mod details;
pub mod names;
pub mod planes;
pub mod properties;

use crate::decode::hex_pairs;
use serde::Serialize;
use std::fmt;
use unicode_width::UnicodeWidthChar;

/// `U+XXXX`: at least four upper-case hex digits.
pub fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// The character as it can be shown: itself; a combining mark on U+25CC DOTTED CIRCLE ("◌́");
/// or, for invisible characters (controls, format characters, spaces other than U+0020,
/// default-ignorables, private-use, unassigned), an escape `\u{200D}`.
pub fn visible(c: char) -> String {
    if properties::is_invisible(c) {
        format!("\\u{{{:04X}}}", u32::from(c))
    } else if properties::is_mark(c) {
        format!("\u{25CC}{c}")
    } else {
        c.to_string()
    }
}

/// How many terminal columns a character takes on its own (0 for controls and combining marks),
/// per `unicode-width`.
pub fn columns(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// The per-character view: identity, properties and encodings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CharInfo {
    /// The character itself.
    #[serde(rename = "char")]
    pub ch: char,
    /// The character as it can be shown (see [`visible`]).
    pub display: String,
    /// `U+00E9`.
    pub code_point: String,
    /// The Unicode name, or for a character without one its control alias or its code point
    /// label (`<private-use-E000>`).
    pub name: String,
    /// Whether `name` is a control alias or a label rather than a Unicode name.
    pub name_is_alias: bool,
    /// General_Category, short alias ("Ll").
    pub general_category: &'static str,
    /// General_Category, long alias ("Lowercase_Letter").
    pub general_category_name: &'static str,
    /// The plane.
    pub plane: planes::Plane,
    /// Block, long alias ("Latin_1_Supplement").
    pub block: &'static str,
    /// Script, long alias ("Latin").
    pub script: &'static str,
    /// East_Asian_Width, short alias ("A", "W", "Na", "N", "F", "H").
    pub east_asian_width: &'static str,
    /// East_Asian_Width, long alias ("Ambiguous").
    pub east_asian_width_name: &'static str,
    /// Terminal columns (see [`columns`]).
    pub columns: usize,
    /// UTF-8 bytes ("C3 A9").
    pub utf8: String,
    /// UTF-8 bit layout, marker then payload bits of each byte ("110 00011 10 101001").
    pub utf8_bits: String,
    /// UTF-8 bit layout, one field per byte.
    pub utf8_layout: Vec<bits::Field>,
    /// UTF-16 code units ("D83D DE00").
    pub utf16: String,
    /// UTF-16 bit layout ("110110 0000111101 110111 1000000000").
    pub utf16_bits: String,
    /// UTF-16 bit layout, one field per code unit.
    pub utf16_layout: Vec<bits::Field>,
    /// UTF-16BE bytes ("D8 3D DE 00").
    pub utf16be: String,
    /// UTF-16LE bytes ("3D D8 00 DE").
    pub utf16le: String,
    /// UTF-32BE bytes ("00 01 F6 00").
    pub utf32be: String,
    /// UTF-32LE bytes ("00 F6 01 00").
    pub utf32le: String,
}

impl CharInfo {
    /// Gathers everything about `c`.
    pub fn of(c: char) -> CharInfo {
        let (name, name_is_alias) = match names::unicode_name(c) {
            Some(name) => (name, false),
            None => (
                names::control_alias(c)
                    .map(str::to_string)
                    .unwrap_or_else(|| names::label(c)),
                true,
            ),
        };
        let gc = properties::general_category(c);
        let eaw = properties::east_asian_width(c);
        let utf8_layout = bits::utf8_layout(c);
        let utf16_layout = bits::utf16_layout(c);
        let units: Vec<u16> = c.encode_utf16(&mut [0; 2]).to_vec();
        let be: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
        let le: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        CharInfo {
            ch: c,
            display: visible(c),
            code_point: code_point(c),
            name,
            name_is_alias,
            general_category: gc.short,
            general_category_name: gc.long,
            plane: planes::plane(c),
            block: properties::block(c).long,
            script: properties::script(c).long,
            east_asian_width: eaw.short,
            east_asian_width_name: eaw.long,
            columns: columns(c),
            utf8: hex_pairs(c.encode_utf8(&mut [0; 4]).as_bytes()),
            utf8_bits: bits::layout_string(&utf8_layout),
            utf8_layout,
            utf16: utf16_layout
                .iter()
                .map(|f| f.hex.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            utf16_bits: bits::layout_string(&utf16_layout),
            utf16_layout,
            utf16be: hex_pairs(&be),
            utf16le: hex_pairs(&le),
            utf32be: hex_pairs(&u32::from(c).to_be_bytes()),
            utf32le: hex_pairs(&u32::from(c).to_le_bytes()),
        }
    }
}

/// Why a code point could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CodePointError {
    /// Not `U+` followed by one to six hex digits.
    Syntax(String),
    /// A surrogate (U+D800..U+DFFF): half of a UTF-16 pair, not a character.
    Surrogate(u32),
    /// Beyond U+10FFFF, where Unicode ends.
    OutOfRange(u32),
}

impl fmt::Display for CodePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodePointError::Syntax(s) => {
                write!(
                    f,
                    "{s:?} is not a code point (write U+ and hex digits: U+00E9)"
                )
            }
            CodePointError::Surrogate(v) => write!(
                f,
                "U+{v:04X} is a surrogate: half of a UTF-16 pair, not a character (UTF-8 and \
                 UTF-32 cannot encode it)"
            ),
            CodePointError::OutOfRange(v) => {
                write!(f, "U+{v:X} is beyond U+10FFFF, where Unicode ends")
            }
        }
    }
}

impl std::error::Error for CodePointError {}

/// Reads `U+00E9` (also `u+e9`, one to six hex digits) as a character.
///
/// ```
/// use charscope::charinfo::parse_code_point;
/// assert_eq!(parse_code_point("U+1F600"), Ok('😀'));
/// assert_eq!(parse_code_point("U+E9"), Ok('é'));
/// assert!(parse_code_point("U+D800").is_err());
/// ```
pub fn parse_code_point(text: &str) -> Result<char, CodePointError> {
    let value = parse_code_point_value(text)?;
    match value {
        0xD800..=0xDFFF => Err(CodePointError::Surrogate(value)),
        _ => char::from_u32(value).ok_or_else(|| CodePointError::Syntax(text.to_string())),
    }
}

/// Reads `U+XXXX` as a code point value, surrogates included (U+D800..U+DFFF are code points,
/// though not characters); beyond U+10FFFF is an error.
///
/// ```
/// use charscope::charinfo::parse_code_point_value;
/// assert_eq!(parse_code_point_value("U+D800"), Ok(0xD800));
/// assert!(parse_code_point_value("U+110000").is_err());
/// ```
pub fn parse_code_point_value(text: &str) -> Result<u32, CodePointError> {
    match crate::codepoint::read_u_plus(text.chars()) {
        Some((value, read)) if read == text.chars().count() => {
            if value > 0x10FFFF {
                Err(CodePointError::OutOfRange(value))
            } else {
                Ok(value)
            }
        }
        _ => Err(CodePointError::Syntax(text.to_string())),
    }
}
