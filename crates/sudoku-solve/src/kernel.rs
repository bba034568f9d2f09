//! Runtime choice of the exact search's machine code: a build for AVX-512 CPUs, one for the
//! CPU's bit-manipulation instructions and AVX2 (hardware popcount, `tzcnt`, `andn`, `blsr`),
//! whichever the CPU has, else the portable build. All run the same source ([`Search::run`]),
//! so they visit the same nodes and give the same results; `tests/it/props.rs` and the `solve`
//! fuzz target compare them.
//!
//! This module holds the crate's only `unsafe` code: calling a `#[target_feature]` function.

use crate::board::Board;
use crate::exact::Search;

/// A build of the exact search, for tests, fuzzing and benchmarks
/// ([`Query::with_kernel`](crate::Query::with_kernel)): queries without one run the fastest
/// build this CPU supports ([`SearchKernel::best`]).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SearchKernel {
    /// The build for the compilation target's baseline instruction set.
    Portable,
    /// x86-64 with POPCNT, BMI1, BMI2, LZCNT and AVX2 (x86-64-v3).
    Avx2,
    /// [`SearchKernel::Avx2`] plus AVX-512 (F, BW, VL, DQ, CD).
    Avx512,
}

impl SearchKernel {
    /// Every kernel, slowest first.
    pub const ALL: [SearchKernel; 3] =
        [SearchKernel::Portable, SearchKernel::Avx2, SearchKernel::Avx512];

    /// Whether the running CPU supports this kernel.
    #[must_use]
    pub fn is_available(self) -> bool {
        match self {
            SearchKernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            SearchKernel::Avx2 => Bmi::detect().is_some(),
            #[cfg(target_arch = "x86_64")]
            SearchKernel::Avx512 => Avx512::detect().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The kernels the running CPU supports, slowest first.
    #[must_use]
    pub fn available() -> Vec<SearchKernel> {
        SearchKernel::ALL.into_iter().filter(|k| k.is_available()).collect()
    }

    /// The fastest kernel the running CPU supports.
    #[must_use]
    pub fn best() -> SearchKernel {
        SearchKernel::ALL.into_iter().rev().find(|k| k.is_available()).expect("portable")
    }

    /// The kernel's name: `portable`, `avx2` or `avx512`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SearchKernel::Portable => "portable",
            SearchKernel::Avx2 => "avx2",
            SearchKernel::Avx512 => "avx512",
        }
    }

