//! The command line, round 2 (issue 32): the promises a new user found broken, each checked as
//! the user met it.

use assert_cmd::Command;
use std::path::Path;

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR")
        .env_remove("CHARSCOPE_LABELS")
        .env("TERM", "dumb");
    cmd
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_in(dir: &Path, args: &[&str]) -> Run {
    let out = charscope().current_dir(dir).args(args).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A directory with `a.txt` and `b.txt` (readable), `sub/` (a directory); `nope.txt` is missing.
fn batch_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "alpha\n").unwrap();
    std::fs::write(dir.path().join("b.txt"), "caf\u{e9}\n").unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    dir
}

// 1. Batches go on past an input that cannot be read.

#[test]
fn every_batch_command_reads_past_a_missing_file_and_a_directory() {
    let dir = batch_dir();
    let batch = ["a.txt", "nope.txt", "sub", "b.txt"];
    let commands: [&[&str]; 7] = [
        &["detect"],
        &["--json", "detect"],
        &["decode"],
        &["--json", "decode"],
        &["convert", "-t", "utf-8"],
        &["--json", "convert", "-t", "utf-8"],
        &["validate", "--from", "auto"],
    ];
    for command in commands {
        let args: Vec<&str> = command.iter().chain(&batch).copied().collect();
        let run = run_in(dir.path(), &args);
        let what = format!("{args:?}: {}", run.stderr);
        assert_eq!(run.code, 2, "{what}");
        // a.txt before the failures, and b.txt after them, were read: by name, text or hex.
        let shows = |marks: [&str; 3]| marks.iter().any(|m| run.stdout.contains(m));
        if !command.contains(&"validate") {
            assert!(shows(["a.txt", "alpha", "61 6C"]), "{what}");
            assert!(shows(["b.txt", "caf\u{e9}", "63 61 66"]), "{what}");
        }
        assert!(
            run.stderr
                .contains("cannot open nope.txt: No such file or directory"),
            "{what}"
        );
        assert!(
            run.stderr.contains("cannot read sub: Is a directory"),
            "{what}"
        );
        assert!(
            run.stderr
                .ends_with("charscope: error: 2 inputs of 4 could not be read\n"),
            "{what}"
        );
    }
}

#[test]
fn validate_reads_past_them_too_and_says_so_once() {
    let dir = batch_dir();
    let run = run_in(
        dir.path(),
        &["validate", "a.txt", "nope.txt", "sub", "b.txt"],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stderr.matches("nope.txt").count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("cannot read sub: Is a directory"));
    assert!(run.stderr.ends_with("2 inputs of 4 could not be read\n"));
}

