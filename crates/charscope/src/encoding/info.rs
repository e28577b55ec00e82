//! One encoding described for people and programs: the JSON of `charscope encodings` and of the
//! page's `GET /api/encodings`.

use super::{Encoding, Family, aliases_of, iana_differences};
use crate::decode::hex_pairs;
use serde::Serialize;

/// A label that `--labels iana` points at another encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct LabelChange {
    /// The label.
    pub label: &'static str,
    /// What it means under `--labels iana`.
    pub iana: &'static Encoding,
}

/// Everything the registry knows about one encoding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct EncodingInfo {
    /// The canonical name (it reads back as a label).
    pub name: &'static str,
    /// The group it belongs to.
    pub family: Family,
    /// Whether browsers have it.
    pub whatwg: bool,
    /// Whether text can be encoded to it.
    pub can_encode: bool,
    /// Its labels (in both label modes, except those in `iana_changes`).
    pub labels: &'static [&'static str],
    /// Python's and iconv's names that also select it.
    pub aliases: Vec<&'static str>,
    /// Labels that select it only under `--labels iana` (iconv's meanings).
    pub iana_labels: Vec<&'static str>,
    /// Its labels that select another encoding under `--labels iana`.
    pub iana_changes: Vec<LabelChange>,
    /// Its byte order mark as hex pairs, if it has one.
    pub bom: Option<String>,
    /// Warnings about its labels and how it differs from what other tools call by its name.
    pub notes: &'static [&'static str],
}

/// Describes `encoding`.
pub fn info(encoding: &'static Encoding) -> EncodingInfo {
    let differences = iana_differences();
    EncodingInfo {
        name: encoding.name(),
        family: encoding.family(),
        whatwg: encoding.is_whatwg(),
        can_encode: encoding.can_encode(),
        labels: encoding.labels(),
        aliases: aliases_of(encoding),
        iana_labels: differences
            .iter()
            .filter(|d| d.iana == encoding)
            .map(|d| d.label)
            .collect(),
        iana_changes: differences
            .iter()
            .filter(|d| d.whatwg == encoding)
            .map(|d| LabelChange {
                label: d.label,
                iana: d.iana,
            })
            .collect(),
        bom: encoding.bom().map(hex_pairs),
        notes: encoding.notes(),
    }
}
