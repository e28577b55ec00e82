//! What the confidence calibration is fitted on, for `scripts/detect-calibration.py`: for each
//! file, the raw share of the best legacy reading and the bytes above 7F it was scored over
//! (`-` when there is no legacy reading).
//! `cargo run --release -p charscope --example calibration_inputs FILE...`
use std::io::Write;

fn main() {
    let mut out = std::io::stdout().lock();
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable file");
        let line = match charscope::detect::debug_calibration_inputs(&bytes) {
            Some((raw, evidence)) => format!("{path}\t{raw}\t{evidence}"),
            None => format!("{path}\t-\t-"),
        };
        if writeln!(out, "{line}").is_err() {
            return;
        }
    }
}
