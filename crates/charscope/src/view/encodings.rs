//! The registry as `encodings --json` and `GET /api/encodings` list it: one
//! [`crate::encoding::EncodingInfo`] per encoding (labels, Python's and iconv's names, what
//! `--labels iana` changes, notes).

use crate::encoding;

/// One encoding of the registry.
pub use crate::encoding::EncodingInfo as EncodingEntry;

/// Every encoding of the registry, in its order.
pub fn encodings() -> Vec<EncodingEntry> {
    encoding::all().map(encoding::info).collect()
}
