//! The server's connections: HTTP/1.1 over TCP, each connection cut off when it trickles its
//! headers or sits idle, and only so many at once.
//!
//! A connection is in one of three phases: idle (no request under way: after it opens, or after
//! its last answer), reading a request's head (from its first byte), or busy (a request is being
//! answered). An idle connection is closed after [`Limits::idle_timeout`], one whose head has
//! not arrived whole after [`Limits::header_timeout`]; a busy one is never cut (the work of each
//! request is bounded, and reading its body has a deadline of its own). hyper's own header
//! timeout is not used: it also counts the idle time between requests, so one deadline would
//! serve both.

use axum::Router;
use axum::body::Body;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use std::future::Future;
use std::io;
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// How long connections may take, and how many there may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// From a request's first byte to the end of its head (a client that trickles its headers
    /// is cut off then).
    pub header_timeout: Duration,
    /// How long a connection may wait for its next request.
    pub idle_timeout: Duration,
    /// How many connections at once; the next waits (in the listener's queue) for one to close.
    pub max_connections: usize,
    /// How long an API request's body may take to arrive once its turn to be worked on has
    /// come (a local client sends 8 MiB in milliseconds); past it the answer is 408. The
    /// router keeps this one ([`crate::app_within`]).
    pub body_timeout: Duration,
}

impl Default for Limits {
    /// 10 s to send a request's head, 60 s idle between requests, 64 connections (a browser
    /// opens up to 6 to one server), 10 s to send a body.
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 64,
            body_timeout: Duration::from_secs(10),
        }
    }
}

/// Where a connection stands.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Waiting for a request, since then.
    Idle(Instant),
    /// Reading a request's head, since its first byte.
    Head(Instant),
    /// Answering this many requests.
    Busy(usize),
}

/// A connection's phase, shared by its reader and its service.
#[derive(Clone)]
struct Clock(Arc<Mutex<Phase>>);

impl Clock {
    fn new() -> Clock {
        Clock(Arc::new(Mutex::new(Phase::Idle(Instant::now()))))
    }

    fn update(&self, change: impl FnOnce(Phase) -> Phase) {
        let mut phase = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *phase = change(*phase);
    }

    /// Bytes arrived: an idle connection starts reading a head.
    fn bytes(&self) {
        self.update(|p| match p {
            Phase::Idle(_) => Phase::Head(Instant::now()),
            other => other,
        });
    }

    /// A request's head was read: the connection is busy.
    fn begin(&self) {
        self.update(|p| match p {
            Phase::Busy(n) => Phase::Busy(n + 1),
            _ => Phase::Busy(1),
        });
    }

    /// A request was answered.
    fn end(&self) {
        self.update(|p| match p {
            Phase::Busy(n) if n > 1 => Phase::Busy(n - 1),
            _ => Phase::Idle(Instant::now()),
        });
    }

    /// Whether the connection has overstayed its phase.
    fn expired(&self, limits: &Limits) -> bool {
        match *self.0.lock().unwrap_or_else(|e| e.into_inner()) {
            Phase::Idle(since) => since.elapsed() > limits.idle_timeout,
            Phase::Head(since) => since.elapsed() > limits.header_timeout,
            Phase::Busy(_) => false,
        }
    }
}

/// A stream that tells its clock when bytes arrive.
struct Watched {
    stream: TcpStream,
    clock: Clock,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.clock.bytes();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, data)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Serves `app` on `listener` within `limits` until `shutdown` resolves.
pub async fn serve_with(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut shutdown = pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => slot.map_err(io::Error::other)?,
            () = &mut shutdown => return Ok(()),
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => return Ok(()),
        };
        match accepted {
            Ok((stream, _)) => {
                tokio::spawn(connection(stream, app.clone(), limits, slot));
            }
            // Out of file descriptors, or a connection reset before it was accepted: wait a
            // little rather than spin, as axum's own loop does.
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

/// One connection, until it closes or overstays (its slot is given back then).
async fn connection(stream: TcpStream, app: Router, limits: Limits, _slot: OwnedSemaphorePermit) {
    let _ = stream.set_nodelay(true);
    let clock = Clock::new();
    let io = TokioIo::new(Watched {
        stream,
        clock: clock.clone(),
    });
    let service = {
        let clock = clock.clone();
        hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let app = app.clone();
            let clock = clock.clone();
            async move {
                clock.begin();
                let answer = app.oneshot(request.map(Body::new)).await;
                clock.end();
                answer
            }
        })
    };
    let mut conn = pin!(hyper::server::conn::http1::Builder::new().serve_connection(io, service));
    let tick = (limits.header_timeout.min(limits.idle_timeout) / 4).max(Duration::from_millis(10));
    loop {
        tokio::select! {
            _ = conn.as_mut() => return,
            () = tokio::time::sleep(tick) => {
                if clock.expired(&limits) {
                    // Dropping the connection closes it.
                    return;
                }
            }
        }
    }
}
