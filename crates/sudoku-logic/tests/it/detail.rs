//! Graded hints: each level of detail shows what it names and nothing more, in both
//! rulesets, on every step of real solving paths.

use std::path::Path;

use sudoku_core::{Board, CandidateGrid, Grid};
use sudoku_logic::{Detail, RulesetName, Step, apply};

/// A cell name (`E3`) in a text.
fn names_a_cell(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(2).any(|w| (b'A'..=b'I').contains(&w[0]) && (b'1'..=b'9').contains(&w[1]))
        || text.contains("r1c") // HoDoKu's notation
        || (1..=9).any(|r| text.contains(&format!("r{r}c")))
}

/// Checks every level of the hint on `marks` against its full step (HoDoKu's hint from
/// marks can be another step than its path's: its singles queues start afresh).
fn check_levels(ruleset: RulesetName, marks: &CandidateGrid) -> Step {
    let solver = ruleset.solver();
    let hint = solver.hint(&Board::Marks(*marks));
    let step = hint.step().expect("a step before the grid is solved").clone();
    let step = &step;
    let full = serde_json::to_value(&hint).expect("json");
    for detail in Detail::ALL {
        let graded = hint.clone().with_detail(detail);
        let reveal = graded.reveal().expect("a step");
        let json = serde_json::to_value(&graded).expect("json");
        let shown = &json["step"];
        let text = shown["text"].as_str().expect("a text");
        assert_eq!(shown["technique"], full["step"]["technique"], "{detail}: {text}");
        match detail {
            Detail::Technique => {
                assert_eq!(text, step.technique.to_string());
                let keys: Vec<&String> = shown.as_object().expect("a record").keys().collect();
                assert_eq!(keys, ["technique", "text"], "{detail}");
                assert_eq!(json["detail"], "technique");
            }
            Detail::Cells => {
                assert!(reveal.placements.is_empty() && reveal.eliminations.is_empty());
                assert!(shown.get("placements").is_none() && shown.get("eliminations").is_none());
                assert!(!text.contains("<>") && !text.contains('='), "{detail}: {text}");
                if step.units.is_empty() {
                    // A single the ruleset names no unit for: the unit it is hidden in.
                    let homes: Vec<_> =
                        step.placements.iter().flat_map(|p| p.cell().units()).collect();
                    assert!(reveal.units.iter().all(|u| homes.contains(u)), "{text}");
                } else {
                    assert_eq!(reveal.units, step.units);
                }
                let pattern = step.pattern_cells();
                assert!(reveal.cells.iter().all(|&c| pattern.contains(c)), "{text}");
                for p in &step.placements {
                    if !reveal.units.is_empty() {
                        assert!(!reveal.cells.contains(&p.cell()), "a single's cell: {text}");
                    }
                }
                assert!(shown.get("chains").is_none() && shown.get("difficulty").is_none());
            }
            Detail::Result => {
                assert_eq!(reveal.placements, step.placements, "{text}");
                assert_eq!(reveal.eliminations, step.eliminations, "{text}");
                assert!(!text.contains(" -> ") && !text.contains(" - "), "no chain: {text}");
                assert!(shown.get("chains").is_none() && shown.get("difficulty").is_none());
            }
            Detail::Full => {
                assert_eq!(json, full, "the full level is the hint as before");
                assert_eq!(reveal.step.as_ref(), Some(step));
            }
        }
        if detail < Detail::Cells {
            assert!(!names_a_cell(text), "{detail}: {text}");
        }
        let picture = graded.svg().expect("a picture");
        assert!(picture.starts_with("<svg"));
        if detail < Detail::Full {
            assert!(!picture.contains(&step.to_string()), "the picture's title is the hint's");
        }
    }
    step.clone()
}

#[test]
fn every_level_shows_what_it_names_and_no_more() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let text = std::fs::read_to_string(dir.join("top95.txt")).expect("test data");
    let puzzles: Vec<Grid> =
        text.lines().step_by(9).filter_map(|l| l.get(..81)?.parse().ok()).collect();
    assert!(puzzles.len() >= 10);
    let mut techniques = std::collections::BTreeSet::new();
    for ruleset in RulesetName::ALL {
        let solver = ruleset.solver();
        for p in &puzzles {
            let path = solver.solve(p).expect("a path");
            let mut marks = CandidateGrid::new(p).expect("no clash");
            // The first steps and then every 7th: singles, subsets, wings and chains.
            for (k, step) in path.steps.iter().enumerate() {
                if k < 3 || k % 7 == 0 {
                    let shown = check_levels(ruleset, &marks);
                    techniques.insert(shown.technique.to_string());
                }
                apply(&mut marks, step);
            }
        }
    }
    assert!(techniques.len() >= 10, "a spread of techniques: {techniques:?}");
}

#[test]
fn a_player_asks_again_for_more() {
    let mut detail = Detail::Technique;
    let mut seen = vec![detail];
    while let Some(next) = detail.more() {
        seen.push(next);
        detail = next;
    }
    assert_eq!(seen, Detail::ALL);
    assert_eq!("RESULT".parse::<Detail>(), Ok(Detail::Result));
    let err = "where".parse::<Detail>().expect_err("not a level");
    assert!(err.to_string().contains("\"where\"") && err.to_string().contains("technique"));
}
