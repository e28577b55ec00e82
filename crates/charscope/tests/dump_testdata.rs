//! Every real dump in the shared test data (`hexdumps/`: util-linux hexdump, xxd, GNU od and
//! BusyBox, made on Debian 12) reads back to its `input.bin` exactly.

mod common;

use charscope::dump::{self, DumpErrorKind, DumpFormat, ParseOptions};
use std::path::Path;

/// `od -An` squeezes repeated lines into `*` and, without offsets, nothing says how many: these
/// dumps cannot be read back, and the parser must say so rather than guess.
const LOSSY: [(&str, &str); 2] = [
    ("nul_heavy_binary", "od-An-tx1"),
    ("zeros_squeeze", "od-An-tx1"),
];

fn expected_format(command: &str) -> DumpFormat {
    let tool = command.strip_prefix("busybox-").unwrap_or(command);
    match tool {
        "hexdump-C" | "hexdump-C-v" => DumpFormat::HexdumpCanonical,
        "hexdump-default" => DumpFormat::HexdumpWords,
        "xxd-p" => DumpFormat::XxdPlain,
        "xxd-i" => DumpFormat::XxdInclude,
        "xxd-e" => DumpFormat::XxdLittleEndian,
        t if t.starts_with("xxd") => DumpFormat::Xxd,
        t if t.starts_with("od") => DumpFormat::Od,
        other => panic!("unknown command {other}"),
    }
}

#[test]
fn every_shared_dump_reads_back_to_its_input() {
    let root = common::testdata().join("hexdumps");
    let index = common::load_json("hexdumps/index.json");
    let commands: Vec<&String> = index["commands"].as_object().unwrap().keys().collect();
    let samples: Vec<&String> = index["samples"].as_object().unwrap().keys().collect();
    assert!(samples.len() >= 16 && commands.len() >= 25);
    let mut checked = 0;
    let mut failures = Vec::new();
    for sample in &samples {
        let dir = root.join(sample);
        let meta = common::load_json(&format!("hexdumps/{sample}/meta.json"));
        let input = std::fs::read(dir.join("input.bin")).unwrap();
        assert_eq!(input.len() as u64, meta["input_length"].as_u64().unwrap());
        for (command, dump) in meta["dumps"].as_object().unwrap() {
            let file = dump["file"].as_str().unwrap();
            let text = read(&dir.join(file));
            let result = dump::parse(&text, &ParseOptions::default());
            checked += 1;
            if LOSSY.contains(&(sample.as_str(), command.as_str())) {
                match result {
                    Err(e) if e.kind == DumpErrorKind::Lossy => continue,
                    other => {
                        failures.push(format!("{sample}/{file}: expected Lossy, got {other:?}"))
                    }
                }
                continue;
            }
            match result {
                Ok(parsed) if parsed.bytes == input => {
                    let want = expected_format(command);
                    // A dump whose layout is the same in two formats may be named either way.
                    let same_layout = matches!(
                        (want, parsed.format),
                        (DumpFormat::XxdPlain, DumpFormat::Hex)
                            | (
                                DumpFormat::XxdLittleEndian | DumpFormat::HexdumpWords,
                                DumpFormat::Xxd | DumpFormat::Od
                            )
                    ) || input.is_empty();
                    if parsed.format != want && !same_layout {
                        failures.push(format!(
                            "{sample}/{file}: read as {}, expected {}",
                            parsed.format, want
                        ));
                    }
                }
                Ok(parsed) => failures.push(format!(
                    "{sample}/{file}: wrong bytes ({} read as {}, {} bytes instead of {})",
                    file,
                    parsed.format,
                    parsed.bytes.len(),
                    input.len()
                )),
                Err(e) => failures.push(format!("{sample}/{file}: {e}")),
            }
        }
    }
    assert!(checked >= 400, "only {checked} dumps checked");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}
