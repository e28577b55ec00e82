//! Dumps made by the real tools (util-linux `hexdump`/`hd`, vim's `xxd`, GNU `od`, BusyBox,
//! hexyl) over random inputs of 0 to 69 bytes and every flag variant the parser claims to read:
//! each must read back to the exact input, and charscope's `hexdump -C` layout must be byte for
//! byte what `hexdump -C` writes.
//!
//! `scripts/install-dump-tools.sh` installs the tools. A missing tool fails the test when `CI` is
//! set, and is skipped with a notice otherwise.

use charscope::dump::{self, DumpErrorKind, DumpFormat, HexdumpCanonical, ParseOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One way of running a tool.
struct Variant {
    argv: &'static [&'static str],
    /// Formats the dump may be recognised as.
    formats: &'static [DumpFormat],
    /// Bytes skipped at the start (`xxd -s`).
    skip: usize,
    /// Whether the dump may read two ways (xxd -e groups against -g groups, hexdump against
    /// od -x) when its text column cannot tell: then the forced format must read it.
    may_be_ambiguous: bool,
}

const fn v(argv: &'static [&'static str], formats: &'static [DumpFormat]) -> Variant {
    Variant {
        argv,
        formats,
        skip: 0,
        may_be_ambiguous: false,
    }
}

const fn ambiguous(argv: &'static [&'static str], formats: &'static [DumpFormat]) -> Variant {
    Variant {
        argv,
        formats,
        skip: 0,
        may_be_ambiguous: true,
    }
}

use DumpFormat::{
    Hex, HexdumpCanonical as HC, HexdumpWords, Hexyl, Od, Xxd, XxdBits, XxdInclude,
    XxdLittleEndian, XxdPlain,
};

const VARIANTS: &[Variant] = &[
    v(&["hexdump", "-C"], &[HC]),
    v(&["hexdump", "-C", "-v"], &[HC]),
    v(&["hd"], &[HC]),
    ambiguous(&["hexdump"], &[HexdumpWords]),
    v(&["hexdump", "-v"], &[HexdumpWords, Od]),
    v(&["xxd"], &[Xxd]),
    v(&["xxd", "-u"], &[Xxd]),
    v(&["xxd", "-c", "8"], &[Xxd]),
    v(&["xxd", "-c", "7"], &[Xxd]),
    v(&["xxd", "-c", "32"], &[Xxd]),
    v(&["xxd", "-c", "5", "-g", "3"], &[Xxd]),
    v(&["xxd", "-g", "1"], &[Xxd]),
    v(&["xxd", "-g", "3"], &[Xxd]),
    ambiguous(&["xxd", "-g", "4"], &[Xxd, XxdLittleEndian]),
    ambiguous(&["xxd", "-g", "8"], &[Xxd, XxdLittleEndian]),
    ambiguous(&["xxd", "-g", "0"], &[Xxd, XxdLittleEndian]),
    ambiguous(&["xxd", "-e"], &[XxdLittleEndian, Xxd]),
    ambiguous(&["xxd", "-e", "-g", "2"], &[XxdLittleEndian, Xxd]),
    ambiguous(&["xxd", "-e", "-g", "8"], &[XxdLittleEndian, Xxd]),
    ambiguous(&["xxd", "-e", "-c", "8"], &[XxdLittleEndian, Xxd]),
    ambiguous(&["xxd", "-e", "-c", "7"], &[XxdLittleEndian, Xxd]),
    v(&["xxd", "-b"], &[XxdBits]),
    v(&["xxd", "-b", "-c", "4"], &[XxdBits]),
    v(&["xxd", "-b", "-g", "2"], &[XxdBits]),
    v(&["xxd", "-p"], &[XxdPlain, Hex]),
    v(&["xxd", "-p", "-c", "7"], &[XxdPlain, Hex]),
    v(&["xxd", "-i"], &[XxdInclude]),
    v(&["xxd", "-i", "-c", "5"], &[XxdInclude]),
    Variant {
        argv: &["xxd", "-s", "5"],
        formats: &[Xxd],
        skip: 5,
        may_be_ambiguous: false,
    },
    v(&["xxd", "-a"], &[Xxd]),
    v(&["xxd", "-a", "-c", "8"], &[Xxd]),
    v(&["xxd", "-d"], &[Xxd]),
    v(&["xxd", "-o", "100"], &[Xxd]),
    v(&["od"], &[Od]),
    v(&["od", "-v"], &[Od]),
    v(&["od", "-b"], &[Od]),
    v(&["od", "-c"], &[Od]),
    ambiguous(&["od", "-x"], &[Od, HexdumpWords]),
    v(&["od", "-t", "x1"], &[Od]),
    ambiguous(&["od", "-t", "x2"], &[Od, HexdumpWords]),
    v(&["od", "-t", "x4"], &[Od]),
    v(&["od", "-t", "o1"], &[Od]),
    v(&["od", "-t", "d1"], &[Od]),
    v(&["od", "-t", "d2"], &[Od]),
    v(&["od", "-d"], &[Od]),
    v(&["od", "-A", "x", "-t", "x1z"], &[Od]),
    v(&["od", "-A", "x", "-t", "x1z", "-v"], &[Od]),
    v(&["od", "-A", "d", "-t", "x1"], &[Od]),
    v(&["od", "-A", "o", "-c"], &[Od]),
    v(&["od", "-A", "x", "-x"], &[Od]),
    v(&["od", "-A", "n", "-t", "x1"], &[Od, Hex]),
    v(&["od", "-A", "n", "-t", "x1", "-v"], &[Od, Hex]),
    // Without offsets, a short dump of numbers may also be plain hex.
    ambiguous(&["od", "-A", "n", "-t", "d1", "-v"], &[Od]),
    v(&["od", "-A", "n", "-c", "-v"], &[Od]),
    ambiguous(&["od", "-A", "n", "-t", "o2", "-v"], &[Od]),
    ambiguous(&["od", "-A", "n", "-x", "-v"], &[Od]),
    v(&["od", "-w8", "-t", "x1"], &[Od]),
    v(&["busybox", "hexdump", "-C"], &[HC]),
    ambiguous(&["busybox", "hexdump"], &[HexdumpWords]),
    v(&["busybox", "xxd"], &[Xxd]),
    v(&["busybox", "xxd", "-p"], &[XxdPlain, Hex]),
    v(&["busybox", "od"], &[Od]),
    v(&["busybox", "od", "-b"], &[Od]),
    v(&["busybox", "od", "-c"], &[Od]),
    ambiguous(&["busybox", "od", "-x"], &[Od, HexdumpWords]),
    v(&["busybox", "od", "-t", "x1"], &[Od]),
    v(&["busybox", "od", "-A", "x", "-t", "x1"], &[Od]),
    v(&["hexyl", "--color=never"], &[Hexyl]),
    v(&["hexyl"], &[Hexyl]),
    v(&["hexyl", "--color=never", "--border", "ascii"], &[Hexyl]),
    v(&["hexyl", "--color=never", "--border", "none"], &[Hexyl]),
    v(&["hexyl", "--color=never", "-v"], &[Hexyl]),
];

