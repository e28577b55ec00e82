//! `charscope scan`, `url` and `same` as a user meets them: Trojan Source samples found on their
//! lines, a clean corpus, file names in a real directory, SARIF, allow-lists, exit codes, and
//! the seed examples of `url`.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn charscope() -> Command {
    let mut cmd = Command::cargo_bin("charscope").unwrap();
    cmd.env_remove("NO_COLOR").env("TERM", "xterm");
    cmd
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn bench() -> PathBuf {
    let dir = repo().join("../shared/bench");
    assert!(dir.is_dir(), "the bench corpus is not at {}", dir.display());
    dir
}

/// Runs scan with `args` in `dir`; the exit code and the JSON Lines.
fn scan_json(dir: &Path, args: &[&str]) -> (i32, Vec<Value>) {
    let out = charscope()
        .current_dir(dir)
        .arg("scan")
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (out.status.code().unwrap(), lines)
}

fn file_name(v: &Value) -> String {
    let path = v["path"].as_str().unwrap();
    path.rsplit('/').next().unwrap().to_string()
}

#[test]
fn trojan_source_samples_are_found_on_their_lines() {
    let dir = repo().join("crates/charscope-cli/tests/data/trojan");
    // --config /dev/null: the repository's own configuration allows this directory.
    let (code, found) = scan_json(&dir, &["--config", "/dev/null", "."]);
    assert_eq!(code, 1);
    let got: BTreeSet<(String, u64, String)> = found
        .iter()
        .map(|f| {
            (
                file_name(f),
                f["line"].as_u64().unwrap(),
                f["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected: BTreeSet<(String, u64, String)> = [
        ("early_return.py", 6, "bidi-control"),
        ("commenting_out.c", 7, "bidi-control"),
        ("commenting_out.c", 9, "bidi-control"),
        ("stretched_string.js", 4, "bidi-control"),
        ("homoglyph.go", 8, "confusable"),
        ("homoglyph.go", 11, "confusable"),
        ("homoglyph.java", 3, "mixed-script"),
        ("homoglyph.java", 6, "mixed-script"),
        ("zero_width.rs", 4, "invisible"),
        ("zero_width.rs", 5, "invisible"),
        ("zero_width_joiner.ts", 3, "confusable"),
        ("zero_width_joiner.ts", 3, "invisible"),
        ("zero_width_joiner.ts", 4, "confusable"),
        ("zero_width_joiner.ts", 4, "invisible"),
        ("variation_selector.js", 5, "confusable"),
        ("variation_selector.js", 5, "invisible"),
        ("variation_selector.js", 6, "confusable"),
        ("variation_selector.js", 6, "invisible"),
        ("variation_selector.js", 7, "invisible"),
        ("variation_selector.js", 8, "invisible"),
        ("bidi_balanced.sh", 2, "bidi-control"),
        ("bidi_balanced.sh", 3, "bidi-control"),
    ]
    .into_iter()
    .map(|(f, l, c)| (f.to_string(), l, c.to_string()))
    .collect();
    assert_eq!(got, expected);
    // Unbalanced controls are called out; balanced ones are not.
    let message = |name: &str, line: u64, column: u64| {
        found
            .iter()
            .find(|f| file_name(f) == name && f["line"] == line && f["column"] == column)
            .unwrap_or_else(|| panic!("no finding at {name}:{line}:{column}"))["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(message("early_return.py", 6, 47).contains("never closed"));
    assert!(message("commenting_out.c", 7, 7).contains("CVE-2021-42574"));
    assert!(!message("commenting_out.c", 7, 11).contains("unbalanced"));
    assert!(!message("bidi_balanced.sh", 2, 13).contains("unbalanced"));
    assert!(message("bidi_balanced.sh", 3, 13).contains("closing nothing"));
    let go = found
        .iter()
        .find(|f| file_name(f) == "homoglyph.go")
        .unwrap();
    assert_eq!(go["chars"][0]["code_point"], "U+0456");
    assert_eq!(
        go["chars"][0]["name"],
        "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I"
    );
    assert_eq!(go["chars"][0]["char"], "\u{0456}");
    assert_eq!(go["column"], 6);
    assert!(go["offset"].as_u64().unwrap() > 0);
}

#[test]
fn the_bench_corpus_is_clean_but_for_what_is_really_there() {
    let dir = bench();
    let (_, found) = scan_json(&dir, &["lipsum", "wikipedia_mars"]);
    let mut left: Vec<(String, String, String)> = found
        .iter()
        .map(|f| {
            (
                file_name(f),
                f["code"].as_str().unwrap().to_string(),
                f["chars"][0]["code_point"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
            )
        })
        .collect();
    // What is really there, found by reading the texts:
    // - portuguese.latin1.txt is ISO-8859-1, not UTF-8;
    left.retain(|(file, code, _)| !(file == "portuguese.latin1.txt" && code == "invalid-utf8"));
    // - Emoji-Lipsum is two files joined: the second one's byte order mark sits at byte 32771;
    // - the English article's coordinates template puts U+FEFF around its slashes (18 times);
    // - the interlanguage link to the Ossetian Wikipedia writes the Ossetian word for planet in
    //   Cyrillic with the Latin letter U+00E6 (once in each article but Arabic, Hebrew...);
    // - the English article writes a unit "Mm" with U+039C GREEK CAPITAL LETTER MU for the M.
    let expected: Vec<(&str, &str, &str, usize)> = vec![
        ("Emoji-Lipsum.utf8.txt", "bom-not-at-start", "U+FEFF", 1),
        ("english.utf8.txt", "bom-not-at-start", "U+FEFF", 18),
        ("english.utf8.txt", "mixed-script", "U+039C", 1),
        ("english.utf8.txt", "mixed-script", "U+043F", 1),
        ("chinese.utf8.txt", "mixed-script", "U+043F", 1),
        ("japanese.utf8.txt", "mixed-script", "U+043F", 1),
        ("portuguese.utf8.txt", "mixed-script", "U+043F", 1),
        ("russian.utf8.txt", "mixed-script", "U+043F", 1),
    ];
    for (file, code, cp, count) in &expected {
        let n = left
            .iter()
            .filter(|(f, c, p)| f == file && c == code && p == cp)
            .count();
        assert_eq!(n, *count, "{file} {code} {cp}");
    }
    left.retain(|(f, c, p)| {
        !expected
            .iter()
            .any(|(ef, ec, ep, _)| f == ef && c == ec && p == ep)
    });
    assert!(left.is_empty(), "unexpected findings: {left:?}");
    // The ISO-8859-1 text has 3,988 malformed sequences: the first 100 are listed, one more
    // finding counts the others; `--max-invalid-utf8` lists all, or none.
    let latin1 = |found: &[Value]| -> Vec<String> {
        found
            .iter()
            .filter(|f| file_name(f) == "portuguese.latin1.txt")
            .map(|f| f["message"].as_str().unwrap().to_string())
            .collect()
    };
    let listed = latin1(&found);
    assert_eq!(listed.len(), 101);
    assert!(
        listed[0].starts_with("FA: never appears in UTF-8"),
        "{}",
        listed[0]
    );
    assert!(
        listed[100].starts_with("3,888 more malformed sequences from here to the end"),
        "{}",
        listed[100]
    );
    let file = "wikipedia_mars/portuguese.latin1.txt";
    let (_, all) = scan_json(&dir, &["--max-invalid-utf8", "all", file]);
    assert_eq!(latin1(&all).len(), 3988);
    assert_eq!(latin1(&all)[..100], listed[..100]);
    let (_, none) = scan_json(&dir, &["--max-invalid-utf8", "0", file]);
    assert_eq!(none.len(), 1);
    assert_eq!(none[0]["offset"], 19);
    assert!(latin1(&none)[0].starts_with("3,988 malformed sequences"));

    // Everything else the scan sees is explained by a built-in allowance, and said to be.
    let (_, all) = scan_json(&dir, &["--no-default-allow", "lipsum", "wikipedia_mars"]);
    let allowed: Vec<&Value> = all
        .iter()
        .filter(|f| f.get("allowed_by").is_some())
        .collect();
    assert_eq!(all.len() - allowed.len(), found.len());
    let reasons: BTreeSet<&str> = allowed
        .iter()
        .map(|f| f["allowed_by"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons,
        [
            "bidi-mark",
            "composition-exclusion",
            "emoji-sequence",
            "joiner-in-word"
        ]
        .into_iter()
        .collect()
    );
    // The Arabic and Hebrew texts have no finding at all.
    assert!(
        !all.iter()
            .any(|f| file_name(f).starts_with("Arabic") || file_name(f).starts_with("Hebrew"))
    );
}

#[test]
fn this_repository_is_clean_under_its_own_configuration() {
    let (code, found) = scan_json(&repo(), &["."]);
    assert_eq!(found, Vec::<Value>::new());
    assert_eq!(code, 0);
}

#[cfg(unix)]
#[test]
fn file_names_in_a_real_directory() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("caf\u{e9}.txt"), "nfc\n").unwrap();
    std::fs::write(dir.join("cafe\u{301}.txt"), "nfd\n").unwrap();
    let bad = std::ffi::OsStr::from_bytes(b"caf\xE9-latin1.txt");
    std::fs::write(dir.join(bad), "latin1\n").unwrap();
    std::fs::write(dir.join("abc\u{202E}def.txt"), "rlo\n").unwrap();
    std::fs::write(dir.join("plain.txt"), "ok\n").unwrap();
    // A directory whose name sorts between the NFD and the NFC name: the walk lists its file
    // between the two, and the two must still meet.
    std::fs::create_dir(dir.join("caff")).unwrap();
    std::fs::write(dir.join("caff").join("inside.txt"), "ok\n").unwrap();
    let (code, found) = scan_json(dir, &["--config", "/dev/null", "."]);
    assert_eq!(code, 1);
    let got: BTreeSet<(String, String)> = found
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_string(),
                f["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected: BTreeSet<(String, String)> = [
        ("./caf\u{e9}.txt", "name-normalization-collision"),
        ("./cafe\u{301}.txt", "name-normalization-collision"),
        ("./caf\\xE9-latin1.txt", "name-invalid-utf8"),
        ("./abc\u{202E}def.txt", "bidi-control"),
    ]
    .into_iter()
    .map(|(p, c)| (p.to_string(), c.to_string()))
    .collect();
    assert_eq!(got, expected);
    for f in &found {
        assert_eq!(f["line"], Value::Null);
    }
    // The terminal never sees the override itself.
    let out = charscope()
        .current_dir(dir)
        .args(["scan", "--config", "/dev/null", "."])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\u{202E}'), "{text}");
    assert!(text.contains("abc\\u{202E}def.txt"), "{text}");
}

#[test]
fn stdin_allow_and_exit_codes() {
    charscope()
        .args(["scan", "-"])
        .write_stdin("plain ASCII\n")
        .assert()
        .code(0);
    let out = charscope()
        .args(["scan", "--json", "-"])
        .write_stdin("ok\nx\u{200B}y\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["path"], "<stdin>");
    assert_eq!(
        (
            v["line"].as_u64(),
            v["column"].as_u64(),
            v["offset"].as_u64()
        ),
        (Some(2), Some(2), Some(4))
    );
    assert_eq!(v["code"], "invisible");
    assert_eq!(v["chars"][0]["name"], "ZERO WIDTH SPACE");
    let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "chars", "code", "column", "line", "message", "offset", "path"
        ]
        .into_iter()
        .collect()
    );
    charscope()
        .args(["scan", "--allow", "invisible", "-"])
        .write_stdin("x\u{200B}y\n")
        .assert()
        .code(0);
    // --only: the codes asked for, and nothing else; bidi controls alone take the fast path.
    let out = charscope()
        .args(["scan", "--json", "--only", "bidi-control", "-"])
        .write_stdin("x\u{200B}y \u{202E}z\n")
        .output()
        .unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(
        (lines[0]["code"].as_str(), lines[0]["column"].as_u64()),
        (Some("bidi-control"), Some(5))
    );
    charscope()
        .args(["scan", "--only", "invisible", "-"])
        .write_stdin("\u{202E}\n")
        .assert()
        .code(0);
    charscope()
        .args(["scan", "--allow", "nonsense", "-"])
        .write_stdin("x")
        .assert()
        .code(2);
    charscope()
        .args(["scan", "--max-invalid-utf8", "some", "-"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("neither a number nor `all`"));
    charscope()
        .args(["scan", "no/such/file"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot read no/such/file"))
        .stderr(predicates::str::contains("1 input could not be read"));
}

#[test]
fn utf16_files_are_scanned_decoded_and_binary_ones_skipped() {
    // A Trojan Source line in UTF-16LE after its byte order mark (as Windows tools write it):
    // read as UTF-8 it would be NULs, and a walk would skip it as binary.
    let tmp = tempfile::tempdir().unwrap();
    let line = "\u{FEFF}if (isAdmin) { /* \u{202E} } */\n";
    let utf16: Vec<u8> = line.encode_utf16().flat_map(u16::to_le_bytes).collect();
    std::fs::write(tmp.path().join("check.ps1"), &utf16).unwrap();
    std::fs::write(tmp.path().join("image.bin"), b"\x89PNG\x00\x00").unwrap();
    let (code, found) = scan_json(tmp.path(), &["."]);
    assert_eq!(code, 1);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["code"], "bidi-control");
    assert_eq!(found[0]["column"], 20);
    assert_eq!(found[0]["offset"], 38);
    let (_, bidi) = scan_json(tmp.path(), &["--only", "bidi-control", "check.ps1"]);
    assert_eq!(bidi.len(), 1);
    assert_eq!(bidi[0]["message"], found[0]["message"]);
    assert_eq!(bidi[0]["offset"], 38);
    charscope()
        .current_dir(tmp.path())
        .args(["scan", "."])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("1 binary file skipped"));

    // The same line in UTF-16BE without a mark (as `iconv -t UTF-16BE` writes it) is told
    // from binary data by its NULs and its units, and scanned decoded too.
    let bare: Vec<u8> = line[3..]
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    std::fs::write(tmp.path().join("check.ps1"), &bare).unwrap();
    let (_, found) = scan_json(tmp.path(), &["."]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["code"], "bidi-control");
    assert_eq!(
        (&found[0]["column"], &found[0]["offset"]),
        (&19.into(), &36.into())
    );
}

#[test]
fn inputs_are_reported_in_the_order_given() {
    // Directories named one after another are walked together, each still in its turn.
    let tmp = tempfile::tempdir().unwrap();
    for (dir, file) in [("a", "1.txt"), ("c", "2.txt"), ("d", "3.txt")] {
        std::fs::create_dir(tmp.path().join(dir)).unwrap();
        std::fs::write(tmp.path().join(dir).join(file), "x\u{202E}\n").unwrap();
    }
    std::fs::write(tmp.path().join("b.txt"), "x\u{202E}\n").unwrap();
    let order = |args: &[&str]| -> Vec<String> {
        let (_, found) = scan_json(tmp.path(), args);
        found
            .iter()
            .map(|f| f["path"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        order(&["d", "a", "b.txt", "c"]),
        ["d/3.txt", "a/1.txt", "b.txt", "c/2.txt"]
    );
    assert_eq!(order(&["c", "a", "d"]), ["c/2.txt", "a/1.txt", "d/3.txt"]);
}

#[test]
fn per_path_globs_in_the_configuration() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("fixtures")).unwrap();
    std::fs::write(dir.join("fixtures/a.txt"), "x\u{202E}y\n").unwrap();
    std::fs::write(dir.join("b.txt"), "x\u{202E}y\n").unwrap();
    std::fs::write(
        dir.join(".charscope.toml"),
        "[[paths]]\nglob = \"**/fixtures/**\"\nallow = [\"bidi-control\"]\n",
    )
    .unwrap();
    let (code, found) = scan_json(dir, &["."]);
    assert_eq!(code, 1);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["path"], "./b.txt");
    // .gitignore is honoured when walking.
    std::fs::write(dir.join(".gitignore"), "b.txt\n").unwrap();
    let (code, found) = scan_json(dir, &["."]);
    assert_eq!((code, found.len()), (0, 0));
}

#[test]
fn sarif_has_the_shape_code_scanning_reads() {
    let dir = repo().join("crates/charscope-cli/tests/data/trojan");
    let out = charscope()
        .current_dir(&dir)
        .args(["scan", "--config", "/dev/null", "--format", "sarif", "."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    assert!(log["$schema"].as_str().unwrap().contains("sarif-2.1.0"));
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "charscope");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 16);
    assert_eq!(
        ids.iter().collect::<BTreeSet<_>>().len(),
        16,
        "rule ids are unique"
    );
    for rule in rules {
        assert!(
            !rule["shortDescription"]["text"]
                .as_str()
                .unwrap()
                .is_empty()
        );
        assert!(matches!(
            rule["defaultConfiguration"]["level"].as_str(),
            Some("error" | "warning")
        ));
    }
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 30);
    for r in results {
        let id = r["ruleId"].as_str().unwrap();
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(ids[index], id);
        assert!(!r["message"]["text"].as_str().unwrap().is_empty());
        let loc = &r["locations"][0]["physicalLocation"];
        let uri = loc["artifactLocation"]["uri"].as_str().unwrap();
        assert!(!uri.starts_with("./") && !uri.contains(' '), "{uri}");
        assert!(loc["region"]["startLine"].as_u64().unwrap() >= 1);
        assert!(loc["region"]["startColumn"].as_u64().unwrap() >= 1);
    }
    let early = results
        .iter()
        .find(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "early_return.py"
        })
        .unwrap();
    assert_eq!(early["ruleId"], "bidi-control");
    assert_eq!(early["level"], "error");
    assert_eq!(
        early["locations"][0]["physicalLocation"]["region"]["startLine"],
        6
    );
    assert_eq!(
        early["locations"][0]["physicalLocation"]["region"]["startColumn"],
        47
    );
}

fn url_json(args: &[&str]) -> (i32, Value) {
    let out = charscope()
        .arg("url")
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        serde_json::from_slice(&out.stdout).unwrap(),
    )
}

fn findings(v: &Value) -> Vec<(String, String, u64)> {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["layer"].as_str().unwrap().to_string(),
                f["offset"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn has(v: &Value, code: &str, layer: &str, offset: u64) -> bool {
    findings(v).contains(&(code.to_string(), layer.to_string(), offset))
}

fn layer(v: &Value, name: &str) -> String {
    v["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == name)
        .unwrap()["output"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn url_seed_examples() {
    // Seed 000: /%c0%ae%c0%ae/ and RFC 3629's 2F C0 AE 2E 2F are overlong traversals.
    let (code, v) = url_json(&["/%c0%ae%c0%ae/"]);
    assert_eq!(code, 1);
    assert_eq!(v["input"], "/%c0%ae%c0%ae/");
    assert_eq!(layer(&v, "utf-8-lenient"), "/../");
    assert!(has(&v, "overlong", "utf-8-lenient", 1));
    assert!(has(&v, "traversal", "utf-8-lenient", 1));
    let (_, v) = url_json(&["--hex", "2F C0 AE 2E 2F"]);
    assert_eq!(v["layers"][0]["hex"], "2F C0 AE 2E 2F");
    assert!(has(&v, "overlong", "utf-8-lenient", 1));
    assert!(has(&v, "traversal", "utf-8-lenient", 1));
    assert!(has(&v, "bare-byte", "input", 1));
    // %RR is a bad escape.
    let (_, v) = url_json(&["/a%RR"]);
    assert_eq!(
        findings(&v),
        [("bad-escape".into(), "percent-decoded".into(), 2)]
    );
    // %uFF0E is an IIS code point, and best fit makes it a dot.
    let (_, v) = url_json(&["/%uFF0E%uFF0E/"]);
    assert!(has(&v, "iis-percent-u", "iis-percent-u", 1));
    assert!(has(&v, "traversal", "iis-percent-u", 1));
    let detail = v["findings"][0]["detail"].as_str().unwrap();
    assert!(
        detail.contains("U+FF0E FULLWIDTH FULL STOP") && detail.contains("\".\" (2E)"),
        "{detail}"
    );
    // Outside the fullwidth forms, no best fit is claimed either way (issue 32: Windows may map
    // U+2215 DIVISION SLASH to "/"; charscope has no cited table for it and says so).
    let (_, v) = url_json(&["/..%u2215etc"]);
    let detail = v["findings"][0]["detail"].as_str().unwrap();
    assert!(
        detail.contains("U+2215 DIVISION SLASH") && detail.contains("is not shown"),
        "{detail}"
    );
    // %252e%252e%252f is double encoding and traversal.
    let (_, v) = url_json(&["%252e%252e%252f"]);
    assert!(has(&v, "double-encoding", "percent-decoded-twice", 0));
    assert!(has(&v, "traversal", "percent-decoded-twice", 0));
    assert_eq!(layer(&v, "percent-decoded-twice"), "../");
    let layer_names: Vec<&str> = v["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        layer_names,
        [
            "input",
            "percent-decoded",
            "iis-percent-u",
            "percent-decoded-twice",
            "utf-8-lenient",
            "utf-8-strict",
            "plus-as-space",
            "backslash-as-slash",
            "path-normalized"
        ]
    );
    // A clean path exits 0.
    let (code, v) = url_json(&["/a/b.html?q=1"]);
    assert_eq!((code, findings(&v).len()), (0, 0));
}

#[test]
fn same_names_the_first_difference() {
    let out = charscope()
        .args(["same", "--json", "paypal", "p\u{430}ypal"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["same_as"], "skeleton");
    let bytes = &v["checks"][0];
    assert_eq!(bytes["name"], "bytes");
    assert_eq!(bytes["first_difference"]["index"], 1);
    assert_eq!(
        bytes["first_difference"]["a"]["char"]["name"],
        "LATIN SMALL LETTER A"
    );
    assert_eq!(
        bytes["first_difference"]["b"]["char"]["name"],
        "CYRILLIC SMALL LETTER A"
    );
    let names: Vec<&str> = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bytes", "nfc", "nfkc", "casefold", "skeleton"]);
    let out = charscope()
        .args(["same", "caf\u{e9}", "cafe\u{301}"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("U+00E9 LATIN SMALL LETTER E WITH ACUTE / U+0065 LATIN SMALL LETTER E"),
        "{text}"
    );
    assert!(text.contains("the same under nfc"), "{text}");
    charscope().args(["same", "x", "x"]).assert().code(0);
    charscope()
        .args(["same", "--escapes", "\\u{212B}", "\\u{C5}"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("the same under nfc"));
}

/// The web API answers with the same values as the command line's `--json`.
mod api_equals_cli {
    use super::charscope;
    use axum::body::Body;
    use axum::http::{Request, header};
    use http_body_util::BodyExt;
    use serde_json::{Value, json};
    use tower::ServiceExt;

    async fn post(path: &str, body: Value) -> Value {
        let request = Request::post(path)
            .header(header::HOST, "127.0.0.1:7878")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        let response = charscope_web::app().oneshot(request).await.unwrap();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn scan_and_url() {
        let input = "if (a != 'user\u{202E} \u{2066}// x\u{2069} \u{2066}') {}\nlet is_ad\u{200B}min = 1;\n";
        let out = charscope()
            .args(["scan", "--json", "-"])
            .write_stdin(input)
            .output()
            .unwrap();
        let mut cli: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(cli.len(), 5);
        let api = post("/api/scan", json!({"input": input, "mode": "text"})).await;
        let mut api = api["findings"].as_array().unwrap().clone();
        // The path names the input: <stdin> on the command line, <input> on the page.
        for f in cli.iter_mut().chain(api.iter_mut()) {
            f["path"] = Value::Null;
        }
        assert_eq!(api, cli);

        for url in [
            "/%c0%ae%c0%ae/",
            "%252e%252e%252f",
            "/a%RR/%uFF0E%uFF0E/x%00",
        ] {
            let out = charscope().args(["url", "--json", url]).output().unwrap();
            let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(post("/api/url", json!({"input": url})).await, cli);
            let scan = post("/api/scan", json!({"input": url, "mode": "text"})).await;
            assert_eq!(scan["url"], cli);
        }
    }
}
