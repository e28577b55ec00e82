//! The command line keeps its promises (issue 12): each wrong answer found by trying the
//! commands as a new user would, as a regression test; and the shape every command shares.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR").env("TERM", "xterm");
    cmd
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn decode_strict_holds_with_json() {
    let out = charscope()
        .args(["decode", "--strict", "--json", "--hex", "61 62 C0 AE 2F"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["text"], "ab");
    assert!(!v["text"].as_str().unwrap().contains('\u{FFFD}'));
    assert_eq!(v["complete"], false);
    assert_eq!(v["replacements"], 0);
    assert_eq!(v["malformed"][0]["offset"], 2);
    assert_eq!(v["malformed"][0]["kind"], "overlong");
}

#[test]
fn a_lossy_decode_with_replacements_exits_1_and_writes_the_text() {
    charscope()
        .args(["decode", "--hex", "61 FF 62"])
        .assert()
        .code(1)
        .stdout("a\u{FFFD}b");
    charscope()
        .args(["decode", "--hex", "61 62"])
        .assert()
        .code(0)
        .stdout("ab");
}

#[test]
fn a_utf32_bom_hint_names_the_flag_that_works() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "u32.txt", b"\xFF\xFE\x00\x00A\x00\x00\x00");
    charscope()
        .arg("decode")
        .arg(&path)
        .assert()
        .stderr(predicate::str::contains(
            "try --from utf-32le (or --bom sniff-unicode)",
        ));
    // Following the hint gives the text, for decode and validate alike.
    charscope()
        .args(["decode", "--bom", "sniff-unicode"])
        .arg(&path)
        .assert()
        .success()
        .stdout("A");
    charscope()
        .args(["validate", "--bom", "sniff-unicode"])
        .arg(&path)
        .assert()
        .success()
        .stdout("")
        .stderr("");
    // A UTF-16 mark: validate's hint names --bom sniff, which validate has.
    let u16 = write(dir.path(), "u16.txt", b"\xFF\xFEA\x00");
    charscope()
        .arg("validate")
        .arg(&u16)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("(or --bom sniff)"));
    charscope()
        .args(["validate", "--bom", "sniff"])
        .arg(&u16)
        .assert()
        .success();
}

#[test]
fn utf16_and_utf32_labels_follow_a_mark_either_way() {
    let cases: [(&str, &[u8], &str); 4] = [
        ("utf-16", b"\xFE\xFF\x00A\x00B", "UTF-16BE"),
        ("utf-16", b"\xFF\xFEA\x00B\x00", "UTF-16LE"),
        (
            "utf-32",
            b"\xFF\xFE\x00\x00A\x00\x00\x00B\x00\x00\x00",
            "UTF-32LE",
        ),
        (
            "utf-32",
            b"\x00\x00\xFE\xFF\x00\x00\x00A\x00\x00\x00B",
            "UTF-32BE",
        ),
    ];
    for (label, bytes, encoding) in cases {
        let out = charscope()
            .args(["decode", "--json", "--from", label])
            .write_stdin(bytes)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{label} {encoding}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["text"], "AB", "{label} {encoding}");
        assert_eq!(v["encoding"], encoding);
        assert_eq!(v["bom"], encoding);
        assert!(out.stderr.is_empty());
    }
    // Without a mark, standard error says which order was assumed.
    charscope()
        .args(["decode", "--from", "utf-16"])
        .write_stdin(&b"A\x00B\x00"[..])
        .assert()
        .success()
        .stdout("AB")
        .stderr(predicate::str::contains(
            "no byte order mark, so \"utf-16\" is read as UTF-16LE",
        ));
    charscope()
        .args(["decode", "--from", "utf-32"])
        .write_stdin(&b"\x00\x00\x00A"[..])
        .assert()
        .success()
        .stdout("A")
        .stderr(predicate::str::contains("is read as UTF-32BE"));
    // validate too.
    charscope()
        .args(["validate", "--from", "utf-16"])
        .write_stdin(&b"\xFE\xFF\x00A"[..])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn untrusted_file_names_are_escaped_in_every_message() {
    let dir = tempfile::tempdir().unwrap();
    let evil = write(dir.path(), "evil\x1b[2J.txt", b"x\xFF");
    let escaped = "evil\\u{001B}[2J.txt";
    charscope()
        .arg("validate")
        .arg(&evil)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(escaped).and(predicate::str::contains("\x1b").not()));
    charscope()
        .arg("decode")
        .arg(&evil)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(escaped).and(predicate::str::contains("\x1b").not()));
    let missing = dir.path().join("gone\x1b]0;owned\x07.txt");
    charscope()
        .arg("validate")
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("gone\\u{001B}]0;owned\\u{0007}.txt")
                .and(predicate::str::contains("\x1b").not()),
        );
    charscope()
        .args(["dump", "--plain"])
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\x1b").not());
    // JSON carries the name as it is (JSON escapes it).
    let out = charscope()
        .args(["validate", "--json"])
        .arg(&evil)
        .output()
        .unwrap();
    let records = json_lines(&out.stdout);
    assert!(
        records[0]["file"]
            .as_str()
            .unwrap()
            .ends_with("evil\x1b[2J.txt")
    );
}

