//! XY-wing and XYZ-wing.

use std::ops::ControlFlow;

use sudoku_core::{CandidateGrid, CellSet};

use super::hints::{PeerList, common_peers};
use super::{Hints, Step, Technique};

/// XY-wing (`xyz = false`): a bivalue pivot `xy` seeing pincers `xz` and `yz`; `z` leaves the
/// cells that see both pincers. XYZ-wing (`xyz = true`): the pivot is `xyz`, and `z` leaves
/// the cells that see all three.
pub(crate) fn wings(g: &CandidateGrid, xyz: bool, hints: &mut Hints) -> ControlFlow<()> {
    let pivot_size = if xyz { 3 } else { 2 };
    let technique = if xyz { Technique::XyzWing } else { Technique::XyWing };
    let empty = g.empty_cells();
    for pivot in empty {
        let xy = g.candidates(pivot);
        if xy.len() != pivot_size {
            continue;
        }
        let mut pincers = PeerList::new(pivot);
        for c in pivot.peers().intersection(empty) {
            if g.candidates(c).len() == 2 {
                pincers.push(c);
            }
        }
        let pincers = pincers.as_slice();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (g.candidates(a), g.candidates(b));
                if ca == cb {
                    continue;
                }
                let z = ca.intersection(cb);
                if z.len() != 1 {
                    continue;
                }
                let all = ca.union(cb);
                let ok = if xyz {
                    all == xy
                } else {
                    z.intersection(xy).is_empty() && all.difference(z) == xy
                };
                if !ok {
                    continue;
                }
                let zd = z.first().expect("one digit");
                let mut pattern = CellSet::single(a);
                pattern.insert(b);
                if xyz {
                    pattern.insert(pivot);
                }
                let victims = common_peers(pattern)
                    .difference(CellSet::single(pivot))
                    .intersection(g.digit_cells(zd));
                if victims.is_empty() {
                    continue;
                }
                let mut step = Step::new(technique)
                    .with_pattern(CellSet::single(pivot), xy)
                    .with_pattern(CellSet::single(a), ca)
                    .with_pattern(CellSet::single(b), cb)
                    .eliminate_all(victims, zd);
                step.pattern.dedup();
                hints.add(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}
