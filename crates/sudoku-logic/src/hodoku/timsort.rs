//! The stable sort HoDoKu's step lists go through (Java's `Collections.sort`: TimSort with
//! runs of at least 16-32 elements extended by binary insertion, galloping merges), so that
//! comparators which are not consistent orders (HoDoKu's step orders call two different steps
//! "equal" when their weighted sums tie, yet order equivalent ones by chain length) give
//! exactly HoDoKu's order. Our own implementation of the published algorithm. Also the
//! weighted index sum those step orders compare.

use std::cmp::Ordering;

/// HoDoKu's weighted index sum of an elimination list `(cell, digit)` in list order: the
/// `k`-th elimination counts `cell * (1 + 80 * k) + digit`.
pub(crate) fn index_sum(elims: impl IntoIterator<Item = (u8, u8)>) -> i64 {
    elims
        .into_iter()
        .enumerate()
        .map(|(k, (c, d))| i64::from(c) * (1 + 80 * k as i64) + i64::from(d))
        .sum()
}

/// Below this length a list is sorted by binary insertion alone.
const MIN_MERGE: usize = 32;
/// Initial threshold for entering galloping mode.
const MIN_GALLOP: usize = 7;

/// Sorts `v` stably with `cmp` exactly as Java's TimSort orders it, comparison for comparison.
pub(crate) fn sort<T: Copy>(v: &mut [T], cmp: impl FnMut(&T, &T) -> Ordering) {
    let n = v.len();
    if n < 2 {
        return;
    }
    let mut ts = TimSort { a: v, cmp, tmp: Vec::new(), min_gallop: MIN_GALLOP, runs: Vec::new() };
    if n < MIN_MERGE {
        let run = ts.count_run_and_make_ascending(0, n);
        ts.binary_sort(0, n, run);
        return;
    }
    let min_run = min_run_length(n);
    let (mut lo, mut remaining) = (0, n);
    while remaining != 0 {
        let mut run = ts.count_run_and_make_ascending(lo, lo + remaining);
        if run < min_run {
            let force = remaining.min(min_run);
            ts.binary_sort(lo, lo + force, lo + run);
            run = force;
        }
        ts.runs.push((lo, run));
        ts.merge_collapse();
        lo += run;
        remaining -= run;
    }
    ts.merge_force_collapse();
}

/// The minimum run length for a list of `n` elements (`n` >= 32).
fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

struct TimSort<'a, T, F> {
    a: &'a mut [T],
    cmp: F,
    tmp: Vec<T>,
    min_gallop: usize,
    /// Pending runs: (base, length).
    runs: Vec<(usize, usize)>,
}

