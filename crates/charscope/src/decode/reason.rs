//! The one-line reason of a malformed sequence ([`Malformed::reason`]), from the decoder of
//! its encoding: UTF-8, UTF-16, UTF-32 and the legacy encodings explain theirs in
//! `malformed.rs`, the engines beyond WHATWG beside their own decoders. Above them all, so that
//! `malformed.rs` (which every decoder uses) calls none of them.

use super::malformed::Malformed;
use crate::encoding::Engine;

impl Malformed {
    /// A one-line explanation: what the bytes are and why they are not a character.
    pub fn reason(&self) -> String {
        match self.encoding().engine() {
            Engine::Utf8 => self.utf8_reason(),
            Engine::Utf16(_) => self.utf16_reason(),
            Engine::Utf32(_) => self.utf32_reason(),
            Engine::TrueLatin1 | Engine::Whatwg(_) | Engine::SingleByte(_) => self.legacy_reason(),
            Engine::Cesu8 => super::cesu8::reason(self),
            Engine::Utf7 => super::utf7::reason(self),
            Engine::Iso2022Kr => super::iso2022kr::reason(self),
            Engine::Johab => super::cjk_tables::johab_reason(self),
            Engine::EucTw => super::cjk_tables::euc_tw_reason(self),
        }
    }
}
