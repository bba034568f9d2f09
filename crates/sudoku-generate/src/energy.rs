//! The energy's difficulty `U`: a rating of the catalogue on a scale, rated on that scale by
//! the catalogue's one scaling mechanism, [`sudoku_metrics::Scaled`].

use serde::{Deserialize, Serialize};
use sudoku_metrics::{Difficulty, ParseRatingError, Rating, RatingKind, Scale, Scaled};

/// The difficulty `U` in the energy `H = -J U + h * clues`: any rating of the catalogue
/// ([`Rating`]) on a [`Scale`].
///
/// # Examples
///
/// ```
/// use sudoku_generate::{Energy, Scale};
/// let energy: Energy = "average-width:samples=8".parse()?;
/// assert_eq!(energy.scale, Scale::Ln);
/// assert_eq!(energy.to_string(), "ln average-width:samples=8");
/// let er: Energy = "se-rating:tiebreak=ep-ed".parse()?;
/// assert_eq!((er.scale, er.is_for_people()), (Scale::Linear, true));
/// # Ok::<(), sudoku_metrics::ParseRatingError>(())
/// ```
///
/// A rating of your own is an energy too: [`PuzzleModel`](crate::PuzzleModel) takes any
/// [`Difficulty`](sudoku_metrics::Difficulty), and every `tempering` optimizer runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Energy {
    /// The rating.
    pub rating: Rating,
    /// How `U` is made from it.
    pub scale: Scale,
}

impl Energy {
    /// `rating` on its natural scale: `ln` for the widths, `ln(1 + x)` for the human-model
    /// ratings, the number itself otherwise.
    #[must_use]
    pub fn new(rating: Rating) -> Energy {
        Energy { rating, scale: rating.kind.entry().scale }
    }

    /// The paper's width-phase energy: `ln` of the normal width.
    #[must_use]
    pub fn width() -> Energy {
        Energy::new(Rating::new(RatingKind::NormalWidth))
    }

    /// Whether `U` says how hard a puzzle is for people (the logical solver or the
    /// human-solver model) rather than for backtracking.
    #[must_use]
    pub fn is_for_people(&self) -> bool {
        self.rating.kind.is_for_people()
    }

    /// The rating that computes `U`; backtracking ratings without a budget of their own get
    /// `search_budget` search nodes.
    #[must_use]
    pub fn difficulty(&self, search_budget: u64) -> Box<dyn Difficulty> {
        let mut rating = self.rating;
        if rating.budget.is_none() && !self.is_for_people() {
            rating = rating.with_budget(search_budget);
        }
        Box::new(Scaled { difficulty: rating, scale: self.scale })
    }
}

/// `ln average-width:samples=8`, `se-rating`.
impl std::fmt::Display for Energy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.scale {
            Scale::Ln => write!(f, "ln {}", self.rating),
            Scale::LnOnePlus => write!(f, "ln(1 + {})", self.rating),
            _ => write!(f, "{}", self.rating),
        }
    }
}

/// A rating spec (`se-rating:tiebreak=ep-ed`) on its natural scale.
impl std::str::FromStr for Energy {
    type Err = ParseRatingError;
    fn from_str(s: &str) -> Result<Energy, ParseRatingError> {
        s.parse().map(Energy::new)
    }
}
