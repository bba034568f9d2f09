//! The technique table: every technique of the logical solver, in the order the step search
//! asks them, with Sudoku Explainer 1.2.1's difficulty. The step search, every step's base
//! difficulty and the table in `docs/techniques.md` (a test keeps it equal) all read it; what
//! raises a step above its row is in [`super::increments`], what a nested chain may ask in
//! the chains' `nested` module, and no difficulty is written anywhere else.

use std::fmt;

use super::chains::Family;
use super::hints::Producer;
use super::{Technique, bug, exclusion, locking, singles, subsets, uniqueness, wings};

/// What one stage of the step search asks.
#[derive(Clone, Copy)]
pub(crate) enum Search {
    /// A basic technique's search.
    Basic(Producer),
    /// A chaining family's search.
    Chains(Family),
}

/// A technique's record: the technique, its name, its difficulty in tenths and what raises a
/// step above it (`more`); the stage it is in gives its order and its search.
pub(crate) struct Row {
    pub(crate) technique: Technique,
    /// Sudoku Explainer's name (of every kind, for the techniques that come in kinds).
    pub(crate) name: &'static str,
    pub(crate) tenths: u16,
    pub(crate) more: &'static str,
}

/// A stage of the step search: what it asks, and the techniques it finds.
pub(crate) struct Stage {
    pub(crate) search: Search,
    pub(crate) rows: &'static [Row],
}

const fn row(technique: Technique, name: &'static str, tenths: u16) -> Row {
    Row { technique, name, tenths, more: "" }
}

const fn row_more(
    technique: Technique,
    name: &'static str,
    tenths: u16,
    more: &'static str,
) -> Row {
    Row { technique, name, tenths, more }
}

/// What the length of a chain adds, for the table's notes.
const LONGER: &str = "+0.1 for each length threshold its chains pass (4, 6, 8, 12, 16, 24, ...)";

/// The dynamic families' rows at nesting `level`: 8.5, then 0.5 more per level.
const fn dynamic_rows(level: u8) -> [Row; 4] {
    let tenths = nested_tenths(level);
    [
        row_more(
            Technique::DynamicContradictionForcingChain(level),
            "Dynamic Contradiction Forcing Chains",
            tenths,
            LONGER,
        ),
        row_more(
            Technique::DynamicDoubleForcingChain(level),
            "Dynamic Double Forcing Chains",
            tenths,
            LONGER,
        ),
        row_more(
            Technique::DynamicCellForcingChain(level),
            "Dynamic Cell Forcing Chains",
            tenths,
            LONGER,
        ),
        row_more(
            Technique::DynamicRegionForcingChain(level),
            "Dynamic Region Forcing Chains",
            tenths,
            LONGER,
        ),
    ]
}

/// Dynamic forcing chains at nesting `level`: 8.5 plain, 9.0 with basic techniques (+),
/// 9.5 nesting forcing chains, and 0.5 more per level.
const fn nested_tenths(level: u8) -> u16 {
    85 + 5 * level as u16
}

const DYNAMIC: [[Row; 4]; 6] = [
    dynamic_rows(0),
    dynamic_rows(1),
    dynamic_rows(2),
    dynamic_rows(3),
    dynamic_rows(4),
    dynamic_rows(5),
];