#[test]
fn bom_with_an_encoding_that_has_none_says_so() {
    charscope()
        .args([
            "decode",
            "--from",
            "windows-1252",
            "--bom",
            "keep",
            "--hex",
            "41",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "windows-1252 has no byte order mark, so --bom keep changes nothing",
        ));
    charscope()
        .args(["decode", "--from", "utf-8", "--bom", "keep", "--hex", "41"])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn validate_quiet_list_and_max_errors() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.txt", b"fine\n");
    let bad = write(dir.path(), "bad.txt", &b"\xFF\n".repeat(10));
    charscope()
        .args(["validate", "-q"])
        .arg(&good)
        .arg(&bad)
        .assert()
        .code(1)
        .stdout("")
        .stderr("");
    charscope()
        .args(["validate", "-q"])
        .arg(&good)
        .assert()
        .code(0)
        .stdout("");
    charscope()
        .args(["validate", "-l"])
        .arg(&good)
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(format!("{}\n", bad.display()));
    let out = charscope()
        .args(["validate", "--max-errors", "3"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(
        text.lines()
            .nth(2)
            .unwrap()
            .contains(":3:1: invalid-byte: FF")
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("10 malformed sequences, the first 3 named")
    );
    let out = charscope()
        .args(["validate", "--json", "--max-errors", "2"])
        .arg(&bad)
        .output()
        .unwrap();
    let records = json_lines(&out.stdout);
    assert_eq!(records.len(), 3);
    assert_eq!(records[2]["malformed_count"], 10);
}

#[test]
fn validate_keeps_the_order_of_many_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for i in 0..24 {
        // Files of different sizes, so that workers finish out of order.
        let mut bytes = b"ok ".repeat((24 - i) * 5000);
        bytes.extend_from_slice(&b"\xC0\n".repeat(i + 1));
        paths.push(write(dir.path(), &format!("f{i:02}.txt"), &bytes));
    }
    let out = charscope()
        .args(["validate", "--json"])
        .args(&paths)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let records = json_lines(&out.stdout);
    let mut at = 0;
    for (i, path) in paths.iter().enumerate() {
        for k in 0..=i {
            assert_eq!(records[at]["file"], path.display().to_string());
            assert_eq!(records[at]["line"], k as u64 + 1);
            at += 1;
        }
        assert_eq!(records[at]["malformed_count"], i as u64 + 1);
        at += 1;
    }
    assert_eq!(at, records.len());
}

#[test]
fn inspect_totals_and_rows_agree_on_terminal_columns() {
    let out = charscope()
        .args(["inspect", "--json", "a\tb\u{1b}"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows: u64 = v["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            u["char"]["columns"]
                .as_u64()
                .or(u["columns"].as_u64())
                .unwrap_or(0)
        })
        .sum();
    assert_eq!(v["lengths"]["columns"], 2);
    assert_eq!(rows, 2, "{}", v["units"]);
}

#[test]
fn inspect_text_that_names_a_file_says_so() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes.txt", b"\xFF");
    charscope()
        .current_dir(dir.path())
        .args(["inspect", "notes.txt"])
        .assert()
        .success()
        .stderr(predicate::str::contains("is also the name of a file"));
    charscope()
        .current_dir(dir.path())
        .args(["inspect", "no such file"])
        .assert()
        .success()
        .stderr("");
    // --from auto is inspect's default.
    charscope()
        .args(["inspect", "--from", "auto", "--json", "--hex", "C3 A9"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"encoding\":\"UTF-8\""));
}

#[cfg(unix)]
#[test]
fn a_text_argument_that_is_not_utf8_points_at_the_byte_inputs() {
    use std::os::unix::ffi::OsStrExt;
    charscope()
        .arg("inspect")
        .arg(std::ffi::OsStr::from_bytes(b"caf\xE9"))
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("not valid UTF-8")
                .and(predicate::str::contains("--hex"))
                .and(predicate::str::contains("--file"))
                .and(predicate::str::contains("standard input")),
        );
}

