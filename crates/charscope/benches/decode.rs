//! Throughput of decoding with error naming, next to the raw validators it builds on, and of
//! transcoding on one thread and on two.
//!
//! Corpus: `../shared/bench/build_corpus.py` builds it into `target/bench-corpus` (8 MiB files by
//! default; set `CHARSCOPE_BENCH_MIB` for another size) the first time this runs.
//! Run: `cargo bench -p charscope --bench decode`.

#![allow(missing_docs)] // criterion_group! generates undocumented items

use charscope::decode::Decoder;
use charscope::encoding;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;

fn corpus_dir() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("target/bench-corpus");
    if !dir.join("mixed-corrupt.utf8.txt").is_file() {
        let script = root.join("../shared/bench/build_corpus.py");
        let mib = std::env::var("CHARSCOPE_BENCH_MIB").unwrap_or_else(|_| "8".into());
        let status = std::process::Command::new("python3")
            .arg(&script)
            .arg(&dir)
            .env("TARGET_MIB", mib)
            .status()
            .expect("python3 runs the corpus builder");
        assert!(status.success(), "{} failed", script.display());
    }
    dir
}

/// Validates the way `charscope validate` does: 256 KiB chunks, every malformed sequence named.
fn charscope_validate(bytes: &[u8]) -> usize {
    let mut decoder = Decoder::new(encoding::UTF_8);
    let mut malformed = 0;
    let mut chunks = bytes.chunks(256 * 1024).peekable();
    while let Some(chunk) = chunks.next() {
        decoder.decode_malformed(chunk, chunks.peek().is_none(), |m| {
            malformed += 1;
            black_box(m.span);
        });
    }
    malformed
}

/// simdutf8 alone, finding every error offset (restarting after each), without naming them.
fn simdutf8_all_errors(mut bytes: &[u8]) -> usize {
    let mut errors = 0;
    loop {
        match simdutf8::compat::from_utf8(bytes) {
            Ok(_) => return errors,
            Err(e) => {
                errors += 1;
                let skip = e.valid_up_to()
                    + e.error_len()
                        .unwrap_or(bytes.len() - e.valid_up_to())
                        .max(1);
                bytes = &bytes[skip.min(bytes.len())..];
            }
        }
    }
}

fn utf8_validation(c: &mut Criterion) {
    let dir = corpus_dir();
    let mut group = c.benchmark_group("utf8-validate");
    group.sample_size(20);
    for name in [
        "en.utf8.txt",
        "zh.utf8.txt",
        "emoji.utf8.txt",
        "mixed.utf8.txt",
        "mixed-corrupt.utf8.txt",
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("charscope-named", name),
            &bytes,
            |b, bytes| b.iter(|| charscope_validate(black_box(bytes))),
        );
        group.bench_with_input(
            BenchmarkId::new("simdutf8-offsets", name),
            &bytes,
            |b, bytes| b.iter(|| simdutf8_all_errors(black_box(bytes))),
        );
        group.bench_with_input(
            BenchmarkId::new("std-from-utf8", name),
            &bytes,
            |b, bytes| b.iter(|| std::str::from_utf8(black_box(bytes)).is_ok()),
        );
    }
    group.finish();
}

fn decode_to_text(c: &mut Criterion) {
    let dir = corpus_dir();
    let mut group = c.benchmark_group("decode-lossy");
    group.sample_size(10);
    for (name, label) in [
        ("mixed-corrupt.utf8.txt", "utf-8"),
        ("zh.utf16le.txt", "utf-16le"),
        ("pt.cp1252.txt", "windows-1252"),
        ("ja.sjis.txt", "shift_jis"),
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let enc = encoding::for_label(label).unwrap();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("charscope", name), &bytes, |b, bytes| {
            b.iter(|| charscope::decode::decode(black_box(bytes), enc).text.len())
        });
        let rs = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        group.bench_with_input(BenchmarkId::new("encoding_rs", name), &bytes, |b, bytes| {
            b.iter(|| rs.decode_without_bom_handling(black_box(bytes)).0.len())
        });
    }
    group.finish();
}

/// Converts `bytes` as `convert` does (2 MiB chunks), on one thread or two.
fn transcode(bytes: &[u8], from: &str, to: &str, two: bool) -> usize {
    use charscope::transcode::{Options, Transcoder};
    let from = encoding::for_label(from).unwrap();
    let to = encoding::for_label(to).unwrap();
    let mut t = Transcoder::new(from, to, Options::default()).unwrap();
    let mut out = Vec::with_capacity(4 << 20);
    let mut written = 0;
    let chunks: Vec<&[u8]> = bytes.chunks(2 << 20).collect();
    for (i, chunk) in chunks.iter().enumerate() {
        out.clear();
        let last = i + 1 == chunks.len();
        if two {
            t.transcode_parallel(chunk, last, &mut out).unwrap();
        } else {
            t.transcode(chunk, last, &mut out).unwrap();
        }
        written += out.len();
    }
    written
}

fn transcode_threads(c: &mut Criterion) {
    let dir = corpus_dir();
    let mut group = c.benchmark_group("transcode");
    group.sample_size(10);
    for (name, from, to) in [
        ("zh.utf8.txt", "utf-8", "utf-16le"),
        ("zh.utf16le.txt", "utf-16le", "utf-8"),
        ("pt.cp1252.txt", "windows-1252", "utf-8"),
        ("ja.sjis.txt", "shift_jis", "utf-8"),
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        for (threads, two) in [("one thread", false), ("two threads", true)] {
            let id = BenchmarkId::new(format!("{from} -> {to}, {threads}"), name);
            group.bench_with_input(id, &bytes, |b, bytes| {
                b.iter(|| transcode(black_box(bytes), from, to, two))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, utf8_validation, decode_to_text, transcode_threads);
criterion_main!(benches);
