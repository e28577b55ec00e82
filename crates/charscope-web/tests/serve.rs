//! The server on a real socket: odd requests refused, a client that trickles its headers or its
//! body cut off, idle connections closed, and only so many connections at once.

use charscope_web::{Limits, app_within, serve_with};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// Short limits, so that the tests wait a second, not a minute.
const LIMITS: Limits = Limits {
    header_timeout: Duration::from_millis(400),
    idle_timeout: Duration::from_millis(800),
    max_connections: 64,
    body_timeout: Duration::from_millis(400),
};

/// A server on a free port with `limits`; stops when the sender is dropped.
async fn start(limits: Limits) -> (std::net::SocketAddr, oneshot::Sender<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(serve_with(listener, app_within(&limits), limits, async {
        let _ = stopped.await;
    }));
    (address, stop)
}

/// Reads until the server closes the connection (or `within` passes: then `None`).
async fn read_to_close(stream: &mut TcpStream, within: Duration) -> Option<String> {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&all).into_owned()),
            Ok(Ok(n)) => all.extend_from_slice(&buf[..n]),
        }
    }
}

/// Sends `request` and reads the answer's status line and headers.
async fn exchange(stream: &mut TcpStream, request: &str) -> String {
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    while !all.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf))
            .await
            .expect("an answer")
            .unwrap();
        assert!(
            n > 0,
            "closed before answering: {}",
            String::from_utf8_lossy(&all)
        );
        all.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&all).into_owned()
}

#[tokio::test]
async fn two_host_headers_get_400_and_a_foreign_absolute_target_403() {
    let (address, _stop) = start(LIMITS).await;
    let mut s = TcpStream::connect(address).await.unwrap();
    let answer = read_answer(
        &mut s,
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("one Host header"), "{answer}");
    let mut s = TcpStream::connect(address).await.unwrap();
    let answer = read_answer(
        &mut s,
        "GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    assert!(answer.contains("evil.example"), "{answer}");
    // An absolute target that names loopback is served, as is the usual form.
    for target in [
        format!("http://{address}/api/formats"),
        "/api/formats".into(),
    ] {
        let mut s = TcpStream::connect(address).await.unwrap();
        let request =
            format!("GET {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
        let answer = read_answer(&mut s, &request).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{target}: {answer}");
    }
}

/// The whole answer of a request sent with `Connection: close`.
async fn read_answer(stream: &mut TcpStream, request: &str) -> String {
    stream.write_all(request.as_bytes()).await.unwrap();
    read_to_close(stream, Duration::from_secs(5))
        .await
        .expect("closed")
}

#[tokio::test]
async fn a_client_that_trickles_its_headers_is_cut_off() {
    let (address, _stop) = start(LIMITS).await;
    let mut s = TcpStream::connect(address).await.unwrap();
    let started = Instant::now();
    let head = b"GET /api/formats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa";
    let mut cut_off = false;
    for &byte in head {
        if s.write_all(&[byte]).await.is_err() {
            cut_off = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    // Closed by the server after the header timeout (0.4 s), well before the head was sent.
    let closed = cut_off
        || read_to_close(&mut s, Duration::from_secs(3))
            .await
            .is_some();
    assert!(closed, "still open after {:?}", started.elapsed());
    let took = started.elapsed();
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert!(took >= LIMITS.header_timeout, "{took:?}");
}

#[tokio::test]
async fn idle_connections_are_closed_and_busy_ones_are_not() {
    let (address, _stop) = start(LIMITS).await;
    // A connection that never sends a byte.
    let mut silent = TcpStream::connect(address).await.unwrap();
    // A keep-alive connection, idle after its first answer.
    let mut kept = TcpStream::connect(address).await.unwrap();
    let answer = exchange(
        &mut kept,
        "GET /api/formats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let started = Instant::now();
    // A connection that keeps asking, each time before the idle timeout, stays open.
    let mut busy = TcpStream::connect(address).await.unwrap();
    for _ in 0..4 {
        let answer = exchange(
            &mut busy,
            "GET /api/formats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        )
        .await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    for stream in [&mut silent, &mut kept] {
        assert!(
            read_to_close(stream, Duration::from_secs(3))
                .await
                .is_some()
        );
    }
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[tokio::test]
async fn a_body_that_does_not_arrive_gets_408() {
    let (address, _stop) = start(LIMITS).await;
    let mut s = TcpStream::connect(address).await.unwrap();
    let head = "POST /api/inspect HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
                Content-Length: 100\r\n\r\n{\"input\":";
    let answer = exchange(&mut s, head).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}

#[tokio::test]
async fn connections_past_the_cap_wait_for_one_to_close() {
    let limits = Limits {
        max_connections: 2,
        idle_timeout: Duration::from_secs(20),
        ..LIMITS
    };
    let (address, _stop) = start(limits).await;
    let request = "GET /api/formats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    let mut first = TcpStream::connect(address).await.unwrap();
    let mut second = TcpStream::connect(address).await.unwrap();
    exchange(&mut first, request).await;
    exchange(&mut second, request).await;
    // The third connects (the listener's queue takes it) but is not served...
    let mut third = TcpStream::connect(address).await.unwrap();
    third.write_all(request.as_bytes()).await.unwrap();
    let mut buf = [0u8; 64];
    let waited = tokio::time::timeout(Duration::from_millis(500), third.read(&mut buf)).await;
    assert!(waited.is_err(), "served past the cap");
    // ...until one of the two closes.
    drop(first);
    let n = tokio::time::timeout(Duration::from_secs(3), third.read(&mut buf))
        .await
        .expect("served once a connection closed")
        .unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
    drop(second);
}

#[test]
fn the_default_limits_are_those_of_the_docs() {
    let d = Limits::default();
    assert_eq!(
        (d.header_timeout, d.idle_timeout, d.body_timeout),
        (
            Duration::from_secs(10),
            Duration::from_secs(60),
            Duration::from_secs(10)
        )
    );
    assert_eq!(d.max_connections, 64);
}
