//! How long the server takes to answer a 1 MiB paste: `cargo bench -p charscope-web`.
//!
//! Times whole requests through the router (JSON parsing, reading the input, the report, JSON
//! writing), for text and for a hex dump, and prints the median and the slowest of several runs.
//! The page's budget is 200 ms for the first answer; this prints the numbers rather than
//! asserting them, since timings depend on the machine.

use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::json;
use std::time::{Duration, Instant};
use tower::ServiceExt;

const MIB: usize = 1 << 20;
const RUNS: usize = 7;

/// Mixed text: ASCII, Latin, CJK, emoji and a combining mark, repeated to `size` bytes.
fn mixed_text(size: usize) -> String {
    let line = "Hello, café 日本語 😀 naïve e\u{301} text; ";
    let mut text = String::with_capacity(size + line.len());
    while text.len() + line.len() <= size {
        text.push_str(line);
    }
    while text.len() < size {
        text.push('.');
    }
    text
}

/// `bytes` as `xxd` writes them: offset, eight groups of two bytes, the text column.
fn xxd_dump(bytes: &[u8]) -> String {
    let mut out = String::new();
    for (line, chunk) in bytes.chunks(16).enumerate() {
        out.push_str(&format!("{:08x}: ", line * 16));
        for i in 0..16 {
            match chunk.get(i) {
                Some(b) => out.push_str(&format!("{b:02x}")),
                None => out.push_str("  "),
            }
            if i % 2 == 1 {
                out.push(' ');
            }
        }
        out.push(' ');
        out.extend(chunk.iter().map(|&b| {
            if b.is_ascii_graphic() || b == b' ' {
                char::from(b)
            } else {
                '.'
            }
        }));
        out.push('\n');
    }
    out
}

async fn time(path: &str, body: &str) -> (Duration, Vec<u8>) {
    let request = Request::post(path)
        .header(header::HOST, "127.0.0.1:7878")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let started = Instant::now();
    let response = charscope_web::app()
        .oneshot(request)
        .await
        .expect("a response");
    assert!(response.status().is_success(), "{}", response.status());
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (started.elapsed(), bytes.to_vec())
}

/// Times `RUNS` requests; the answer must say the input was read as `format`.
async fn measure(name: &str, path: &str, body: String, format: &str) {
    let mut times = Vec::new();
    let mut size = 0;
    for _ in 0..RUNS {
        let (elapsed, answer) = time(path, &body).await;
        let head = String::from_utf8_lossy(&answer[..answer.len().min(200)]).into_owned();
        assert!(
            head.contains(&format!("\"input_format\":\"{format}\"")),
            "{name}: {head}"
        );
        times.push(elapsed);
        size = answer.len();
    }
    times.sort();
    println!(
        "{name:<44} median {:>7.1} ms  slowest {:>7.1} ms  response {:.1} MB",
        times[RUNS / 2].as_secs_f64() * 1e3,
        times[RUNS - 1].as_secs_f64() * 1e3,
        size as f64 / 1e6
    );
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let text = mixed_text(MIB);
    let ascii = "The quick brown fox jumps over the lazy dog. ".repeat(MIB / 45);
    let hex = charscope::decode::hex_pairs(&text.as_bytes()[..MIB / 3]);
    let xxd = xxd_dump(&text.as_bytes()[..MIB / 4]);
    println!(
        "{} runs each; the page's budget for the first answer is 200 ms",
        RUNS
    );
    for (name, input, mode, format) in [
        ("inspect, 1 MiB mixed text", &text, "text", "text"),
        (
            "inspect, 1 MiB mixed text, auto mode",
            &text,
            "auto",
            "text",
        ),
        ("inspect, 1 MiB ASCII text", &ascii, "text", "text"),
        (
            "inspect, 1 MiB of plain hex (349 KiB bytes)",
            &hex,
            "auto",
            "hex",
        ),
        ("inspect, 1 MiB of xxd (256 KiB bytes)", &xxd, "auto", "xxd"),
    ] {
        let body = json!({ "input": input, "mode": mode }).to_string();
        measure(name, "/api/inspect", body, format).await;
    }
    let page = json!({ "input": text, "mode": "auto", "encoding": "auto", "limit": 500 });
    measure(
        "inspect, 1 MiB mixed text, as the page asks",
        "/api/inspect",
        page.to_string(),
        "text",
    )
    .await;
    let next = json!({ "input": text, "mode": "text", "start": 2000, "units_only": true });
    measure(
        "inspect, 1 MiB mixed text, second page",
        "/api/inspect",
        next.to_string(),
        "text",
    )
    .await;
    let compare = json!({ "input": text, "mode": "text" });
    measure(
        "compare, 1 MiB mixed text",
        "/api/compare",
        compare.to_string(),
        "text",
    )
    .await;
}
