//! The priority queue of both searches: Dial's buckets for the keys just ahead, a radix
//! heap for the rest.
//!
//! Based on: Robert B. Dial, "Algorithm 360: shortest-path forest with topological
//! ordering", Comm. ACM 12(11), 1969 (<https://doi.org/10.1145/363269.363610>): one bucket
//! per key, taken in key order, the buckets reused round a ring as the keys grow. The ring
//! is sized to the largest step of the search (4 buckets for steps of 2 and 3, at most
//! [`MAX_RING`]), so every push of a plain step goes to a bucket in O(1) and the buckets
//! stop allocating after the first few keys; a key further ahead (a large extra cost) waits
//! in the [radix heap](super::radix_heap), which keeps the queue exact and its work bounded
//! for any `u64` key.
//!
//! Like the radix heap it is *monotone*: no key pushed may be smaller than the last key
//! popped (a smaller one is queued at that last key). Items of equal key come out in an
//! order fixed by the pushes (the last pushed first within a bucket), never by chance.

use super::radix_heap::RadixHeap;

/// The most keys ahead of the current one the buckets cover: one bit each in a `u64`.
const MAX_RING: u32 = 64;

/// A monotone priority queue of `(key, item)` pairs, smallest key first.
#[derive(Debug, Clone)]
pub(crate) struct BucketQueue {
    /// The last key popped: every key queued is at least this, and the buckets hold keys
    /// below `current + ring` only.
    current: u64,
    /// How many buckets are in use: a power of two, at most `MAX_RING`.
    ring: u64,
    /// Bit `k % ring` set when the bucket of key `k` is not empty.
    filled: u64,
    /// The items of key `k` in bucket `k % ring`.
    buckets: [Vec<u32>; MAX_RING as usize],
    /// Keys at least `ring` ahead of `current` when pushed.
    far: RadixHeap,
}

impl Default for BucketQueue {
    fn default() -> BucketQueue {
        BucketQueue {
            current: 0,
            ring: u64::from(MAX_RING),
            filled: 0,
            buckets: std::array::from_fn(|_| Vec::new()),
            far: RadixHeap::default(),
        }
    }
}

impl BucketQueue {
    /// Empties the queue, keeping its memory, for a search whose keys grow by at most
    /// `largest_step` from one pop to the pushes it makes; the next pushes may start from
    /// any key.
    pub(crate) fn clear(&mut self, largest_step: u32) {
        for (b, bucket) in self.buckets.iter_mut().enumerate() {
            if self.filled & (1 << b) != 0 {
                bucket.clear();
            }
        }
        self.filled = 0;
        self.current = 0;
        self.ring = u64::from(
            largest_step
                .saturating_add(1)
                .checked_next_power_of_two()
                .unwrap_or(MAX_RING)
                .clamp(2, MAX_RING),
        );
        self.far.clear();
    }

    /// True when no item is queued.
    pub(crate) fn is_empty(&self) -> bool {
        self.filled == 0 && self.far.is_empty()
    }

    /// Queues `item` at `key` (at the last key popped, if `key` is below it).
    #[inline]
    pub(crate) fn push(&mut self, key: u64, item: u32) {
        let key = key.max(self.current);
        if key - self.current < self.ring {
            // Masked to the array as well: no bounds test.
            let b = key & (self.ring - 1) & u64::from(MAX_RING - 1);
            self.buckets[b as usize].push(item);
            self.filled |= 1 << b;
        } else {
            self.far.push(key, item);
        }
    }

    /// Takes every item of the smallest key into `level` (emptied first, its memory
    /// swapped with the bucket's) and returns that key; `None` when the queue is empty.
    /// Dial's algorithm works through a whole key at once this way: steps cost at least
    /// 1, so nothing is pushed at the key being worked through.
    pub(crate) fn pop_level(&mut self, level: &mut Vec<u32>) -> Option<u64> {
        level.clear();
        let near = self.near_key();
        let far = if self.far.is_empty() {
            None
        } else {
            self.far.peek_key()
        };
        let key = match (near, far) {
            (Some(n), Some(f)) => n.min(f),
            (Some(n), None) => n,
            (None, Some(f)) => f,
            (None, None) => return None,
        };
        if near == Some(key) {
            let b = key & (self.ring - 1);
            if let Some(bucket) = self.buckets.get_mut(b as usize) {
                std::mem::swap(bucket, level);
                self.filled &= !(1 << b);
            }
        }
        while !self.far.is_empty() && self.far.peek_key() == Some(key) {
            match self.far.pop() {
                Some((_, item)) => level.push(item),
                None => break,
            }
        }
        self.current = key;
        Some(key)
    }

    /// The smallest key in the buckets.
    #[inline(always)]
    fn near_key(&self) -> Option<u64> {
        (self.filled != 0).then(|| {
            // The first filled bucket from the current one on, round the ring.
            let here = self.current & (self.ring - 1);
            let from_here = self.filled >> here;
            let ahead = if from_here != 0 {
                u64::from(from_here.trailing_zeros())
            } else {
                self.ring - here + u64::from(self.filled.trailing_zeros())
            };
            self.current + ahead
        })
    }

