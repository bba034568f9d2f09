//! Batch runs of the per-puzzle subcommands (`check`, `solve`, `rate`, `explain`): puzzles are
//! read as workers need them, worked on by a pool of threads, and each result is written as
//! soon as it and every one before it are done, in input order whatever the thread count.
//!
//! A bounded window of puzzles is in flight (read, queued, worked on, or waiting for an
//! earlier one), so memory does not grow with the input. SIGINT and SIGTERM stop the run:
//! what is finished is flushed and the exit status is 130 or 143; `--resume` then skips the
//! records the results file already holds. Progress goes to standard error on long runs.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use sudoku_core::Rules;

use crate::input::{Record, read_all};
use crate::signals::Stop;
use crate::{Status, parse_duration};

/// The options every batch subcommand shares.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct BatchArgs {
    /// Puzzles (81 characters), pencil marks (729 characters, nine per cell, as hint takes
    /// them) or files of them: one per line, 9-line blocks, or the JSON lines other subcommands
    /// write; `-` or nothing reads standard input. An argument is a file only if it is not a
    /// grid. What needs givens (canon, pair reduction, most ratings) says so for pencil marks.
    pub(crate) inputs: Vec<String>,
    /// Read the files (and standard input) in this format: sdk, sdm, ss, opensudoku, ipuz,
    /// hodoku, line or json (docs/formats.md). Without it, a .sdk, .sdm, .ss, .opensudoku or
    /// .ipuz file is read in its format and anything else line by line.
    #[arg(long, value_name = "FORMAT")]
    pub(crate) from: Option<sudoku_formats::Format>,
    /// Worker threads (0: one per core). Output is the same for any count.
    #[arg(long, default_value_t = 0)]
    pub(crate) threads: usize,
    /// Write the results to this file instead of standard output (what --resume continues).
    #[arg(long, short)]
    pub(crate) out: Option<PathBuf>,
    /// Continue a run that was stopped: keep the records --out already holds (a last line cut
    /// short is dropped), skip as many puzzles of the same inputs, and append the rest.
    #[arg(long, requires = "out")]
    pub(crate) resume: bool,
    /// Only the puzzles of chunk K of N, such as 3/20: puzzle i of the inputs (from 0) is in
    /// chunk i mod N + 1, so that hard puzzles listed together spread over the chunks. For
    /// splitting a large file over the jobs of a cluster; scripts/merge-chunks.sh merges the
    /// outputs back in input order.
    #[arg(long, value_parser = parse_chunk)]
    pub(crate) chunk: Option<(u64, u64)>,
    /// Do not show progress on standard error.
    #[arg(long)]
    pub(crate) no_progress: bool,
    /// How often progress is shown on standard error, such as 2s or 1m (only runs longer than
    /// this show any).
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    pub(crate) progress_every: Duration,
    /// The rules of the puzzles (docs/variants.md): classic, or rules joined by commas: x,
    /// windoku, disjoint-groups, anti-knight, anti-king, non-consecutive, jigsaw:LAYOUT (81
    /// region digits 1-9, row by row) or jigsaw:@FILE (the layout read from a file), such as
    /// windoku,anti-knight. solve and check take variants; the other subcommands say they do
    /// not support them yet.
    #[arg(long, default_value = "classic", value_name = "SPEC", value_parser = parse_rules)]
    pub(crate) rules: Rules,
}

/// A rules spec, each `jigsaw:@FILE` replaced by the layout in the file (whitespace ignored).
pub(crate) fn parse_rules(spec: &str) -> Result<Rules, String> {
    let parts = spec
        .split(',')
        .map(|part| match part.trim().strip_prefix("jigsaw:@") {
            None => Ok(part.to_string()),
            Some(path) => std::fs::read_to_string(path)
                .map(|text| {
                    let layout: String = text.chars().filter(|c| !c.is_whitespace()).collect();
                    format!("jigsaw:{layout}")
                })
                .map_err(|e| format!("cannot read the jigsaw layout {path}: {e}")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    parts.join(",").parse().map_err(|e: sudoku_core::RulesError| e.to_string())
}

/// `K/N` with 1 <= K <= N.
fn parse_chunk(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("invalid chunk {s:?}: use K/N with 1 <= K <= N, such as 3/20");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k - 1, n))
}

/// Reads the source and line number of a record line.
pub(crate) type PlaceOf = fn(&str) -> Option<(String, usize)>;

/// How a subcommand's output is laid out, as far as `--resume` must know.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// A first line written once (a TSV header), before the records.
    pub(crate) header: Option<String>,
    /// How to read a record line's source and line number, to check that a resumed output
    /// belongs to its inputs; `None` when the lines do not carry them.
    pub(crate) place: Option<PlaceOf>,
    /// Why the output cannot be resumed (`None`: one line per puzzle, so it can).
    pub(crate) not_resumable: Option<&'static str>,
}