#[test]
fn encode_reads_standard_input_and_u_plus_escapes() {
    charscope()
        .args(["encode", "--to", "utf-16be", "--format", "hex"])
        .write_stdin("é")
        .assert()
        .success()
        .stdout("00 E9\n");
    charscope()
        .args([
            "encode",
            "--to",
            "utf-8",
            "--escapes",
            "--format",
            "hex",
            "U+E9 U+1F600",
        ])
        .assert()
        .success()
        .stdout("C3 A9 20 F0 9F 98 80\n");
}

#[test]
fn encode_notes_what_the_encoding_cannot_keep() {
    charscope()
        .args([
            "encode",
            "--to",
            "shift_jis",
            "--bom",
            "--format",
            "hex",
            "a",
        ])
        .assert()
        .success()
        .stdout("61\n")
        .stderr(predicate::str::contains("Shift_JIS has no byte order mark"));
    // U+FF76 HALFWIDTH KATAKANA LETTER KA is written as U+30AB KATAKANA LETTER KA: ESC $ B 25 2B.
    charscope()
        .args([
            "encode",
            "--to",
            "iso-2022-jp",
            "--format",
            "hex",
            "\u{FF76}",
        ])
        .assert()
        .success()
        .stdout("1B 24 42 25 2B 1B 28 42\n")
        .stderr(predicate::str::contains("no half-width katakana"));
}

#[test]
fn exit_codes_are_written_in_help() {
    charscope().arg("--help").assert().success().stdout(
        predicate::str::contains("Exit codes:")
            .and(predicate::str::contains("0  done, nothing to report"))
            .and(predicate::str::contains("1  done, but problems found"))
            .and(predicate::str::contains("2  usage error")),
    );
}

/// Every command, as `charscope --help` lists it.
fn commands() -> Vec<String> {
    let out = charscope().arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let list = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap();
    list.lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn completions_and_the_man_page_mention_every_command() {
    let commands = commands();
    assert!(commands.len() >= 13, "{commands:?}");
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = charscope().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell} lacks {command}");
        }
        assert!(script.contains("max-errors"), "{shell}");
    }
    let out = charscope().arg("man").output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "{}",
        &page[..80]
    );
    assert!(page.contains(".TH charscope"));
    for command in &commands {
        assert!(
            page.contains(&format!(".SH \"CHARSCOPE {}\"", command.to_uppercase())),
            "man lacks {command}"
        );
    }
    assert!(page.contains("Exit codes"));
    charscope().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn each_command_s_help_opens_with_its_description() {
    // Each command's arguments are built only when it runs (clap's `defer`): a doc comment on
    // its arguments' struct, or on one it flattens, would then replace its description.
    let out = charscope().arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for command in commands() {
        let listed = help
            .lines()
            .find_map(|l| l.trim_start().strip_prefix(&format!("{command} ")))
            .unwrap_or_else(|| panic!("{command} is not listed"))
            .trim()
            .to_string();
        let out = charscope().args([&command, "--help"]).output().unwrap();
        let own = String::from_utf8(out.stdout).unwrap();
        let first = own.split("\n\n").next().unwrap().replace('\n', " ");
        assert!(
            first.starts_with(&listed),
            "{command}: {first:?} does not open with {listed:?}"
        );
    }
}