    /// The kernel of a name (see [`SearchKernel::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<SearchKernel> {
        SearchKernel::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A build of the search. The recursion goes through the kernel so that every level of one
/// search runs in the same build.
pub(crate) trait Kernel: Copy {
    /// Whether the band pass below a search's root clears a mask's newly solved cells from
    /// the band's other digits without first testing that there are any: a few more
    /// instructions every update, no unpredictable branch (half the updates find solved
    /// cells). Worth it where the clearing is a few vector instructions.
    const BRANCH_FREE_CLEAR: bool = false;
    /// With [`Kernel::BRANCH_FREE_CLEAR`]: whether the updated mask is written back in the
    /// vector store that clears the solved cells (a lane select), not by a scalar store after
    /// it. The band's next update then reads its masks from one store of the same width,
    /// which the CPU forwards, where a scalar store inside the vector it reads makes it wait.
    /// A/B (deep searches): 1-3 % faster on the hardest sets with AVX-512 (a masked move), up
    /// to 3 % slower with AVX2 (its lane select costs more).
    const CLEAR_AND_SET: bool = false;
    /// Which of a band mask's 27 cells' nine segments (row `r`, box `k`: bit `r * 3 + k`)
    /// hold a cell, for the band rule.
    #[inline(always)]
    fn segments(self, x: u32) -> u32 {
        crate::board::row_segments(x)
    }
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
    const BRANCH_FREE_CLEAR: bool = true;

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

/// The build for x86-64 CPUs with everything [`Bmi`] needs plus AVX-512 F, BW, VL, DQ and CD.
/// Only [`Avx512::detect`] makes one, after checking that the running CPU has every one of
/// these features.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(());

#[cfg(target_arch = "x86_64")]
impl Avx512 {
    /// The kernel, if this CPU supports it.
    pub(crate) fn detect() -> Option<Avx512> {
        let ok = Bmi::detect().is_some()
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512dq")
            && std::arch::is_x86_feature_detected!("avx512cd");
        ok.then_some(Avx512(()))
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Kernel for Avx512 {
    const BRANCH_FREE_CLEAR: bool = true;
    const CLEAR_AND_SET: bool = true;

    /// One `pext` of the segments' "any cell" bits instead of three table look-ups. Not in
    /// [`Bmi`]: AMD CPUs before Zen 3 run `pext` in microcode, a hundred times slower; every
    /// AVX-512 CPU runs it in three cycles.
    #[inline(always)]
    fn segments(self, x: u32) -> u32 {
        // SAFETY: an `Avx512` exists only when `Avx512::detect` found BMI2 on the running CPU.
        unsafe { pext_segments(x) }
    }

    fn run(self, search: &mut Search, board: &mut Board) {
        // SAFETY: an `Avx512` exists only when `Avx512::detect` found every feature that
        // `avx512_run` enables on the running CPU.
        unsafe { avx512_run(self, search, board) }
    }

    fn start(self, search: &mut Search, cells: &[u8; 81]) {
        // SAFETY: as in `run`.
        unsafe { avx512_start(self, search, cells) }
    }
}

/// [`crate::board::row_segments`] by one `pext`: a segment's three bits or-ed into its lowest,
/// then the lowest bits of the nine segments gathered.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
fn pext_segments(x: u32) -> u32 {
    std::arch::x86_64::_pext_u32(x | x >> 1 | x >> 2, 0o111_111_111)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "popcnt,bmi1,bmi2,lzcnt,avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512cd"
)]
fn avx512_run(kernel: Avx512, search: &mut Search, board: &mut Board) {
    search.run(kernel, board);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "popcnt,bmi1,bmi2,lzcnt,avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512cd"
)]
fn avx512_start(kernel: Avx512, search: &mut Search, cells: &[u8; 81]) {
    search.start_at(kernel, cells);
}

/// Runs a search on a puzzle's cells with `kernel`.
///
/// # Panics
///
/// If the running CPU does not support `kernel`.
pub(crate) fn start(search: &mut Search, cells: &[u8; 81], kernel: SearchKernel) {
    match kernel {
        SearchKernel::Portable => Portable.start(search, cells),
        #[cfg(target_arch = "x86_64")]
        SearchKernel::Avx2 => Bmi::detect().expect("an AVX2 CPU").start(search, cells),
        #[cfg(target_arch = "x86_64")]
        SearchKernel::Avx512 => Avx512::detect().expect("an AVX-512 CPU").start(search, cells),
        #[cfg(not(target_arch = "x86_64"))]
        _ => panic!("the {} kernel needs an x86-64 CPU", kernel.name()),
    }
}

/// Runs a search on a puzzle's cells with the fastest kernel this CPU supports.
#[inline]
pub(crate) fn start_best(search: &mut Search, cells: &[u8; 81]) {
    #[cfg(target_arch = "x86_64")]
    {
        if let Some(k) = Avx512::detect() {
            return k.start(search, cells);
        }
        if let Some(k) = Bmi::detect() {
            return k.start(search, cells);
        }
    }
    Portable.start(search, cells);
}

/// Runs a search on pencil marks (each cell's candidates as 9 bits) with `kernel`: the root
/// board is propagated in portable code, the search below it in the kernel's build.
///
/// # Panics
///
/// If the running CPU does not support `kernel`.
pub(crate) fn start_marks(search: &mut Search, cells: &[u16; 81], kernel: SearchKernel) {
    match kernel {
        SearchKernel::Portable => search.start_marks(Portable, cells),
        #[cfg(target_arch = "x86_64")]
        SearchKernel::Avx2 => search.start_marks(Bmi::detect().expect("an AVX2 CPU"), cells),
        #[cfg(target_arch = "x86_64")]
        SearchKernel::Avx512 => {
            search.start_marks(Avx512::detect().expect("an AVX-512 CPU"), cells);
        }
        #[cfg(not(target_arch = "x86_64"))]
        _ => panic!("the {} kernel needs an x86-64 CPU", kernel.name()),
    }
}
