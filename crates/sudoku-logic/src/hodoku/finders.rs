//! Which search finds each row of the step table: the first step of a row for the solver, and
//! every step of a technique family for the regression library. A row with no search here
//! finds nothing (and the solver goes on to the next row).

use sudoku_core::Cell;

use super::chains::{self, Kind};
use super::grid::{Grid, cells};
use super::{
    Ctx, Found, HodokuTechnique as T, Options, coloring, fish, forcing, nice_loops, patterns,
    simple, sue_de_coq, text, uniqueness, wings,
};
use super::{als, als_chain};

/// The first step of row `row` on `g` (the singles take theirs from the queues).
pub(crate) fn first(row: T, g: &mut Grid, ctx: &Ctx<'_>) -> Option<Found> {
    let options = &ctx.options;
    let one = |v: Vec<Found>| v.into_iter().next();
    match row {
        T::FullHouse => simple::full_house(g),
        T::NakedSingle => simple::naked_single(g),
        T::HiddenSingle => simple::hidden_single(g),
        T::LockedPair => one(simple::naked_subsets(g, 2, true, false)),
        T::LockedTriple => one(simple::naked_subsets(g, 3, true, false)),
        T::LockedCandidates1 => one(simple::locked_candidates(g, true, false)),
        T::LockedCandidates2 => one(simple::locked_candidates(g, false, false)),
        T::NakedPair => one(simple::naked_subsets(g, 2, false, false)),
        T::NakedTriple => one(simple::naked_subsets(g, 3, false, false)),
        T::NakedQuadruple => one(simple::naked_subsets(g, 4, false, false)),
        T::HiddenPair => one(simple::hidden_subsets(g, 2, false)),
        T::HiddenTriple => one(simple::hidden_subsets(g, 3, false)),
        T::HiddenQuadruple => one(simple::hidden_subsets(g, 4, false)),
        T::Skyscraper => one(patterns::skyscrapers(g, false)),
        T::TwoStringKite => one(patterns::two_string_kites(g, options, false)),
        T::EmptyRectangle => one(patterns::empty_rectangles(g, options, false)),
        T::WWing => one(wings::w_wings(g, false)),
        T::XyWing => one(wings::xy_wings(g, false, false)),
        T::XyzWing => one(wings::xy_wings(g, true, false)),
        T::BugPlus1 => uniqueness::bug_plus_one(g),
        T::Uniqueness1
        | T::Uniqueness2
        | T::Uniqueness3
        | T::Uniqueness4
        | T::Uniqueness5
        | T::Uniqueness6
        | T::HiddenRectangle => one(uniqueness::unique_rectangles(g, options, Some(row))),
        T::AvoidableRectangle1 | T::AvoidableRectangle2 => {
            uniqueness::avoidable_rectangles(g, options, row)
        }
        T::SueDeCoq => one(sue_de_coq::sue_de_coq(g, false)),
        T::SimpleColors => one(coloring::simple_colors(g, false)),
        T::MultiColors => one(coloring::multi_colors(g, false)),
        t if fish::fish_type(t).is_some() => {
            fish::first(t, g, ctx.options.max_fins, ctx.options.max_endo_fins, &ctx.templates)
        }
        T::RemotePair => chains::first(g, Kind::RemotePair),
        T::TurbotFish => chains::first(g, Kind::Turbot),
        T::XChain => chains::first(g, Kind::XChain),
        T::XyChain => chains::first(g, Kind::XyChain),
        T::NiceLoop => nice_loops::first(g, false, &ctx.chains),
        T::GroupedNiceLoop => nice_loops::first(g, true, &ctx.chains),
        T::AlsXz => {
            let m = als::cached(g, &ctx.als, options.allow_als_overlap);
            als::xz(&m.alses, false).into_iter().next().map(|f| f.0)
        }
        T::AlsXyWing => {
            let m = als::cached(g, &ctx.als, options.allow_als_overlap);
            als::xy_wing(&m.alses, options.allow_als_overlap, false).into_iter().next().map(|f| f.0)
        }
        T::AlsXyChain => {
            als_chain::first_chain(&als::cached(g, &ctx.als, options.allow_als_overlap).alses)
        }
        T::DeathBlossom => {
            let (o, m) = (options, als::cached(g, &ctx.als, options.allow_als_overlap));
            let list = &m.alses.list;
            let v = als_chain::death_blossoms(
                g,
                list,
                o.allow_als_overlap,
                o.only_one_als_per_step,
                false,
            );
            v.into_iter().next().map(|f| f.0)
        }
        T::ForcingChain => forcing::first(g, false, &ctx.chains),
        T::ForcingNet => forcing::first(g, true, &ctx.chains),
        T::BruteForce => brute_force(g, ctx),
        T::GiveUp => Some(Found {
            technique: T::GiveUp,
            text: "Give Up: Don't know how to proceed!".into(),
            ..Found::default()
        }),
        _ => None,
    }
}

