#![no_main]
//! Technique names for `band --needs`: any bytes as a `Need` (and as a comma list of them).
//! No panic; a name that parses prints as a name that parses to the same technique; more than
//! `MAX_NEEDS` is a typed error, never a truncation.

use libfuzzer_sys::fuzz_target;
use sudoku_generate::{MAX_NEEDS, Need, Needs, ParseNeedError};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(need) = text.parse::<Need>() {
        let printed = need.to_string();
        let again: Need = printed.parse().expect("a printed need parses");
        assert_eq!(again.ruleset(), need.ruleset(), "{text:?} printed as {printed:?}");
        assert_eq!(again.to_string(), printed, "{text:?}");
    }
    let list: Vec<Need> = text.split(',').filter_map(|t| t.parse().ok()).collect();
    match Needs::of(&list) {
        Ok(needs) => {
            assert!(list.len() <= MAX_NEEDS);
            assert!(needs.iter().eq(list.iter().copied()));
            assert_eq!(needs.is_empty(), list.is_empty());
        }
        Err(e) => assert_eq!(e, ParseNeedError::TooMany(list.len())),
    }
});
