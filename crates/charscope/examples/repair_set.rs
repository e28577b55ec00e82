//! Scores `charscope::repair::fix` on a set written by `scripts/repair-set.py`: per script family,
//! how many broken lines come back exactly and how many clean lines stay unchanged.
//!
//! `cargo run --release -p charscope --example repair_set -- target/repair-set/set.jsonl [--failures]`

use std::collections::BTreeMap;

#[derive(Default)]
struct Tally {
    broken: (usize, usize),
    one_word: (usize, usize),
    clean: (usize, usize),
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| "target/repair-set/set.jsonl".into());
    let show = args.iter().any(|a| a == "--failures");
    let text = std::fs::read_to_string(&path).expect("the set (run scripts/repair-set.py)");
    let mut families: BTreeMap<String, Tally> = BTreeMap::new();
    let mut chains: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("JSON Lines");
        let s = |k: &str| case[k].as_str().expect("a string field").to_string();
        let (input, expected, kind) = (s("input"), s("expected"), s("kind"));
        let ok = charscope::repair::fix(&input).text == expected;
        let t = families.entry(s("family")).or_default();
        let slot = match kind.as_str() {
            "broken" => &mut t.broken,
            "one-word" => &mut t.one_word,
            _ => &mut t.clean,
        };
        slot.1 += 1;
        if ok {
            slot.0 += 1;
        }
        let c = chains.entry(s("chain")).or_default();
        c.1 += 1;
        if ok {
            c.0 += 1;
        } else if show {
            let got = charscope::repair::fix(&input).text;
            println!(
                "FAIL {} | {}\n  in  {:?}\n  exp {:?}\n  got {:?}",
                s("family"),
                s("chain"),
                input,
                expected,
                got
            );
        }
    }
    let pct = |(a, b): (usize, usize)| {
        if b == 0 {
            100.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    println!(
        "{:<12} {:>16} {:>16} {:>16}",
        "family", "broken", "one word", "clean"
    );
    for (f, t) in &families {
        println!(
            "{:<12} {:>9}/{:<4}{:>5.1}% {:>6}/{:<4}{:>5.1}% {:>6}/{:<4}{:>5.1}%",
            f,
            t.broken.0,
            t.broken.1,
            pct(t.broken),
            t.one_word.0,
            t.one_word.1,
            pct(t.one_word),
            t.clean.0,
            t.clean.1,
            pct(t.clean)
        );
    }
    println!();
    for (c, v) in &chains {
        println!("{:<55} {:>5}/{:<5} {:>5.1}%", c, v.0, v.1, pct(*v));
    }
}
