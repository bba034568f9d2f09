//! The human-style logical solvers: named techniques applied one step at a time, easiest
//! first, as Sudoku Explainer 1.2.1 applies them (its ratings ER, EP and ED) or as HoDoKu 2.2.4
//! does (its level and score); and pair reduction.
//!
//! [`LogicalSolver`] solves like a person, one named [`Technique`] at a time (Sudoku Explainer
//! 1.2.1's techniques and order, from singles through subsets, wings, uniqueness, aligned
//! exclusion and chains up to nested dynamic forcing chains), explains every [`Step`] (with its
//! [`Chain`]s of [`Implication`]s for the chain techniques), and rates the puzzle as Sudoku
//! Explainer does ([`SeRating`]: ER, EP, ED). [`technique_table`] lists every technique in the
//! order the step search asks them, with its difficulty. [`apply`] plays a step on pencil marks,
//! and [`step_svg`] draws it.
//!
//! Every technique assumes one solution: the solver checks that first with the exact solver
//! of [`sudoku_solve`], within a node budget.
//!
//! The crate holds a second ruleset, HoDoKu 2.2.4's (more than half of its code): the
//! [`HodokuSolver`] asks the rows of HoDoKu's step table ([`hodoku::STEP_TABLE`], one
//! [`HodokuTechnique`] each, with its [`hodoku::Level`] and base score) in order, so that a
//! puzzle's path, score and level ([`HodokuRating`]) equal HoDoKu's; [`HodokuExample`] pins
//! one example per technique and [`hodoku::LibraryCase`] runs HoDoKu's regression library.
//! Both solvers give the same [`SolvingPath`] of [`Step`]s; [`Ruleset`] names which one
//! explains and rates.
//!
//! Beside it, [`PairReduction`] explains a solution another way: binary decisions examined
//! breadth first, with the fewest levels of nested hypotheses, in a hypothesis/disproof/proof
//! chain ([`Explanation`], [`ChainLine`]) whose every line can be replayed. Between decisions it
//! propagates singles and the logical solver's own locked candidates and naked and hidden
//! subsets, every step of a pass applied at once.
//!
//! # Example
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_logic::{LogicalSolver, PathEnd, Technique};
//!
//! let puzzle: Grid =
//!     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
//! let path = LogicalSolver::default().solve(&puzzle)?;
//! assert_eq!(path.end, PathEnd::Solved);
//! assert_eq!(path.last.grid(), &path.solution);
//! // The first step is a single; the rating is that of the hardest step.
//! assert!(matches!(path.steps[0].technique, Technique::HiddenSingle | Technique::NakedSingle));
//! assert!(path.steps.iter().all(|s| s.difficulty <= path.rating.er));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//!
//! - `serde`: the output records: [`Step`], [`SolvingPath`] and [`Hint`] serialize as the
//!   schema's JSON (`docs/schema.md`), and [`SeRating`] and [`PathEnd`] (as a status word);
//!   pair reduction's settings and chain ([`PairReduction`], [`Explanation`]) too.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod bug;
mod builtin;
mod chains;
mod exclusion;
pub mod explainer;
mod hint;
mod hints;
pub mod hodoku;
mod increments;
mod locking;
mod pair;
mod path;
#[cfg(feature = "serde")]
mod record;
mod ruleset;
mod singles;
mod solver;
mod step;
mod subsets;
mod svg;
mod techniques;
mod uniqueness;
mod wings;

use sudoku_core::CandidateGrid;

pub use builtin::{Builtin, BuiltinRating, BuiltinWalk, ParseRulesetError, RulesetName};
pub use explainer::{EarlyStop, Explainer};
pub use hint::{Detail, Hint, ParseDetailError, Reveal};
pub(crate) use hints::Hints;
#[cfg(test)]
use hints::Producer;
pub use hodoku::{Hodoku, HodokuExample, HodokuRating, HodokuTechnique};
pub use pair::{ChainLine, Conclusion, Explanation, Marker, PairReduction, Statement};
pub use path::{PathEnd, PathRating, SeRating, SolvingPath};
pub use ruleset::{Halt, Ruleset, Verdict, Walk};
pub use solver::Solver;
pub use step::{Chain, Implication, Literal, Reason, Step, Technique};
/// One candidate: a digit in a cell (the core vocabulary's, re-exported).
pub use sudoku_core::Candidate;
pub use svg::step_svg;
pub use techniques::technique_table;