    /// Takes an item of the smallest key.
    #[inline(always)] // once per cell a search expands
    pub(crate) fn pop(&mut self) -> Option<(u64, u32)> {
        let near = self.near_key();
        let far = if self.far.is_empty() {
            None
        } else {
            self.far.peek_key()
        };
        match (near, far) {
            (Some(key), None) => self.pop_near(key),
            (Some(key), Some(f)) if key <= f => self.pop_near(key),
            (_, Some(_)) => {
                // Every bucket's key is above this one, and below the old current + ring,
                // so within a ring of the new current too.
                let (key, item) = self.far.pop()?;
                self.current = key;
                Some((key, item))
            }
            (None, None) => None,
        }
    }

    /// Takes an item of `key`, the smallest key, from its bucket.
    #[inline(always)]
    fn pop_near(&mut self, key: u64) -> Option<(u64, u32)> {
        let b = key & (self.ring - 1) & u64::from(MAX_RING - 1);
        let bucket = &mut self.buckets[b as usize];
        let item = bucket.pop()?;
        if bucket.is_empty() {
            self.filled &= !(1 << b);
        }
        self.current = key;
        Some((key, item))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_key_order_near_and_far() {
        for ring_for in [1, 3, 5, 63, 64, 1000, u32::MAX] {
            pops_in_key_order_with(ring_for);
        }
    }

    fn pops_in_key_order_with(largest_step: u32) {
        let mut queue = BucketQueue::default();
        queue.clear(largest_step);
        let mut keys: Vec<u64> = (0..3000u64)
            .map(|i| match i % 4 {
                0 => i % 7,
                1 => i.wrapping_mul(2_654_435_761) % 500,
                2 => i.wrapping_mul(2_654_435_761) % (1 << 32),
                _ => i.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            })
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            queue.push(k, i as u32);
        }
        keys.sort_unstable();
        let popped: Vec<u64> = std::iter::from_fn(|| queue.pop()).map(|(k, _)| k).collect();
        assert_eq!(popped, keys);
    }

    #[test]
    fn interleaved_pushes_stay_in_order() {
        for largest_step in [1, 4, 7, 64, 999] {
            interleaved_pushes_stay_in_order_with(largest_step);
        }
    }

    /// Dijkstra-like: pop a key, push a few keys a little or far ahead of it.
    fn interleaved_pushes_stay_in_order_with(largest_step: u32) {
        let mut queue = BucketQueue::default();
        queue.clear(largest_step);
        let mut reference = std::collections::BinaryHeap::new();
        let mut x = 12345u64;
        queue.push(0, 0);
        reference.push(std::cmp::Reverse(0u64));
        let mut popped = 0;
        while let Some((key, _)) = queue.pop() {
            assert_eq!(reference.pop(), Some(std::cmp::Reverse(key)));
            popped += 1;
            if popped > 5000 {
                continue;
            }
            for _ in 0..2 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let step = if x.is_multiple_of(10) {
                    x % 1000
                } else {
                    x % 5
                };
                queue.push(key + step, 0);
                reference.push(std::cmp::Reverse(key + step));
            }
        }
        assert!(reference.is_empty());
    }

    #[test]
    fn levels_hold_every_item_of_a_key_near_and_far() {
        let mut queue = BucketQueue::default();
        queue.clear(3);
        queue.push(500, 1); // far
        queue.push(2, 2);
        queue.push(1, 3);
        queue.push(2, 4);
        let mut level = Vec::new();
        assert_eq!(queue.pop_level(&mut level), Some(1));
        assert_eq!(level, [3]);
        queue.push(500, 5); // near no longer: still far
        assert_eq!(queue.pop_level(&mut level), Some(2));
        assert_eq!(level, [2, 4]);
        queue.push(499, 6);
        assert_eq!(queue.pop_level(&mut level), Some(499));
        assert_eq!(level, [6]);
        queue.push(500, 7); // near now
        assert_eq!(queue.pop_level(&mut level), Some(500));
        level.sort_unstable();
        assert_eq!(level, [1, 5, 7]);
        assert_eq!(queue.pop_level(&mut level), None);
        assert!(level.is_empty());
    }

    #[test]
    fn equal_keys_last_in_first_out_and_low_keys_clamped() {
        let mut queue = BucketQueue::default();
        for item in 0..3 {
            queue.push(5, item);
        }
        let items: Vec<u32> = std::iter::from_fn(|| queue.pop()).map(|(_, i)| i).collect();
        assert_eq!(items, [2, 1, 0]);
        queue.push(1, 7); // below the last key popped, 5
        assert_eq!(queue.pop(), Some((5, 7)));
        queue.clear(3);
        queue.push(0, 9);
        assert_eq!(queue.pop(), Some((0, 9)));
    }
}