/// A small deterministic generator (xorshift64*), so that failures can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn bytes(&mut self, len: usize, alphabet: &[u8]) -> Vec<u8> {
        (0..len)
            .map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize])
            .collect()
    }
}

/// Inputs of every length 0..70, in flavours taken in turn: any byte, printable text with
/// spaces, bytes the text column cannot show, runs of repeated lines for `*` and zeros; and
/// every flavour at a few lengths around the line boundaries. (Each dump is one process: the
/// count is kept to what runs in seconds.)
fn inputs() -> Vec<Vec<u8>> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let any: Vec<u8> = (0..=255).collect();
    let text: Vec<u8> = b"abc XYZ 019 .,;|<>*%\"\\".to_vec();
    let dark: Vec<u8> = (0..0x20).chain(0x7F..=0xFF).collect();
    let mut make = |flavour: usize, len: usize| -> Vec<u8> {
        match flavour {
            0 => rng.bytes(len, &any),
            1 => rng.bytes(len, &text),
            2 => rng.bytes(len, &dark),
            3 => {
                let mut repeated = rng.bytes(16, &any).repeat(5);
                repeated.truncate(len);
                repeated
            }
            _ => vec![0; len],
        }
    };
    let mut out: Vec<Vec<u8>> = (0..70).map(|len| make(len % 5, len)).collect();
    for len in [1, 2, 4, 8, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65] {
        for flavour in 0..5 {
            out.push(make(flavour, len));
        }
    }
    out
}

fn on_path(tool: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(tool))
            .find(|p| p.is_file())
    })
}

/// The tools present; a missing one fails under CI and is reported otherwise.
fn available_tools() -> Vec<&'static str> {
    let mut present = Vec::new();
    let mut missing = Vec::new();
    for tool in ["hexdump", "hd", "xxd", "od", "busybox", "hexyl"] {
        if on_path(tool).is_some() {
            present.push(tool);
        } else {
            missing.push(tool);
        }
    }
    if !missing.is_empty() {
        let message = format!(
            "dump tools missing: {} (install them with scripts/install-dump-tools.sh)",
            missing.join(", ")
        );
        if std::env::var_os("CI").is_some() {
            panic!("{message}");
        }
        eprintln!("NOTICE: {message}; their variants are skipped");
    }
    present
}

