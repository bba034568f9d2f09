//! Runtime choice of the exact search's machine code: a build for AVX-512 CPUs, one for the
//! CPU's bit-manipulation instructions and AVX2 (hardware popcount, `tzcnt`, `andn`, `blsr`),
//! whichever the CPU has, else the portable build. All run the same source
//! ([`crate::exact::Search::run`]), so they visit the same nodes and give the same results;
//! `tests/it/props.rs` and the `solve` fuzz target compare them.
//!
//! The crate's `unsafe` code calls a `#[target_feature]` function: here the `pext` of a band's
//! segments, and in `exact.rs` the search entered in a build ([`crate::exact::Enter`]).

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
        row_segments(x)
    }
}

/// The build for the compilation target's baseline instruction set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Kernel for Portable {}

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
impl Kernel for Bmi {
    const BRANCH_FREE_CLEAR: bool = true;
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
}

/// [`row_segments`] by one `pext`: a segment's three bits or-ed into its lowest,
/// then the lowest bits of the nine segments gathered.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
fn pext_segments(x: u32) -> u32 {
    std::arch::x86_64::_pext_u32(x | x >> 1 | x >> 2, 0o111_111_111)
}

/// For a 9-bit row: which of its three segments are non-empty (3 bits).
const ROW_SEGMENTS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut v = 0;
    while v < 512 {
        t[v] = ((v & 7 != 0) as u32)
            | (((v & 0o70 != 0) as u32) << 1)
            | (((v & 0o700 != 0) as u32) << 2);
        v += 1;
    }
    t
};

/// The segment occupancy of a band mask (bit `r * 3 + k`: row `r` has a cell in box `k`), by
/// three table look-ups.
#[inline(always)]
pub(crate) fn row_segments(x: u32) -> u32 {
    ROW_SEGMENTS[(x & 0x1ff) as usize]
        | ROW_SEGMENTS[((x >> 9) & 0x1ff) as usize] << 3
        | ROW_SEGMENTS[((x >> 18) & 0x1ff) as usize] << 6
}
