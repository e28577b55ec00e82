//! The new scorer against the old one (`legacy`), on thousands of varied texts: every field of
//! every score bit-identical. Temporary: removed with `legacy`.

use super::{TextScore, legacy, score};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn same(a: &TextScore, b: &TextScore, text: &str) {
    assert_eq!(
        a.per_char.to_bits(),
        b.per_char.to_bits(),
        "{text:?}: {a:?} {b:?}"
    );
    assert_eq!(a, b, "{text:?}");
}

/// Cuts of a text at about these many bytes (at a char boundary), as detection's stages.
fn cuts(text: &str) -> Vec<&str> {
    let mut out = vec![text];
    for n in [1usize, 7, 40, 128, 1024, 4096] {
        let mut e = n.min(text.len());
        while !text.is_char_boundary(e) {
            e -= 1;
        }
        if e < text.len() {
            out.push(&text[..e]);
        }
    }
    out
}

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random mixes of characters from every class the tokenizer tells apart.
fn random_texts(n: usize) -> Vec<String> {
    let ranges: &[(u32, u32)] = &[
        (0x20, 0x7E),
        (0x61, 0x7A),
        (0x41, 0x5A),
        (0x00, 0x1F),
        (0x80, 0xFF),
        (0x100, 0x24F),
        (0x300, 0x36F),
        (0x370, 0x3FF),
        (0x400, 0x4FF),
        (0x530, 0x58F),
        (0x590, 0x5FF),
        (0x600, 0x6FF),
        (0x900, 0x97F),
        (0xE00, 0xE7F),
        (0x10A0, 0x10FF),
        (0x1E00, 0x1EFF),
        (0x2000, 0x206F),
        (0x20A0, 0x20CF),
        (0x2200, 0x22FF),
        (0x2500, 0x257F),
        (0x3040, 0x30FF),
        (0x4E00, 0x4FFF),
        (0xAC00, 0xAD00),
        (0xE000, 0xE0FF),
        (0xFFF0, 0xFFFF),
        (0x1F600, 0x1F64F),
        (0x10FFF0, 0x10FFFF),
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..n)
        .map(|_| {
            let len = rng.below(60);
            let mut s = String::new();
            let mut range = ranges[rng.below(ranges.len())];
            for _ in 0..len {
                if rng.below(4) == 0 {
                    range = ranges[rng.below(ranges.len())];
                }
                let c = range.0 + rng.below((range.1 - range.0 + 1) as usize) as u32;
                s.extend(char::from_u32(c));
            }
            s
        })
        .collect()
}

/// The repair calibration set's texts (clean lines, broken inputs and their expected repairs),
/// when it is in `target/repair-cal`.
fn calibration_texts() -> Vec<String> {
    let mut out = Vec::new();
    for (file, keys, step) in [
        ("clean.jsonl", &["text"][..], 10),
        ("broken.jsonl", &["input", "expected"][..], 1),
    ] {
        let Ok(body) = std::fs::read_to_string(root().join("target/repair-cal").join(file)) else {
            continue;
        };
        for line in body.lines().step_by(step) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            for k in keys {
                if let Some(s) = v[k].as_str() {
                    out.push(s.to_string());
                }
            }
        }
    }
    out
}

/// The detection files decoded by their labels and misread in a few other encodings.
fn detection_texts() -> Vec<String> {
    let dir = root().join("../shared/testdata/detection");
    let Ok(index) = std::fs::read_to_string(dir.join("index.json")) else {
        return Vec::new();
    };
    let index: serde_json::Value = serde_json::from_str(&index).unwrap();
    let mut out = Vec::new();
    for f in index["files"].as_array().unwrap() {
        let bytes = std::fs::read(dir.join(f["file"].as_str().unwrap())).unwrap();
        let label = f["expected_charset"].as_str().unwrap_or("");
        let labels = [
            label,
            "windows-1252",
            "koi8-r",
            "shift_jis",
            "gbk",
            "windows-1251",
        ];
        for l in labels {
            if let Some(enc) = encoding_rs::Encoding::for_label(l.as_bytes()) {
                out.push(enc.decode_without_bom_handling(&bytes).0.into_owned());
            }
        }
    }
    out
}

#[test]
fn the_new_scorer_gives_the_old_scores_bit_for_bit() {
    let mut texts = random_texts(4000);
    texts.extend(calibration_texts());
    texts.extend(detection_texts());
    let mut n = 0;
    for text in &texts {
        for cut in cuts(text) {
            same(&score(cut), &legacy::score(cut), cut);
            n += 1;
        }
    }
    // Once more, every word in both stores now.
    for text in texts.iter().step_by(3) {
        same(&score(text), &legacy::score(text), text);
    }
    eprintln!("{n} texts scored the same");
    assert!(n > 20_000, "{n}");
}

/// Old against new time per call, interleaved, best of 5 rounds: `cargo test --release -p
/// charscope --lib plausibility::differential::timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn timing() {
    let cal = calibration_texts();
    let det: Vec<String> = detection_texts()
        .iter()
        .flat_map(|t| cuts(t).into_iter().map(str::to_string).collect::<Vec<_>>())
        .collect();
    for (name, texts) in [("calibration", &cal), ("detection cuts", &det)] {
        let mut best = [f64::INFINITY; 2];
        for _ in 0..5 {
            for (k, f) in [legacy::score as fn(&str) -> TextScore, score]
                .iter()
                .enumerate()
            {
                let start = std::time::Instant::now();
                for t in texts.iter() {
                    std::hint::black_box(f(t));
                }
                best[k] = best[k].min(start.elapsed().as_secs_f64());
            }
        }
        eprintln!(
            "{name}: {} texts, old {:.0} ns/call, new {:.0} ns/call, x{:.2}",
            texts.len(),
            best[0] * 1e9 / texts.len() as f64,
            best[1] * 1e9 / texts.len() as f64,
            best[0] / best[1]
        );
    }
}
