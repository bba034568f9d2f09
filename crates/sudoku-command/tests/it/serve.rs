//! `sudoku serve` through HTTP on 127.0.0.1: every endpoint's records, and hostile input
//! (garbage, 10 MB bodies, wrong content types, bad grids, no or many solutions, contradictory
//! marks, bodies that never end, clients that leave) answered with typed errors, no panic, no
//! hang; the limits (time, turns, cancellation) seen through `GET /api/status`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const XY_WING: &str =
    "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2";
const SOLUTION: &str =
    "827614935169253784354789216912465378638927541475138629791542863243896157586371492";
/// No two givens clash, but row 1 needs a 9 that column I already holds.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
const ELEVEN: &str =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

/// A server on a free port of 127.0.0.1, stopped (its own process, by its handle) when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn sudoku serve");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("the address line");
        let url = first.trim().strip_prefix("sudoku serve: http://").expect("an address");
        let addr = url.trim_end_matches('/').parse().expect("a socket address");
        Server { child, addr }
    }

    /// Sends raw bytes, reads the whole answer (the request says `Connection: close`).
    fn raw(&self, request: &[u8]) -> Answer {
        let mut s = TcpStream::connect(self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
        // The server may answer (413) and close before the whole body is written.
        let _ = s.write_all(request);
        let mut bytes = Vec::new();
        let _ = s.read_to_end(&mut bytes);
        Answer::parse(&bytes)
    }

    fn post_with(&self, path: &str, content_type: &str, body: &[u8]) -> Answer {
        let mut req = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: {content_type}\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            self.addr,
            body.len()
        )
        .into_bytes();
        req.extend_from_slice(body);
        self.raw(&req)
    }

    fn post(&self, path: &str, body: &Value) -> Answer {
        self.post_with(path, "application/json", body.to_string().as_bytes())
    }

    fn get(&self, path: &str) -> Answer {
        let req =
            format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", self.addr);
        self.raw(req.as_bytes())
    }

    fn counts(&self) -> Value {
        self.get("/api/status").json()["counts"].clone()
    }

    /// Waits until `pred` holds for the counts (at most 10 s).
    fn wait_counts(&self, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let c = self.counts();
            if pred(&c) || Instant::now() > deadline {
                return c;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer: status, headers (lowercase names), body (chunks joined).
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn parse(bytes: &[u8]) -> Answer {
        let text = String::from_utf8_lossy(bytes);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let chunked = headers.iter().any(|(k, v)| k == "transfer-encoding" && v == "chunked");
        let body = if chunked { dechunk(body) } else { body.to_string() };
        Answer { status, headers, body }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    /// The schema's error object of a refusal, or of a record's `error`.
    fn problem(&self) -> (String, String) {
        let v = self.json();
        let e = if v.get("error").is_some() { &v["error"] } else { &v };
        (e["code"].as_str().unwrap_or("").into(), e["message"].as_str().unwrap_or("").into())
    }
}

/// The 729-character pencil marks of a puzzle.
fn pencil_marks(puzzle: &str) -> String {
    let grid: sudoku_core::Grid = puzzle.parse().expect("puzzle");
    sudoku_core::CandidateGrid::new(&grid).expect("no clash").pencil_marks()
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else { break };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

#[test]
fn every_endpoint_answers_with_the_libraries_records() {
    let s = Server::start(&[]);
    let hint = s.post("/api/hint", &json!({"grid": XY_WING}));
    assert_eq!(hint.status, 200, "{}", hint.body);
    assert_eq!(hint.header("content-type"), Some("application/json"));
    let h = hint.json();
    assert_eq!((h["status"].as_str(), h["grid"].as_str()), (Some("ok"), Some(XY_WING)));
    assert_eq!(h["step"]["text"], "Hidden Single: 8 in box 2 => E3=8");
    assert!(h.get("svg").is_none());
    // The same record as `sudoku hint --json` writes.
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["hint", "--json", XY_WING])
        .output()
        .expect("sudoku hint");
    let mut line: Value = serde_json::from_slice(&cli.stdout).expect("a JSON line");
    // The command's record also says where the grid came from; the server's has no place.
    let place = line.as_object_mut().map(|o| (o.remove("source"), o.remove("line")));
    assert_eq!(place, Some((Some(json!("arg1")), Some(json!(1)))));
    assert_eq!(h, line);

    let ho = s.post("/api/hint", &json!({"grid": XY_WING, "style": "hodoku", "svg": true})).json();
    assert_eq!(ho["step"]["text"], "Naked Single: r5c9=1");
    assert_eq!(ho["step"]["score"], 4);
    assert!(ho["svg"].as_str().is_some_and(|svg| svg.starts_with("<svg")));
    // A graded hint: the technique and where, as `sudoku hint --detail cells` shows it.
    let vague = s.post("/api/hint", &json!({"grid": XY_WING, "detail": "cells"})).json();
    assert_eq!(
        (vague["detail"].as_str(), vague["step"]["text"].as_str()),
        (Some("cells"), Some("Hidden Single in box 2"))
    );
    let bad = s.post("/api/hint", &json!({"grid": XY_WING, "detail": "all"}));
    assert_eq!(bad.status, 400, "{}", bad.body);
    // Crossed-out marks count: without 8 in E3, the box-2 single is gone.
    let crossed = s.post("/api/hint", &json!({"grid": XY_WING, "eliminations": ["E3<>8"]}));
    assert_eq!(crossed.status, 422, "{}", crossed.body);
    assert!(crossed.problem().1.contains("digit 8 has no place left in row 3"), "{}", crossed.body);

    let path = s.post("/api/explain", &json!({"puzzle": XY_WING})).json();
    assert_eq!(
        (path["status"].as_str(), path["solution"].as_str()),
        (Some("solved"), Some(SOLUTION))
    );
    assert_eq!(path["se_rating"], json!({"er": 4.2, "ep": 1.2, "ed": 1.2}));
    let ho = s.post("/api/explain", &json!({"puzzle": XY_WING, "style": "hodoku"})).json();
    assert!(ho["hodoku"]["score"].as_u64().is_some_and(|x| x > 0), "{ho}");
    // `ruleset` is the field's name, `style` another.
    let named = s.post("/api/explain", &json!({"puzzle": XY_WING, "ruleset": "hodoku"})).json();
    assert_eq!(named, ho);

    let rated = s.post("/api/rate", &json!({"puzzle": XY_WING, "metrics": "se-rating,depth"}));
    let r = rated.json();
    assert_eq!((r["status"].as_str(), r["depth"].as_u64()), (Some("ok"), Some(2)));
    assert_eq!(r["se_rating"]["er"], 4.2);
    let r = s.post("/api/rate", &json!({"puzzle": XY_WING})).json();
    assert!(r["hodoku"]["level"].is_string() && r["se_rating"].is_object(), "{r}");
    // Pencil marks, as the command reads them: the path and the ratings from the marks.
    let marks = pencil_marks(XY_WING);
    let path = s.post("/api/explain", &json!({"puzzle": marks})).json();
    assert_eq!(path["solution"].as_str(), Some(SOLUTION));
    assert_eq!(path["puzzle"].as_str().map(str::len), Some(729));
    let r = s.post("/api/rate", &json!({"puzzle": marks, "metrics": "se-rating,depth"})).json();
    assert_eq!(r["se_rating"]["er"], 4.2);
    assert_eq!(r["depth"]["error"]["message"], "depth needs givens, not pencil marks");
    let c = s.post("/api/canon", &json!({"puzzle": marks}));
    assert_eq!(c.problem().1, "canon needs givens, not pencil marks", "{}", c.body);

    let c = s.post("/api/canon", &json!({"puzzle": XY_WING})).json();
    assert_eq!(
        c["canonical"],
        ".......12.....34.5..4...67...7.1.5...1.7..2.45..3.4.6..5.8..74..71.3...66....58.."
    );

    let mut progress: Vec<char> = XY_WING.chars().collect();
    progress[1] = '9'; // B1: the solution has 2
    progress[2] = '1'; // C1: the solution has 7
    let progress: String = progress.into_iter().collect();
    let k = s
        .post(
            "/api/check",
            &json!({"puzzle": XY_WING, "progress": progress, "eliminations": ["D1<>6"]}),
        )
        .json();
    assert_eq!(k["solvable"], false, "{k}");
    assert_eq!(k["wrong"], json!(["B1=9", "C1=1"]));
    assert_eq!(k["clashes"], json!(["B1=9", "G1=9"]));
    assert_eq!(k["excluded"], json!(["D1<>6"]));
    let ok = s.post("/api/check", &json!({"puzzle": XY_WING, "progress": SOLUTION})).json();
    assert_eq!(
        (ok["solvable"].as_bool(), ok["message"].as_str()),
        (Some(true), Some("no mistake so far: 81 of 81 cells filled"))
    );

    let block = "8 . . | . . . | 9 . .\n. 6 . | . . . | . 8 4\n. . 4 | 7 . . | . . 6\n------+-------+------\n9 . . | 4 6 . | . 7 .\n. 3 8 | 9 . 7 | 5 4 .\n. 7 . | . 3 8 | . . 9\n------+-------+------\n7 . . | . . 2 | 8 . .\n2 4 . | . . . | . 5 .\n. . 6 | . . . | . . 2\n";
    let read = s.post("/api/read", &json!({"text": format!("# a comment\n{block}")})).json();
    assert_eq!((read["puzzle"].as_str(), read["line"].as_u64()), (Some(XY_WING), Some(2)));

    let generated = s.post("/api/generate", &json!({"band": "se-rating=1.0..2.0", "seed": 5}));
    assert_eq!(generated.header("content-type"), Some("application/x-ndjson"));
    let last: Value = generated
        .body
        .lines()
        .last()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .expect("a line");
    assert_eq!(last["status"], "ok", "{}", generated.body);
    assert!(last["se_rating"]["er"].as_f64().is_some_and(|er| (1.0..=2.0).contains(&er)));
    // The band with the rating the server ran: its chain budget filled in.
    assert_eq!(last["target"], "se-rating:budget=1000000000=1..2");
    let level =
        s.post("/api/generate", &json!({"band": "hodoku=easy..medium", "symmetry": "mirror"}));
    let last: Value =
        serde_json::from_str(level.body.lines().last().expect("a line")).expect("JSON");
    assert!(["Easy", "Medium"].contains(&last["hodoku"]["level"].as_str().unwrap_or("")), "{last}");
    assert_eq!(last["symmetry"], "mirror");

    let page = s.get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<svg id=\"board\""));
    assert!(
        page.header("content-security-policy").is_some_and(|p| p.contains("default-src 'self'"))
    );
    assert!(s.get("/app.js").body.contains("api('/api/hint'"));
    // The icon the page links, and the same at the address browsers try by themselves.
    assert!(page.body.contains(r#"<link rel="icon" href="/favicon.svg""#));
    for path in ["/favicon.svg", "/favicon.ico"] {
        let icon = s.get(path);
        assert_eq!(icon.status, 200, "{path}");
        assert_eq!(icon.header("content-type"), Some("image/svg+xml"), "{path}");
        assert!(icon.body.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{path}");
        assert_eq!(icon.header("content-security-policy"), page.header("content-security-policy"));
    }
    let counts = s.counts();
    assert_eq!((counts["running"].as_u64(), counts["busy"].as_u64()), (Some(0), Some(0)));
}

#[test]
fn hostile_requests_get_typed_errors() {
    let s = Server::start(&["--body-time-limit", "1s"]);
    let refused = |a: &Answer, status: u16, needle: &str| {
        assert_eq!(a.status, status, "{}", a.body);
        let (code, message) = a.problem();
        assert_eq!(code, "invalid", "{}", a.body);
        assert!(message.contains(needle), "{message:?} lacks {needle:?}");
    };
    let hint = |body: &[u8]| s.post_with("/api/hint", "application/json", body);
    refused(&hint(b"{{{{"), 400, "key must be a string at line 1 column 2");
    refused(&hint(b""), 400, "EOF while parsing");
    refused(&hint(br#"{"grid": 5}"#), 400, "invalid type: integer `5`, expected a string");
    refused(&hint(br#"{"grid": "x", "bogus": 1}"#), 400, "unknown field `bogus`");
    refused(&hint(b"{}"), 400, "missing field `grid`");
    refused(&hint(br#"{"grid": ".", "style": "sudoku"}"#), 400, "unknown variant `sudoku`");
    refused(&hint(b"{\"grid\": \"\xff\xfe\"}"), 400, "invalid unicode");
    let deep =
        format!(r#"{{"puzzle": ".", "metrics": {}1{}}}"#, "[".repeat(5000), "]".repeat(5000));
    refused(&s.post_with("/api/rate", "application/json", deep.as_bytes()), 400, "recursion limit");
    refused(&hint(br#"{"grid": ".", "eliminations": ["Z9<>1"]}"#), 400, "\"Z9<>1\"");
    refused(&s.post_with("/api/hint", "text/plain", br#"{"grid": "."}"#), 415, "Content-Type");
    let no_type =
        "POST /api/hint HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
            .to_string();
    refused(&s.raw(no_type.as_bytes()), 415, "must be JSON");
    refused(&s.get("/api/hint"), 405, "/api/hint does not take GET");
    refused(&s.get("/etc/passwd"), 404, "/etc/passwd");
    refused(&s.post("/api/nothing", &json!({})), 404, "/api/nothing");
    refused(
        &s.post("/api/rate", &json!({"puzzle": XY_WING, "metrics": ["wisdom"]})),
        400,
        "unknown rating",
    );
    refused(
        &s.post(
            "/api/rate",
            &json!({"puzzle": XY_WING, "metrics": "average-width:samples=100000"}),
        ),
        400,
        "too much work for one request: at most 100000000 search nodes",
    );
    let huge = format!(r#"{{"puzzle": "{XY_WING}", "seed": 1e400}}"#);
    refused(&s.post_with("/api/rate", "application/json", huge.as_bytes()), 400, "out of range");
    let negative = format!(r#"{{"puzzle": "{XY_WING}", "seed": -1}}"#);
    refused(&s.post_with("/api/rate", "application/json", negative.as_bytes()), 400, "`-1`");
    refused(
        &s.post("/api/generate", &json!({"band": "se-rating=9..1"})),
        400,
        "a band is rating=lo..hi",
    );
    refused(
        &s.post("/api/generate", &json!({"band": "hodoku=hard", "symmetry": "spiral"})),
        400,
        "spiral",
    );
    refused(
        &s.post("/api/generate", &json!({"band": "hodoku=hard", "needs": ["hodoku:Sky Scraper"]})),
        400,
        "unknown technique \"Sky Scraper\" for hodoku",
    );
    let five = json!({"band": "hodoku=hard", "needs": ["sk", "sk", "sk", "sk", "sk"]});
    refused(&s.post("/api/generate", &five), 400, "at most 4 techniques");

    // 10 MB, declared: refused at once; sent without a length (chunked): refused at 64 KiB.
    let big = vec![b'.'; 10 << 20];
    let started = Instant::now();
    refused(&hint(&big), 413, "larger than 65536 bytes");
    let mut chunked = format!(
        "POST /api/hint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n",
        big.len()
    )
    .into_bytes();
    chunked.extend_from_slice(&big);
    chunked.extend_from_slice(b"\r\n0\r\n\r\n");
    refused(&s.raw(&chunked), 413, "larger than 65536 bytes");
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());

    // A body that never comes: 408 after the body time limit, not a hang.
    let mut slow = TcpStream::connect(s.addr).expect("connect");
    slow.write_all(b"POST /api/hint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"gr")
        .expect("write");
    slow.set_read_timeout(Some(Duration::from_secs(30))).expect("timeout");
    let mut bytes = Vec::new();
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    while let Ok(n) = slow.read(&mut buf) {
        if n == 0 || bytes.windows(4).any(|w| w == b"\r\n\r\n") && bytes.ends_with(b"}") {
            break;
        }
        bytes.extend_from_slice(&buf[..n]);
    }
    refused(&Answer::parse(&bytes), 408, "did not arrive within 1 s");
    assert!(started.elapsed() < Duration::from_secs(5));

    // Not HTTP at all, and a header too large: hyper's own answers; the server goes on.
    let garbage = s.raw(b"\x00\x01\x02 hello\r\n\r\n");
    assert!(garbage.status == 400 || garbage.status == 0, "{garbage:?}");
    let huge_header = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(1 << 20)
    );
    assert!(s.raw(huge_header.as_bytes()).status >= 400);
    assert_eq!(s.get("/api/status").status, 200, "still serving");
}

#[test]
fn grids_without_one_solution_are_named() {
    let s = Server::start(&[]);
    let hint = |grid: &str| s.post("/api/hint", &json!({"grid": grid}));
    let cases = [
        ("12x", 400, "invalid", "expected 81 cells or 729 pencil marks, found 3"),
        (
            &format!("{}x{}", &XY_WING[..4], &XY_WING[5..]),
            400,
            "invalid",
            "invalid character 'x' at line 1, column 5",
        ),
        (&format!("88{}", &XY_WING[2..]), 400, "invalid", "digit 8"),
        (UNSOLVABLE, 422, "none", "no solution"),
        (&".".repeat(81), 422, "multiple", "more than one solution"),
    ];
    for (grid, status, code, needle) in cases {
        let a = hint(grid);
        assert_eq!(a.status, status, "{grid}: {}", a.body);
        let (c, m) = a.problem();
        assert_eq!(c, code, "{grid}");
        assert!(m.contains(needle), "{grid}: {m:?} lacks {needle:?}");
        assert_eq!(a.json()["status"], code);
    }
    // Pencil marks that contradict themselves: a cell left without a candidate is named.
    let mut marks: String = XY_WING
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => (1..=9)
                .map(|k| if k == d { char::from(b'0' + k as u8) } else { '.' })
                .collect::<String>(),
            None => "123456789".to_string(),
        })
        .collect();
    marks.replace_range(9..18, ".........");
    let a = hint(&marks);
    assert_eq!(a.status, 422, "{}", a.body);
    assert!(a.problem().1.contains("cell B1 has no candidate left"), "{}", a.body);
    let a =
        s.post("/api/hint", &json!({"grid": XY_WING, "eliminations": ["B1<>1", "B1<>2", "B1<>5"]}));
    assert!(a.problem().1.contains("B1 has no candidate left"), "{}", a.body);
    // explain, rate, check and canon name the same problems.
    let e = s.post("/api/explain", &json!({"puzzle": UNSOLVABLE}));
    assert_eq!((e.status, e.problem().0.as_str()), (422, "none"));
    let e = s.post("/api/explain", &json!({"puzzle": "1"}));
    assert_eq!((e.status, e.json()["puzzle"].clone()), (400, Value::Null));
    let r = s
        .post("/api/rate", &json!({"puzzle": ".".repeat(81), "metrics": "se-rating,normal-width"}));
    let r = r.json();
    assert_eq!(r["se_rating"]["error"]["code"], "multiple", "{r}");
    // Defined for any grid, but the empty one needs more than a request's million nodes.
    assert_eq!(r["normal_width"]["error"]["code"], "budget_exceeded", "{r}");
    let k = s.post("/api/check", &json!({"puzzle": ".".repeat(81), "progress": ".".repeat(81)}));
    assert_eq!((k.status, k.problem().0.as_str()), (422, "multiple"));
    let k = s.post("/api/check", &json!({"puzzle": XY_WING, "progress": "1"}));
    assert_eq!((k.status, k.problem().0.as_str()), (400, "invalid"));
    let c = s.post("/api/canon", &json!({"puzzle": format!("{}\u{1F600}", &XY_WING[..80])}));
    assert!(c.problem().1.contains("invalid character '\u{1F600}'"), "{}", c.body);
}

#[test]
fn time_limits_turns_and_clients_that_leave() {
    // One turn at a time, a short wait for it, and a short time limit.
    let s = Server::start(&["--jobs", "1", "--queue-wait", "0.3s", "--time-limit", "0.05s"]);
    // A whole path of an 11-rated puzzle takes longer than 50 ms: budget_exceeded, cancelled.
    let e = s.post("/api/explain", &json!({"puzzle": ELEVEN}));
    assert_eq!(e.status, 504, "{}", e.body);
    assert_eq!(
        e.problem(),
        ("budget_exceeded".into(), "budget exceeded: more than 1 seconds needed".into())
    );
    let c = s.wait_counts(|c| c["running"] == 0);
    assert_eq!((c["running"].as_u64(), c["timed_out"].as_u64()), (Some(0), Some(1)), "{c}");

    // A search that cannot succeed holds the only turn ...
    let mut stream = TcpStream::connect(s.addr).expect("connect");
    let body = json!({"band": "se-rating=11.9..12", "max_tries": 100000}).to_string();
    write!(
        stream,
        "POST /api/generate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut line = String::new();
    while !line.contains("\"tries\"") {
        line.clear();
        reader.read_line(&mut line).expect("a progress line");
    }
    // ... so another request waits 0.3 s and is told the server is busy.
    let busy = s.post("/api/hint", &json!({"grid": XY_WING}));
    assert_eq!(busy.status, 503, "{}", busy.body);
    assert_eq!(busy.problem().0, "busy");
    assert_eq!(busy.header("retry-after"), Some("1"));
    // The client leaves: its search is cancelled and the turn comes back at once.
    drop(reader);
    drop(stream);
    let c = s.wait_counts(|c| c["running"] == 0);
    assert_eq!((c["running"].as_u64(), c["cancelled"].as_u64()), (Some(0), Some(1)), "{c}");
    assert_eq!(s.post("/api/hint", &json!({"grid": XY_WING})).status, 200);
}

#[test]
fn a_generate_request_ends_at_its_time_limit() {
    let s = Server::start(&["--generate-time-limit", "0.5s"]);
    let started = Instant::now();
    let a = s.post("/api/generate", &json!({"band": "se-rating=11.9..12"}));
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    let lines: Vec<Value> =
        a.body.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert!(lines.len() >= 2, "progress, then the last line: {}", a.body);
    assert!(lines[0]["tries"].is_u64());
    let last = lines.last().expect("a last line");
    assert_eq!(
        (last["status"].as_str(), last["puzzle"].clone()),
        (Some("budget_exceeded"), Value::Null)
    );
    assert_eq!(last["error"]["message"], "budget exceeded: more than 1 seconds needed");
    let c = s.wait_counts(|c| c["running"] == 0);
    assert_eq!((c["running"].as_u64(), c["timed_out"].as_u64()), (Some(0), Some(1)), "{c}");
}

#[test]
fn a_client_that_leaves_cancels_its_computation() {
    let s = Server::start(&[]);
    // A whole path of an 11-rated puzzle takes a good part of a second; the client sends the
    // request and leaves at once.
    let mut stream = TcpStream::connect(s.addr).expect("connect");
    let body = json!({"puzzle": ELEVEN}).to_string();
    write!(
        stream,
        "POST /api/explain HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let c = s.wait_counts(|c| c["started"] == 1);
    assert_eq!(c["started"], 1, "{c}");
    stream.shutdown(std::net::Shutdown::Both).expect("shutdown");
    drop(stream);
    let c = s.wait_counts(|c| c["running"] == 0);
    assert_eq!((c["running"].as_u64(), c["cancelled"].as_u64()), (Some(0), Some(1)), "{c}");
}
