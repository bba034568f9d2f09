//! The measurement binaries parse their flags strictly: a typo is an error, not a default.

use std::process::Command;

#[test]
fn unknown_flags_and_bad_values_are_errors() {
    for (bin, args) in [
        (env!("CARGO_BIN_EXE_random_puzzles"), &["--cuont", "3"][..]),
        (env!("CARGO_BIN_EXE_random_puzzles"), &["--count", "many"]),
        (env!("CARGO_BIN_EXE_throughput"), &["--min-secs", "x", "f.txt"]),
        (env!("CARGO_BIN_EXE_se_agree"), &["--max-er"]),
        (env!("CARGO_BIN_EXE_stochastic"), &["--schedule", "fast", "f.txt"]),
        (env!("CARGO_BIN_EXE_energy_study"), &["no-such-energy"]),
        (env!("CARGO_BIN_EXE_correlate"), &["--rated-sampel", "3"]),
        (env!("CARGO_BIN_EXE_metrics"), &["--jsn"]),
        (env!("CARGO_BIN_EXE_remc_study"), &["--runs", "-1"]),
    ] {
        let out = Command::new(bin).args(args).output().expect("run");
        assert_eq!(out.status.code(), Some(2), "{bin} {args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("error"), "{bin} {args:?}");
    }
    let ok = Command::new(env!("CARGO_BIN_EXE_random_puzzles")).args(["--count", "2"]).output();
    let ok = ok.expect("run");
    assert!(ok.status.success());
    assert_eq!(String::from_utf8_lossy(&ok.stdout).lines().count(), 2);
}