/// The step search, stage by stage: the first stage that finds a step gives it.
pub(crate) const STAGES: [Stage; 30] = [
    Stage {
        search: Search::Basic(singles::hidden_singles),
        rows: &[
            row(Technique::LastCell, "Last Cell", 10),
            row_more(Technique::HiddenSingle, "Hidden Single", 12, "1.5 in a row or column"),
        ],
    },
    Stage {
        search: Search::Basic(locking::direct_locking),
        rows: &[
            row(Technique::DirectPointing, "Direct Pointing", 17),
            row(Technique::DirectClaiming, "Direct Claiming", 19),
        ],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::hidden_sets(g, 2, true, h)),
        rows: &[row(Technique::DirectHiddenPair, "Direct Hidden Pair", 20)],
    },
    Stage {
        search: Search::Basic(singles::naked_singles),
        rows: &[row(Technique::NakedSingle, "Naked Single", 23)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::hidden_sets(g, 3, true, h)),
        rows: &[row(Technique::DirectHiddenTriple, "Direct Hidden Triplet", 25)],
    },
    Stage {
        search: Search::Basic(locking::locking),
        rows: &[row(Technique::Pointing, "Pointing", 26), row(Technique::Claiming, "Claiming", 28)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::naked_sets(g, 2, h)),
        rows: &[row(Technique::NakedPair, "Naked Pair", 30)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::fish(g, 2, h)),
        rows: &[row(Technique::XWing, "X-Wing", 32)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::hidden_sets(g, 2, false, h)),
        rows: &[row(Technique::HiddenPair, "Hidden Pair", 34)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::naked_sets(g, 3, h)),
        rows: &[row(Technique::NakedTriple, "Naked Triplet", 36)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::fish(g, 3, h)),
        rows: &[row(Technique::Swordfish, "Swordfish", 38)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::hidden_sets(g, 3, false, h)),
        rows: &[row(Technique::HiddenTriple, "Hidden Triplet", 40)],
    },
    Stage {
        search: Search::Basic(|g, h| wings::wings(g, false, h)),
        rows: &[row(Technique::XyWing, "XY-Wing", 42)],
    },
    Stage {
        search: Search::Basic(|g, h| wings::wings(g, true, h)),
        rows: &[row(Technique::XyzWing, "XYZ-Wing", 44)],
    },
    Stage {
        search: Search::Basic(uniqueness::unique_loops),
        rows: &[
            row_more(
                Technique::UniqueRectangle(1),
                "Unique Rectangle",
                45,
                "types 1 to 4; type 3 +0.1 per member of its set beyond the first",
            ),
            row_more(
                Technique::UniqueLoop(1),
                "Unique Loop",
                45,
                "types 1 to 4; +0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or more; type 3 as above",
            ),
        ],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::naked_sets(g, 4, h)),
        rows: &[row(Technique::NakedQuad, "Naked Quad", 50)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::fish(g, 4, h)),
        rows: &[row(Technique::Jellyfish, "Jellyfish", 52)],
    },
    Stage {
        search: Search::Basic(|g, h| subsets::hidden_sets(g, 4, false, h)),
        rows: &[row(Technique::HiddenQuad, "Hidden Quad", 54)],
    },
    Stage {
        search: Search::Basic(bug::bug),
        rows: &[row_more(
            Technique::Bug(1),
            "Bivalue Universal Grave",
            56,
            "type 1; types 2 and 4 5.7; type 3 5.7 + 0.1 per member of its set beyond the first",
        )],
    },
    Stage {
        search: Search::Basic(exclusion::aligned_pair_exclusion),
        rows: &[row(Technique::AlignedPairExclusion, "Aligned Pair Exclusion", 62)],
    },
    Stage {
        search: Search::Chains(Family::Static),
        rows: &[
            row_more(Technique::BidirectionalXCycle, "Bidirectional X-Cycle", 65, LONGER),
            row_more(Technique::BidirectionalYCycle, "Bidirectional Y-Cycle", 65, LONGER),
            row_more(Technique::ForcingXChain, "Forcing X-Chain", 66, LONGER),
            row_more(Technique::BidirectionalCycle, "Bidirectional Cycle", 70, LONGER),
            row_more(Technique::ForcingChain, "Forcing Chain", 70, LONGER),
        ],
    },
    Stage {
        search: Search::Basic(exclusion::aligned_triplet_exclusion),
        rows: &[row(Technique::AlignedTripletExclusion, "Aligned Triplet Exclusion", 75)],
    },
    Stage {
        search: Search::Chains(Family::Nishio),
        rows: &[row_more(Technique::NishioForcingChain, "Nishio Forcing Chains", 75, LONGER)],
    },
    Stage {
        search: Search::Chains(Family::Multiple),
        rows: &[
            row_more(Technique::CellForcingChain, "Cell Forcing Chains", 80, LONGER),
            row_more(Technique::RegionForcingChain, "Region Forcing Chains", 80, LONGER),
        ],
    },
    Stage { search: Search::Chains(Family::Dynamic(0)), rows: &DYNAMIC[0] },
    Stage { search: Search::Chains(Family::Dynamic(1)), rows: &DYNAMIC[1] },
    Stage { search: Search::Chains(Family::Dynamic(2)), rows: &DYNAMIC[2] },
    Stage { search: Search::Chains(Family::Dynamic(3)), rows: &DYNAMIC[3] },
    Stage { search: Search::Chains(Family::Dynamic(4)), rows: &DYNAMIC[4] },
    Stage { search: Search::Chains(Family::Dynamic(5)), rows: &DYNAMIC[5] },
];

