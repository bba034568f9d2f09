//! A chain hint as a step of the solving path: its technique, its removals and placement,
//! its chains as implications in the order Sudoku Explainer lists them.

use sudoku_core::{Candidate, CandidateGrid};

use super::potential::{Arena, Cause, LiteralSet, Pot};
use super::rank::{ChainHint, Kind};
use super::{Family, Links};
use crate::step::{Chain, Implication, Literal, Reason};
use crate::{Step, Technique};

/// A one-line account of a hint (for nested chains in explanations).
pub(crate) fn describe(h: &ChainHint) -> String {
    let removed: Vec<String> =
        h.removable.iter().map(|&c| format!("{}<>{}", c.cell(), c.digit())).collect();
    format!("{} => {}", technique(h), removed.join(", "))
}

/// The technique of a hint.
pub(crate) fn technique(h: &ChainHint) -> Technique {
    match (h.kind, h.family) {
        (Kind::Cycle(Links::XY), _) => Technique::BidirectionalCycle,
        (Kind::Cycle(Links::Y), _) => Technique::BidirectionalYCycle,
        (Kind::Cycle(Links::X), _) => Technique::BidirectionalXCycle,
        (Kind::Forcing(Links::XY), _) => Technique::ForcingChain,
        (Kind::Forcing(_), _) => Technique::ForcingXChain,
        (Kind::Binary { .. }, Family::Nishio) => Technique::NishioForcingChain,
        (Kind::Binary { absurd: true }, f) => {
            Technique::DynamicContradictionForcingChain(f.level())
        }
        (Kind::Binary { absurd: false }, f) => Technique::DynamicDoubleForcingChain(f.level()),
        (Kind::Cell(_), f) if f.is_dynamic() => Technique::DynamicCellForcingChain(f.level()),
        (Kind::Cell(_), _) => Technique::CellForcingChain,
        (Kind::Region(..), f) if f.is_dynamic() => Technique::DynamicRegionForcingChain(f.level()),
        (Kind::Region(..), _) => Technique::RegionForcingChain,
    }
}

/// The literal of a potential.
fn literal(arena: &Arena, p: Pot) -> Literal {
    let node = arena.node(p);
    Literal { candidate: Candidate::new(node.cand.cell(), node.cand.digit()), on: node.on }
}

/// A chain as implications in dependency order, the target's last.
fn explain_chain(arena: &Arena, target: Pot) -> Chain {
    let mut order = Vec::new();
    let mut seen = LiteralSet::default();
    // Depth first, parents before children, as Sudoku Explainer lists them.
    let mut stack = vec![(target, false)];
    while let Some((n, expanded)) = stack.pop() {
        if expanded {
            if seen.insert(arena, n) {
                order.push(n);
            }
            continue;
        }
        if seen.contains(arena, n) {
            continue;
        }
        stack.push((n, true));
        for &p in arena.parents(n).iter().rev() {
            stack.push((p, false));
        }
    }
    let mut implications = Vec::new();
    for n in order {
        let node = arena.node(n);
        let premises: Vec<Literal> = arena.parents(n).iter().map(|&p| literal(arena, p)).collect();
        let reason = match node.cause {
            Cause::Assumed => Reason::Assumption,
            Cause::Cell => Reason::Cell,
            Cause::Unit(u) => Reason::Unit(u),
            Cause::Rule(t) => Reason::Technique(t.to_string()),
            Cause::Nested(id) => Reason::Technique(
                arena.nested.get(id as usize).map_or_else(String::new, |x| x.text.clone()),
            ),
        };
        if premises.is_empty() && node.cause != Cause::Assumed {
            continue;
        }
        implications.push(Implication { premises, conclusion: literal(arena, n), reason });
    }
    Chain { implications }
}

/// The hint as a step of the solving path, on the grid it was found on.
pub(crate) fn step(arena: &Arena, grid: &CandidateGrid, h: &ChainHint) -> Step {
    let mut step = Step::new(technique(h));
    step.difficulty = h.difficulty;
    for &c in &h.removable {
        step.eliminations.push(Candidate::new(c.cell(), c.digit()));
    }
    if let Some(c) = h.placed {
        step.placements.push(Candidate::new(c.cell(), c.digit()));
    }
    match h.kind {
        Kind::Region(u, _) => step.units.push(u),
        Kind::Cell(cell) => {
            for d in grid.candidates(cell) {
                step.pattern.push(Candidate::new(cell, d));
            }
        }
        _ => {}
    }
    let targets: &[Pot] = match h.kind {
        // The reversed loop says the same.
        Kind::Cycle(_) => &h.targets[..1],
        _ => &h.targets,
    };
    for &t in targets {
        let mut chain = explain_chain(arena, t);
        if let Kind::Cycle(_) = h.kind {
            // The loop closes on its start, which the walk met first and listed once.
            let close = arena.first_parent(t).map(|p| literal(arena, p));
            if let Some(p) = close {
                let reason = match arena.node(t).cause {
                    Cause::Unit(u) => Reason::Unit(u),
                    _ => Reason::Cell,
                };
                chain.implications.push(Implication {
                    premises: vec![p],
                    conclusion: literal(arena, t),
                    reason,
                });
            }
        }
        if step.pattern.is_empty() || !matches!(h.kind, Kind::Cell(_)) {
            for imp in &chain.implications {
                if imp.reason == Reason::Assumption {
                    step.pattern.push(imp.conclusion.candidate);
                }
            }
        }
        step.chains.push(chain);
    }
    step.pattern.sort();
    step.pattern.dedup();
    step
}
