//! The fish types HoDoKu 2.2.4 names: basic, finned, sashimi, Franken and Mutant fish of two
//! to seven units, each a technique of the step table, and the technique a fish's units and
//! fins make.

use crate::hodoku::HodokuTechnique as T;

/// Which units a fish may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Rows against columns.
    Basic,
    /// Rows and boxes against columns and boxes (or columns against rows).
    Franken,
    /// Any unit on either side.
    Mutant,
}

/// Every fish type: (technique, size, kind, finned, sashimi).
pub(crate) const TYPES: [(T, u8, Kind, bool, bool); 42] = {
    use Kind::{Basic as B, Franken as F, Mutant as M};
    [
        (T::XWing, 2, B, false, false),
        (T::Swordfish, 3, B, false, false),
        (T::Jellyfish, 4, B, false, false),
        (T::Squirmbag, 5, B, false, false),
        (T::Whale, 6, B, false, false),
        (T::Leviathan, 7, B, false, false),
        (T::FinnedXWing, 2, B, true, false),
        (T::FinnedSwordfish, 3, B, true, false),
        (T::FinnedJellyfish, 4, B, true, false),
        (T::FinnedSquirmbag, 5, B, true, false),
        (T::FinnedWhale, 6, B, true, false),
        (T::FinnedLeviathan, 7, B, true, false),
        (T::SashimiXWing, 2, B, true, true),
        (T::SashimiSwordfish, 3, B, true, true),
        (T::SashimiJellyfish, 4, B, true, true),
        (T::SashimiSquirmbag, 5, B, true, true),
        (T::SashimiWhale, 6, B, true, true),
        (T::SashimiLeviathan, 7, B, true, true),
        (T::FrankenXWing, 2, F, false, false),
        (T::FrankenSwordfish, 3, F, false, false),
        (T::FrankenJellyfish, 4, F, false, false),
        (T::FrankenSquirmbag, 5, F, false, false),
        (T::FrankenWhale, 6, F, false, false),
        (T::FrankenLeviathan, 7, F, false, false),
        (T::FinnedFrankenXWing, 2, F, true, false),
        (T::FinnedFrankenSwordfish, 3, F, true, false),
        (T::FinnedFrankenJellyfish, 4, F, true, false),
        (T::FinnedFrankenSquirmbag, 5, F, true, false),
        (T::FinnedFrankenWhale, 6, F, true, false),
        (T::FinnedFrankenLeviathan, 7, F, true, false),
        (T::MutantXWing, 2, M, false, false),
        (T::MutantSwordfish, 3, M, false, false),
        (T::MutantJellyfish, 4, M, false, false),
        (T::MutantSquirmbag, 5, M, false, false),
        (T::MutantWhale, 6, M, false, false),
        (T::MutantLeviathan, 7, M, false, false),
        (T::FinnedMutantXWing, 2, M, true, false),
        (T::FinnedMutantSwordfish, 3, M, true, false),
        (T::FinnedMutantJellyfish, 4, M, true, false),
        (T::FinnedMutantSquirmbag, 5, M, true, false),
        (T::FinnedMutantWhale, 6, M, true, false),
        (T::FinnedMutantLeviathan, 7, M, true, false),
    ]
};

/// The fish type of technique `t`: (size, kind, finned, sashimi).
pub(crate) fn fish_type(t: T) -> Option<(u8, Kind, bool, bool)> {
    TYPES.iter().find(|e| e.0 == t).map(|e| (e.1, e.2, e.3, e.4))
}

/// The technique of a fish: its size, the kind its units make, whether it was found with
/// fins and whether it is sashimi (basic fish only).
pub(crate) fn technique(size: u8, kind: Kind, finned: bool, sashimi: bool) -> T {
    let finned = finned || sashimi;
    let sashimi = sashimi && kind == Kind::Basic;
    TYPES
        .iter()
        .find(|e| e.1 == size && e.2 == kind && e.3 == finned && e.4 == sashimi)
        .map_or(T::XWing, |e| e.0)
}