/// Reads a dump with the format of the variant that made it forced.
fn forced_read(
    text: &str,
    variant: &Variant,
    want: &[u8],
    label: &str,
    failures: &mut Vec<String>,
) {
    let forced = ParseOptions::default().with_format(Some(variant.formats[0]));
    match dump::parse(text, &forced) {
        Ok(p) if p.bytes == want || padded_word(&p, want) => {}
        other => failures.push(format!("{label}: forced read gave {other:?}")),
    }
}

/// `od -A n` with words: the zero padding of a last half word cannot be told from data, and the
/// warning must say so.
fn padded_word(parsed: &dump::Parsed, want: &[u8]) -> bool {
    parsed.bytes.starts_with(want)
        && parsed.bytes.len() < want.len() + 8
        && parsed.bytes[want.len()..].iter().all(|&b| b == 0)
        && parsed
            .warnings
            .iter()
            .any(|w| w.contains("padded with zero bytes"))
}

fn run(argv: &[&str], file: &Path) -> String {
    let output = Command::new(argv[0])
        .args(&argv[1..])
        .arg(file)
        .env("LC_ALL", "C")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {argv:?}: {e}"));
    assert!(output.status.success(), "{argv:?} failed: {output:?}");
    String::from_utf8(output.stdout).expect("dumps are UTF-8")
}