#[test]
fn the_readme_command_table_matches_help() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let section = readme
        .split("## Commands")
        .nth(1)
        .expect("README has a ## Commands section")
        .split("\n## ")
        .next()
        .unwrap();
    let listed: Vec<String> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .map(|cell| {
            cell.split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    let (mut listed, mut commands) = (listed, commands());
    listed.sort();
    commands.sort();
    assert_eq!(listed, commands, "README's command table against --help");
}

/// The README is a short front door (issue 31): 200 lines at most, the rest in docs/, and every
/// local link of the README and of docs/ names a file that is there.
#[test]
fn the_readme_stays_short_and_its_links_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines; move the detail to docs/"
    );
    let mut pages = vec![(root.join("README.md"), readme)];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let text = std::fs::read_to_string(&path).unwrap();
            pages.push((path, text));
        }
    }
    for (page, text) in &pages {
        for link in text.split("](").skip(1).filter_map(|l| l.split(')').next()) {
            let file = link.split('#').next().unwrap();
            if file.is_empty() || file.contains("://") {
                continue;
            }
            let target = page.parent().unwrap().join(file);
            assert!(
                target.exists(),
                "{}: a link to {link}, which is not there",
                page.display()
            );
        }
    }
}

/// Each command run with `--json`: every line of its output parses as JSON.
#[test]
fn every_command_speaks_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "in.txt", b"caf\xC3\xA9 \xFF\n");
    let dump = write(
        dir.path(),
        "dump.txt",
        b"00000000  63 61 66 c3 a9  |caf..|\n00000005\n",
    );
    let file = file.to_str().unwrap();
    let dump = dump.to_str().unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["decode", file],
        vec!["encode", "--to", "shift_jis", "café"],
        vec!["encode", "--to", "all", "日本"],
        vec!["validate", file, file],
        vec!["encodings"],
        vec!["inspect", "café"],
        vec!["compare", "--hex", "C3 A7"],
        vec!["char", "é"],
        vec!["char", "--search", "nbsp"],
        vec!["examples"],
        vec!["examples", "table-3-8"],
        vec!["dump", file],
        vec!["undump", dump],
    ];
    // Commands that other branches add, run when they are there.
    let present = commands();
    let later: Vec<Vec<&str>> = vec![
        vec!["convert", "-f", "latin1", "-t", "utf-8", file],
        vec!["detect", file],
        vec!["fix", "\u{c3}\u{a9}t\u{c3}\u{a9}"],
        vec!["scan", file],
        vec!["url", "/%c0%ae%c0%ae/"],
        vec!["same", "caf\u{e9}", "cafe\u{301}"],
    ];
    let runs: Vec<Vec<&str>> = runs
        .into_iter()
        .chain(
            later
                .into_iter()
                .filter(|r| present.iter().any(|c| c == r[0])),
        )
        .collect();
    let mut covered: Vec<&str> = Vec::new();
    for args in &runs {
        let out = charscope().arg("--json").args(args).output().unwrap();
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines = json_lines(&out.stdout);
        assert!(!lines.is_empty(), "{args:?} wrote no JSON");
        covered.push(args[0]);
    }
    // serve: one line with the address it listens on.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("charscope"))
        .args(["--json", "serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let v: Value = serde_json::from_str(&line).unwrap();
    assert!(v["url"].as_str().unwrap().starts_with("http://127.0.0.1:"));
    covered.push("serve");
    // completions and man write a script and a page: --json is refused, not ignored.
    for args in [&["completions", "bash"][..], &["man"]] {
        charscope()
            .arg("--json")
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--json does not apply"));
        covered.push(args[0]);
    }
    for command in commands() {
        assert!(
            covered.contains(&command.as_str()),
            "{command} is not run with --json"
        );
    }
}

/// `--from` is one option (`FromArg`) flattened into every byte command: each takes `-f` and
/// `--from`, and each keeps its own default (issue 31): decode, dump and validate read UTF-8,
/// inspect and convert detect.
#[test]
fn every_byte_command_takes_from_and_keeps_its_default() {
    // decode: a lone E9 is malformed UTF-8 unless told otherwise.
    for flag in ["-f", "--from"] {
        charscope()
            .args(["decode", flag, "windows-1252", "--hex", "E9"])
            .assert()
            .code(0)
            .stdout("\u{e9}");
    }
    charscope()
        .args(["decode", "--hex", "E9"])
        .assert()
        .code(1)
        .stdout("\u{FFFD}");
    // validate: the same byte, the same default.
    for flag in ["-f", "--from"] {
        charscope()
            .args(["validate", flag, "windows-1252", "--hex", "E9"])
            .assert()
            .code(0);
    }
    charscope()
        .args(["validate", "--hex", "E9"])
        .assert()
        .code(1);
    // dump: UTF-8 by default (the byte is malformed), the label's character when given.
    for flag in ["-f", "--from"] {
        charscope()
            .args([
                "dump",
                flag,
                "windows-1252",
                "--hex",
                "E9",
                "--color",
                "never",
            ])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("\u{e9}"));
    }
    let out = charscope()
        .args(["dump", "--json", "--hex", "E9"])
        .output()
        .unwrap();
    assert_eq!(
        json_lines(&out.stdout)[0]["cells"][0]["roles"][0],
        "malformed"
    );
    // inspect: detection by default (a lone E9 is not UTF-8), the label when given.
    let out = charscope()
        .args(["inspect", "--json", "--hex", "E9"])
        .output()
        .unwrap();
    assert_eq!(json_lines(&out.stdout)[0]["encoding_source"], "detected");
    for flag in ["-f", "--from"] {
        let out = charscope()
            .args(["inspect", "--json", flag, "utf-8", "--hex", "E9"])
            .output()
            .unwrap();
        let v = &json_lines(&out.stdout)[0];
        assert_eq!(
            (v["encoding"].as_str(), v["malformed_total"].as_u64()),
            (Some("UTF-8"), Some(1))
        );
    }
    // convert: detection by default; a label is taken as given (strict: UTF-8 stops at E9).
    charscope()
        .args(["convert", "-t", "utf-8"])
        .write_stdin(&b"caf\xe9 na\xefve"[..])
        .assert()
        .code(0)
        .stdout("caf\u{e9} na\u{ef}ve")
        .stderr(predicate::str::contains("--from auto: windows-1252"));
    for flag in ["-f", "--from"] {
        charscope()
            .args(["convert", flag, "utf-8", "-t", "utf-8"])
            .write_stdin(&b"caf\xe9"[..])
            .assert()
            .code(1)
            .stdout("caf");
    }
}