impl Layout {
    /// JSON lines: one object per puzzle, with `source` and `line`.
    pub(crate) fn json() -> Layout {
        Layout { header: None, place: Some(json_place), not_resumable: None }
    }
}

/// The source and line of a JSON record.
fn json_place(line: &str) -> Option<(String, usize)> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    Some((v["source"].as_str()?.to_string(), usize::try_from(v["line"].as_u64()?).ok()?))
}

/// The source and line of a TSV row (its first two columns).
pub(crate) fn tsv_place(line: &str) -> Option<(String, usize)> {
    let mut cells = line.split('\t');
    Some((cells.next()?.to_string(), cells.next()?.parse().ok()?))
}

/// How long the writer waits when no result is ready.
const NAP: Duration = Duration::from_millis(1);

/// What flows from the reader and the workers to the writer.
enum Message<T> {
    /// Record `index` is done.
    Done(u64, T),
    /// The worker of record `index` panicked.
    Panicked(u64, String),
    /// The inputs do not match the records of the resumed output.
    Mismatch(String),
}

/// One batch run: its options, its subcommand's name (for messages) and output layout.
pub(crate) struct Batch<'a> {
    pub(crate) args: &'a BatchArgs,
    pub(crate) command: &'static str,
    pub(crate) layout: Layout,
}

