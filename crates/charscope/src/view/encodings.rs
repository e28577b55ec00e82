//! The registry as `encodings --json` and `GET /api/encodings` list it.

use crate::decode::hex_pairs;
use crate::encoding::{self, Encoding, Family};
use serde::Serialize;

/// One encoding of the registry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EncodingEntry {
    /// Its canonical name (a label that reads back to it).
    pub name: &'static str,
    /// Its family.
    pub family: Family,
    /// Whether browsers know it (the WHATWG Encoding Standard).
    pub whatwg: bool,
    /// Whether text can be encoded to it (the replacement encoding only decodes).
    pub can_encode: bool,
    /// Every label that names it.
    pub labels: &'static [&'static str],
    /// Its byte order mark, or null when it has none.
    pub bom: Option<String>,
    /// What to know about its labels.
    pub notes: &'static [&'static str],
}

impl EncodingEntry {
    /// The entry of `encoding`.
    pub fn of(encoding: &'static Encoding) -> EncodingEntry {
        EncodingEntry {
            name: encoding.name(),
            family: encoding.family(),
            whatwg: encoding.is_whatwg(),
            can_encode: encoding.can_encode(),
            labels: encoding.labels(),
            bom: encoding.bom().map(hex_pairs),
            notes: encoding.notes(),
        }
    }
}

/// Every encoding of the registry, in its order.
pub fn encodings() -> Vec<EncodingEntry> {
    encoding::all().map(EncodingEntry::of).collect()
}
