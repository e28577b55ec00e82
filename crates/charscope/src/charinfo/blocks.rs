//! Block names as the Unicode Standard writes them in Blocks.txt ("Latin-1 Supplement",
//! "Arabic Presentation Forms-B", "Greek and Coptic"), from the long property value aliases ICU4X
//! gives ("Latin_1_Supplement", "Arabic_Presentation_Forms_B", "Greek_And_Coptic").
//!
//! The aliases differ from the names in three regular ways (UAX #44 matches them loosely, so both
//! are correct, but people read the names): spaces are underscores; a final letter that tells
//! lettered extensions apart follows a hyphen in the names ("Latin Extended-A"), except for the
//! CJK extensions ("CJK Unified Ideographs Extension B"); and "and", "for" are capitalised.
//! Two names keep a hyphen of their own: "Latin-1 Supplement" and "Phags-pa".

/// The Blocks.txt name of a block given its long alias; "No_Block" stays as it is.
///
/// ```
/// use charscope::charinfo::blocks::block_name;
/// assert_eq!(block_name("Latin_1_Supplement"), "Latin-1 Supplement");
/// assert_eq!(block_name("Arabic_Presentation_Forms_B"), "Arabic Presentation Forms-B");
/// assert_eq!(block_name("CJK_Unified_Ideographs_Extension_B"), "CJK Unified Ideographs Extension B");
/// ```
pub fn block_name(alias: &str) -> String {
    match alias {
        "Latin_1_Supplement" => return "Latin-1 Supplement".into(),
        "Phags_Pa" => return "Phags-pa".into(),
        "No_Block" => return "No_Block".into(),
        _ => {}
    }
    let words: Vec<&str> = alias.split('_').collect();
    let mut out = String::with_capacity(alias.len());
    for (i, word) in words.iter().enumerate() {
        let lettered = i + 1 == words.len()
            && i > 0
            && word.len() == 1
            && word.chars().all(|c| c.is_ascii_uppercase())
            && words[i - 1] != "Extension";
        if i > 0 {
            out.push(if lettered { '-' } else { ' ' });
        }
        match *word {
            "And" if i > 0 => out.push_str("and"),
            "For" if i > 0 => out.push_str("for"),
            w => out.push_str(w),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::block_name;

    /// Names as Blocks.txt (Unicode Character Database) writes them, next to their aliases as
    /// PropertyValueAliases.txt writes them.
    #[test]
    fn names_as_blocks_txt_writes_them() {
        for (alias, name) in [
            ("Basic_Latin", "Basic Latin"),
            ("Latin_1_Supplement", "Latin-1 Supplement"),
            ("Latin_Extended_A", "Latin Extended-A"),
            ("Latin_Extended_Additional", "Latin Extended Additional"),
            ("Greek_And_Coptic", "Greek and Coptic"),
            ("Arabic_Presentation_Forms_A", "Arabic Presentation Forms-A"),
            ("Arabic_Presentation_Forms_B", "Arabic Presentation Forms-B"),
            (
                "Halfwidth_And_Fullwidth_Forms",
                "Halfwidth and Fullwidth Forms",
            ),
            (
                "Combining_Diacritical_Marks_For_Symbols",
                "Combining Diacritical Marks for Symbols",
            ),
            (
                "CJK_Unified_Ideographs_Extension_A",
                "CJK Unified Ideographs Extension A",
            ),
            (
                "Supplementary_Private_Use_Area_A",
                "Supplementary Private Use Area-A",
            ),
            (
                "Miscellaneous_Mathematical_Symbols_B",
                "Miscellaneous Mathematical Symbols-B",
            ),
            (
                "Symbols_And_Pictographs_Extended_A",
                "Symbols and Pictographs Extended-A",
            ),
            (
                "Symbols_For_Legacy_Computing",
                "Symbols for Legacy Computing",
            ),
            ("Phags_Pa", "Phags-pa"),
            ("High_Surrogates", "High Surrogates"),
            ("NKo", "NKo"),
        ] {
            assert_eq!(block_name(alias), name);
        }
    }

    #[test]
    fn icu_aliases_read_as_names() {
        use crate::charinfo::properties::block;
        assert_eq!(block_name(block('é').long), "Latin-1 Supplement");
        assert_eq!(
            block_name(block('\u{FEFF}').long),
            "Arabic Presentation Forms-B"
        );
        assert_eq!(block_name(block('\u{0391}').long), "Greek and Coptic");
        assert_eq!(
            block_name(block('\u{20000}').long),
            "CJK Unified Ideographs Extension B"
        );
    }
}
