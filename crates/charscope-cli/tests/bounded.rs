//! Memory bounded by what an input is, not by what it claims: a dump of three lines that
//! stands for a gibibyte, one line of 16 million hex digits, megabytes of prose given to
//! undump. The peak resident memory of each run is read from /proc (Linux) while it runs.
#![cfg(target_os = "linux")]

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

const MB: u64 = 1 << 20;

/// What a run of charscope gave: its exit code, how many bytes it wrote, the start of its
/// standard error, and its peak resident memory in bytes.
struct Run {
    code: Option<i32>,
    written: u64,
    stderr: String,
    peak: u64,
}

/// Runs `charscope ARGS` with `stdin` on its standard input, counting what it writes and
/// watching its peak resident memory (VmHWM).
fn run(args: &[&str], stdin: Vec<u8>) -> Run {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("charscope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(&stdin);
    });
    let mut output = child.stdout.take().unwrap();
    let counter = std::thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        let mut n = 0u64;
        while let Ok(k) = output.read(&mut buf) {
            if k == 0 {
                break;
            }
            n += k as u64;
        }
        n
    });
    let mut errors = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = errors.read_to_string(&mut text);
        text
    });
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(status) = std::fs::read_to_string(&status_path)
            && let Some(kb) = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(kb * 1024);
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let status = child.wait().unwrap();
    feeder.join().unwrap();
    Run {
        code: status.code(),
        written: counter.join().unwrap(),
        stderr: reader.join().unwrap().chars().take(600).collect(),
        peak,
    }
}

/// `hexdump -C` of `len` zero bytes: three lines.
fn zeros(len: u64) -> String {
    format!(
        "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n{len:08x}\n"
    )
}

#[test]
fn a_squeezed_dump_is_expanded_as_it_is_written() {
    // Before: undump held the gibibyte, and validate --dump the same.
    let r = run(&["undump"], zeros(256 * MB).into_bytes());
    assert_eq!((r.code, r.written), (Some(0), 256 * MB), "{}", r.stderr);
    assert!(r.peak < 100 * MB, "undump: {} MB", r.peak / MB);
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("zeros.txt");
    std::fs::write(&dump, zeros(256 * MB)).unwrap();
    let r = run(&["validate", "--dump", dump.to_str().unwrap()], Vec::new());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.peak < 100 * MB, "validate --dump: {} MB", r.peak / MB);
}

#[test]
fn inspect_and_url_refuse_a_dump_that_stands_for_more_than_they_read() {
    // Before: inspect --hex of this took 3.4 GB.
    let hex = zeros(256 * MB);
    for args in [&["inspect", "--hex", &hex][..], &["url", "--hex", &hex]] {
        let r = run(args, Vec::new());
        assert_eq!(r.code, Some(2), "{}", args[0]);
        assert!(
            r.stderr
                .contains("--hex:3:1: the dump stands for 268435456 bytes"),
            "{}: {}",
            args[0],
            r.stderr
        );
        assert!(r.peak < 100 * MB, "{}: {} MB", args[0], r.peak / MB);
    }
}

#[test]
fn one_line_of_16_million_hex_digits_streams() {
    // Before: read whole, some 30 bytes of memory a digit.
    let bytes: Vec<u8> = (0..8 * MB).map(|i| (i * 7 % 251) as u8).collect();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let r = run(&["undump"], hex.into_bytes());
    assert_eq!((r.code, r.written), (Some(0), 8 * MB), "{}", r.stderr);
    assert!(r.peak < 100 * MB, "{} MB", r.peak / MB);
}