#[test]
fn real_tool_dumps_read_back_to_their_input() {
    let tools = available_tools();
    let dir = std::env::temp_dir().join(format!("charscope-dump-tools-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let inputs = inputs();
    let mut checked = 0;
    let mut ambiguous_seen = 0;
    let mut failures = Vec::new();
    for (n, input) in inputs.iter().enumerate() {
        let file = dir.join(format!("input-{n}.bin"));
        std::fs::write(&file, input).unwrap();
        for variant in VARIANTS.iter().filter(|v| tools.contains(&v.argv[0])) {
            let text = run(variant.argv, &file);
            let want = &input[variant.skip.min(input.len())..];
            let label = format!("{:?} on input {n} ({} bytes)", variant.argv, input.len());
            checked += 1;
            match dump::parse(&text, &ParseOptions::default()) {
                Ok(parsed) if parsed.bytes == want || padded_word(&parsed, want) => {
                    if !want.is_empty() && !variant.formats.contains(&parsed.format) {
                        failures.push(format!("{label}: recognised as {}", parsed.format));
                    }
                }
                // A dump that reads two ways, read the way the tool's defaults write: the
                // warning must say so, and the format that made it must read it right.
                Ok(parsed)
                    if variant.may_be_ambiguous
                        && parsed
                            .warnings
                            .iter()
                            .any(|w| w.contains("could also be read")) =>
                {
                    ambiguous_seen += 1;
                    forced_read(&text, variant, want, &label, &mut failures);
                }
                Ok(parsed) => failures.push(format!(
                    "{label}: wrong bytes {:02x?}, format {}\n{text}",
                    parsed.bytes, parsed.format
                )),
                Err(e) if e.kind == DumpErrorKind::Lossy && variant.argv.contains(&"n") => {}
                Err(e) if e.kind == DumpErrorKind::Ambiguous && variant.may_be_ambiguous => {
                    ambiguous_seen += 1;
                    forced_read(&text, variant, want, &label, &mut failures);
                }
                // Three zero bytes in xxd -p are also what od -A x writes for an empty input.
                Err(e) if e.kind == DumpErrorKind::Ambiguous && text.trim() == "000000" => {}
                Err(e) => failures.push(format!("{label}: {e}\n{text}")),
            }
        }
        if tools.contains(&"hexdump") {
            let real = run(&["hexdump", "-C"], &file);
            if HexdumpCanonical::format(input) != real {
                failures.push(format!(
                    "input {n}: our hexdump -C layout differs:\n{}\nreal:\n{real}",
                    HexdumpCanonical::format(input)
                ));
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!(
        "{checked} real dumps read back; {ambiguous_seen} were ambiguous and read when forced"
    );
    let mut by_variant: std::collections::BTreeMap<String, usize> = Default::default();
    let mut firsts = Vec::new();
    for f in &failures {
        let count = by_variant
            .entry(f.split(" on input").next().unwrap().to_string())
            .or_default();
        if *count == 0 {
            firsts.push(f.clone());
        }
        *count += 1;
    }
    assert!(
        failures.is_empty(),
        "failures by variant: {by_variant:#?}\n\
         {} failures, the first of each variant:\n{}",
        failures.len(),
        firsts.join("\n")
    );
}

/// Whether od -t u1 of `input` also reads as od -b or od -c: every value one digit (od -c's
/// characters 0-9) or three digits among 0-7 (od -b's octal, od -c's octal escapes). Those
/// readings win (od -b and -c are the common ones), so such dumps are not expected back.
fn u1_reads_another_way(input: &[u8]) -> bool {
    input
        .iter()
        .all(|&v| v <= 9 || (v >= 100 && v.to_string().chars().all(|c| c <= '7')))
}

/// `od -t u1` (unsigned decimal bytes) and `od -a` (named characters, 7 bits) made by the real
/// od: each reads back, od -a to the low 7 bits of each byte with a warning that says so.
#[test]
fn od_decimal_and_named_characters_read_back() {
    if !available_tools().contains(&"od") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("charscope-od-more-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for (n, input) in inputs().iter().enumerate() {
        let file = dir.join(format!("input-{n}.bin"));
        std::fs::write(&file, input).unwrap();
        let mut cases: Vec<(&[&str], Vec<u8>)> =
            vec![(&["od", "-a"], input.iter().map(|b| b & 0x7F).collect())];
        if !u1_reads_another_way(input) {
            cases.push((&["od", "-t", "u1"], input.clone()));
            cases.push((&["od", "-A", "d", "-t", "u1"], input.clone()));
        }
        for (argv, want) in cases {
            checked += 1;
            let text = run(argv, &file);
            match dump::parse(&text, &ParseOptions::default()) {
                Ok(p) if p.bytes == want => {
                    // od -a names the bytes 00-20 and 7F; without any, the dump is also od -c
                    // of the same 7-bit bytes and reads as that, with nothing to warn about.
                    let named = want.iter().any(|&b| b <= 0x20 || b == 0x7F);
                    let warned = p.warnings.iter().any(|w| w.contains("low 7 bits"));
                    if warned != (argv[1] == "-a" && named) {
                        failures.push(format!("{argv:?} on input {n}: warnings {:?}", p.warnings));
                    }
                }
                other => failures.push(format!(
                    "{argv:?} on input {n} ({} bytes): {other:?}\n{text}",
                    input.len()
                )),
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!("{checked} od -a and od -t u1 dumps read back");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

/// Pastes of other kinds, made by the real programs: git's quoted path names (octal escapes),
/// Python's `bytearray` repr, and a dump pasted with the prompt line that made it.
#[test]
fn pasted_octal_bytearray_and_prompt_lines() {
    let input = "caf\u{e9} \u{20ac}\n".as_bytes();
    let parse = |text: &str| dump::parse(text, &ParseOptions::default());
    // The octal escapes git writes for a non-ASCII path name (core.quotePath, its default).
    let git = Command::new("git").args(["--version"]).output();
    if git.is_ok_and(|o| o.status.success()) {
        let repo = std::env::temp_dir().join(format!("charscope-git-{}", std::process::id()));
        std::fs::create_dir_all(&repo).unwrap();
        let git = |args: &[&str]| {
            Command::new("git")
                .current_dir(&repo)
                .args(args)
                .output()
                .unwrap()
        };
        git(&["init", "-q"]);
        std::fs::write(repo.join("caf\u{e9}.txt"), b"").unwrap();
        let out = git(&["-c", "core.quotepath=true", "ls-files", "--others"]);
        let listed = String::from_utf8(out.stdout).unwrap();
        std::fs::remove_dir_all(&repo).ok();
        assert_eq!(listed.trim(), "\"caf\\303\\251.txt\"");
        let parsed = parse(listed.trim()).unwrap();
        assert_eq!(parsed.bytes, "caf\u{e9}.txt".as_bytes());
        assert_eq!(parsed.format, DumpFormat::HexEscapes);
    }
    // Bare octal escapes, as printf '%q' and many logs write them.
    assert_eq!(parse("\\303\\251").unwrap().bytes, [0xC3, 0xA9]);
    // Python's repr of a bytearray.
    if let Ok(out) = Command::new("python3")
        .args([
            "-c",
            "import sys; print(repr(bytearray(sys.stdin.buffer.read())))",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input)?;
            child.wait_with_output()
        })
    {
        let repr = String::from_utf8(out.stdout).unwrap();
        assert!(repr.starts_with("bytearray(b'caf\\xc3\\xa9"), "{repr}");
        assert_eq!(parse(&repr).unwrap().bytes, input);
    }
    // A dump pasted with its prompt line: xxd's, hexdump -C's and od's.
    let dir = std::env::temp_dir().join(format!("charscope-prompt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("notes.txt");
    std::fs::write(&file, input).unwrap();
    for tool in available_tools() {
        let argv: &[&str] = match tool {
            "xxd" => &["xxd"],
            "hexdump" => &["hexdump", "-C"],
            "od" => &["od", "-c"],
            _ => continue,
        };
        let pasted = format!("$ {} notes.txt\n{}", argv.join(" "), run(argv, &file));
        let parsed = parse(&pasted).unwrap_or_else(|e| panic!("{argv:?}: {e}\n{pasted}"));
        assert_eq!(parsed.bytes, input, "{argv:?}");
        assert!(
            parsed
                .warnings
                .iter()
                .any(|w| w.contains("line 1 is the command"))
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
