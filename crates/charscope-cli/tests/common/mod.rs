//! What the golden tests share: a golden file compared with what a command wrote, and, when they
//! differ, a diff of the lines that differ (with three lines around each) rather than two whole
//! copies to compare by eye.

use std::path::PathBuf;

/// Compares `actual` with `tests/golden/NAME`, or writes it there under CHARSCOPE_BLESS (then
/// read the change with `git diff` before committing it).
pub fn golden(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("CHARSCOPE_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with CHARSCOPE_BLESS=1)", path.display()));
    if expected != actual {
        panic!(
            "{name} differs from its golden file (- expected, + actual; CHARSCOPE_BLESS=1 \
             rewrites it):\n{}",
            diff(&expected, actual)
        );
    }
}

/// The lines of `expected` and `actual` that differ, as a unified diff with three lines of
/// context; a line that differs only at its end says so (a trailing space, a line feed).
pub fn diff(expected: &str, actual: &str) -> String {
    let diff = similar::TextDiff::from_lines(expected, actual);
    let mut out = diff
        .unified_diff()
        .context_radius(3)
        .header("expected", "actual")
        .missing_newline_hint(true)
        .to_string();
    if out.is_empty() {
        out = "(the same lines, but for their ends)\n".to_string();
    }
    out
}