impl Batch<'_> {
    /// Runs `work` on every puzzle of the inputs and hands the results, in input order, to
    /// `write`, which writes a record and says whether it failed (the exit status is then 1).
    pub(crate) fn run<T: Send + 'static>(
        &self,
        stdout: &mut dyn Write,
        work: impl Fn(Record) -> T + Send + Sync + 'static,
        mut write: impl FnMut(&mut dyn Write, T) -> anyhow::Result<bool>,
    ) -> anyhow::Result<Status> {
        let stop = Stop::install()?;
        let (mut file, kept) = self.open_output()?;
        let out: &mut dyn Write = match &mut file {
            Some(f) => f,
            None => stdout,
        };
        if kept.is_none()
            && let Some(header) = &self.layout.header
        {
            writeln!(out, "{header}")?;
        }
        let kept = kept.unwrap_or_default();

        let workers = match self.args.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        };
        // Puzzles in flight: enough that the workers never wait for the writer's nap (with
        // 64 a worker of two idled 5 % of the time on easy puzzles), few enough to stay small.
        let window = 256 * workers;
        let (slots_tx, slots_rx) = mpsc::sync_channel::<()>(window);
        let (todo_tx, todo_rx) = mpsc::sync_channel::<(u64, Record)>(window);
        let (done_tx, done_rx) = mpsc::channel::<Message<T>>();
        let unreadable = Arc::new(AtomicBool::new(false));
        let read = Arc::new(ReadCounts::default());
        let total_bytes = input_size(&self.args.inputs);

        self.spawn_reader(
            &kept,
            slots_tx,
            todo_tx,
            done_tx.clone(),
            (Arc::clone(&unreadable), Arc::clone(&read)),
            stop.clone(),
        );
        let pool = crate::thread_pool(workers)?;
        let todo = Arc::new(Mutex::new(todo_rx));
        let work = Arc::new(work);
        // One loop on each thread of the pool, and none starts work before all have started.
        // A rating may run parallel loops of its own (the samples of average-width, the runs
        // of sa-steps), and a pool thread waiting for a piece of such a loop takes up any job
        // it finds: were a worker loop still unstarted then, it would run inside the rating,
        // wait for records and never return, and the rating would never end.
        let all_started = Arc::new(std::sync::Barrier::new(pool.current_num_threads()));
        pool.spawn_broadcast(move |_| {
            all_started.wait();
            work_loop(&todo, &*work, &done_tx);
        });

        let started = Instant::now();
        let mut progress = Progress::new(self, started, total_bytes);
        let mut next = kept.records;
        let mut waiting: BTreeMap<u64, T> = BTreeMap::new();
        let mut failed = false;
        loop {
            // Everything that is ready, then the writer naps: waking it for every record would
            // cost more than rating an easy puzzle.
            let mut finished = false;
            let mut got = false;
            loop {
                match done_rx.try_recv() {
                    Ok(Message::Done(i, result)) => {
                        waiting.insert(i, result);
                        got = true;
                    }
                    Ok(Message::Panicked(i, what)) => {
                        out.flush()?;
                        bail!("internal error on puzzle {}: {what}", i + 1);
                    }
                    Ok(Message::Mismatch(what)) => bail!("cannot resume: {what}"),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        finished = true;
                        break;
                    }
                }
            }
            while let Some(result) = waiting.remove(&next) {
                failed |= write(out, result)?;
                next += 1;
                let _ = slots_rx.try_recv();
            }
            if let Some(sig) = stop.signal() {
                out.flush()?;
                let done = next - kept.records;
                eprintln!(
                    "sudoku {}: interrupted after {done} puzzles{}",
                    self.command,
                    match &self.args.out {
                        Some(p) => format!("; continue with --resume --out {}", p.display()),
                        None => String::new(),
                    }
                );
                return Ok(Status::Interrupted(sig));
            }
            progress.show(next - kept.records, &read);
            if finished {
                break;
            }
            if !got {
                // What is written reaches the file before the writer waits.
                out.flush()?;
                std::thread::sleep(NAP);
            }
        }
        out.flush()?;
        progress.finish(next - kept.records);
        let unreadable = unreadable.load(Ordering::Relaxed);
        if next == 0 && !unreadable {
            eprintln!(
                "sudoku {}: no puzzles in the input (it is empty, or holds only comments and blank lines)",
                self.command
            );
        }
        Ok(Status::of(unreadable, failed))
    }

    /// Starts the thread that reads the inputs: it skips the records a resumed output holds,
    /// then takes a slot of the window for each record it passes on, so that reading waits
    /// while the window is full.
    fn spawn_reader<T: Send + 'static>(
        &self,
        kept: &Kept,
        slots: SyncSender<()>,
        todo: SyncSender<(u64, Record)>,
        done: mpsc::Sender<Message<T>>,
        (unreadable, read): (Arc<AtomicBool>, Arc<ReadCounts>),
        stop: Stop,
    ) {
        let inputs = self.args.inputs.clone();
        let from = self.args.from;
        let rules = self.args.rules.clone();
        let (chunk, chunks) = self.args.chunk.unwrap_or((0, 1));
        let command = self.command;
        let skip = kept.records;
        let last = kept.last_place.clone();
        std::thread::spawn(move || {
            let (mut index, mut seen) = (0u64, 0u64);
            let stopped = || io::Error::other("stopped");
            let _ = read_all(
                &inputs,
                from,
                &rules,
                &read.bytes,
                |record| {
                    if stop.requested() {
                        return Err(stopped());
                    }
                    seen += 1;
                    if (seen - 1) % chunks != chunk {
                        return Ok(());
                    }
                    let i = index;
                    index += 1;
                    if i < skip {
                        if i + 1 == skip
                            && let Some(expected) = &last
                        {
                            let found = record.place();
                            if &found != expected {
                                let what = format!(
                                    "the output's last record is {}:{}, but puzzle {skip} of the inputs is {}:{} (other inputs or options?)",
                                    expected.0, expected.1, found.0, found.1
                                );
                                let _ = done.send(Message::Mismatch(what));
                                return Err(stopped());
                            }
                        }
                        return Ok(());
                    }
                    if i == skip {
                        read.skipped.store(read.bytes.load(Ordering::Relaxed), Ordering::Relaxed);
                    }
                    slots.send(()).map_err(|_| stopped())?;
                    // A JSON line's own variant rules reach only the commands that take them.
                    let record = match command {
                        "check" | "solve" | "canon" => record,
                        _ => record.refusing_variants(command),
                    };
                    todo.send((i, record)).map_err(|_| stopped())?;
                    read.handed.store(i + 1 - skip, Ordering::Relaxed);
                    Ok(())
                },
                |source, e| {
                    unreadable.store(true, Ordering::Relaxed);
                    eprintln!("sudoku {command}: {source}: {}", crate::error_chain(e));
                },
            );
            if index < skip && !stop.requested() {
                let what = format!(
                    "the output holds {skip} records but the inputs only {index} puzzles (other inputs?)"
                );
                let _ = done.send(Message::Mismatch(what));
            }
        });
    }

    /// The output file (`--out`), and with `--resume` what it already holds: its complete
    /// records are kept (a last line cut short by a kill is dropped) and it is opened for
    /// appending. `None` for the file means standard output; `None` for what is kept, a new
    /// output.
    fn open_output(&self) -> anyhow::Result<(Option<BufWriter<File>>, Option<Kept>)> {
        let Some(path) = &self.args.out else { return Ok((None, None)) };
        crate::check_output_path(path)?;
        if self.args.resume
            && let Some(why) = self.layout.not_resumable
        {
            bail!("--resume needs one line per puzzle: {why}");
        }
        if !self.args.resume || !path.exists() {
            let file =
                File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
            return Ok((Some(BufWriter::new(file)), None));
        }
        let kept = self.kept(path)?;
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| format!("cannot append to {}", path.display()))?;
        Ok((Some(BufWriter::new(file)), Some(kept)))
    }

    /// Reads a results file to resume: cuts it after its last complete line and counts its
    /// records.
    fn kept(&self, path: &Path) -> anyhow::Result<Kept> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .with_context(|| format!("cannot open {} to resume", path.display()))?;
        let mut text = Vec::new();
        file.read_to_end(&mut text).with_context(|| format!("cannot read {}", path.display()))?;
        let complete = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if complete < text.len() {
            file.set_len(complete as u64)?;
            file.seek(io::SeekFrom::End(0))?;
            eprintln!(
                "sudoku {}: dropped a last line cut short in {}",
                self.command,
                path.display()
            );
        }
        let text = String::from_utf8_lossy(&text[..complete]);
        let mut lines = text.lines();
        if let Some(header) = &self.layout.header {
            match lines.next() {
                Some(h) if h == header => {}
                None => {
                    bail!("{} is empty: nothing to resume (start without --resume)", path.display())
                }
                Some(_) => bail!(
                    "{}'s header differs from this run's columns (other --metrics?)",
                    path.display()
                ),
            }
        }
        let mut records = 0u64;
        let mut last = None;
        for line in lines {
            records += 1;
            last = Some(line);
        }
        let last_place = match (last, self.layout.place) {
            (Some(line), Some(place)) => Some(place(line).with_context(|| {
                format!("{}'s last record is not one this command writes", path.display())
            })?),
            _ => None,
        };
        eprintln!(
            "sudoku {}: resuming after the {records} records of {}",
            self.command,
            path.display()
        );
        Ok(Kept { records, last_place })
    }
}

