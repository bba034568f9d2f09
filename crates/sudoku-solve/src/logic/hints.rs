//! Where techniques put what they find, and the small helpers they share.

use std::ops::ControlFlow;

use sudoku_core::{CellSet, Unit};

use super::Step;

/// The steps a search found; with `first_only` the search stops at the first.
#[derive(Debug, Default)]
pub(crate) struct Hints {
    pub(crate) steps: Vec<Step>,
    first_only: bool,
}

impl Hints {
    pub(crate) fn first() -> Hints {
        Hints { steps: Vec::new(), first_only: true }
    }

    pub(crate) fn all() -> Hints {
        Hints { steps: Vec::new(), first_only: false }
    }

    /// Records a step; breaks when only the first was wanted.
    pub(crate) fn add(&mut self, step: Step) -> ControlFlow<()> {
        self.steps.push(step);
        if self.first_only { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

/// Units in Sudoku Explainer's region order: boxes, then rows, then columns.
pub(crate) const REGIONS: [Unit; 27] = {
    let mut t = [Unit::Box(0); 27];
    let mut i = 0;
    while i < 9 {
        t[i] = Unit::Box(i as u8);
        t[9 + i] = Unit::Row(i as u8);
        t[18 + i] = Unit::Col(i as u8);
        i += 1;
    }
    t
};

/// Calls `f` with every `k`-subset of `0..n`, in lexicographic order, until it breaks.
pub(crate) fn for_each_combination(
    n: usize,
    k: usize,
    mut f: impl FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == 0 || k > n {
        return ControlFlow::Continue(());
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        f(&idx)?;
        // Advance the rightmost index that can move.
        let mut i = k;
        loop {
            if i == 0 {
                return ControlFlow::Continue(());
            }
            i -= 1;
            if idx[i] < n - k + i {
                break;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// The cells that see every cell of `cells` (none of `cells` itself).
pub(crate) fn common_peers(cells: CellSet) -> CellSet {
    let mut common = CellSet::ALL;
    for c in cells {
        common = common.intersection(c.peers());
    }
    common.difference(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_enumerated_in_order() {
        let mut seen = Vec::new();
        let _ = for_each_combination(4, 2, |c| {
            seen.push(c.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
        let mut n = 0;
        let _ = for_each_combination(9, 4, |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(n, 126);
    }
}
