//! `charscope serve` under a long mixed load from several clients at once: the requests' work
//! runs on as many threads as there are cores, and the memory levels off after warm-up (before,
//! every thread that ever served a request kept a malloc arena grown to its largest request,
//! and a long load crept from 247 to 627 MB without levelling off).
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A line of `/proc/PID/status` as a number (kB for memory).
fn status(pid: u32, key: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap()
}

/// A server, stopped when dropped (a failed test leaves none behind).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `charscope serve --port 0`; returns it with its address.
fn serve() -> (Server, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("charscope"))
        .args(["--json", "serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    (Server(child), v["address"].as_str().unwrap().to_string())
}

/// POSTs `body` to `path`; returns the status line.
fn post(address: &str, path: &str, body: &serde_json::Value) -> String {
    let body = body.to_string();
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response.lines().next().unwrap_or_default().to_string()
}

/// The `k`th request of the mix: every endpoint, inputs of a few bytes to a few hundred KB.
fn request(k: usize) -> (&'static str, serde_json::Value) {
    let words = [
        "caf\u{e9}",
        "\u{c3}\u{a9}t\u{c3}\u{a9}",
        "p\u{430}ypal",
        "\u{65e5}\u{672c}",
        "\u{202e}",
    ];
    let size = [3, 300, 3000, 12_000][k % 4];
    let text: Vec<&str> = (0..size)
        .map(|i| words[(i * 7 + k) % words.len()])
        .collect();
    let text = text.join(" ");
    let paths = [
        "/api/fix",
        "/api/inspect",
        "/api/scan",
        "/api/compare",
        "/api/detect",
        "/api/encode",
    ];
    let path = paths[k % paths.len()];
    let body = match path {
        "/api/encode" => serde_json::json!({"text": text, "encoding": "shift_jis"}),
        _ => serde_json::json!({"input": text}),
    };
    (path, body)
}

/// Sends requests `from..to` from `clients` threads at once; returns the most threads the
/// server had meanwhile.
fn load(pid: u32, address: &str, from: usize, to: usize, clients: usize) -> u64 {
    let next = std::sync::atomic::AtomicUsize::new(from);
    let most = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..clients {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if k >= to {
                        break;
                    }
                    let (path, body) = request(k);
                    let status = post(address, path, &body);
                    assert!(status.contains(" 200 "), "{path}: {status}");
                    most.fetch_max(status_threads(pid), std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    most.into_inner()
}

fn status_threads(pid: u32) -> u64 {
    status(pid, "Threads:")
}

#[test]
fn memory_levels_off_under_a_long_mixed_load() {
    let (server, address) = serve();
    let pid = server.0.id();
    let clients = 8;
    // Warm-up: every kind and size of request, on every thread the server will use.
    const ROUND: usize = 40;
    let mut threads = load(pid, &address, 0, ROUND, clients);
    let warm = status(pid, "VmRSS:");
    let mut rss = Vec::new();
    for round in 1..=3 {
        threads = threads.max(load(
            pid,
            &address,
            ROUND * round,
            ROUND * (round + 1),
            clients,
        ));
        rss.push(status(pid, "VmRSS:"));
    }
    drop(server);
    // The main thread, the runtime's workers and as many for the requests' work as there are
    // cores (two at least); 8 clients at once do not make more.
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get().max(2)) as u64;
    assert!(threads <= 1 + 2 * cores, "{threads} threads");
    // Flat after warm-up: three rounds of as many requests again stay within a quarter of it.
    let most = *rss.iter().max().unwrap();
    assert!(
        most <= warm + warm / 4 + 16 * 1024,
        "warm-up {warm} kB, then {rss:?} kB"
    );
}
