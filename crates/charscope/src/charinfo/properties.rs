//! Character properties from ICU4X's compiled data (`icu_properties`): general category, script,
//! block and East Asian width, each as the Unicode Character Database's property value aliases.

use icu_properties::props::{
    BidiClass, Block, DefaultIgnorableCodePoint, EastAsianWidth, EnumeratedProperty,
    GeneralCategory, NamedEnumeratedProperty, NoncharacterCodePoint, Script,
};
use icu_properties::{CodePointMapData, CodePointSetData, PropertyNamesLong, PropertyNamesShort};

/// The Unicode version of the property data (ICU4X 2.4's compiled data).
pub const UNICODE_VERSION: &str = "18.0.0";

/// A property value by its two aliases, as in PropertyValueAliases.txt ("Ll", "Lowercase_Letter").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// The short alias ("Ll", "W").
    pub short: &'static str,
    /// The long alias ("Lowercase_Letter", "Wide").
    pub long: &'static str,
}

fn names<T: NamedEnumeratedProperty + EnumeratedProperty>(c: char) -> Value {
    let value = CodePointMapData::<T>::new().get(c);
    let long = PropertyNamesLong::<T>::new().get(value).unwrap_or("?");
    Value {
        short: PropertyNamesShort::<T>::new().get(value).unwrap_or(long),
        long,
    }
}

/// The General_Category ("Ll" / "Lowercase_Letter").
pub fn general_category(c: char) -> Value {
    names::<GeneralCategory>(c)
}

/// The Script ("Latn" / "Latin"); "Zyyy"/"Common" for characters many scripts share.
pub fn script(c: char) -> Value {
    names::<Script>(c)
}

/// The Block ("Latin_1_Sup" / "Latin_1_Supplement"); "NB"/"No_Block" outside every block.
pub fn block(c: char) -> Value {
    names::<Block>(c)
}

/// The East_Asian_Width ("W" / "Wide"), which terminals use to decide on one or two columns.
pub fn east_asian_width(c: char) -> Value {
    names::<EastAsianWidth>(c)
}

/// The Bidi_Class ("L" / "Left_To_Right"): how the bidirectional algorithm treats it.
pub fn bidi_class(c: char) -> Value {
    names::<BidiClass>(c)
}

/// Whether the code point is assigned to a character (its category is not Cn).
pub fn is_assigned(c: char) -> bool {
    CodePointMapData::<GeneralCategory>::new().get(c) != GeneralCategory::Unassigned
}

/// Whether the code point is for private use (category Co).
pub fn is_private_use(c: char) -> bool {
    CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::PrivateUse
}

/// Whether the code point is one of the 66 noncharacters (U+FDD0..U+FDEF, U+xxFFFE, U+xxFFFF).
pub fn is_noncharacter(c: char) -> bool {
    CodePointSetData::new::<NoncharacterCodePoint>().contains(c)
}

/// Whether the code point is default-ignorable: drawn as nothing when not supported (ZWJ,
/// variation selectors, tags, U+FEFF...).
pub fn is_default_ignorable(c: char) -> bool {
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

/// Whether the character is a combining mark (Mn, Mc or Me), drawn on the character before it.
pub fn is_mark(c: char) -> bool {
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    )
}

/// Whether the character has no visible glyph of its own: controls, format characters, line
/// and paragraph separators, spaces other than U+0020, default-ignorables, private-use,
/// noncharacters and unassigned code points.
pub fn is_invisible(c: char) -> bool {
    use GeneralCategory as G;
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    matches!(
        gc,
        G::Control
            | G::Format
            | G::LineSeparator
            | G::ParagraphSeparator
            | G::PrivateUse
            | G::Unassigned
            | G::Surrogate
    ) || (gc == G::SpaceSeparator && c != ' ')
        || is_default_ignorable(c)
}
