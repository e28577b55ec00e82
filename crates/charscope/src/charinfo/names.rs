//! Character names: the name the Unicode Character Database gives (through `unicode_names2`),
//! or, for a character without one, the alias of a control or a code point label (Unicode 4.8).

use super::properties;
use std::fmt::Write;

/// The first `control` (or, failing that, `figment`) alias of each C0 and C1 control and DEL,
/// from the Unicode Character Database's NameAliases.txt (as shipped in `unicode_names2`'s data).
/// Controls have no name of their own: UnicodeData.txt says only `<control>`.
const CONTROL_ALIASES: [(u32, &str); 65] = [
    (0x0000, "NULL"),
    (0x0001, "START OF HEADING"),
    (0x0002, "START OF TEXT"),
    (0x0003, "END OF TEXT"),
    (0x0004, "END OF TRANSMISSION"),
    (0x0005, "ENQUIRY"),
    (0x0006, "ACKNOWLEDGE"),
    (0x0007, "ALERT"),
    (0x0008, "BACKSPACE"),
    (0x0009, "CHARACTER TABULATION"),
    (0x000A, "LINE FEED"),
    (0x000B, "LINE TABULATION"),
    (0x000C, "FORM FEED"),
    (0x000D, "CARRIAGE RETURN"),
    (0x000E, "SHIFT OUT"),
    (0x000F, "SHIFT IN"),
    (0x0010, "DATA LINK ESCAPE"),
    (0x0011, "DEVICE CONTROL ONE"),
    (0x0012, "DEVICE CONTROL TWO"),
    (0x0013, "DEVICE CONTROL THREE"),
    (0x0014, "DEVICE CONTROL FOUR"),
    (0x0015, "NEGATIVE ACKNOWLEDGE"),
    (0x0016, "SYNCHRONOUS IDLE"),
    (0x0017, "END OF TRANSMISSION BLOCK"),
    (0x0018, "CANCEL"),
    (0x0019, "END OF MEDIUM"),
    (0x001A, "SUBSTITUTE"),
    (0x001B, "ESCAPE"),
    (0x001C, "INFORMATION SEPARATOR FOUR"),
    (0x001D, "INFORMATION SEPARATOR THREE"),
    (0x001E, "INFORMATION SEPARATOR TWO"),
    (0x001F, "INFORMATION SEPARATOR ONE"),
    (0x007F, "DELETE"),
    (0x0080, "PADDING CHARACTER"),
    (0x0081, "HIGH OCTET PRESET"),
    (0x0082, "BREAK PERMITTED HERE"),
    (0x0083, "NO BREAK HERE"),
    (0x0084, "INDEX"),
    (0x0085, "NEXT LINE"),
    (0x0086, "START OF SELECTED AREA"),
    (0x0087, "END OF SELECTED AREA"),
    (0x0088, "CHARACTER TABULATION SET"),
    (0x0089, "CHARACTER TABULATION WITH JUSTIFICATION"),
    (0x008A, "LINE TABULATION SET"),
    (0x008B, "PARTIAL LINE FORWARD"),
    (0x008C, "PARTIAL LINE BACKWARD"),
    (0x008D, "REVERSE LINE FEED"),
    (0x008E, "SINGLE SHIFT TWO"),
    (0x008F, "SINGLE SHIFT THREE"),
    (0x0090, "DEVICE CONTROL STRING"),
    (0x0091, "PRIVATE USE ONE"),
    (0x0092, "PRIVATE USE TWO"),
    (0x0093, "SET TRANSMIT STATE"),
    (0x0094, "CANCEL CHARACTER"),
    (0x0095, "MESSAGE WAITING"),
    (0x0096, "START OF GUARDED AREA"),
    (0x0097, "END OF GUARDED AREA"),
    (0x0098, "START OF STRING"),
    (0x0099, "SINGLE GRAPHIC CHARACTER INTRODUCER"),
    (0x009A, "SINGLE CHARACTER INTRODUCER"),
    (0x009B, "CONTROL SEQUENCE INTRODUCER"),
    (0x009C, "STRING TERMINATOR"),
    (0x009D, "OPERATING SYSTEM COMMAND"),
    (0x009E, "PRIVACY MESSAGE"),
    (0x009F, "APPLICATION PROGRAM COMMAND"),
];

/// The alias of a C0 or C1 control (U+0009 is "CHARACTER TABULATION"), if `c` is one.
pub fn control_alias(c: char) -> Option<&'static str> {
    CONTROL_ALIASES
        .binary_search_by_key(&u32::from(c), |&(cp, _)| cp)
        .ok()
        .map(|i| CONTROL_ALIASES[i].1)
}

/// Tangut ideographs are named by rule (NR2, Unicode 4.8) and `unicode_names2` does not derive
/// them: "TANGUT IDEOGRAPH-" and the code point.
fn rule_name(c: char) -> Option<String> {
    let cp = u32::from(c);
    let tangut = matches!(cp, 0x17000..=0x187FF | 0x18D00..=0x18D7F);
    (tangut && properties::is_assigned(c)).then(|| format!("TANGUT IDEOGRAPH-{cp:X}"))
}

