//! `sudoku serve`: a local web page to step through a puzzle (as Sudoku Explainer's and
//! HoDoKu's windows do) and the JSON API it speaks, built on the libraries' records.
//!
//! The page's files are compiled into the binary ([`page`]); the API ([`api`], [`generate`])
//! answers with the same records the command's JSON lines hold. Every request is limited
//! ([`jobs`]): a body size, a work budget per endpoint, a time limit, a bounded number at once
//! (the rest wait a short while, then get `busy`), and a client that goes away cancels its work
//! through the libraries' [`sudoku_core::Cancel`] hooks. See `docs/serve.md`.

mod api;
mod generate;
mod jobs;
mod limits;
mod page;
mod reply;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use axum::Router;
use axum::routing::{get, post};

use crate::signals::Stop;
use crate::{Status, parse_duration};
pub(crate) use jobs::Jobs;
pub(crate) use limits::Limits;

#[derive(clap::Args, Debug)]
pub(crate) struct ServeArgs {
    /// The address to listen on: loopback unless told otherwise (0.0.0.0 opens the page and
    /// its API to the network).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The port (0: any free port; the address is printed on the first line of stdout).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Requests computed at once (0: twice the cores); the others wait for a turn.
    #[arg(long, default_value_t = 0)]
    jobs: usize,
    /// How long a request may wait for a turn before it is answered `busy` (HTTP 503).
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    queue_wait: Duration,
    /// Requests allowed to wait for a turn at once; more are answered `busy` at once.
    #[arg(long, default_value_t = 256)]
    max_waiting: usize,
    /// Wall-clock limit of one request's work (`budget_exceeded`, HTTP 504, past it).
    #[arg(long, default_value = "20s", value_parser = parse_duration)]
    time_limit: Duration,
    /// Wall-clock limit of one `generate` request (its last line says `budget_exceeded`).
    #[arg(long, default_value = "60s", value_parser = parse_duration)]
    generate_time_limit: Duration,
    /// How long a client may take to send its request body (HTTP 408 past it).
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    body_time_limit: Duration,
}

impl ServeArgs {
    fn limits(&self) -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Limits {
            jobs: if self.jobs == 0 { 2 * cores } else { self.jobs },
            queue_wait: self.queue_wait,
            max_waiting: self.max_waiting,
            time_limit: self.time_limit,
            generate_time_limit: self.generate_time_limit,
            body_time_limit: self.body_time_limit,
            ..Limits::default()
        }
    }
}

/// The page and the API, over the shared job limits.
pub(crate) fn router(jobs: Arc<Jobs>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/favicon.svg", get(page::icon))
        .route("/favicon.ico", get(page::icon))
        .route("/api/hint", post(api::hint))
        .route("/api/explain", post(api::explain))
        .route("/api/rate", post(api::rate))
        .route("/api/check", post(api::check))
        .route("/api/canon", post(api::canon))
        .route("/api/read", post(api::read))
        .route("/api/generate", post(generate::generate))
        .route("/api/status", get(api::status))
        .fallback(reply::not_found)
        .method_not_allowed_fallback(reply::method_not_allowed)
        .with_state(jobs)
}

/// Serves until SIGINT or SIGTERM: prints `sudoku serve: http://ADDRESS/` first.
pub(crate) fn run(args: &ServeArgs, out: &mut dyn std::io::Write) -> anyhow::Result<Status> {
    let limits = args.limits();
    let stop = Stop::install()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(limits.jobs + 2)
        .enable_all()
        .build()
        .context("failed to start the server's runtime")?;
    runtime.block_on(async {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let local = listener.local_addr()?;
        writeln!(out, "sudoku serve: http://{local}/")?;
        out.flush()?;
        if !args.bind.is_loopback() {
            eprintln!("sudoku serve: listening on {local}, reachable from other machines");
        }
        let jobs = Arc::new(Jobs::new(limits));
        let app = router(Arc::clone(&jobs));
        let shutdown = {
            let stop = stop.clone();
            async move {
                while !stop.requested() {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                jobs.cancel_all();
            }
        };
        axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await
            .context("the server stopped")?;
        anyhow::Ok(())
    })?;
    // Requests still running had their work cancelled; do not wait for their threads.
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(stop.signal().map_or(Status::Ok, Status::Interrupted))
}
