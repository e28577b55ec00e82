//! Every candidate encoding's reading of a file's sample, best first: for looking at the model by
//! eye. `cargo run --release -p charscope --example readings FILE`
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable file");
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{path}");
        for (name, total, per_char, lang, conf) in charscope::detect::debug_readings(&bytes).iter()
        {
            if writeln!(
                out,
                "  {name:<18} {total:>10.1} {per_char:>7.2} {:<4} {conf:.3}",
                lang.unwrap_or("-")
            )
            .is_err()
            {
                return;
            }
        }
    }
}