/// What a resumed output already holds.
#[derive(Default)]
struct Kept {
    /// Its records.
    records: u64,
    /// The source and line of its last record, when the layout has them.
    last_place: Option<(String, usize)>,
}

/// A worker: takes the next record, works on it, and sends the result, until the reader is
/// done. A panic is reported as a message, not lost (which would stall the ordered output).
fn work_loop<T>(
    todo: &Mutex<Receiver<(u64, Record)>>,
    work: &dyn Fn(Record) -> T,
    done: &mpsc::Sender<Message<T>>,
) {
    loop {
        let next = todo.lock().unwrap_or_else(std::sync::PoisonError::into_inner).recv();
        let Ok((i, record)) = next else { return };
        let message = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(record)))
        {
            Ok(result) => Message::Done(i, result),
            Err(panic) => {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(ToString::to_string)
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                Message::Panicked(i, what)
            }
        };
        if done.send(message).is_err() {
            return;
        }
    }
}

/// What the reader has read: for the progress line.
#[derive(Default)]
struct ReadCounts {
    /// Bytes of the inputs read in all.
    bytes: AtomicU64,
    /// The bytes read when the first record past a resumed output's was.
    skipped: AtomicU64,
    /// Records handed to the workers this run.
    handed: AtomicU64,
}

impl ReadCounts {
    /// The share of this run's records that `done` is, when the inputs hold `total` bytes,
    /// and the time left as a multiple of the time so far (at the same pace): this run's
    /// records in all are those handed on and the bytes left at the same bytes per record.
    fn share(&self, done: u64, total: u64) -> Option<(f64, f64)> {
        let (bytes, skipped) =
            (self.bytes.load(Ordering::Relaxed), self.skipped.load(Ordering::Relaxed));
        let handed = self.handed.load(Ordering::Relaxed);
        if bytes <= skipped || handed == 0 {
            return None;
        }
        let per_record = (bytes - skipped) as f64 / handed as f64;
        let records = handed as f64 + total.saturating_sub(bytes) as f64 / per_record;
        let share = (done as f64 / records).min(1.0);
        let left = if done > 0 { (records - done as f64).max(0.0) / done as f64 } else { 0.0 };
        Some((share, left))
    }
}

/// The total size of the inputs when every one is a file (else the total is unknown).
fn input_size(inputs: &[String]) -> Option<u64> {
    if inputs.is_empty() {
        return None;
    }
    inputs.iter().try_fold(0u64, |sum, arg| {
        let meta = std::fs::metadata(arg).ok().filter(std::fs::Metadata::is_file)?;
        Some(sum + meta.len())
    })
}