/// The difficulty in tenths of a technique's simplest instance: its row's. Kinds outside the
/// table (a unique loop or BUG of another type) rate as their kind's row; dynamic chains
/// at any nesting level as the rule of [`dynamic_rows`] says.
pub(crate) fn base_tenths(technique: Technique) -> u16 {
    use Technique::{
        DynamicCellForcingChain, DynamicContradictionForcingChain, DynamicDoubleForcingChain,
        DynamicRegionForcingChain,
    };
    match technique {
        DynamicContradictionForcingChain(level)
        | DynamicDoubleForcingChain(level)
        | DynamicCellForcingChain(level)
        | DynamicRegionForcingChain(level) => nested_tenths(level),
        _ => row_of(technique).map_or(0, |r| r.tenths),
    }
}

impl Technique {
    /// The technique whose row of the technique table bears `name` (`X-Wing`, `Unique
    /// Rectangle`: a technique of several kinds or nesting levels by its row's name, standing
    /// for all of them), case and surrounding spaces aside.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::Technique;
    /// assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
    /// assert_eq!(Technique::from_name("Unique Rectangle"), Some(Technique::UniqueRectangle(1)));
    /// assert_eq!(Technique::from_name("Skyscraper"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Technique> {
        let name = name.trim();
        STAGES
            .iter()
            .flat_map(|s| s.rows)
            .find(|r| r.name.eq_ignore_ascii_case(name))
            .map(|r| r.technique)
    }

    /// Whether `self` is `other` or another kind or nesting level of it (a unique rectangle
    /// of any type is a unique rectangle).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::Technique;
    /// assert!(Technique::UniqueRectangle(3).is_kind_of(Technique::UniqueRectangle(1)));
    /// assert!(!Technique::XWing.is_kind_of(Technique::Swordfish));
    /// ```
    #[must_use]
    pub fn is_kind_of(self, other: Technique) -> bool {
        match (self, other) {
            (Technique::Hodoku(a), Technique::Hodoku(b)) => a == b,
            _ => std::mem::discriminant(&self) == std::mem::discriminant(&other),
        }
    }

    /// The difficulty of the technique's simplest instance, on Sudoku Explainer's scale (a
    /// step may rate higher: see [`Step::difficulty`](crate::Step::difficulty)).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::Technique;
    /// assert_eq!(Technique::AlignedPairExclusion.base_difficulty(), 6.2);
    /// ```
    #[must_use]
    pub fn base_difficulty(self) -> f64 {
        f64::from(self.base_tenths()) / 10.0
    }

    /// [`Technique::base_difficulty`] in tenths, from the technique table.
    pub(crate) fn base_tenths(self) -> u16 {
        base_tenths(self)
    }
}

/// The technique's row: the one of its kind (a unique loop or BUG of any type, a dynamic
/// chain at any nesting level).
fn row_of(technique: Technique) -> Option<&'static Row> {
    let kind = std::mem::discriminant(&technique);
    STAGES.iter().flat_map(|s| s.rows).find(|r| std::mem::discriminant(&r.technique) == kind)
}

