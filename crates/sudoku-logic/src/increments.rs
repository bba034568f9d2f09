//! Sudoku Explainer's difficulty increments: what raises a step above its technique's base
//! difficulty (the technique table's row, [`super::techniques`]), in tenths, or for chains as
//! it sums them. The finders add them with [`super::Step::harder`].

/// Tenths a hidden single in a row or column adds to one in a box.
pub(crate) const IN_A_LINE: u16 = 3;

/// Tenths BUG types 2 to 4 add to type 1.
pub(crate) const BUG_BEYOND_TYPE_1: u16 = 1;

/// Tenths a naked or hidden set of `members` cells or digits adds to a unique loop of type 3
/// or a BUG of type 3: one per member beyond the first.
pub(crate) fn set_members(members: usize) -> u16 {
    members.saturating_sub(1) as u16
}

/// Tenths a unique loop of `cells` cells adds to a rectangle.
pub(crate) fn loop_cells(cells: usize) -> u16 {
    match cells {
        10.. => 5,
        8 | 9 => 2,
        6 | 7 => 1,
        _ => 0,
    }
}

/// Sudoku Explainer's extra difficulty for long chains: 0.1 for each threshold 4, 6, 8, 12,
/// 16, 24, ... that the complexity minus 2 exceeds (summed as it sums them, in floating point,
/// since ties between hints compare these sums).
pub(crate) fn length_difficulty(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_the_thresholds() {
        // complexity - 2 > 4 adds 0.1, > 6 another, > 8, > 12, > 16, > 24 ...
        let tenths = |c| (length_difficulty(c) * 10.0).round() as u32;
        assert_eq!(tenths(6), 0);
        assert_eq!(tenths(7), 1);
        assert_eq!(tenths(9), 2);
        assert_eq!(tenths(10), 2);
        assert_eq!(tenths(11), 3);
        assert_eq!(tenths(15), 4);
        assert_eq!(tenths(19), 5);
        assert_eq!(tenths(27), 6);
        assert_eq!(tenths(35), 7);
    }
}
