//! Helpers shared by the integration tests: where the external suites live, and hex parsing.
#![allow(dead_code)]

use std::path::PathBuf;

/// The shared external test data: `$CHARSCOPE_TESTDATA`, else `../shared/testdata` beside the
/// repository. Missing data fails the test: a suite that silently does not run proves nothing.
pub fn testdata() -> PathBuf {
    let dir = match std::env::var_os("CHARSCOPE_TESTDATA") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/testdata"),
    };
    assert!(
        dir.join("README.md").is_file(),
        "external test data not found at {} (set CHARSCOPE_TESTDATA)",
        dir.display()
    );
    dir
}

/// Reads a JSON file of the shared test data.
pub fn load_json(relative: &str) -> serde_json::Value {
    let path = testdata().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("bad JSON in {}: {e}", path.display()))
}

/// Parses space-separated hex pairs ("c3 a9").
pub fn hex(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|pair| u8::from_str_radix(pair, 16).unwrap_or_else(|_| panic!("bad hex {pair:?}")))
        .collect()
}
