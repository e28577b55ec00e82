//! Scores `charscope::repair::fix` on the calibration sets of `scripts/repair-calibration.py`:
//! how many clean lines it changes (the goal is fewer than 1 in 10,000), and of the broken
//! lines how many it repairs exactly, leaves alone, or turns into a different wrong text.
//!
//! `cargo run --release -p charscope --example repair_eval -- [DIR] [--show N]`
//! (DIR defaults to target/repair-cal; `--show N` prints N failures of each sort.)

use std::collections::BTreeMap;
use std::time::Instant;

struct Row {
    group: String,
    input: String,
    expected: String,
}

fn load(path: &str, clean: bool) -> Vec<Row> {
    let text = std::fs::read_to_string(path).expect("the set (run scripts/repair-calibration.py)");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON Lines");
            let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            if clean {
                let source = s("source");
                let family = source.split('/').next().unwrap_or_default().to_string();
                Row {
                    group: format!("{family} {}", s("kind")),
                    input: s("text"),
                    expected: s("text"),
                }
            } else {
                Row {
                    group: s("chain"),
                    input: s("input"),
                    expected: s("expected"),
                }
            }
        })
        .collect()
}

/// `fix` of every row, on all cores.
fn fixed(rows: &[Row]) -> Vec<String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = rows.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|r| charscope::repair::fix(&r.input).text)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("no panic"))
            .collect()
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .iter()
        .find(|a| !a.starts_with("--") && a.parse::<usize>().is_err())
        .cloned()
        .unwrap_or_else(|| "target/repair-cal".into());
    let show = args
        .iter()
        .position(|a| a == "--show")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0usize);
    charscope::repair::prepare();
    eval_clean(&dir, show);
    eval_broken(&dir, show);
}

/// How many clean lines are changed, by group; `show` of them printed.
fn eval_clean(dir: &str, show: usize) {
    let clean = load(&format!("{dir}/clean.jsonl"), true);
    let start = Instant::now();
    let out = fixed(&clean);
    let secs = start.elapsed().as_secs_f64();
    let mut groups: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut shown = 0;
    for (row, got) in clean.iter().zip(&out) {
        let g = groups.entry(&row.group).or_default();
        g.1 += 1;
        if *got != row.input {
            g.0 += 1;
            if shown < show {
                shown += 1;
                println!("CHANGED [{}] {:?}\n     -> {:?}", row.group, row.input, got);
            }
        }
    }
    let changed: usize = groups.values().map(|g| g.0).sum();
    println!(
        "clean: {changed} of {} changed ({:.2} per 10,000) in {secs:.1} s",
        clean.len(),
        1e4 * changed as f64 / clean.len() as f64
    );
    for (g, (c, n)) in &groups {
        if *c > 0 {
            println!("  {g:<28} {c:>5} of {n}");
        }
    }
}

/// How many broken lines are repaired exactly, left alone or changed wrongly, by chain; `show`
/// of the last two sorts printed.
fn eval_broken(dir: &str, show: usize) {
    let broken = load(&format!("{dir}/broken.jsonl"), false);
    let start = Instant::now();
    let out = fixed(&broken);
    let secs = start.elapsed().as_secs_f64();
    let mut chains: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    let (mut shown_wrong, mut shown_left) = (0, 0);
    for (row, got) in broken.iter().zip(&out) {
        let c = chains.entry(&row.group).or_default();
        c[3] += 1;
        if *got == row.expected {
            c[0] += 1;
        } else if *got == row.input {
            c[1] += 1;
            if shown_left < show {
                shown_left += 1;
                println!(
                    "LEFT [{}] {:?}\n   want {:?}",
                    row.group, row.input, row.expected
                );
            }
        } else {
            c[2] += 1;
            if shown_wrong < show {
                shown_wrong += 1;
                println!(
                    "WRONG [{}] {:?}\n   got  {:?}\n   want {:?}",
                    row.group, row.input, got, row.expected
                );
            }
        }
    }
    let total = |k: usize| chains.values().map(|c| c[k]).sum::<usize>();
    println!(
        "broken: {} lines in {secs:.1} s: {} exact, {} left as they were, {} changed wrongly",
        broken.len(),
        total(0),
        total(1),
        total(2)
    );
    for (chain, c) in &chains {
        println!(
            "  {chain:<48} {:>5} exact {:>5} left {:>5} wrong of {:>5}",
            c[0], c[1], c[2], c[3]
        );
    }
}
