//! The views that both the command line's `--json` and the web API serialize: one type per
//! view, built here, so that the two can never drift apart. (`inspect` is
//! [`crate::report::Report`]; dump rows are [`crate::dump::RowView`].) [`api`] has the page's
//! endpoints as functions, which the web server and the WebAssembly build both call.

pub mod api;
pub mod compare;
pub mod decode;
pub mod encode;
pub mod encodings;
pub mod examples;
pub mod fix;
pub mod formats;

/// Cuts `text` to its first `max_chars` characters; true when it was longer. The views' `shown`
/// methods use it for a page that shows the start of a long text.
pub(crate) fn cut_chars(text: &mut String, max_chars: usize) -> bool {
    match text.char_indices().nth(max_chars) {
        Some((at, _)) => {
            text.truncate(at);
            true
        }
        None => false,
    }
}
