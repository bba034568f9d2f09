//! Running the `sudoku` binary in tests.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Starts `sudoku ARGS` with `stdin` as standard input and both outputs piped.
fn spawn(args: &[&str], stdin: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sudoku")
}

/// Runs `sudoku ARGS` with `stdin` as standard input.
pub(crate) fn sudoku(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args, Stdio::piped());
    // A command that refuses its arguments exits before reading: a closed pipe is no error.
    if let Err(e) = child.stdin.take().expect("stdin").write_all(stdin) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    child.wait_with_output().expect("wait")
}

/// Runs `sudoku ARGS` with `stdin` as standard input, failing the test if it takes longer
/// than `limit` (the child is killed: a hang fails instead of stalling the test run).
pub(crate) fn sudoku_within(args: &[&str], stdin: Vec<u8>, limit: std::time::Duration) -> Output {
    use std::io::Read;
    let mut child = spawn(args, Stdio::piped());
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin); // the child may stop reading early
    });
    // Drain both pipes while waiting, so a chatty child never blocks on a full pipe.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = pipe.read_to_end(&mut buf);
            buf
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > limit {
            child.kill().expect("kill");
            panic!("sudoku {args:?} hung (over {limit:?})");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    writer.join().expect("stdin writer");
    Output {
        status,
        stdout: stdout.join().expect("stdout"),
        stderr: stderr.join().expect("stderr"),
    }
}

/// Output bytes as text.
pub(crate) fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `sudoku ARGS`, waits until a line of its standard error contains `phase` (the run has
/// reached what the test interrupts: no fixed sleep, so a loaded machine cannot make the test
/// fail), sends it `signal` (`INT`, `TERM`), and waits for it to exit. Panics if the phase
/// is not reached within five minutes.
pub(crate) fn interrupted_at(args: &[&str], phase: &str, signal: &str) -> Output {
    use std::io::{BufRead, BufReader, Read};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = spawn(args, Stdio::null());
    let mut stdout = child.stdout.take().expect("stdout");
    let out = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let (lines, seen) = mpsc::channel();
    let stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let err = std::thread::spawn(move || {
        let mut all = Vec::new();
        for line in stderr.split(b'\n').map_while(Result::ok) {
            let _ = lines.send(String::from_utf8_lossy(&line).into_owned());
            all.extend_from_slice(&line);
            all.push(b'\n');
        }
        all
    });
    let deadline = std::time::Instant::now() + Duration::from_secs(300);
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match seen.recv_timeout(left) {
            Ok(line) if line.contains(phase) => break,
            Ok(_) => {}
            Err(_) => {
                let _ = child.kill();
                panic!("sudoku {args:?} never printed {phase:?}");
            }
        }
    }
    let sent = Command::new("kill").args([&format!("-{signal}"), &child.id().to_string()]).status();
    assert!(sent.is_ok_and(|s| s.success()), "kill -{signal} failed");
    let status = child.wait().expect("wait");
    Output { status, stdout: out.join().expect("stdout"), stderr: err.join().expect("stderr") }
}

/// The JSON lines of a run's standard output, one value per line (a line that is not JSON
/// fails the test, naming it).
pub(crate) fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// A fresh, empty folder for one test: `sudoku-{module}-{name}-{pid}` in the system's
/// temporary folder (removed first if a run before left it).
pub(crate) fn temp_dir(module: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-{module}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}
