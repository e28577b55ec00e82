//! Labels that name an encoding form without its byte order (`utf-16`, `unicode`, `ucs-2`,
//! `utf-32`, `ucs-4`): the byte order mark decides, whichever way it points, as the Unicode
//! Standard says of the UTF-16 and UTF-32 encoding schemes (D98, D99). Without a mark the
//! label's own order is used (little-endian for `utf-16`, as the WHATWG Encoding Standard
//! resolves it; big-endian for `utf-32`, per D99), and standard error says which.

use crate::args::BomArg;
use charscope::Encoding;
use charscope::encoding;
use std::io::Read;

/// What a family label settled: the encoding, and a note for standard error when no mark
/// chose it.
pub struct Settled {
    /// The encoding that decodes.
    pub encoding: &'static Encoding,
    /// What was assumed, when nothing in the input said.
    pub note: Option<String>,
}

/// Whether `label` (which resolved to `resolved`) names UTF-16 or UTF-32 without saying which
/// byte order: a UTF-16 or UTF-32 label not ending in "le" or "be".
pub fn is_family_label(label: &str, resolved: &'static Encoding) -> bool {
    let label = label.trim().to_ascii_lowercase();
    // UTF-16 and UTF-32 only: CESU-8 and UTF-7 are in the Unicode family too, and have no
    // byte order.
    let unicode_wide = resolved.is_unicode() && resolved != encoding::UTF_8;
    unicode_wide && !label.ends_with("le") && !label.ends_with("be")
}

/// The encoding a family label means for input starting with `head`. `None` when the label is
/// not a family label, or `--bom sniff` already lets any mark decide.
pub fn settle(
    label: &str,
    resolved: &'static Encoding,
    bom: Option<BomArg>,
    head: &[u8],
) -> Option<Settled> {
    if !is_family_label(label, resolved)
        || matches!(bom, Some(BomArg::Sniff | BomArg::SniffUnicode))
    {
        return None;
    }
    let utf32 = matches!(resolved.name(), "UTF-32LE" | "UTF-32BE");
    let (big, little) = if utf32 {
        (encoding::UTF_32BE, encoding::UTF_32LE)
    } else {
        (encoding::UTF_16BE, encoding::UTF_16LE)
    };
    for candidate in [little, big] {
        if candidate.bom().is_some_and(|mark| head.starts_with(mark)) {
            return Some(Settled {
                encoding: candidate,
                note: None,
            });
        }
    }
    let why = if utf32 {
        "the Unicode Standard's default (D99)"
    } else if resolved == encoding::UTF_16LE {
        "as browsers do; the Unicode Standard (D98) would read big-endian"
    } else {
        "as the label says"
    };
    let other = if resolved == big { little } else { big };
    Some(Settled {
        encoding: resolved,
        note: Some(format!(
            "no byte order mark, so {label:?} is read as {resolved} ({why}); use --from {} if \
             the text is garbled",
            other.name().to_ascii_lowercase()
        )),
    })
}

/// What `--to utf-16` and `--to utf-32` write, as iconv does (`iconv -t UTF-16`, `-t UTF-32`):
/// a byte order mark, then little-endian. The little-endian encoding, or `None` for any other
/// label (`utf-16le`, `utf-16be`, `utf-32le`, `utf-32be` write no mark).
pub fn marked_target(label: &str) -> Option<&'static Encoding> {
    match label.trim().to_ascii_lowercase().as_str() {
        "utf-16" | "utf16" => Some(encoding::UTF_16LE),
        "utf-32" | "utf32" => Some(encoding::UTF_32LE),
        _ => None,
    }
}

/// Reads at least `n` bytes from the start of `reader` (fewer only at its end), and gives them
/// back with a reader that still yields every byte, those included. It reads a whole block at
/// once, so that later reads of a file stay aligned to its pages (reading 4 bytes first made
/// every later copy from the page cache unaligned, and whole commands twice as slow).
pub fn peek(
    mut reader: Box<dyn Read + Send>,
    n: usize,
) -> std::io::Result<(Vec<u8>, Box<dyn Read + Send>)> {
    const BLOCK: usize = 64 * 1024;
    let mut head = vec![0u8; BLOCK.max(n)];
    let mut len = 0;
    while len < n {
        match reader.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(k) => len += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    head.truncate(len);
    let again = std::io::Cursor::new(head.clone()).chain(reader);
    Ok((head, Box::new(again)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settled(label: &str, head: &[u8]) -> Option<(&'static str, bool)> {
        let resolved = encoding::for_label(label).unwrap();
        settle(label, resolved, None, head).map(|s| (s.encoding.name(), s.note.is_some()))
    }

    #[test]
    fn a_mark_decides_either_way() {
        assert_eq!(
            settled("utf-16", b"\xFE\xFF\x00A"),
            Some(("UTF-16BE", false))
        );
        assert_eq!(
            settled("UTF-16", b"\xFF\xFEA\x00"),
            Some(("UTF-16LE", false))
        );
        assert_eq!(
            settled("utf-32", b"\xFF\xFE\x00\x00"),
            Some(("UTF-32LE", false))
        );
        assert_eq!(
            settled("utf-32", b"\x00\x00\xFE\xFF"),
            Some(("UTF-32BE", false))
        );
        assert_eq!(settled("unicode", b"\xFE\xFF"), Some(("UTF-16BE", false)));
    }

    #[test]
    fn without_a_mark_the_assumption_is_said() {
        assert_eq!(settled("utf-16", b"A\x00"), Some(("UTF-16LE", true)));
        assert_eq!(
            settled("utf-32", b"\x00\x00\x00A"),
            Some(("UTF-32BE", true))
        );
    }

    #[test]
    fn labels_with_an_order_and_sniffing_are_left_alone() {
        assert_eq!(settled("utf-16le", b"\xFE\xFF"), None);
        assert_eq!(settled("utf-32be", b"\xFF\xFE\x00\x00"), None);
        assert_eq!(settled("utf-8", b"\xFE\xFF"), None);
        let resolved = encoding::for_label("utf-16").unwrap();
        assert!(settle("utf-16", resolved, Some(BomArg::Sniff), b"\xFE\xFF").is_none());
    }
}