/// The row's name, with the kind or nesting level added; HoDoKu's techniques by HoDoKu's name.
impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = row_of(*self).map_or("", |r| r.name);
        match self {
            Technique::UniqueRectangle(t) | Technique::UniqueLoop(t) | Technique::Bug(t) => {
                write!(f, "{name} type {t}")
            }
            Technique::DynamicContradictionForcingChain(l)
            | Technique::DynamicDoubleForcingChain(l)
            | Technique::DynamicCellForcingChain(l)
            | Technique::DynamicRegionForcingChain(l) => write!(f, "{name}{}", nested_suffix(*l)),
            Technique::Hodoku(t) => f.write_str(t.name()),
            _ => f.write_str(name),
        }
    }
}

/// Sudoku Explainer's name for what a dynamic chain of `level` may use besides singles.
fn nested_suffix(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        n => format!(" (+ Dynamic Forcing Chains{})", nested_suffix(n - 3)),
    }
}

/// Every technique of the logical solver, in the order its step search asks them, with
/// Sudoku Explainer 1.2.1's difficulty of its simplest instance and what raises a step
/// above it: the stage of the step search (1 for the first), the technique, the difficulty,
/// and a note. Unique rectangles, loops and BUG stand for all their types.
///
/// # Examples
///
/// ```
/// use sudoku_logic::{Technique, technique_table};
/// let (stage, first, difficulty, _) = technique_table().next().unwrap();
/// assert_eq!((stage, first, difficulty), (1, Technique::LastCell, 1.0));
/// let xy = technique_table().find(|row| row.1 == Technique::XyWing).unwrap();
/// assert_eq!(xy.2, 4.2);
/// ```
pub fn technique_table() -> impl Iterator<Item = (usize, Technique, f64, &'static str)> {
    STAGES.iter().enumerate().flat_map(|(k, stage)| {
        stage.rows.iter().map(move |r| (k + 1, r.technique, f64::from(r.tenths) / 10.0, r.more))
    })
}

/// The table as Markdown, for `docs/techniques.md`.
#[cfg(test)]
fn markdown() -> String {
    let mut s = String::from("| # | technique | difficulty | more |\n|--:|---|--:|---|\n");
    for (k, stage) in STAGES.iter().enumerate() {
        for r in stage.rows {
            let name = match r.technique {
                Technique::DynamicContradictionForcingChain(_)
                | Technique::DynamicDoubleForcingChain(_)
                | Technique::DynamicCellForcingChain(_)
                | Technique::DynamicRegionForcingChain(_) => r.technique.to_string(),
                _ => r.name.to_string(),
            };
            let tenths = r.tenths;
            s.push_str(&format!(
                "| {} | {name} | {}.{} | {} |\n",
                k + 1,
                tenths / 10,
                tenths % 10,
                r.more
            ));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_is_named_by_its_row() {
        for r in STAGES.iter().flat_map(|s| s.rows) {
            let shown = r.technique.to_string();
            assert!(!r.name.is_empty() && shown.starts_with(r.name), "{shown} from {}", r.name);
        }
        assert_eq!(Technique::Bug(3).to_string(), "Bivalue Universal Grave type 3");
        assert_eq!(
            Technique::DynamicCellForcingChain(5).to_string(),
            "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
        );
    }

    #[test]
    fn the_docs_hold_the_table() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/techniques.md");
        let Ok(docs) = std::fs::read_to_string(&path) else {
            // Only a packaged crate has no docs folder beside it.
            assert!(
                !path.parent().is_some_and(std::path::Path::exists),
                "{} unreadable",
                path.display()
            );
            return;
        };
        let table = markdown();
        assert!(docs.contains(&table), "docs/techniques.md should hold the table:\n{table}");
    }

    #[test]
    fn every_technique_has_a_row_and_rows_rise_with_the_stages() {
        let mut last = 0;
        for stage in &STAGES {
            let lowest = stage.rows.iter().map(|r| r.tenths).min().expect("a row");
            assert!(lowest >= last, "stage rows fall below the stage before: {lowest} < {last}");
            last = last.max(lowest);
            for r in stage.rows {
                assert_eq!(base_tenths(r.technique), r.tenths, "{}", r.technique);
            }
        }
        assert_eq!(base_tenths(Technique::DynamicRegionForcingChain(7)), 120);
        assert_eq!(base_tenths(Technique::Bug(3)), 56);
    }
}
