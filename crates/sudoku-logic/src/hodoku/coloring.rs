//! Coloring as HoDoKu 2.2.4 does it: per digit, clusters of conjugate pairs (units holding the
//! digit twice) two-colored from their smallest cell; Simple Colors (a color seeing itself is
//! false: wrap; cells seeing both colors lose the digit: trap) and Multi Colors (two clusters:
//! a color seeing both colors of the other is false; colors seeing each other leave the other
//! two, whose common peers lose the digit). First instance in HoDoKu's order, or every one.
//! Our own code, from HoDoKu's documented behaviour.

use super::geometry::{BUDDIES, bit, buddies, first};
use super::grid::{CELL_UNITS, Grid, UNIT_BITS, cells};
use super::{Found, HodokuTechnique as T, text};

/// The clusters of digit `d`: each as its two colors (cell sets), in HoDoKu's order.
fn clusters(g: &Grid, d: u8) -> Vec<[u128; 2]> {
    let places = g.places(usize::from(d));
    let mut open = 0u128;
    for c in cells(places) {
        if CELL_UNITS[usize::from(c)].iter().any(|&u| g.free(u, d) == 2) {
            open |= bit(c);
        }
    }
    let mut out = Vec::new();
    while open != 0 {
        let mut colors = [0u128; 2];
        paint(g, d, first(open), 0, &mut open, &mut colors);
        if colors[0] != 0 && colors[1] != 0 {
            out.push(colors);
        }
    }
    out
}

/// Colors `c` with `color` and its conjugate partners (through its row, column, box, depth
/// first) with the other, as HoDoKu's recursion does.
fn paint(g: &Grid, d: u8, c: u8, color: usize, open: &mut u128, colors: &mut [u128; 2]) {
    if *open & bit(c) == 0 {
        return;
    }
    colors[color] |= bit(c);
    *open &= !bit(c);
    for u in CELL_UNITS[usize::from(c)] {
        if g.free(u, d) != 2 {
            continue;
        }
        let pair = UNIT_BITS[usize::from(u)] & g.places(usize::from(d));
        if pair == 0 {
            continue;
        }
        let mut partner = first(pair);
        if partner == c {
            let rest = pair & !bit(c);
            if rest == 0 {
                continue;
            }
            partner = first(rest);
        }
        paint(g, d, partner, 1 - color, open, colors);
    }
}

/// Whether two cells of `set` see each other.
fn sees_itself(set: u128) -> bool {
    cells(set).any(|c| buddies(c) & set != 0)
}

/// The cells seeing some cell of `set`.
fn seen_by(set: u128) -> u128 {
    cells(set).fold(0, |m, c| m | BUDDIES[usize::from(c)])
}

/// The cells holding `d` that see a cell of `x` and a cell of `y`.
fn trap(g: &Grid, d: u8, x: u128, y: u128) -> u128 {
    let mut out = 0;
    for a in cells(x) {
        for b in cells(y) {
            out |= buddies(a) & buddies(b);
        }
    }
    out & g.places(usize::from(d))
}

fn color_step(t: T, d: u8, colors: &[u128], eliminations: Vec<(u8, u8)>) -> Found {
    let mut groups = String::new();
    for (k, &set) in colors.iter().enumerate() {
        groups.push_str(if k % 2 == 1 {
            " / "
        } else if k > 0 {
            ", "
        } else {
            " "
        });
        let list: Vec<String> = cells(set).map(text::cell).collect();
        groups.push('(');
        groups.push_str(&list.join(","));
        groups.push(')');
    }
    let text = format!("{t}: {d}{groups}{}", text::eliminations(&eliminations));
    Found {
        technique: t,
        values: vec![d],
        cells: colors.iter().flat_map(|&s| cells(s)).collect(),
        pattern: colors.iter().flat_map(|&s| cells(s).map(move |c| (c, d))).collect(),
        eliminations,
        text,
        ..Found::default()
    }
}

/// Simple Colors: digits 1-9, clusters in order; per cluster wrap, then trap.
pub(crate) fn simple_colors(g: &Grid, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for d in 1..=9u8 {
        for colors in clusters(g, d) {
            let mut wrap = Vec::new();
            for set in colors {
                if sees_itself(set) {
                    wrap.extend(cells(set).map(|c| (c, d)));
                }
            }
            if !wrap.is_empty() {
                out.push(color_step(T::SimpleColorsWrap, d, &colors, wrap));
                if !all {
                    return out;
                }
            }
            let caught = trap(g, d, colors[0], colors[1]);
            if caught != 0 {
                let elims = cells(caught).map(|c| (c, d)).collect();
                out.push(color_step(T::SimpleColorsTrap, d, &colors, elims));
                if !all {
                    return out;
                }
            }
        }
    }
    out
}

/// Multi Colors: digits 1-9, ordered pairs of clusters (both orders); per pair type 2 (a color
/// of the first cluster seeing both colors of the second), then type 1.
pub(crate) fn multi_colors(g: &Grid, all: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for d in 1..=9u8 {
        let list = clusters(g, d);
        for (i, &[a1, a2]) in list.iter().enumerate() {
            for (j, &[b1, b2]) in list.iter().enumerate() {
                if i == j {
                    continue;
                }
                let colors = [a1, a2, b1, b2];
                let mut false_color = Vec::new();
                for set in [a1, a2] {
                    let seen = seen_by(set);
                    if seen & b1 != 0 && seen & b2 != 0 {
                        false_color.extend(cells(set).map(|c| (c, d)));
                    }
                }
                if !false_color.is_empty() {
                    out.push(color_step(T::MultiColors2, d, &colors, false_color));
                    if !all {
                        return out;
                    }
                }
                let mut elims = Vec::new();
                for (x, y, p, q) in
                    [(a1, b1, a2, b2), (a1, b2, a2, b1), (a2, b1, a1, b2), (a2, b2, a1, b1)]
                {
                    if seen_by(x) & y != 0 {
                        elims.extend(cells(trap(g, d, p, q)).map(|c| (c, d)));
                    }
                }
                if !elims.is_empty() {
                    out.push(color_step(T::MultiColors1, d, &colors, elims));
                    if !all {
                        return out;
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::geometry::case_grid;

    #[test]
    fn simple_colors_trap_of_the_library() {
        let g = case_grid(
            ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9+5+7.+683+872.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133::",
        );
        let found = simple_colors(&g, true);
        let trap = found.iter().find(|f| f.technique == T::SimpleColorsTrap && f.values == [1]);
        assert!(trap.is_some_and(|f| f.eliminations == [(15, 1), (16, 1), (19, 1), (20, 1)]));
    }

    #[test]
    fn multi_colors_of_the_library() {
        let g = case_grid(
            ":0502:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832 843 845 863 865::",
        );
        let found = multi_colors(&g, false);
        assert!(found[0].text.starts_with("Multi Colors"));
    }

    #[test]
    fn wrap_and_multi_colors_2_pass_their_library_cases() {
        for line in [
            ":0501:8:+6+5+9...+1+3...+1.3.6+252.+31+65.4+9.+2..9+63+1.+36.7..5+9.+91.+3.4.+6279.6..+2+5+35.+6...9811.2...+4+7+6:814 815 424 826 443 843 849 855 856 863 875 285 896:819 821 824 832 844 853 867 876 892 895::",
            ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::",
        ] {
            let case: crate::hodoku::LibraryCase = line.parse().expect("a case");
            assert_eq!(case.check(), crate::hodoku::CaseOutcome::Passed, "{line}");
        }
    }
}