#[test]
fn undump_of_what_is_no_dump_stops_at_its_first_line() {
    // Before: the whole input was read (50 MB took 1.58 GB) before the error at 1:1.
    let prose = "The quick brown fox jumps over the lazy dog.\n".repeat(200_000);
    let r = run(&["undump"], prose.into_bytes());
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("<stdin>:1:1: "), "{}", r.stderr);
    assert!(r.peak < 100 * MB, "{} MB", r.peak / MB);
    // A format read whole is read up to a limit.
    let array = format!("{{{}}}", "0x41, ".repeat(1_000_000));
    let r = run(&["undump", "--format", "c-array"], array.into_bytes());
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("is read whole"), "{}", r.stderr);
    assert!(r.peak < 100 * MB, "{} MB", r.peak / MB);
}

#[test]
fn an_error_in_a_line_read_in_blocks_names_its_line_and_column() {
    let mut hex = "c3a9".repeat(750_000);
    hex.push_str("zz\n41\n");
    let r = run(&["undump"], format!("41 42\n{hex}").into_bytes());
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("<stdin>:2:3000001: "), "{}", r.stderr);
    let r = run(
        &["undump"],
        format!("41 42\n{}\n4z\n", "c3a9".repeat(750_000)).into_bytes(),
    );
    assert!(r.stderr.contains("<stdin>:3:2: "), "{}", r.stderr);
}

#[test]
fn scan_counts_past_the_first_findings_of_each_code() {
    // Before: about 350 bytes a finding, every one kept (10 MB of NUL bytes took 3.5 GB).
    let dir = tempfile::tempdir().unwrap();
    let nuls = dir.path().join("nuls");
    std::fs::write(&nuls, vec![0u8; 10_000_000]).unwrap();
    let r = run(&["scan", nuls.to_str().unwrap()], Vec::new());
    assert_eq!(
        (r.code, r.stderr.trim()),
        (Some(1), "charscope: 101 findings in 1 file")
    );
    assert!(r.peak < 200 * MB, "{} MB", r.peak / MB);
    let out = Command::new(assert_cmd::cargo::cargo_bin("charscope"))
        .args(["--json", "scan", nuls.to_str().unwrap()])
        .output()
        .unwrap();
    let last: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(last["offset"], 100);
    assert!(
        last["message"]
            .as_str()
            .unwrap()
            .starts_with("9,999,900 more control finding(s) in this input"),
        "{last}"
    );
}

#[test]
fn scan_of_a_pipe_or_a_fifo_is_read_in_bounded_memory() {
    // Before: standard input and FIFOs were read whole (50 MB of NUL bytes from a pipe took
    // over 5 GB).
    let r = run(&["scan", "-"], vec![0u8; 12_000_000]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.peak < 200 * MB, "{} MB", r.peak / MB);
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let writer = std::thread::spawn({
            let fifo = fifo.clone();
            move || std::fs::write(fifo, "x\u{202E}\n".repeat(1_000_000)).unwrap()
        });
        let r = run(&["scan", fifo.to_str().unwrap()], Vec::new());
        writer.join().unwrap();
        assert_eq!(r.code, Some(1), "{}", r.stderr);
        assert!(r.stderr.contains("101 findings in 1 file"), "{}", r.stderr);
        assert!(r.peak < 200 * MB, "{} MB", r.peak / MB);
    }
}

#[test]
fn scan_lists_every_finding_when_asked_and_counts_the_same_for_bidi_alone() {
    let text = "x\u{202E}\u{1}\n".repeat(150);
    let count = |args: &[&str]| {
        let out = Command::new(assert_cmd::cargo::cargo_bin("charscope"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(text.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        count(&["scan", "--max-findings", "all"]).lines().count(),
        300
    );
    let some = count(&["scan", "--max-findings", "10"]);
    assert_eq!(some.lines().count(), 22, "{some}");
    assert!(some.contains("140 more bidi-control finding(s)"), "{some}");
    assert!(some.contains("140 more control finding(s)"), "{some}");
    let bidi = count(&["scan", "--only", "bidi-control", "--max-findings", "10"]);
    let from_all: Vec<&str> = some
        .lines()
        .filter(|l| l.contains("bidi-control"))
        .collect();
    assert_eq!(bidi.lines().collect::<Vec<_>>(), from_all);
}