#[test]
fn a_directory_alone_is_named_with_the_system_reason() {
    let dir = batch_dir();
    for command in [&["validate"][..], &["decode"], &["detect"], &["dump"]] {
        let args: Vec<&str> = command.iter().copied().chain(["sub"]).collect();
        let run = run_in(dir.path(), &args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(
            run.stderr, "charscope: error: cannot read sub: Is a directory (os error 21)\n",
            "{args:?}"
        );
    }
}

#[test]
fn convert_into_one_file_names_every_unreadable_input_and_writes_no_file() {
    let dir = batch_dir();
    let run = run_in(
        dir.path(),
        &[
            "convert", "-t", "utf-8", "-o", "out.txt", "a.txt", "nope.txt", "b.txt",
        ],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("nope.txt"));
    assert!(
        run.stderr
            .contains("no file written (out.txt left as it was)")
    );
    assert!(!dir.path().join("out.txt").exists());
}

// 2. `-t utf-16` and `-t utf-32` write iconv's bytes.

/// `convert -f utf-8 ARGS` of `input`: its output and standard error.
fn convert_stdin(args: &[&str], input: &[u8]) -> (Vec<u8>, String) {
    let out = charscope()
        .args(["convert", "-f", "utf-8"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    (
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const SAMPLE: &str = "h\u{e9} \u{1F600}\n";

#[test]
fn utf_16_and_utf_32_start_with_a_mark_then_little_endian_said_once() {
    let text = SAMPLE.as_bytes();
    let (utf16, note16) = convert_stdin(&["-t", "utf-16"], text);
    let (utf32, note32) = convert_stdin(&["-t", "utf-32"], text);
    let le16: Vec<u8> = SAMPLE.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let le32: Vec<u8> = SAMPLE
        .chars()
        .flat_map(|c| u32::from(c).to_le_bytes())
        .collect();
    assert_eq!(utf16, [&[0xFF, 0xFE][..], &le16].concat());
    assert_eq!(utf32, [&[0xFF, 0xFE, 0, 0][..], &le32].concat());
    for (note, mark) in [
        (&note16, "(FF FE), then UTF-16LE"),
        (&note32, "(FF FE 00 00), then UTF-32LE"),
    ] {
        assert_eq!(note.lines().count(), 1, "{note}");
        assert!(note.contains(mark), "{note}");
    }
    // The explicit byte orders write no mark, and say nothing.
    for (label, bytes) in [("utf-16le", &le16), ("utf-32le", &le32)] {
        let (out, note) = convert_stdin(&["-t", label], text);
        assert_eq!(&out, bytes, "{label}");
        assert_eq!(note, "", "{label}");
    }
    let (be, _) = convert_stdin(&["-t", "utf-16be"], text);
    assert_eq!(be[..2], [0x00, 0x68]);
}

#[test]
fn utf_16_and_utf_32_match_iconv_when_it_is_here() {
    let Ok(probe) = std::process::Command::new("iconv")
        .arg("--version")
        .output()
    else {
        eprintln!("iconv is not installed: skipped");
        return;
    };
    assert!(probe.status.success());
    for (ours, theirs) in [("utf-16", "UTF-16"), ("utf-32", "UTF-32")] {
        let iconv = std::process::Command::new("sh")
            .args([
                "-c",
                &format!("printf '%s' \"$0\" | iconv -f UTF-8 -t {theirs}"),
                SAMPLE,
            ])
            .output()
            .unwrap();
        let (out, _) = convert_stdin(&["-t", ours], SAMPLE.as_bytes());
        assert_eq!(out, iconv.stdout, "{ours}");
    }
}

#[test]
fn a_label_note_is_said_once() {
    for label in ["iso-8859-1", "latin1", "ascii"] {
        let (_, note) = convert_stdin(&["-t", label], b"abc\n");
        assert_eq!(note.lines().count(), 1, "{label}: {note}");
        let out = charscope()
            .args(["convert", "-f", label, "-t", "utf-8"])
            .write_stdin("abc\n")
            .output()
            .unwrap();
        let note = String::from_utf8(out.stderr).unwrap();
        assert_eq!(note.lines().count(), 1, "{label}: {note}");
    }
}

// 3. convert without `-f` says what it read the input as, and why: the detection's own line.

#[test]
fn convert_without_from_says_the_detection_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    // "Über den Wolken" in MacRoman, Russian in KOI8-R, and plain UTF-8.
    let cases: [(&str, &[u8]); 3] = [
        ("mac.txt", b"\x86ber den Wolken\n"),
        (
            "koi.txt",
            b"\xf0\xd2\xc9\xd7\xc5\xd4, \xcb\xc1\xcb \xc4\xc5\xcc\xc1?\n",
        ),
        ("b.txt", "caf\u{e9}\n".as_bytes()),
    ];
    for (name, bytes) in cases {
        std::fs::write(dir.path().join(name), bytes).unwrap();
        let detection = charscope::detect::detect(bytes);
        let expected = format!(
            "charscope: note: {name}: --from auto: {}\n",
            detection.summary()
        );
        for verbose in [false, true] {
            let mut args = vec!["convert", "-t", "utf-8", name];
            if verbose {
                args.push("-v");
            }
            let run = run_in(dir.path(), &args);
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            let first = run.stderr.lines().next().unwrap_or_default();
            assert_eq!(format!("{first}\n"), expected, "{args:?}");
            assert_eq!(
                run.stderr.matches("--from auto").count(),
                1,
                "{}",
                run.stderr
            );
            assert!(!run.stderr.contains("not wired"), "{}", run.stderr);
            assert!(
                !run.stderr.contains("its byte order mark"),
                "{}",
                run.stderr
            );
            if !verbose {
                assert_eq!(run.stderr, expected, "{args:?}");
            }
        }
    }
}

#[test]
fn convert_help_describes_auto_as_detection() {
    let out = charscope().args(["convert", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("what `detect` finds"), "{help}");
    assert!(!help.contains("else UTF-8)"), "{help}");
}

// 4. `detect --declared` refuses an unknown label as every other place does.

#[test]
fn detect_declared_refuses_an_unknown_label_like_decode() {
    let dir = batch_dir();
    let decode = run_in(dir.path(), &["decode", "--from", "bogus", "a.txt"]);
    let detect = run_in(dir.path(), &["detect", "--declared", "bogus", "a.txt"]);
    assert_eq!(decode.code, 2);
    assert_eq!(detect.code, 2);
    assert_eq!(detect.stderr, decode.stderr);
    assert!(detect.stderr.contains("unknown encoding label \"bogus\""));
    assert_eq!(detect.stdout, "");
    let known = run_in(dir.path(), &["detect", "--declared", "latin1", "a.txt"]);
    assert_eq!(known.code, 0, "{}", known.stderr);
}

// 5. undump reads what people paste: code fences, hexdump -C without its text column.

#[test]
fn undump_reads_a_fenced_dump_and_one_without_its_text_column() {
    let dump =
        "00000000  68 65 6c 6c 6f 2c 20 63  61 66 c3 a9 0a           |hello, caf...|\n0000000d\n";
    let no_text: String = dump
        .lines()
        .map(|line| format!("{}\n", line.split('|').next().unwrap().trim_end()))
        .collect();
    for text in [format!("```\n{dump}```\n"), no_text] {
        let out = charscope()
            .arg("undump")
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{text:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.stdout, "hello, caf\u{e9}\n".as_bytes(), "{text:?}");
    }
}

#[test]
fn undump_help_lists_the_format_names() {
    let out = charscope().args(["undump", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for format in charscope::dump::DumpFormat::ALL {
        assert!(
            help.contains(&format!("- {}:", format.name())),
            "{}: {help}",
            format.name()
        );
    }
    // The names are read as before, in any case.
    let out = charscope()
        .args(["undump", "--format", "HEX"])
        .write_stdin("41")
        .output()
        .unwrap();
    assert_eq!(out.stdout, b"A");
}

#[test]
fn undump_streams_a_large_dump_without_its_text_column() {
    // 200,000 bytes of varied values: hexdump -C's rows without the |text| column, read in
    // several blocks.
    let bytes: Vec<u8> = (0u32..200_000)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let mut dump = String::new();
    for (row, chunk) in bytes.chunks(16).enumerate() {
        let mut line = format!("{:08x} ", row * 16);
        for (i, b) in chunk.iter().enumerate() {
            line.push_str(if i == 8 { "  " } else { " " });
            line.push_str(&format!("{b:02x}"));
        }
        dump.push_str(&line);
        dump.push('\n');
    }
    dump.push_str(&format!("{:08x}\n", bytes.len()));
    let out = charscope()
        .arg("undump")
        .write_stdin(dump)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout == bytes, "the bytes differ");
    // A single line cut short, with neither text column nor final offset, is still refused.
    let out = charscope()
        .arg("undump")
        .write_stdin("00000000  68 69\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

// 6. scan blames what validate blames.

#[test]
fn scan_and_validate_blame_the_same_byte() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cafe.txt"), b"caf\xE9\n").unwrap();
    let scan = run_in(dir.path(), &["scan", "cafe.txt"]);
    let validate = run_in(dir.path(), &["validate", "cafe.txt"]);
    let reason = "E9: a 3-byte sequence with only 1 of its bytes, cut short by 0A";
    assert!(scan.stdout.contains(reason), "{}", scan.stdout);
    assert!(validate.stdout.contains(reason), "{}", validate.stdout);
}

// 7. One counting rule: line:column from 1 and "byte offset N" from 0 for people; JSON offset
// and index from 0, line and column from 1.

#[test]
fn convert_encode_and_same_count_by_one_rule() {
    // Ω is character index 17, column 18, byte offset 17 of its line.
    let out = charscope()
        .args(["convert", "-f", "utf-8", "-t", "windows-1252"])
        .write_stdin("abcdefghijklmnopq\u{3A9}\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("<stdin>:1:18: byte offset 17: unmappable: U+03A9 '\u{3A9}'"),
        "{stderr}"
    );
    assert!(!stderr.contains("character 17"), "{stderr}");
    // encode: the first character is 1:1, byte offset 0; on the second line, 2:2.
    let out = charscope()
        .args(["encode", "--to", "windows-1252", "\u{3A9}ab\nb\u{3A9}"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("1:1 (byte offset 0): U+03A9"), "{stderr}");
    assert!(stderr.contains("2:2 (byte offset 6): U+03A9"), "{stderr}");
    let out = charscope()
        .args(["--json", "encode", "--to", "windows-1252", "a\nb\u{3A9}"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let u = &v["unmappable"][0];
    assert_eq!(
        (&u["index"], &u["offset"], &u["line"], &u["column"]),
        (&3.into(), &3.into(), &2.into(), &2.into())
    );
    // same: the text says 1:4 and byte offset 3 where the JSON says index 3, offset 3.
    let human = charscope()
        .args(["same", "caf\u{e9}", "cafe"])
        .output()
        .unwrap();
    let human = String::from_utf8(human.stdout).unwrap();
    assert!(
        human.starts_with("bytes     differ  at 1:4 (byte offset 3): U+00E9"),
        "{human}"
    );
    let json = charscope()
        .args(["--json", "same", "caf\u{e9}", "cafe"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let d = &v["checks"][0]["first_difference"];
    assert_eq!((&d["index"], &d["a"]["offset"]), (&3.into(), &3.into()));
}

// 8. convert --json: one shape with or without -o, and counts that agree with the error.

#[test]
fn convert_json_has_one_shape_and_counts_the_stop() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.txt"), b"ab\xFFcd\n").unwrap();
    let args = [
        "--json", "convert", "-f", "utf-8", "-t", "utf-16le", "bad.txt",
    ];
    let stdout = run_in(dir.path(), &args);
    let with_o: Vec<&str> = args.iter().copied().chain(["-o", "out.txt"]).collect();
    let file = run_in(dir.path(), &with_o);
    assert_eq!((stdout.code, file.code), (1, 1));
    let keys = |line: &str| -> Vec<String> {
        // The keys in the order written (serde_json's map would sort them).
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut keys: Vec<(usize, String)> = v
            .as_object()
            .unwrap()
            .keys()
            .map(|k| (line.find(&format!("\"{k}\":")).unwrap(), k.clone()))
            .collect();
        keys.sort();
        keys.into_iter()
            .map(|(_, k)| k)
            .filter(|k| k != "hex")
            .collect()
    };
    assert_eq!(keys(&stdout.stdout), keys(&file.stdout));
    for line in [&stdout.stdout, &file.stdout] {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["error"]["error"], "malformed", "{line}");
        assert_eq!(v["malformed"], 1, "{line}");
        assert_eq!(v["first_malformed"], 2, "{line}");
    }
}

// 9. Shift_JIS output is WHATWG's and iconv's CP932, not Python's cp932 (docs/GUIDE.md says so).

#[test]
fn shift_jis_output_is_whatwg_and_iconv_cp932() {
    let out = charscope()
        .args(["convert", "-f", "utf-8", "-t", "shift_jis"])
        .write_stdin("\u{2170}\u{9AD9}")
        .output()
        .unwrap();
    // Python's cp932 writes EE EF EE E0.
    assert_eq!(out.stdout, [0xFA, 0x40, 0xFB, 0xFC]);
    let Ok(iconv) = std::process::Command::new("sh")
        .args([
            "-c",
            "printf '\\342\\205\\260\\351\\253\\231' | iconv -f UTF-8 -t CP932",
        ])
        .output()
    else {
        return;
    };
    if iconv.status.success() {
        assert_eq!(out.stdout, iconv.stdout);
    }
}

// Done by the repair work (issue 32 asks to check them): cÅ“ur and Å“uvre fixed; fix --json
// lists both steps of ÃƒÂ©.

#[test]
fn fix_mends_coeur_and_lists_a_repeated_step_twice() {
    let out = charscope()
        .args(["fix", "c\u{c5}\u{201c}ur \u{c5}\u{201c}uvre"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "c\u{153}ur \u{153}uvre\n"
    );
    let out = charscope()
        .args(["--json", "fix", "\u{c3}\u{192}\u{c2}\u{a9}"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["text"], "\u{e9}");
    let step = serde_json::json!({"encode": "windows-1252", "decode": "UTF-8"});
    assert_eq!(v["steps"], serde_json::json!([step, step]));
}
