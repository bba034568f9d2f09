//! Child random streams: the one way the workspace derives independent generators from a seed.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The `index`-th child stream of `seed`: the generator of one independent piece of work (a
/// replica, a sample of a rating, a run of a portfolio, the `index`-th puzzle of a list),
/// which depends on `seed` and `index` alone, never on what runs before it or on which thread.
/// It is `Pcg64Mcg::seed_from_u64(child_seed(seed, index))`: see [`child_seed`], the one
/// derivation.
///
/// # Examples
///
/// ```
/// use rand::{Rng, SeedableRng};
///
/// let mut a = tempering::stream(7, 3);
/// let mut b = tempering::stream(7, 3);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert_ne!(tempering::stream(7, 3).next_u64(), tempering::stream(7, 4).next_u64());
/// let mut c = rand_pcg::Pcg64Mcg::seed_from_u64(tempering::child_seed(7, 3));
/// assert_eq!(tempering::stream(7, 3).next_u64(), c.next_u64());
/// ```
#[must_use]
pub fn stream(seed: u64, index: u64) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(child_seed(seed, index))
}

/// The seed of the `index`-th child of `seed`: the one way the workspace derives independent
/// random streams from a seed, for APIs that take a `u64` seed ([`stream`] gives the child's
/// generator itself).
///
/// The children of a seed are seeded by the outputs of the parent
/// `Pcg64Mcg::seed_from_u64(seed)` in order: child `index` takes the parent's `index`-th
/// 64-bit output (0-based), reached by jumping ahead in `O(log index)` steps, and its generator
/// is rand's [`seed_from_u64`](SeedableRng::seed_from_u64) of it. `seed_from_u64` is designed
/// for small seeds ("low Hamming Weight numbers like 0 and 1 can be used and should still
/// result in good, independent seeds"), so seeds 1, 2, 3 and indices 0, 1, 2 are as good as
/// any. Give each purpose its own child (or a child's own children): one stream used for two
/// purposes correlates them.
///
/// The derivation is value-stable: the same `seed` and `index` give the same child in every
/// later version; changing it would change every seeded output, and is announced as such.
///
/// # Examples
///
/// ```
/// use rand::{Rng, SeedableRng};
///
/// // Child 2 is seeded with the parent's third output.
/// let mut parent = rand_pcg::Pcg64Mcg::seed_from_u64(7);
/// let third = [parent.next_u64(), parent.next_u64(), parent.next_u64()][2];
/// assert_eq!(tempering::child_seed(7, 2), third);
/// ```
#[must_use]
pub fn child_seed(seed: u64, index: u64) -> u64 {
    let mut parent = Pcg64Mcg::seed_from_u64(seed);
    parent.advance(u128::from(index));
    parent.next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The derivation is value-stable: these values may never change.
    #[test]
    fn children_are_pinned() {
        let first = |seed, index| stream(seed, index).next_u64();
        assert_eq!(first(0, 0), PINNED[0]);
        assert_eq!(first(1, 0), PINNED[1]);
        assert_eq!(first(1, 1), PINNED[2]);
        assert_eq!(first(u64::MAX, u64::MAX), PINNED[3]);
    }

    const PINNED: [u64; 4] = [
        0xcf59_4894_c5a3_3114,
        0x22e8_818e_5e7c_c69c,
        0x654f_b31f_3441_07e2,
        0xefdd_563a_d73f_7627,
    ];

    #[test]
    fn a_jump_is_the_same_as_drawing() {
        for seed in [0, 1, 5, 1 << 40] {
            let mut parent = Pcg64Mcg::seed_from_u64(seed);
            for index in 0..100 {
                let mut child = Pcg64Mcg::seed_from_u64(parent.next_u64());
                assert_eq!(stream(seed, index).next_u64(), child.next_u64(), "{seed} {index}");
            }
        }
    }
}
