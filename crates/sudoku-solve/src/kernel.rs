//! Runtime choice of the exact search's machine code: a build for the CPU's bit-manipulation
//! instructions (hardware popcount, `tzcnt`, `andn`, `blsr`, AVX2 copies) where the CPU has them,
//! else the portable build. Both run the same source ([`Search::run`]), so they visit the same
//! nodes and give the same results; `tests/it/props.rs` and the `solve` fuzz target compare
//! them.
//!
//! This module holds the crate's only `unsafe` code: calling a `#[target_feature]` function.

use crate::board::Board;
use crate::exact::Search;

/// A build of the search. The recursion goes through the kernel so that every level of one
/// search runs in the same build.
pub(crate) trait Kernel: Copy {
    /// Searches below a propagated board.
    fn run(self, search: &mut Search, board: &mut Board);
    /// Builds and propagates the root board of a puzzle's cells, then searches below it.
    fn start(self, search: &mut Search, cells: &[u8; 81]);
}

/// The build for the compilation target's baseline instruction set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Kernel for Portable {
    fn run(self, search: &mut Search, board: &mut Board) {
        search.run(self, board);
    }

    fn start(self, search: &mut Search, cells: &[u8; 81]) {
        search.start_at(self, cells);
    }
}

/// The build for x86-64 CPUs with POPCNT, BMI1, BMI2, LZCNT and AVX2. Only [`Bmi::detect`]
/// makes one, after checking that the running CPU has every one of these features.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bmi(());

#[cfg(target_arch = "x86_64")]
impl Bmi {
    /// The kernel, if this CPU supports it.
    pub(crate) fn detect() -> Option<Bmi> {
        let ok = std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("avx2");
        ok.then_some(Bmi(()))
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Kernel for Bmi {
    fn run(self, search: &mut Search, board: &mut Board) {
        // SAFETY: a `Bmi` exists only when `Bmi::detect` found every feature that `bmi_run`
        // enables on the running CPU.
        unsafe { bmi_run(self, search, board) }
    }

    fn start(self, search: &mut Search, cells: &[u8; 81]) {
        // SAFETY: as in `run`.
        unsafe { bmi_start(self, search, cells) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
fn bmi_run(kernel: Bmi, search: &mut Search, board: &mut Board) {
    search.run(kernel, board);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
fn bmi_start(kernel: Bmi, search: &mut Search, cells: &[u8; 81]) {
    search.start_at(kernel, cells);
}

/// Runs a search on a puzzle's cells with the fastest kernel this CPU supports, or the portable
/// one if `portable` is set.
pub(crate) fn start(search: &mut Search, cells: &[u8; 81], portable: bool) {
    #[cfg(target_arch = "x86_64")]
    if !portable && let Some(k) = Bmi::detect() {
        return k.start(search, cells);
    }
    let _ = portable;
    Portable.start(search, cells);
}
