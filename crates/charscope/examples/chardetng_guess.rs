//! Prints chardetng's guess (Firefox's detector) for each file: `PATH<TAB>ENCODING`.
//! Used by `scripts/detect-accuracy.sh` to measure it beside charscope on the same files.

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let mut detector = chardetng::EncodingDetector::new();
        detector.feed(&bytes, true);
        // UTF-8 allowed: a file's bytes, not a web page with a declared fallback.
        let guess = detector.guess(None, true);
        println!("{path}\t{}", guess.name());
    }
}
