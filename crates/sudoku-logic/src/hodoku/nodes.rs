//! The nodes of HoDoKu's tables, as ids: a candidate set or removed, and a group node (two
//! or three cells of one row or column inside one box that hold a digit), set or removed.

use super::grid::{Grid, UNIT_BITS, cells, peers};

/// The first node id of the group nodes (normal nodes use 18 blocks of 81 ids: by polarity
/// and digit, the cells).
pub(crate) const GROUP_BASE: u16 = 18 * 81;

/// The node "digit `d` is set in `cell`" (`on`) or "removed from `cell`".
#[inline]
pub(crate) fn node(cell: u8, d: u8, on: bool) -> u16 {
    (u16::from(on) * 9 + u16::from(d) - 1) * 81 + u16::from(cell)
}

/// The node of group node `g` (its index in [`group_nodes`]), set or removed.
#[inline]
pub(crate) fn group_node(g: usize, on: bool) -> u16 {
    GROUP_BASE + 2 * g as u16 + u16::from(on)
}

/// Whether a node is set ("strong", printed `=`) rather than removed (group nodes: odd ids
/// are set; ALS nodes have even ids, always removed).
#[inline]
pub(crate) fn is_on(n: u16) -> bool {
    if n >= GROUP_BASE { n & 1 == 1 } else { n >= 9 * 81 }
}

/// A group node: two or three cells of one row or column inside one box that hold a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GroupNode {
    pub(crate) cells: u128,
    pub(crate) digit: u8,
    pub(crate) line: Option<u8>,
    pub(crate) col: Option<u8>,
    pub(crate) block: u8,
    /// The cells seeing every cell of the node.
    pub(crate) buddies: u128,
}

/// HoDoKu's group nodes: per row, digit and box the row's cells in the box holding the digit
/// (when two or three), then the same for columns.
pub(crate) fn group_nodes(g: &Grid) -> Vec<GroupNode> {
    let mut out = Vec::new();
    for house in 0..18u8 {
        for d in 1..=9u8 {
            let h = UNIT_BITS[usize::from(house)] & g.places(usize::from(d));
            if h == 0 {
                continue;
            }
            for b in 0..9u8 {
                let t = h & UNIT_BITS[18 + usize::from(b)];
                if t.count_ones() >= 2 {
                    let mut it = cells(t);
                    let (c1, c2) = (it.next().unwrap_or(0), it.next().unwrap_or(0));
                    let buddies = cells(t).fold(!0u128, |acc, c| acc & peers(c));
                    out.push(GroupNode {
                        cells: t,
                        digit: d,
                        line: (c1 / 9 == c2 / 9).then_some(c1 / 9),
                        col: (c1 % 9 == c2 % 9).then_some(c1 % 9),
                        block: b,
                        buddies,
                    });
                }
            }
        }
    }
    out
}
