//! HoDoKu's notation: cells as `r3c5`, compact cell lists (`r1c23,r2c1`), eliminations
//! grouped by digit (`=> r13c2,r2c48<>1, r1c2<>3`), units as `r3`, `c5`, `b7`.

use std::fmt::Write;

/// A cell: `r<row>c<col>`.
pub(crate) fn cell(c: u8) -> String {
    format!("r{}c{}", c / 9 + 1, c % 9 + 1)
}

/// A unit: `r1`..`r9`, `c1`..`c9`, `b1`..`b9` (units numbered rows, columns, boxes).
pub(crate) fn unit(u: u8) -> String {
    match u {
        0..=8 => format!("r{}", u + 1),
        9..=17 => format!("c{}", u - 8),
        _ => format!("b{}", u - 17),
    }
}

/// Cells in HoDoKu's compact form: the distinct cells ascending, grouped greedily from the
/// smallest remaining one: a group grows along its row (`r1c23`) or along its column
/// (`r12c3`), never both; groups joined by `,`.
pub(crate) fn compact(cells: impl IntoIterator<Item = u8>) -> String {
    let mut rest: Vec<u8> = cells.into_iter().collect();
    rest.sort_unstable();
    rest.dedup();
    let mut out = String::new();
    while !rest.is_empty() {
        let first = rest.remove(0);
        let (row, col) = (first / 9, first % 9);
        let (mut rows, mut cols) = (vec![row], vec![col]);
        rest.retain(|&x| {
            if x / 9 == row && rows.len() == 1 {
                cols.push(x % 9);
                false
            } else if x % 9 == col && cols.len() == 1 {
                rows.push(x / 9);
                false
            } else {
                true
            }
        });
        if !out.is_empty() {
            out.push(',');
        }
        out.push('r');
        rows.iter().for_each(|r| out.push(char::from(b'1' + r)));
        out.push('c');
        cols.iter().for_each(|c| out.push(char::from(b'1' + c)));
    }
    out
}

/// Candidates grouped by digit, digits in order of first appearance: `r13c2,r2c48<>1,
/// r1c2<>3` (with `op` `<>`; duplicates vanish).
pub(crate) fn candidates(list: &[(u8, u8)], op: &str) -> String {
    let mut order: Vec<u8> = Vec::new();
    for &(_, d) in list {
        if !order.contains(&d) {
            order.push(d);
        }
    }
    let mut out = String::new();
    for (k, d) in order.into_iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let group = compact(list.iter().filter(|e| e.1 == d).map(|e| e.0));
        let _ = write!(out, "{group}{op}{d}");
    }
    out
}

/// ` => ` and the eliminations, or nothing when there are none.
pub(crate) fn eliminations(list: &[(u8, u8)]) -> String {
    if list.is_empty() { String::new() } else { format!(" => {}", candidates(list, "<>")) }
}

/// Digits joined by `sep` (`1,3`, `5/3`).
pub(crate) fn digits(values: &[u8], sep: &str) -> String {
    values.iter().map(u8::to_string).collect::<Vec<_>>().join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_lists_group_along_rows_or_columns() {
        // r1c1, r1c3, r2c1 -> r1c13,r2c1; r5c5,r5c7,r5c8,r5c9,r6c2,r6c3 -> r5c5789,r6c23.
        assert_eq!(compact([0, 2, 9]), "r1c13,r2c1");
        assert_eq!(compact([40, 42, 43, 44, 46, 47]), "r5c5789,r6c23");
        assert_eq!(compact([1, 10, 19]), "r123c2");
    }

    #[test]
    fn eliminations_group_by_digit_in_order_of_appearance() {
        let list = [(1, 1), (19, 1), (10, 1), (1, 3), (12, 1), (14, 3), (14, 3)];
        assert_eq!(eliminations(&list), " => r123c2,r2c4<>1, r1c2,r2c6<>3");
    }
}