/// Every step of the searches HoDoKu's regression tester runs for library code `code` (its
/// variant selects options for some), on `g`; `None` where this solver has no such search.
pub(crate) fn all(
    technique: T,
    code: &str,
    variant: Option<u32>,
    g: &Grid,
    options: &Options,
) -> Option<Vec<Found>> {
    let _ = technique;
    let naked = || {
        let mut v = simple::all_singles(g, false);
        for n in 2..=4 {
            v.extend(simple::naked_subsets(g, n, true, true));
            v.extend(simple::naked_subsets(g, n, false, true));
        }
        v
    };
    let hidden = || {
        let mut v = simple::all_singles(g, true);
        for n in 2..=4 {
            v.extend(simple::hidden_subsets(g, n, true));
        }
        v
    };
    Some(match code {
        "0000" => simple::all_full_houses(g),
        "0002" | "0210" | "0211" | "0212" => hidden(),
        "0003" | "0200" | "0201" | "0202" => naked(),
        "0110" | "0111" if variant == Some(1) => {
            let mut v = naked();
            v.extend(hidden());
            v
        }
        "0100" | "0101" => {
            let mut v = simple::locked_candidates(g, true, true);
            v.extend(simple::locked_candidates(g, false, true));
            v
        }
        "0400" => patterns::skyscrapers(g, true),
        "0401" | "0404" => {
            let duals = code == "0404";
            patterns::two_string_kites(
                g,
                &Options { allow_duals_and_siamese: duals, ..*options },
                true,
            )
        }
        "0402" | "0405" => {
            let dual = code == "0405";
            let o = Options {
                allow_ers_with_two_candidates: dual
                    || variant == Some(1)
                    || options.allow_ers_with_two_candidates,
                allow_duals_and_siamese: dual || options.allow_duals_and_siamese,
                ..*options
            };
            patterns::empty_rectangles(g, &o, true)
        }
        "0800" | "0801" | "0803" => {
            let mut v = wings::xy_wings(g, true, true);
            v.extend(wings::xy_wings(g, false, true));
            v.extend(wings::w_wings(g, true));
            v
        }
        "0600" | "0601" | "0602" | "0603" | "0604" | "0605" | "0606" | "0607" | "0608" => {
            let missing = match variant {
                Some(1) => false,
                Some(2) => true,
                _ => options.allow_uniqueness_missing_candidates,
            };
            let o = Options { allow_uniqueness_missing_candidates: missing, ..*options };
            uniqueness::all_rectangles(g, &o)
        }
        "0610" => uniqueness::bug_plus_one(g).into_iter().collect(),
        "1101" => sue_de_coq::sue_de_coq(g, true),
        "0500" | "0501" => coloring::simple_colors(g, true),
        "0502" | "0503" => coloring::multi_colors(g, true),
        c if c.starts_with("03") && !c.starts_with("037") => fish_all(technique, g)?,
        "0403" | "0701" | "0702" | "0703" => chains::all(g),
        "0706" | "0707" | "0708" => nice_loops::all(g, false, false),
        "0709" | "0710" | "0711" => {
            // HoDoKu's tester allows ALS nodes for these variants.
            let als = matches!((code, variant), ("0709", Some(2)) | ("0710" | "0711", Some(3 | 4)));
            nice_loops::all(g, true, als)
        }
        "0901" | "0902" | "0903" => {
            // Overlapping ALS only for variant 2 of ALS-XY-Wing and ALS chains.
            let overlap = variant == Some(2) && code != "0901";
            als_chain::all(g, code, overlap)
        }
        "0904" => {
            let list = als::alses(g);
            als::sorted(als_chain::death_blossoms(g, &list, variant == Some(2), false, true))
        }
        "1301" | "1302" => forcing::all(g, false),
        "1303" | "1304" => forcing::all(g, true),
        _ => return None,
    })
}

/// HoDoKu's tester's find-all fish of the technique's size, up to its kind: fins up to 5,
/// endo fins up to 2, siamese fish for sizes 3 and 4.
fn fish_all(technique: T, g: &Grid) -> Option<Vec<Found>> {
    let (size, kind, _, _) = fish::fish_type(technique)?;
    Some(fish::all(g, size, kind, 5, 2, matches!(size, 3 | 4)))
}

/// Guessing, as HoDoKu's last resort: the solution's digit in the middle unsolved cell (the
/// one at position count / 2 of the unsolved cells in order).
fn brute_force(g: &Grid, ctx: &Ctx<'_>) -> Option<Found> {
    let solution = ctx.solution?;
    let open: Vec<u8> = cells(g.unsolved_bits()).collect();
    let cell = *open.get(open.len() / 2)?;
    let digit = solution.get(Cell::new(usize::from(cell))?)?.get();
    Some(Found {
        technique: T::BruteForce,
        values: vec![digit],
        cells: vec![cell],
        placements: vec![(cell, digit)],
        pattern: vec![(cell, digit)],
        text: format!("Brute Force: {}={digit}", text::cell(cell)),
        ..Found::default()
    })
}
