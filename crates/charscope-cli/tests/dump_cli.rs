//! `charscope dump`, `undump`, dumps given to `--hex` and `--dump`, and `encode --escapes
//! --format`.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR").env("TERM", "xterm");
    cmd
}

/// `charscope undump ARGS` with `stdin`, which must succeed and write `bytes`.
fn undump(args: &[&str], stdin: &str, bytes: &[u8]) -> assert_cmd::assert::Assert {
    charscope()
        .arg("undump")
        .args(args)
        .write_stdin(stdin.to_string())
        .assert()
        .success()
        .stdout(bytes.to_vec())
}

fn file_with(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(bytes).unwrap();
    file
}

fn hex(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|p| u8::from_str_radix(p, 16).unwrap())
        .collect()
}

/// The four rows of the Unicode Standard's tables 3-8 to 3-11 (seed 000), and the malformed
/// kinds each must show.
const SEED_ROWS: [(&str, &[&str]); 4] = [
    ("C0 AF E0 80 BF F0 81 82 41", &["overlong"]),
    ("ED A0 80 ED BF BF ED AF 41", &["surrogate"]),
    (
        "F4 91 92 93 FF 41 80 BF 42",
        &["out-of-range", "invalid-byte", "unexpected-continuation"],
    ),
    ("E1 80 E2 F0 91 92 F1 BF 41", &["truncated"]),
];

#[test]
fn dump_names_every_malformed_sequence_of_the_seed_rows() {
    for (row, kinds) in SEED_ROWS {
        let file = file_with(&hex(row));
        let out = charscope()
            .args(["dump"])
            .arg(file.path())
            .assert()
            .success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("00000000  "), "{text}");
        assert!(lines[0].ends_with('A') || lines[0].ends_with('B'), "{text}");
        for kind in kinds {
            assert!(
                text.contains(&format!(" {kind}: ")),
                "{row}: no {kind} in\n{text}"
            );
        }
        let notes = lines
            .iter()
            .filter(|l| l.trim_start().starts_with('^'))
            .count();
        let expected = match row.chars().next() {
            Some('E') if row.starts_with("E1") => 4,
            Some('F') => 7,
            _ => 8,
        };
        assert_eq!(notes, expected, "{text}");
    }
}