/// Each command's `--help` still tells its own default of the one `--from`.
#[test]
fn each_help_tells_its_default_of_from() {
    for (command, default) in [
        ("decode", "utf-8"),
        ("dump", "utf-8"),
        ("validate", "utf-8"),
        ("inspect", "auto"),
        ("convert", "auto"),
    ] {
        let out = charscope().args([command, "-h"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        let from = &help[help.find("--from <LABEL>").expect(command)..];
        let option = &from[..from.find("\n  -").unwrap_or(from.len())];
        let shown = format!("[default: {default}]");
        assert!(option.contains(&shown), "{command}: {option}");
    }
}

#[test]
fn dash_is_standard_input_for_every_command_that_reads_a_file() {
    // `inspect --file -` said "cannot open -"; `fix --file -` did too.
    let cases: [&[&str]; 8] = [
        &["inspect", "--file", "-"],
        &["fix", "--file", "-"],
        &["decode", "-"],
        &["detect", "-"],
        &["validate", "--json", "-"],
        &["convert", "-t", "utf-16le", "-"],
        &["scan", "-"],
        &["dump", "-"],
    ];
    for args in cases {
        let out = charscope()
            .args(args)
            .write_stdin("caf\u{e9}\n")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let said = out.stdout.len() + out.stderr.len();
        assert!(said > 0, "{args:?} said nothing");
    }
    charscope()
        .args(["undump", "-"])
        .write_stdin("00000000  63 61 66 c3 a9 0a  |caf...|\n")
        .assert()
        .success()
        .stdout("caf\u{e9}\n");
}
