//! Times `charscope::detect::detect` over files held in memory, one after the other, on one
//! thread (the model built before the clock starts).
//!
//! `cargo run --release -p charscope --example detect_time -- [--rounds N] FILE...`

/// The allocator the command line and the Python module use, so that the times are theirs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut rounds = 1;
    if args.first().map(String::as_str) == Some("--rounds") && args.len() > 1 {
        rounds = args[1].parse().expect("a number of rounds");
        args.drain(..2);
    }
    let inputs: Vec<Vec<u8>> = args
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{p}: {e}")))
        .collect();
    // The model is built on first use: once, outside the timing.
    let _ = charscope::detect::detect(b"caf\xE9");
    let mut best = f64::INFINITY;
    let mut named = 0;
    for _ in 0..rounds {
        let start = std::time::Instant::now();
        named = inputs
            .iter()
            .filter(|b| charscope::detect::detect(b).encoding.is_some())
            .count();
        best = best.min(start.elapsed().as_secs_f64());
    }
    let bytes: usize = inputs.iter().map(Vec::len).sum();
    println!(
        "{} files ({bytes} bytes), {named} named, best of {rounds}: {:.1} ms ({:.0} us a file)",
        inputs.len(),
        1e3 * best,
        1e6 * best / inputs.len().max(1) as f64
    );
}
