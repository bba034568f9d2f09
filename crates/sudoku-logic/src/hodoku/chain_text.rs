//! Chains as HoDoKu prints them: `r5c3 =6= r4c1 -6- r8c1 =6= r8c5`. A chain is a list of
//! nodes (cell, digit, strong); a node in the same cell as the node printed before it is not
//! printed (the in-cell links of XY-chains and remote pairs), every other node is printed as
//! ` =d= ` (strong) or ` -d- ` (weak), `d` being its own digit, then its cell.

use std::fmt::Write;

/// A chain node: the cell, the digit, and whether the link that reaches it is strong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) cell: u8,
    pub(crate) digit: u8,
    pub(crate) strong: bool,
}

/// The chain's text, from its first node to its last (HoDoKu's simple-chain notation).
pub(crate) fn chain(nodes: &[Node]) -> String {
    let mut out = String::new();
    let mut last = None;
    for (i, n) in nodes.iter().enumerate() {
        if last == Some(n.cell) {
            continue;
        }
        last = Some(n.cell);
        if i > 0 {
            let link = if n.strong { '=' } else { '-' };
            let _ = write!(out, " {link}{}{link} ", n.digit);
        }
        let _ = write!(out, "r{}c{}", n.cell / 9 + 1, n.cell % 9 + 1);
    }
    out
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
}
