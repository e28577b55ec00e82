//! How rare each mojibake is: the prior cost in bits a repair must gain back.

use crate::encoding::Encoding;

/// The prior cost in bits of UTF-8 read as `enc` (see [`prior`]).
pub(crate) fn utf8_prior(enc: &Encoding) -> f64 {
    let name = enc.name();
    match name {
        "windows-1252" => 0.0,
        "true-ISO-8859-1" => 0.5,
        "windows-1250" | "windows-1251" | "macintosh" => 2.0,
        "GBK" | "Big5" | "Shift_JIS" | "EUC-JP" | "EUC-KR" => 8.0,
        _ if name.starts_with("windows-")
            || name.starts_with("ISO-8859-")
            || name.starts_with("KOI8") =>
        {
            4.0
        }
        _ => 5.0,
    }
}

/// Whether a repair of UTF-8 read as `enc` is refused unless each of its places is a whole word
/// (see [`whole_words`]): all but the commonest mojibake, whose prior is near nothing. The
/// search asks this too, to give up on such a reading at its first place that is not.
pub(crate) fn needs_whole_words(enc: &Encoding) -> bool {
    utf8_prior(enc) > 1.0
}
