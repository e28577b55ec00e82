//! Throughput of the text scan (`charscope scan`'s every check) on each file of the bench
//! corpus's real texts, in memory: the hot loop without process start, file reading or output.
//! A file is scanned once before it is timed, so that the character table has its characters
//! (the command scans each file cold, once).
//!
//! Run: `cargo bench -p charscope --bench scan` (the texts are `../shared/bench/lipsum` and
//! `../shared/bench/wikipedia_mars`).

#![allow(missing_docs)] // criterion_group! generates undocumented items

use charscope::scan::scan_bytes;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;

/// The bench texts, by file name.
fn texts() -> Vec<(String, Vec<u8>)> {
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench");
    let mut files = Vec::new();
    for dir in ["lipsum", "wikipedia_mars"] {
        let entries = std::fs::read_dir(shared.join(dir)).expect("the bench corpus is there");
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            files.push((name, std::fs::read(&path).expect("readable")));
        }
    }
    files.sort();
    files
}

fn scan(c: &mut Criterion) {
    let mut group = c.benchmark_group("scan");
    let files = texts();
    for (name, bytes) in &files {
        black_box(scan_bytes(name, bytes));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), bytes, |b, bytes| {
            b.iter(|| scan_bytes(name, black_box(bytes)))
        });
    }
    group.finish();
}

criterion_group!(benches, scan);
criterion_main!(benches);