/// The logical solver with Sudoku Explainer 1.2.1's ruleset ([`explainer::Solver`]): its
/// techniques, from singles to nested forcing chains, asked in its order; the first step
/// found is applied, and the search starts over. The path is rated ER/EP/ED.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::{LogicalSolver, PathEnd};
///
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let path = LogicalSolver::default().solve(&puzzle)?;
/// assert_eq!(path.end, PathEnd::Solved);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type LogicalSolver = Solver<Explainer>;

/// The logical solver with HoDoKu's ruleset ([`hodoku::Solver`]).
pub type HodokuSolver = Solver<Hodoku>;

/// Applies a step to pencil marks: its placements, then its eliminations.
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Grid};
/// use sudoku_logic::{LogicalSolver, apply};
/// let puzzle: Grid =
///     "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2".parse()?;
/// let mut marks = CandidateGrid::new(&puzzle).unwrap();
/// let step = LogicalSolver::default().next_step(&marks)?.unwrap();
/// apply(&mut marks, &step);
/// assert_eq!(marks.grid().clue_count(), puzzle.clue_count() + 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn apply(marks: &mut CandidateGrid, step: &Step) {
    for p in &step.placements {
        marks.place(p.cell(), p.digit());
    }
    for e in &step.eliminations {
        marks.eliminate(e.cell(), e.digit());
    }
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    use sudoku_core::{CandidateGrid, Cell, DigitSet, Grid};

    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().expect("cell name")
    }

    fn digits(s: &str) -> DigitSet {
        s.chars().map(|c| sudoku_core::Digit::from_char(c).expect("digit")).collect()
    }

    fn empty() -> CandidateGrid {
        CandidateGrid::new(&Grid::EMPTY).expect("valid")
    }

    fn found(f: Producer, g: &CandidateGrid) -> Vec<Step> {
        let mut h = Hints::all();
        let _ = f(g, &mut h);
        h.steps
    }

    #[test]
    fn naked_pair_needs_the_same_two_digits() {
        let mut g = empty();
        g.restrict(cell("A1"), digits("12"));
        g.restrict(cell("B1"), digits("12"));
        let steps = found(|g, h| subsets::naked_sets(g, 2, h), &g);
        assert_eq!(steps[0].technique, Technique::NakedPair);
        assert!(steps[0].eliminations.iter().all(|e| e.digit().get() <= 2));
        let mut g = empty();
        g.restrict(cell("A1"), digits("12"));
        g.restrict(cell("B1"), digits("13"));
        assert!(found(|g, h| subsets::naked_sets(g, 2, h), &g).is_empty());
    }

    #[test]
    fn x_wing_needs_two_lines_in_two_columns() {
        let one = sudoku_core::Digit::new(1).expect("digit");
        let mut g = empty();
        for r in ["1", "5"] {
            for c in ["B", "C", "D", "F", "G", "H", "I"] {
                g.eliminate(cell(&format!("{c}{r}")), one);
            }
        }
        let steps = found(|g, h| subsets::fish(g, 2, h), &g);
        let xw: Vec<&Step> = steps.iter().filter(|s| s.pattern_cells().len() == 4).collect();
        assert!(!xw.is_empty());
        // Rows 1 and 5 hold 1 only in A and E: 1 leaves columns A and E elsewhere.
        assert!(xw.iter().any(|s| s.eliminations.len() == 14));
        // With a third column open in row 5 there is no X-wing on those rows.
        let mut g2 = empty();
        for c in ["B", "C", "D", "F", "G", "H", "I"] {
            g2.eliminate(cell(&format!("{c}1")), one);
        }
        for c in ["B", "C", "D", "F", "G", "H"] {
            g2.eliminate(cell(&format!("{c}5")), one);
        }
        let rows_1_5 = |s: &&Step| {
            s.pattern_cells().contains(cell("A1")) && s.pattern_cells().contains(cell("I5"))
        };
        assert!(!found(|g, h| subsets::fish(g, 2, h), &g2).iter().any(|s| rows_1_5(&s)));
    }

    #[test]
    fn xy_wing_eliminates_from_cells_seeing_both_pincers() {
        let mut g = empty();
        g.restrict(cell("A1"), digits("12")); // pivot
        g.restrict(cell("A5"), digits("13")); // pincer, same column
        g.restrict(cell("E1"), digits("23")); // pincer, same row
        let steps = found(|g, h| wings::wings(g, false, h), &g);
        let s = steps.iter().find(|s| s.pattern_cells().contains(cell("A1"))).expect("xy-wing");
        assert!(s.eliminations.iter().all(|e| e.digit().get() == 3));
        assert!(s.eliminations.iter().any(|e| e.cell() == cell("E5")));
        // Pincers sharing their digit with the pivot's other digit: no wing.
        let mut g = empty();
        g.restrict(cell("A1"), digits("12"));
        g.restrict(cell("A5"), digits("13"));
        g.restrict(cell("E1"), digits("13"));
        assert!(found(|g, h| wings::wings(g, false, h), &g).is_empty());
    }

    #[test]
    fn pointing_needs_the_digit_locked_in_one_line() {
        let five = sudoku_core::Digit::new(5).expect("digit");
        let mut g = empty();
        for c in ["A2", "B2", "C2", "A3", "B3", "C3"] {
            g.eliminate(cell(c), five);
        }
        let steps = found(locking::locking, &g);
        assert!(steps.iter().any(|s| s.technique == Technique::Pointing
            && s.eliminations.iter().all(|e| e.digit() == five && e.cell().row() == 0)));
        let g = empty();
        assert!(found(locking::locking, &g).is_empty());
    }

    #[test]
    fn hidden_pair_needs_two_digits_in_the_same_two_cells() {
        let (one, two) = (sudoku_core::Digit::new(1).unwrap(), sudoku_core::Digit::new(2).unwrap());
        let mut g = empty();
        for c in ["C1", "D1", "E1", "F1", "G1", "H1", "I1"] {
            g.eliminate(cell(c), one);
            g.eliminate(cell(c), two);
        }
        let steps = found(|g, h| subsets::hidden_sets(g, 2, false, h), &g);
        let pair = steps.iter().find(|s| s.units == [sudoku_core::Unit::Row(0)]).expect("pair");
        assert_eq!(pair.technique, Technique::HiddenPair);
        assert_eq!(pair.eliminations.len(), 14, "A1 and B1 lose 3..9");
        // A third place for 2 (C1): no hidden pair in row 1.
        let mut g = empty();
        for c in ["D1", "E1", "F1", "G1", "H1", "I1"] {
            g.eliminate(cell(c), one);
            g.eliminate(cell(c), two);
        }
        g.eliminate(cell("C1"), one);
        let steps = found(|g, h| subsets::hidden_sets(g, 2, false, h), &g);
        assert!(!steps.iter().any(|s| s.units == [sudoku_core::Unit::Row(0)]));
    }

    #[test]
    fn steps_are_the_same_with_and_without_recalled_failures() {
        // A solve tells each technique what changed since it last found nothing; asked one
        // step at a time from scratch, every technique scans the whole grid.
        let solver = LogicalSolver::default();
        for p in [
            "9...53.6...58......6..4...71....942.....6.......2.1..5.2....9..439..56....8...5..",
            "6..7...4....159..2..1..4..5..7..86.381......4.....7.2.14.......7.3.8...6...5.....",
            "409000008230080000070400100000003690000578000025900000002004050000030081100000206",
        ] {
            let puzzle: Grid = p.parse().expect("valid");
            let path = solver.solve(&puzzle).expect("unique");
            assert!(path.is_solved() && path.rating.er >= 7.2, "{p}: {}", path.rating);
            let mut marks = CandidateGrid::new(&puzzle).expect("valid");
            for step in &path.steps {
                assert_eq!(solver.next_step(&marks).expect("in budget").as_ref(), Some(step));
                apply(&mut marks, step);
            }
        }
    }

    #[test]
    fn a_chain_budget_stops_the_path_with_a_lower_bound() {
        let inkala: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .expect("valid");
        let tight = LogicalSolver::default().with_chain_budget(10_000);
        let path = tight.solve(&inkala).expect("unique");
        assert_eq!(path.end, PathEnd::BudgetExceeded);
        assert!(path.steps.is_empty(), "Inkala 2012 needs nested chains from the first step");
        assert_eq!(
            tight.next_step(&path.last),
            Err(sudoku_core::Failure::budget_exceeded(10_000, sudoku_core::Work::ChainPotentials))
        );
    }
}
