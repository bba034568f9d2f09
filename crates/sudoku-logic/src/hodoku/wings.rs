//! Wings as HoDoKu 2.2.4 finds them: XY-Wing, XYZ-Wing and W-Wing, each the first instance in
//! HoDoKu's order (cells ascending), or every instance (`all`) for the regression library.
//! Our own code, from HoDoKu's documented behaviour.

use super::geometry::{bit, buddies, count, sees};
use super::grid::{Grid, cells, digits};
use super::{Found, HodokuTechnique as T, text};

/// The unsolved cells with exactly `n` candidates, ascending, and how many.
fn with_candidates(g: &Grid, n: u32) -> ([u8; 81], usize) {
    let (mut out, mut k) = ([0u8; 81], 0);
    for c in 0..81u8 {
        if g.cands(usize::from(c)).count_ones() == n {
            out[k] = c;
            k += 1;
        }
    }
    (out, k)
}

/// XY-Wings (`xyz` false) or XYZ-Wings (`xyz` true).
///
/// XY: three bivalue cells `i < j < k` over three digits, pairwise different; pivots tried in
/// the order `i` (pincers `j`, `k`), `j` (`i`, `k`), `k` (`j`, `i`); the pivot must see both
/// pincers, and the pincers' common digit leaves the cells seeing both pincers.
/// XYZ: a three-candidate pivot (outer loop) with bivalue pincers `j < k` (from the first
/// bivalue cell), together three digits; the eliminations must also see the pivot.
pub(crate) fn xy_wings(g: &Grid, xyz: bool, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    let (bi, nb) = with_candidates(g, 2);
    let bi = &bi[..nb];
    let (tri, nt) = if xyz { with_candidates(g, 3) } else { ([0; 81], 0) };
    let pivots = if xyz { &tri[..nt] } else { bi };
    let m = |c: u8| g.cands(usize::from(c));
    for (pi, &i) in pivots.iter().enumerate() {
        let from = if xyz { 0 } else { pi + 1 };
        for (bj, &j) in bi.iter().enumerate().skip(from) {
            if (m(i) | m(j)).count_ones() != 3 {
                continue;
            }
            for &k in &bi[bj + 1..] {
                if (m(i) | m(j) | m(k)).count_ones() != 3 || m(i) == m(j) || m(j) == m(k) {
                    continue;
                }
                if m(k) == m(i) {
                    continue;
                }
                let tries: &[[u8; 3]] =
                    if xyz { &[[i, j, k]] } else { &[[i, j, k], [j, i, k], [k, j, i]] };
                for &[p, a, b] in tries {
                    if !sees(p, a) || !sees(p, b) {
                        continue;
                    }
                    let common = m(a) & m(b);
                    if common.count_ones() != 1 {
                        continue;
                    }
                    let z = common.trailing_zeros() as u8 + 1;
                    let mut elims = buddies(a) & buddies(b) & g.places(usize::from(z));
                    if xyz {
                        elims &= buddies(p);
                    }
                    if elims == 0 {
                        continue;
                    }
                    out.push(wing_step(g, xyz, [p, a, b], z, elims));
                    if !all {
                        return out;
                    }
                }
            }
        }
    }
    out
}

fn wing_step(g: &Grid, xyz: bool, wing: [u8; 3], z: u8, elims: u128) -> Found {
    let [p, a, b] = wing;
    let mut values: Vec<u8> = digits(g.cands(usize::from(p))).collect();
    if !xyz {
        values.push(z);
    }
    let eliminations: Vec<(u8, u8)> = cells(elims).map(|c| (c, z)).collect();
    let technique = if xyz { T::XyzWing } else { T::XyWing };
    let text = if xyz {
        format!(
            "{technique}: {} in {}{}",
            text::digits(&values, "/"),
            text::compact(wing),
            text::eliminations(&eliminations)
        )
    } else {
        format!("{technique}: {}/{}{}", values[0], values[1], text::eliminations(&eliminations))
    };
    let pattern: Vec<(u8, u8)> = wing
        .into_iter()
        .flat_map(|c| digits(g.cands(usize::from(c))).map(move |d| (c, d)))
        .collect();
    Found {
        technique,
        values,
        cells: vec![p, a, b],
        pattern,
        eliminations,
        text,
        ..Found::default()
    }
}