/// The character's name as the Unicode Character Database gives it ("LATIN SMALL LETTER E WITH
/// ACUTE"), or `None` for controls, private-use, surrogate, noncharacter and unassigned code points.
pub fn unicode_name(c: char) -> Option<String> {
    unicode_names2::name(c)
        .map(|n| n.to_string())
        .or_else(|| rule_name(c))
}

/// What to call a code point without a name: its label (Unicode 4.8), as `<control-0009>`,
/// `<private-use-E000>`, `<noncharacter-FFFE>` or `<reserved-0378>`.
pub fn label(c: char) -> String {
    let kind = if c.is_control() {
        "control"
    } else if properties::is_private_use(c) {
        "private-use"
    } else if properties::is_noncharacter(c) {
        "noncharacter"
    } else {
        "reserved"
    };
    let mut out = String::new();
    write!(out, "<{kind}-{:04X}>", u32::from(c)).expect("writing to a String");
    out
}

/// The name to show for a character: its Unicode name, else its code point label.
pub fn display_name(c: char) -> String {
    unicode_name(c).unwrap_or_else(|| label(c))
}

/// One hit of a name search.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NameMatch {
    /// The character.
    #[serde(rename = "char")]
    pub ch: char,
    /// Its code point, `U+XXXX`.
    pub code_point: String,
    /// The name (or control alias) that matched.
    pub name: String,
    /// The alias the query named, when it named the character by one of its aliases
    /// (NameAliases.txt: "BYTE ORDER MARK", "NBSP") rather than by its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alias: Option<String>,
}

/// Every character whose name (or control alias) contains each of the words of `query` as a whole
/// word, case-insensitively, in code point order. Words are split at spaces and hyphens, so
/// "grinning face" finds U+1F600 GRINNING FACE and U+1F601 GRINNING FACE WITH SMILING EYES.
///
/// ```
/// let hits: Vec<_> = charscope::charinfo::names::search("latin small e acute").collect();
/// assert!(hits.iter().any(|m| m.ch == 'é'));
/// ```
pub fn search(query: &str) -> impl Iterator<Item = NameMatch> + '_ {
    let exact = exact_match(query);
    let first = exact.as_ref().map(|m| m.ch);
    let wanted: Vec<String> = words(query).map(str::to_ascii_uppercase).collect();
    let by_words = (0..=0x10FFFFu32)
        .filter_map(char::from_u32)
        .filter(move |&c| Some(c) != first)
        .filter_map(move |c| {
            if wanted.is_empty() {
                return None;
            }
            let name = unicode_name(c).or_else(|| control_alias(c).map(str::to_string))?;
            let upper = name.to_ascii_uppercase();
            let have: Vec<&str> = words(&upper).collect();
            wanted
                .iter()
                .all(|w| have.contains(&w.as_str()))
                .then(|| NameMatch {
                    ch: c,
                    code_point: super::code_point(c),
                    name,
                    alias: None,
                })
        });
    exact.into_iter().chain(by_words)
}

/// The character `name` names, matched loosely as UAX #44 (LM2) says (case, spaces, `_` and
/// medial hyphens ignored), or `None`. No character's name starts with a hyphen; such a name is
/// answered here, since unicode_names2 4.0 steps before its first byte to ask whether a leading
/// hyphen is medial (a panic where arithmetic overflow is checked, found by the escapes fuzz
/// target on `\N{-SSB...}`).
pub(crate) fn character_named(name: &str) -> Option<char> {
    if name.starts_with('-') {
        return None;
    }
    unicode_names2::character(name)
}

/// The character the query names exactly, by its name or by an alias of NameAliases.txt
/// ("byte order mark", "nbsp", "zwj"), matched loosely as UAX #44 (LM2) says.
fn exact_match(query: &str) -> Option<NameMatch> {
    let query = query.trim();
    if query.is_empty() {
        return None;
    }
    let ch = character_named(query)?;
    let name = unicode_name(ch).or_else(|| control_alias(ch).map(str::to_string))?;
    let loose = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '_' | '-'))
            .map(|c| c.to_ascii_uppercase())
            .collect()
    };
    let alias = (loose(query) != loose(&name)).then(|| query.to_ascii_uppercase());
    Some(NameMatch {
        ch,
        code_point: super::code_point(ch),
        name,
        alias,
    })
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::search;

    #[test]
    fn aliases_find_their_character_first() {
        let first = |q: &str| search(q).next().map(|m| (m.ch, m.alias));
        assert_eq!(
            first("byte order mark"),
            Some(('\u{FEFF}', Some("BYTE ORDER MARK".into())))
        );
        assert_eq!(first("nbsp"), Some(('\u{A0}', Some("NBSP".into()))));
        assert_eq!(first("zwj"), Some(('\u{200D}', Some("ZWJ".into()))));
        assert_eq!(first("snowman"), Some(('\u{2603}', None)));
        // The exact hit is not listed twice.
        assert_eq!(search("snowman").filter(|m| m.ch == '\u{2603}').count(), 1);
    }
}