impl<T: Copy, F: FnMut(&T, &T) -> Ordering> TimSort<'_, T, F> {
    fn lt(&mut self, x: &T, y: &T) -> bool {
        (self.cmp)(x, y) == Ordering::Less
    }

    /// Sorts `a[lo..hi]` by binary insertion, `a[lo..start]` being sorted already.
    fn binary_sort(&mut self, lo: usize, hi: usize, mut start: usize) {
        if start == lo {
            start += 1;
        }
        while start < hi {
            let pivot = self.a[start];
            let (mut left, mut right) = (lo, start);
            while left < right {
                let mid = (left + right) / 2;
                let m = self.a[mid];
                if self.lt(&pivot, &m) {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            self.a.copy_within(left..start, left + 1);
            self.a[left] = pivot;
            start += 1;
        }
    }

    /// The length of the run starting at `lo`; a strictly descending run is reversed.
    fn count_run_and_make_ascending(&mut self, lo: usize, hi: usize) -> usize {
        let mut run_hi = lo + 1;
        if run_hi == hi {
            return 1;
        }
        let (x, y) = (self.a[run_hi], self.a[lo]);
        run_hi += 1;
        if self.lt(&x, &y) {
            while run_hi < hi {
                let (x, y) = (self.a[run_hi], self.a[run_hi - 1]);
                if !self.lt(&x, &y) {
                    break;
                }
                run_hi += 1;
            }
            self.a[lo..run_hi].reverse();
        } else {
            while run_hi < hi {
                let (x, y) = (self.a[run_hi], self.a[run_hi - 1]);
                if self.lt(&x, &y) {
                    break;
                }
                run_hi += 1;
            }
        }
        run_hi - lo
    }

    fn merge_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let len = |k: usize| self.runs[k].1;
            if (n > 0 && len(n - 1) <= len(n) + len(n + 1))
                || (n > 1 && len(n - 2) <= len(n) + len(n - 1))
            {
                if len(n - 1) < len(n + 1) {
                    n -= 1;
                }
            } else if len(n) > len(n + 1) {
                break;
            }
            self.merge_at(n);
        }
    }

    fn merge_force_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(n);
        }
    }

    /// Merges runs `i` and `i + 1`.
    fn merge_at(&mut self, i: usize) {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let key = self.a[base2];
        let k = self.gallop_right(key, Src::A, base1, len1, 0);
        base1 += k;
        len1 -= k;
        if len1 == 0 {
            return;
        }
        let key = self.a[base1 + len1 - 1];
        len2 = self.gallop_left(key, Src::A, base2, len2, len2 - 1);
        if len2 == 0 {
            return;
        }
        if len1 <= len2 {
            self.merge_lo(base1, len1, base2, len2);
        } else {
            self.merge_hi(base1, len1, base2, len2);
        }
    }

    fn at(&self, src: Src, i: usize) -> T {
        match src {
            Src::A => self.a[i],
            Src::Tmp => self.tmp[i],
        }
    }

    /// The position in the sorted range where `key` goes, before any equal element.
    fn gallop_left(&mut self, key: T, src: Src, base: usize, len: usize, hint: usize) -> usize {
        let (mut last_ofs, mut ofs) = (0usize, 1usize);
        let h = self.at(src, base + hint);
        if (self.cmp)(&key, &h) == Ordering::Greater {
            let max_ofs = len - hint;
            while ofs < max_ofs {
                let x = self.at(src, base + hint + ofs);
                if (self.cmp)(&key, &x) != Ordering::Greater {
                    break;
                }
                last_ofs = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max_ofs);
            last_ofs += hint;
            ofs += hint;
        } else {
            let max_ofs = hint + 1;
            while ofs < max_ofs {
                let x = self.at(src, base + hint - ofs);
                if (self.cmp)(&key, &x) == Ordering::Greater {
                    break;
                }
                last_ofs = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max_ofs);
            let t = last_ofs;
            // Offsets below the range's start are kept as signed arithmetic.
            let lo = hint as isize - ofs as isize;
            ofs = hint - t;
            return self.gallop_finish_left(key, src, base, lo, ofs);
        }
        self.gallop_finish_left(key, src, base, last_ofs as isize, ofs)
    }

    fn gallop_finish_left(
        &mut self,
        key: T,
        src: Src,
        base: usize,
        last_ofs: isize,
        mut ofs: usize,
    ) -> usize {
        let mut lo = (last_ofs + 1) as usize;
        while lo < ofs {
            let m = lo + (ofs - lo) / 2;
            let x = self.at(src, base + m);
            if (self.cmp)(&key, &x) == Ordering::Greater {
                lo = m + 1;
            } else {
                ofs = m;
            }
        }
        ofs
    }

    /// The position in the sorted range where `key` goes, after every equal element.
    fn gallop_right(&mut self, key: T, src: Src, base: usize, len: usize, hint: usize) -> usize {
        let (mut last_ofs, mut ofs) = (0usize, 1usize);
        let h = self.at(src, base + hint);
        let lo: isize;
        if self.lt(&key, &h) {
            let max_ofs = hint + 1;
            while ofs < max_ofs {
                let x = self.at(src, base + hint - ofs);
                if !self.lt(&key, &x) {
                    break;
                }
                last_ofs = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max_ofs);
            let t = last_ofs;
            lo = hint as isize - ofs as isize;
            ofs = hint - t;
        } else {
            let max_ofs = len - hint;
            while ofs < max_ofs {
                let x = self.at(src, base + hint + ofs);
                if self.lt(&key, &x) {
                    break;
                }
                last_ofs = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max_ofs);
            lo = (last_ofs + hint) as isize;
            ofs += hint;
        }
        let mut lo = (lo + 1) as usize;
        while lo < ofs {
            let m = lo + (ofs - lo) / 2;
            let x = self.at(src, base + m);
            if self.lt(&key, &x) {
                ofs = m;
            } else {
                lo = m + 1;
            }
        }
        ofs
    }

    /// Merges two adjacent runs, the first no longer than the second, from the left.
    fn merge_lo(&mut self, base1: usize, mut len1: usize, base2: usize, mut len2: usize) {
        self.tmp.clear();
        self.tmp.extend_from_slice(&self.a[base1..base1 + len1]);
        let (mut c1, mut c2, mut dest) = (0usize, base2, base1);
        self.a[dest] = self.a[c2];
        dest += 1;
        c2 += 1;
        len2 -= 1;
        if len2 == 0 {
            self.a[dest..dest + len1].copy_from_slice(&self.tmp[c1..c1 + len1]);
            return;
        }
        if len1 == 1 {
            self.a.copy_within(c2..c2 + len2, dest);
            self.a[dest + len2] = self.tmp[c1];
            return;
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                let (x, y) = (self.a[c2], self.tmp[c1]);
                if self.lt(&x, &y) {
                    self.a[dest] = x;
                    dest += 1;
                    c2 += 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    self.a[dest] = y;
                    dest += 1;
                    c1 += 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                let key = self.a[c2];
                count1 = self.gallop_right(key, Src::Tmp, c1, len1, 0);
                if count1 != 0 {
                    self.a[dest..dest + count1].copy_from_slice(&self.tmp[c1..c1 + count1]);
                    dest += count1;
                    c1 += count1;
                    len1 -= count1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                self.a[dest] = self.a[c2];
                dest += 1;
                c2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                let key = self.tmp[c1];
                count2 = self.gallop_left(key, Src::A, c2, len2, 0);
                if count2 != 0 {
                    self.a.copy_within(c2..c2 + count2, dest);
                    dest += count2;
                    c2 += count2;
                    len2 -= count2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                self.a[dest] = self.tmp[c1];
                dest += 1;
                c1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop = min_gallop.saturating_sub(1);
                if !(count1 >= MIN_GALLOP || count2 >= MIN_GALLOP) {
                    break;
                }
            }
            min_gallop += 2;
        }
        self.min_gallop = min_gallop.max(1);
        if len1 == 1 {
            self.a.copy_within(c2..c2 + len2, dest);
            self.a[dest + len2] = self.tmp[c1];
        } else if len1 > 0 {
            self.a[dest..dest + len1].copy_from_slice(&self.tmp[c1..c1 + len1]);
        }
    }

    /// Merges two adjacent runs, the first longer than the second, from the right.
    fn merge_hi(&mut self, base1: usize, mut len1: usize, base2: usize, mut len2: usize) {
        self.tmp.clear();
        self.tmp.extend_from_slice(&self.a[base2..base2 + len2]);
        // Cursors are one past the element they point at, to stay unsigned.
        let (mut c1, mut c2, mut dest) = (base1 + len1, len2, base2 + len2);
        dest -= 1;
        c1 -= 1;
        self.a[dest] = self.a[c1];
        len1 -= 1;
        if len1 == 0 {
            self.a[dest - len2..dest].copy_from_slice(&self.tmp[..len2]);
            return;
        }
        if len2 == 1 {
            dest -= len1;
            c1 -= len1;
            self.a.copy_within(c1..c1 + len1, dest);
            self.a[dest - 1] = self.tmp[c2 - 1];
            return;
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                let (x, y) = (self.tmp[c2 - 1], self.a[c1 - 1]);
                if self.lt(&x, &y) {
                    dest -= 1;
                    c1 -= 1;
                    self.a[dest] = y;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    dest -= 1;
                    c2 -= 1;
                    self.a[dest] = x;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                let key = self.tmp[c2 - 1];
                count1 = len1 - self.gallop_right(key, Src::A, base1, len1, len1 - 1);
                if count1 != 0 {
                    dest -= count1;
                    c1 -= count1;
                    len1 -= count1;
                    self.a.copy_within(c1..c1 + count1, dest);
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                dest -= 1;
                c2 -= 1;
                self.a[dest] = self.tmp[c2];
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                let key = self.a[c1 - 1];
                count2 = len2 - self.gallop_left(key, Src::Tmp, 0, len2, len2 - 1);
                if count2 != 0 {
                    dest -= count2;
                    c2 -= count2;
                    len2 -= count2;
                    self.a[dest..dest + count2].copy_from_slice(&self.tmp[c2..c2 + count2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                dest -= 1;
                c1 -= 1;
                self.a[dest] = self.a[c1];
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop = min_gallop.saturating_sub(1);
                if !(count1 >= MIN_GALLOP || count2 >= MIN_GALLOP) {
                    break;
                }
            }
            min_gallop += 2;
        }
        self.min_gallop = min_gallop.max(1);
        if len2 == 1 {
            dest -= len1;
            c1 -= len1;
            self.a.copy_within(c1..c1 + len1, dest);
            self.a[dest - 1] = self.tmp[c2 - 1];
        } else if len2 > 0 {
            self.a[dest - len2..dest].copy_from_slice(&self.tmp[..len2]);
        }
    }
}

/// Which array a gallop reads.
#[derive(Clone, Copy)]
enum Src {
    A,
    Tmp,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator.
    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn sorts_stably_like_a_merge_sort_for_consistent_orders() {
        let mut seed = 7;
        for n in [0usize, 1, 2, 5, 31, 32, 33, 64, 100, 257, 1000, 5000] {
            for range in [2u64, 10, 1000] {
                let v: Vec<(u64, usize)> = (0..n).map(|i| (lcg(&mut seed) % range, i)).collect();
                let mut ours = v.clone();
                sort(&mut ours, |a, b| a.0.cmp(&b.0));
                let mut std = v.clone();
                std.sort_by_key(|a| a.0);
                assert_eq!(ours, std, "n {n} range {range}");
            }
        }
        // Runs already in order, and descending runs.
        let mut v: Vec<(u64, usize)> = (0..300).map(|i| ((i % 50) as u64, i)).collect();
        let mut std = v.clone();
        sort(&mut v, |a, b| a.0.cmp(&b.0));
        std.sort_by_key(|a| a.0);
        assert_eq!(v, std);
        let mut v: Vec<(u64, usize)> = (0..300).map(|i| ((300 - i) as u64 / 3, i)).collect();
        let mut std = v.clone();
        sort(&mut v, |a, b| a.0.cmp(&b.0));
        std.sort_by_key(|a| a.0);
        assert_eq!(v, std);
    }
}