/// W-Wings: bivalue cells `i < j` with the same two digits `a < b`; first `a` is eliminated
/// (linked by `b`), then `b` (linked by `a`): the eliminated digit leaves the cells seeing both,
/// and units 1-27 (rows, columns, boxes) are searched for a strong link of the linking digit
/// with one end seeing `i` and the other `j`. The first unit gives the step (every unit, if
/// `all`).
pub(crate) fn w_wings(g: &Grid, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for i in 0..81u8 {
        let mask = g.cands(usize::from(i));
        if mask.count_ones() != 2 {
            continue;
        }
        let low = mask.trailing_zeros() as u8 + 1;
        let pair = [low, (mask & (mask - 1)).trailing_zeros() as u8 + 1];
        for j in i + 1..81u8 {
            if g.cands(usize::from(j)) != mask {
                continue;
            }
            for (e, l) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let elims = buddies(i) & buddies(j) & g.places(usize::from(e));
                if elims == 0 {
                    continue;
                }
                for unit in 0..27u8 {
                    if g.free(unit, l) != 2 {
                        continue;
                    }
                    let ends = super::grid::UNIT_BITS[usize::from(unit)]
                        & g.places(usize::from(l))
                        & !(bit(i) | bit(j));
                    let (mut w1, mut w2) = (None, None);
                    for c in cells(ends) {
                        if sees(c, i) {
                            w1 = Some(c);
                        } else if sees(c, j) {
                            w2 = Some(c);
                        }
                        if w1.is_some() && w2.is_some() {
                            break;
                        }
                    }
                    let (Some(w1), Some(w2)) = (w1, w2) else { continue };
                    out.push(w_step([e, l], [i, j], [w1, w2], unit, elims));
                    if !all {
                        return out;
                    }
                }
            }
        }
    }
    out
}

fn w_step(el: [u8; 2], ij: [u8; 2], link: [u8; 2], unit: u8, elims: u128) -> Found {
    let [e, l] = el;
    let eliminations: Vec<(u8, u8)> = cells(elims).map(|c| (c, e)).collect();
    let text = format!(
        "{}: {e}/{l} in {} connected by {l} in {}{}",
        T::WWing,
        text::compact(ij),
        text::compact(link.iter().copied().filter(|c| !ij.contains(c))),
        text::eliminations(&eliminations)
    );
    let mut pattern: Vec<(u8, u8)> = ij.iter().flat_map(|&c| [(c, e), (c, l)]).collect();
    pattern.extend(link.iter().map(|&c| (c, l)));
    debug_assert!(count(elims) > 0);
    Found {
        technique: T::WWing,
        values: vec![e, l],
        cells: ij.to_vec(),
        pattern,
        units: vec![unit],
        eliminations,
        text,
        ..Found::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::geometry::case_grid;

    #[test]
    fn w_wing_of_the_library() {
        let g = case_grid(
            ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::",
        );
        let found = w_wings(&g, true);
        assert!(found.iter().any(|f| f.values == [4, 1] || f.values == [1, 4]));
    }

    #[test]
    fn xy_and_xyz_wings_of_the_library() {
        let xy = case_grid(
            ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::",
        );
        let found = xy_wings(&xy, false, true);
        assert!(found.iter().any(|f| f.eliminations.contains(&(3 * 9 + 1, 9))));
        let xyz = case_grid(
            ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::",
        );
        let found = xyz_first(&xyz);
        assert!(found.is_some_and(|f| f.text.starts_with("XYZ-Wing: 4/6/7 in ")));
    }

    fn xyz_first(g: &Grid) -> Option<Found> {
        xy_wings(g, true, false).into_iter().next()
    }
}
