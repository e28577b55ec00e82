//! The views that both the command line's `--json` and the web API serialize: one type per
//! view, built here, so that the two can never drift apart. (`inspect` is
//! [`crate::report::Report`]; dump rows are [`crate::dump::RowView`].)

pub mod compare;
pub mod encode;
pub mod encodings;
pub mod examples;
pub mod formats;
