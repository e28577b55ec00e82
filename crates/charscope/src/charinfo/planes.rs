//! The seventeen planes of the Unicode code space, 65,536 code points each.

use serde::Serialize;

/// A plane: its number and name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Plane {
    /// 0 to 16: the code point divided by 0x10000.
    pub number: u8,
    /// The plane's name ("Basic Multilingual Plane").
    pub name: &'static str,
    /// Its usual abbreviation ("BMP"), empty for the unassigned planes 4 to 13.
    pub abbreviation: &'static str,
}

/// The plane of a character.
///
/// ```
/// use charscope::charinfo::planes::plane;
/// assert_eq!(plane('é').abbreviation, "BMP");
/// assert_eq!(plane('😀').number, 1);
/// ```
pub fn plane(c: char) -> Plane {
    let number = (u32::from(c) >> 16) as u8;
    let (name, abbreviation) = match number {
        0 => ("Basic Multilingual Plane", "BMP"),
        1 => ("Supplementary Multilingual Plane", "SMP"),
        2 => ("Supplementary Ideographic Plane", "SIP"),
        3 => ("Tertiary Ideographic Plane", "TIP"),
        14 => ("Supplementary Special-purpose Plane", "SSP"),
        15 => ("Supplementary Private Use Area-A", "SPUA-A"),
        16 => ("Supplementary Private Use Area-B", "SPUA-B"),
        _ => ("Unassigned plane", ""),
    };
    Plane {
        number,
        name,
        abbreviation,
    }
}
