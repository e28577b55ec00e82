//! `charscope serve`: the web page on loopback.

use crate::Outcome;
use crate::args::ServeArgs;
use crate::cmd::Ctx;
use anyhow::{Context, Result};
use std::io::Write;

pub fn run(args: &ServeArgs, ctx: &Ctx) -> Result<Outcome> {
    // The requests' work runs on as many threads as there are cores, no more (tokio's default
    // is 512): each thread that ever ran one kept a malloc arena grown to the largest request
    // it served, and a long mixed load kept reaching new threads, so memory crept up without
    // levelling off. More threads than cores make no request faster.
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(cores)
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let address = std::net::SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| {
                format!("cannot listen on {address} (is another charscope running? try --port 0)")
            })?;
        let bound = listener.local_addr()?;
        let url = format!("http://{bound}/");
        if ctx.json {
            // One line a script can read the address from (with --port 0 too).
            crate::output::print_json(&serde_json::json!({"url": url, "address": bound}))?;
        } else {
            let mut out = crate::output::stdout();
            writeln!(out, "charscope is serving on {url} (Ctrl-C stops it)")?;
            out.flush()?;
        }
        if args.open {
            open_browser(&url);
        }
        charscope_web::serve(listener)
            .await
            .context("the server stopped")
    })?;
    Ok(Outcome::Clean)
}

/// Asks the desktop to open `url`; says so when it cannot.
fn open_browser(url: &str) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(program).arg(url).spawn() {
        eprintln!("charscope: cannot open a browser ({program}: {e}); open {url} yourself");
    }
}
