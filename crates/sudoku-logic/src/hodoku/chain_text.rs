//! Chains as HoDoKu prints them: `r5c3 =6= r4c1 -6- r8c1 =6= r8c5`. A chain is a list of
//! nodes (cells, digit, strong); a node in the same cell as the node printed before it is not
//! printed (the in-cell links of XY-chains, remote pairs and nice loops), every other node is
//! printed as ` =d= ` (strong) or ` -d- ` (weak), `d` being its own digit, then its cells
//! (group nodes compact, ALS nodes after `ALS:`). Used by the chain searches (`chains.rs`)
//! and the tables' nice loops and AICs (`nice_loops.rs`).

use super::grid::cells;
use super::text;

/// A chain node: the cell, the digit, and whether the link that reaches it is strong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) cell: u8,
    pub(crate) digit: u8,
    pub(crate) strong: bool,
}

/// A node as printed: its cells and the cell compared with the node before (a group node's
/// first cell, an ALS node's first cell holding its digit), its digit, whether the link
/// reaching it is strong, and whether it is an ALS.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Printed {
    pub(crate) cells: u128,
    pub(crate) cell: u8,
    pub(crate) digit: u8,
    pub(crate) strong: bool,
    pub(crate) als: bool,
}

/// The chain's text, from its first node to its last (HoDoKu's chain notation).
pub(crate) fn write(nodes: impl IntoIterator<Item = Printed>) -> String {
    let mut out = String::new();
    let mut last = None;
    for (i, n) in nodes.into_iter().enumerate() {
        if last == Some(n.cell) {
            continue;
        }
        last = Some(n.cell);
        if i > 0 {
            let link = if n.strong { '=' } else { '-' };
            out.push(' ');
            out.push(link);
            out.push(char::from(b'0' + n.digit));
            out.push(link);
            out.push(' ');
        }
        if n.als {
            out.push_str("ALS:");
        }
        out.push_str(&text::compact(cells(n.cells)));
    }
    out
}

/// The text of a chain of single cells.
pub(crate) fn chain(nodes: &[Node]) -> String {
    write(nodes.iter().map(|n| Printed {
        cells: 1u128 << n.cell,
        cell: n.cell,
        digit: n.digit,
        strong: n.strong,
        als: false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_cell_nodes_are_not_printed() {
        let n = |cell, digit, strong| Node { cell, digit, strong };
        // Turbot Fish: 6 r5c3 =6= r4c1 -6- r8c1 =6= r8c5.
        let turbot = [n(38, 6, false), n(27, 6, true), n(63, 6, false), n(67, 6, true)];
        assert_eq!(chain(&turbot), "r5c3 =6= r4c1 -6- r8c1 =6= r8c5");
        // XY-Chain: 1 -> 5 in r4c2, 5 to r4c6, 5 -> 1 there.
        let xy = [n(28, 1, false), n(28, 5, true), n(32, 5, false), n(32, 1, true)];
        assert_eq!(chain(&xy), "r4c2 -5- r4c6");
    }

    #[test]
    fn group_and_als_nodes_print_their_cells() {
        let p = |cells: u128, digit, strong, als| Printed {
            cells,
            cell: cells.trailing_zeros() as u8,
            digit,
            strong,
            als,
        };
        let nodes = [
            p(1 << 0, 3, false, false),
            p(1 << 9 | 1 << 18, 3, true, false),
            p(1 << 40 | 1 << 41, 5, false, true),
        ];
        assert_eq!(write(nodes), "r1c1 =3= r23c1 -5- ALS:r5c56");
    }
}
