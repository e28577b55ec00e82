//! Time of one call of `charscope::plausibility::score`, which detection and repair spend most
//! of their time in, on the sizes they give it: a short line, a sentence and a 4 KiB text, each
//! as written and misread (UTF-8 read as windows-1252, the mojibake repair meets). The same
//! text is scored again and again, so the words it has are in the thread's store of word costs
//! after the first call (as with the candidates of one line, or the growing cuts of a sample).
//!
//! Run: `cargo bench -p charscope --bench plausibility` (the 4 KiB texts are the first 4 KiB,
//! cut at a character, of `../shared/bench/lipsum`'s Latin, Russian and Chinese files).

#![allow(missing_docs)] // criterion_group! generates undocumented items

use charscope::plausibility::score;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;

/// `text` written in UTF-8 and read as windows-1252.
fn misread(text: &str) -> String {
    encoding_rs::WINDOWS_1252
        .decode_without_bom_handling(text.as_bytes())
        .0
        .into_owned()
}

/// The first 4 KiB of a bench text, cut at a character boundary.
fn four_kib(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/bench/lipsum")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the bench corpus is there");
    let mut end = 4096.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

fn texts() -> Vec<(String, String)> {
    let mut out = vec![
        ("line".to_string(), "naïve façade über Straße".to_string()),
        (
            "sentence".to_string(),
            "Съешь же ещё этих мягких французских булок, да выпей чаю. The quick brown fox."
                .to_string(),
        ),
    ];
    for (name, file) in [
        ("4k-latin", "Latin-Lipsum.utf8.txt"),
        ("4k-russian", "Russian-Lipsum.utf8.txt"),
        ("4k-chinese", "Chinese-Lipsum.utf8.txt"),
    ] {
        out.push((name.to_string(), four_kib(file)));
    }
    let misread: Vec<(String, String)> = out
        .iter()
        .map(|(name, text)| (format!("{name}-misread"), misread(text)))
        .collect();
    out.extend(misread);
    out
}

fn plausibility(c: &mut Criterion) {
    let mut group = c.benchmark_group("plausibility_score");
    for (name, text) in texts() {
        group.bench_with_input(BenchmarkId::from_parameter(&name), &text, |b, text| {
            b.iter(|| score(black_box(text)))
        });
    }
    group.finish();
}

criterion_group!(benches, plausibility);
criterion_main!(benches);