/// Progress on standard error: puzzles done, per second, and with the inputs' size known the
/// share read and the time left. In place on a terminal, a line at a time in logs.
struct Progress {
    command: &'static str,
    every: Duration,
    enabled: bool,
    terminal: bool,
    started: Instant,
    last: Instant,
    total_bytes: Option<u64>,
    shown: bool,
}

impl Progress {
    fn new(batch: &Batch<'_>, started: Instant, total_bytes: Option<u64>) -> Progress {
        Progress {
            command: batch.command,
            every: batch.args.progress_every,
            enabled: !batch.args.no_progress,
            terminal: io::stderr().is_terminal(),
            started,
            last: started,
            total_bytes,
            shown: false,
        }
    }

    /// Shows progress if it is time: `done` puzzles this run, of those `read` handed on.
    ///
    /// The reader runs ahead of the workers (a window of records, a buffer of bytes), so the
    /// share of the input is the share of this run's records done: the records the inputs
    /// hold in all are estimated from the bytes each record read so far took.
    fn show(&mut self, done: u64, read: &ReadCounts) {
        if !self.enabled || self.last.elapsed() < self.every {
            return;
        }
        self.last = Instant::now();
        let secs = self.started.elapsed().as_secs_f64();
        let mut line = format!(
            "sudoku {}: {done} puzzles in {secs:.0} s ({:.0}/s)",
            self.command,
            done as f64 / secs.max(1e-9)
        );
        if let Some((share, left)) = self.total_bytes.and_then(|total| read.share(done, total)) {
            line.push_str(&format!(", {:.1} % of the input", share * 100.0));
            if done > 0 {
                line.push_str(&format!(", about {} left", human_duration(left * secs)));
            }
        }
        if self.terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
        self.shown = true;
    }

    fn finish(&self, done: u64) {
        if !self.shown {
            return;
        }
        let secs = self.started.elapsed().as_secs_f64();
        let line = format!(
            "sudoku {}: {done} puzzles in {secs:.1} s ({:.0}/s)",
            self.command,
            done as f64 / secs.max(1e-9)
        );
        if self.terminal {
            eprintln!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
    }
}

/// Seconds as `1h 02m`, `3m 05s` or `42s`.
fn human_duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_read_from_json_and_tsv_records() {
        let json = r#"{"source":"a.txt","line":7,"puzzle":null,"status":"invalid"}"#;
        assert_eq!(json_place(json), Some(("a.txt".into(), 7)));
        assert_eq!(tsv_place("b.txt\t12\t..3\t4.2"), Some(("b.txt".into(), 12)));
        assert_eq!(json_place("not json"), None);
    }

    #[test]
    fn durations_read_for_people() {
        assert_eq!(human_duration(42.4), "42s");
        assert_eq!(human_duration(185.0), "3m 05s");
        assert_eq!(human_duration(3720.0), "1h 02m");
    }

    #[test]
    fn the_share_done_counts_records_not_bytes_read_ahead() {
        let counts = |bytes, skipped, handed| ReadCounts {
            bytes: AtomicU64::new(bytes),
            skipped: AtomicU64::new(skipped),
            handed: AtomicU64::new(handed),
        };
        // A small input read whole at once: 500 records of 82 bytes, 100 done.
        let (share, left) = counts(41_000, 0, 500).share(100, 41_000).expect("known");
        assert!((share - 0.2).abs() < 1e-9, "{share}");
        assert!((left - 4.0).abs() < 1e-9, "{left}");
        // A large one read a quarter: the rest at the same bytes per record.
        let (share, left) = counts(25_000, 0, 250).share(50, 100_000).expect("known");
        assert!((share - 0.05).abs() < 1e-9, "{share}");
        assert!((left - 19.0).abs() < 1e-9, "{left}");
        // Resumed past 10,000 bytes: only this run's records count.
        let (share, _) = counts(30_000, 10_000, 200).share(100, 30_000).expect("known");
        assert!((share - 0.5).abs() < 1e-9, "{share}");
        // Nothing handed on yet.
        assert_eq!(counts(8_192, 0, 0).share(0, 41_000), None);
    }

    #[test]
    fn chunks_are_k_of_n() {
        assert_eq!(parse_chunk("3/20"), Ok((2, 20)));
        assert_eq!(parse_chunk("1/1"), Ok((0, 1)));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(parse_chunk(bad).is_err(), "{bad}");
        }
    }
}
