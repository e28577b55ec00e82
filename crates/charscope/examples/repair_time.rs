//! Times `charscope::repair::fix` over the lines of a file, one line at a time, on one thread.
//!
//! `cargo run --release -p charscope --example repair_time -- FILE [ROUNDS]`

/// The allocator the command line and the Python module use, so that the times are theirs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file of lines");
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(&path).expect("a UTF-8 file");
    charscope::repair::prepare();
    let lines: Vec<&str> = text.lines().collect();
    let mut best = f64::INFINITY;
    let mut changed = 0;
    for _ in 0..rounds {
        let start = std::time::Instant::now();
        changed = lines
            .iter()
            .filter(|l| charscope::repair::fix(l).changed)
            .count();
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{} lines, {changed} changed, best of {rounds}: {:.3} s ({:.1} us a line)",
        lines.len(),
        best,
        1e6 * best / lines.len() as f64
    );
}