#[test]
fn dump_groups_each_characters_bytes() {
    charscope()
        .args(["dump", "--hex", "48 C3 A9 E2 82 AC F0 9F 98 80 0A"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "00000000  48 c3a9 e282ac f09f9880 0a",
        ))
        .stdout(predicate::str::contains("Hé€😀\\n"));
    // UTF-16: the byte order mark kept and shown, a surrogate pair as one character.
    charscope()
        .args([
            "dump",
            "--from",
            "utf-16le",
            "--hex",
            "FF FE 48 00 3D D8 00 DE 00 D8",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("fffe 4800 3dd800de 00d8"))
        .stdout(predicate::str::contains("\\u{FEFF}H😀"))
        .stdout(predicate::str::contains("unpaired-surrogate"));
    // A legacy multi-byte encoding.
    charscope()
        .args(["dump", "--from", "shift_jis", "--hex", "61 82 A0 83"])
        .assert()
        .success()
        .stdout(predicate::str::contains("61 82a0 83"))
        .stdout(predicate::str::contains("truncated"));
}

#[test]
fn dump_colours_only_when_asked() {
    let colourless = charscope()
        .args(["dump", "--hex", "C3 A9 C0"])
        .assert()
        .success();
    assert!(!colourless.get_output().stdout.contains(&0x1B));
    charscope()
        .args(["--color", "always", "dump", "--hex", "C3 A9 C0"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "\u{1b}[1;36mc3\u{1b}[0m\u{1b}[34ma9",
        ))
        .stdout(predicate::str::contains("\u{1b}[1;31mc0"));
}

#[test]
fn dump_escapes_invisible_characters() {
    charscope()
        .args(["dump", "--hex", "61 1B 5B 33 31 6D E2 80 AE 62"])
        .assert()
        .success()
        .stdout(predicate::str::contains("a\\u{001B}[31m\\u{202E}b"));
}

/// What util-linux `hexdump -C` writes for the bytes 0..=40 followed by 32 zeros and "end".
const HEXDUMP_C: &str = "\
00000000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f  |................|
00000010  10 11 12 13 14 15 16 17  18 19 1a 1b 1c 1d 1e 1f  |................|
00000020  20 21 22 23 24 25 26 27  28 00 00 00 00 00 00 00  | !\"#$%&'(.......|
00000030  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|
00000040  00 00 00 00 00 00 00 00  00 65 6e 64              |.........end|
0000004c
";

#[test]
fn dump_plain_is_hexdump_canonical() {
    let mut bytes: Vec<u8> = (0..=40).collect();
    bytes.extend([0; 32]);
    bytes.extend(b"end");
    let file = file_with(&bytes);
    charscope()
        .args(["dump", "--plain"])
        .arg(file.path())
        .assert()
        .success()
        .stdout(HEXDUMP_C);
    // Squeezing, checked against the real tool where it is installed.
    let zeros = file_with(&[0; 100]);
    let ours = charscope()
        .args(["dump", "--plain"])
        .arg(zeros.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(
        String::from_utf8(ours).unwrap(),
        "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n\
         00000060  00 00 00 00                                       |....|\n00000064\n"
    );
    if let Ok(real) = std::process::Command::new("hexdump")
        .arg("-C")
        .arg(file.path())
        .output()
    {
        assert_eq!(String::from_utf8(real.stdout).unwrap(), HEXDUMP_C);
    }
    charscope()
        .args(["dump", "--plain", "--hex", ""])
        .assert()
        .success()
        .stdout("");
}

#[test]
fn undump_writes_the_bytes_and_says_which_format() {
    charscope()
        .arg("undump")
        .write_stdin(HEXDUMP_C)
        .assert()
        .success()
        .stderr(predicate::str::contains("76 bytes, read as hexdump -C"))
        .stdout(predicate::function(|out: &[u8]| {
            out.len() == 76
                && out[..41] == (0..=40).collect::<Vec<u8>>()[..]
                && out.ends_with(b"end")
        }));
    let out = charscope()
        .args(["undump", "--json"])
        .write_stdin("00000000: 6869 c3a9                                hi..\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["format"], "xxd");
    assert_eq!(json["length"], 4);
    assert_eq!(json["hex"], "68 69 C3 A9");
    assert_eq!(json["warnings"], serde_json::json!([]));
}

#[test]
fn undump_options_force_a_format_and_a_word_order() {
    undump(&["--format", "base64"], "w6k=", b"\xC3\xA9");
    undump(
        &["--word-order", "big"],
        "0000000 4869 c300\n0000003\n",
        b"Hi\xC3",
    );
    undump(&[], "0000000 6948 00c3\n0000003\n", b"Hi\xC3")
        .stderr(predicate::str::contains("little-endian"));
    charscope()
        .args(["undump", "--format", "yaml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("hexdump-canonical"));
}

#[test]
fn bad_dumps_exit_2_with_line_and_column() {
    let cases = [
        // A truncated line.
        (
            "00000000  61 62 63 64 65 66 67 68  69 6a 6b 6c 6d 6e 6f 70  |abcdefghijklmnop|\n\
             00000010  71 72\n00000012\n",
            "<stdin>:2:",
            "truncated",
        ),
        // An offset that does not follow.
        (
            "00000000: 6162 6364 6566 6768 696a 6b6c 6d6e 6f70  abcdefghijklmnop\n\
             00000020: 7172                                     qr\n",
            "<stdin>:2:1:",
            "does not follow",
        ),
        // Stray text.
        ("C3 A9 hello", "<stdin>:1:7:", "not a hex digit"),
        // Hex and text columns that disagree.
        (
            "00000000  61 62                                             |aX|\n00000002\n",
            "<stdin>:1:63:",
            "disagree",
        ),
    ];
    for (text, position, words) in cases {
        charscope()
            .arg("undump")
            .write_stdin(text)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(position))
            .stderr(predicate::str::contains(words));
    }
}

#[test]
fn hex_and_dump_options_read_any_dump() {
    charscope()
        .args([
            "decode",
            "--hex",
            "00000000: 6869 c3a9                                hi..",
        ])
        .assert()
        .success()
        .stdout("hié");
    charscope()
        .args(["decode", "--hex", "{0x68, 0x69, 0xC3, 0xA9}"])
        .assert()
        .success()
        .stdout("hié");
    let dump = file_with(
        b"00000000  68 69 c3 a9                                       |hi..|\n00000004\n",
    );
    charscope()
        .args(["decode", "--dump"])
        .arg(dump.path())
        .assert()
        .success()
        .stdout("hié");
    charscope()
        .args(["validate", "--json"])
        .write_stdin(&b"\xC0"[..])
        .assert()
        .code(1);
    charscope()
        .args(["decode", "--hex", "C3 A9 zz"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--hex:1:7:"));
    let bad = file_with(b"00000000  68 69\n");
    charscope()
        .args(["dump", "--dump"])
        .arg(bad.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(":1:16:"));
}

#[test]
fn encode_reads_escapes_and_writes_formats() {
    charscope()
        .args([
            "encode",
            "--to",
            "utf-8",
            "--escapes",
            "caf\\u00e9 \\u{1F600}",
        ])
        .assert()
        .success()
        .stdout("café 😀");
    // A lone surrogate becomes EF BF BD, as TextEncoder writes it, and the output says so.
    charscope()
        .args([
            "encode",
            "--to",
            "utf-8",
            "--escapes",
            "--format",
            "hex",
            "a\\uD83Db",
        ])
        .assert()
        .success()
        .stdout("61 EF BF BD 62\n")
        .stderr(predicate::str::contains("lone surrogate D83D"))
        .stderr(predicate::str::contains("EF BF BD"));
    let expected = [
        ("hex", "63 61 66 C3 A9\n"),
        ("c", "\"caf\\xC3\\xA9\"\n"),
        ("rust", "b\"caf\\xC3\\xA9\"\n"),
        ("python", "b'caf\\xc3\\xa9'\n"),
        ("js", "\"caf\\u00E9\"\n"),
        ("java", "\"caf\\u00E9\"\n"),
        ("html", "caf&#xE9;\n"),
        ("url", "caf%C3%A9\n"),
        ("json", "\"caf\\u00e9\"\n"),
    ];
    for (format, out) in expected {
        charscope()
            .args(["encode", "--to", "utf-8", "--format", format, "café"])
            .assert()
            .success()
            .stdout(out);
    }
    charscope()
        .args(["encode", "--to", "utf-16le", "--format", "hex", "é"])
        .assert()
        .success()
        .stdout("E9 00\n");
    charscope()
        .args(["encode", "--to", "utf-8", "--escapes", "x\\q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1:2:"));
    charscope()
        .args(["encode", "--to", "utf-8", "--format", "yaml", "x"])
        .assert()
        .code(2);
}

#[test]
fn dump_json_lines_give_each_cell_its_bytes_roles_and_kind() {
    let out = charscope()
        .args(["dump", "--json", "--hex", "48 C3 A9 C0 AE"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 1);
    let cells = rows[0]["cells"].as_array().unwrap();
    assert_eq!(cells[1]["hex"], "C3 A9");
    assert_eq!(
        cells[1]["roles"],
        serde_json::json!(["lead", "continuation"])
    );
    assert_eq!(cells[1]["text"], "é");
    assert_eq!(cells[2]["malformed"]["kind"], "overlong");
    assert_eq!(cells[3]["malformed"]["offset"], 4);
    charscope()
        .args(["dump", "--json", "--plain", "--hex", "41"])
        .assert()
        .code(2);
}

/// Regression (issue 12): the `^` under a malformed sequence sat under byte 0 whatever its
/// offset; it must sit under the sequence's first byte.
#[test]
fn dump_caret_sits_under_the_malformed_byte() {
    let out = charscope()
        .args(["dump", "--hex", "41 42 C0 AF 43 E2 82 AC 0A FF"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let row = lines[0];
    let carets: Vec<(usize, &str)> = lines[1..]
        .iter()
        .map(|l| (l.find('^').unwrap(), *l))
        .collect();
    assert_eq!(carets.len(), 3, "{text}");
    for (column, hex) in [
        (carets[0].0, "c0"),
        (carets[1].0, "af"),
        (carets[2].0, "ff"),
    ] {
        assert_eq!(&row[column..column + 2], hex, "{text}");
    }
    assert!(carets[0].1.contains("^ 00000002 overlong"), "{text}");
    assert!(carets[2].1.contains("^ 00000009 invalid-byte"), "{text}");
}

/// The text dump (written straight from the units) and `--json` (built by the library's
/// Annotator) lay out the same rows and cells.
#[test]
fn dump_text_rows_match_the_json_rows() {
    let mut bytes = Vec::new();
    for i in 0..40u32 {
        bytes.extend_from_slice("aé€😀\n".as_bytes());
        bytes.push(0x80 + (i as u8 % 0x7F));
        bytes.extend_from_slice(b"\xE2\x82");
    }
    let file = file_with(&bytes);
    for from in ["utf-8", "shift_jis", "utf-16le", "windows-1252"] {
        let text = charscope()
            .args(["dump", "--from", from])
            .arg(file.path())
            .output()
            .unwrap()
            .stdout;
        let json = charscope()
            .args(["--json", "dump", "--from", from])
            .arg(file.path())
            .output()
            .unwrap()
            .stdout;
        let text = String::from_utf8(text).unwrap();
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('^'))
            .collect();
        let json_rows: Vec<serde_json::Value> = String::from_utf8(json)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows.len(), json_rows.len(), "{from}");
        for (row, v) in rows.iter().zip(&json_rows) {
            let cells: Vec<String> = v["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["hex"].as_str().unwrap().replace(' ', "").to_lowercase())
                .collect();
            let expected = format!("{:08x}  {}", v["offset"].as_u64().unwrap(), cells.join(" "));
            assert!(row.starts_with(&expected), "{from}: {row} vs {expected}");
        }
    }
}

/// `undump` reads a long dump a block of lines at a time: the bytes are the same as a whole
/// read, across block edges, squeezed `*` runs and the fast xxd reader.
#[test]
fn undump_streams_long_dumps_across_blocks() {
    let mut bytes = Vec::new();
    for i in 0..20_000u32 {
        bytes.extend_from_slice(format!("line {i}: caf\u{e9} \u{4e2d}\n").as_bytes());
    }
    bytes.extend(std::iter::repeat_n(0u8, 200_000));
    bytes.extend_from_slice(b"tail\xFF");
    let file = file_with(&bytes);
    let mut dumps = vec![(
        "dump --plain",
        charscope()
            .args(["dump", "--plain"])
            .arg(file.path())
            .output()
            .unwrap()
            .stdout,
    )];
    for tool in [
        &["xxd"][..],
        &["xxd", "-u"],
        &["od", "-A", "x", "-t", "x1z"],
        &["hexdump", "-C"],
    ] {
        if let Ok(out) = std::process::Command::new(tool[0])
            .args(&tool[1..])
            .arg(file.path())
            .output()
            && out.status.success()
        {
            dumps.push((tool[0], out.stdout));
        }
    }
    for (tool, dump) in dumps {
        assert!(dump.len() > 1 << 20, "{tool}: a dump longer than a block");
        let dump_file = file_with(&dump);
        let out = charscope()
            .arg("undump")
            .arg(dump_file.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{tool}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout == bytes, "{tool}: the bytes differ");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("note:"), "{tool}: {stderr}");
    }
}

/// Regression (issue 12): `undump` warned of readings that cannot be. An `od -c` dump was said
/// to be readable as `od -A d -t c` too (by assuming trimmed spaces), with a hint naming
/// formats that cannot choose; an xxd dump whose columns disagree must say so, detected or
/// forced.
#[test]
fn undump_warns_only_of_possible_readings() {
    let od_c = "0000000   h   e   l   l   o   ,       w   o   r   l   d  \\n 001\n0000016\n";
    charscope()
        .arg("undump")
        .write_stdin(od_c)
        .assert()
        .success()
        .stdout(&b"hello, world\n\x01"[..])
        .stderr(predicate::str::contains("note:").not())
        .stderr(predicate::str::contains("14 bytes, read as od"));
    for args in [&["undump"][..], &["undump", "--format", "xxd"]] {
        charscope()
            .args(args)
            .write_stdin("00000000: 4142 4344  ABCX\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("the two columns disagree"));
    }
}
