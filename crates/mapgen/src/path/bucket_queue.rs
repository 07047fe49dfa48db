//! The priority queue of both searches: Dial's buckets for the keys just ahead, a radix
//! heap for the rest.
//!
//! Based on: Robert B. Dial, "Algorithm 360: shortest-path forest with topological
//! ordering", Comm. ACM 12(11), 1969 (<https://doi.org/10.1145/363269.363610>): one bucket
//! per key, taken in key order. Step costs are small in practice (2 and 3 by default), so
//! nearly every key falls within [`RING`] of the smallest one and goes to a bucket in O(1);
//! a key further ahead (a large extra cost) waits in the [radix heap](super::radix_heap),
//! which keeps the queue exact and its work bounded for any `u32` key.
//!
//! Like the radix heap it is *monotone*: no key pushed may be smaller than the last key
//! popped (a smaller one is queued at that last key). Items of equal key come out in an
//! order fixed by the pushes (the last pushed first within a bucket), never by chance.

use super::radix_heap::RadixHeap;

/// How many keys ahead of the current one the buckets cover: one bit each in a `u64`.
const RING: u32 = 64;

/// A monotone priority queue of `(key, item)` pairs, smallest key first.
#[derive(Debug, Clone)]
pub(crate) struct BucketQueue {
    /// The last key popped: every key queued is at least this, and the buckets hold keys
    /// below `current + RING` only.
    current: u32,
    /// Bit `k % RING` set when the bucket of key `k` is not empty.
    filled: u64,
    /// The items of key `k` in bucket `k % RING`.
    buckets: [Vec<u32>; RING as usize],
    /// Keys at least `RING` ahead of `current` when pushed.
    far: RadixHeap,
}

impl Default for BucketQueue {
    fn default() -> BucketQueue {
        BucketQueue {
            current: 0,
            filled: 0,
            buckets: std::array::from_fn(|_| Vec::new()),
            far: RadixHeap::default(),
        }
    }
}

impl BucketQueue {
    /// Empties the queue, keeping its memory; the next pushes may start from any key.
    pub(crate) fn clear(&mut self) {
        for (b, bucket) in self.buckets.iter_mut().enumerate() {
            if self.filled & (1 << b) != 0 {
                bucket.clear();
            }
        }
        self.filled = 0;
        self.current = 0;
        self.far.clear();
    }

    /// Queues `item` at `key` (at the last key popped, if `key` is below it).
    #[inline]
    pub(crate) fn push(&mut self, key: u32, item: u32) {
        let key = key.max(self.current);
        if key - self.current < RING {
            let b = key % RING;
            if let Some(bucket) = self.buckets.get_mut(b as usize) {
                bucket.push(item);
                self.filled |= 1 << b;
            }
        } else {
            self.far.push(key, item);
        }
    }

    /// Takes an item of the smallest key.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(u32, u32)> {
        let near = (self.filled != 0).then(|| {
            let ahead = self
                .filled
                .rotate_right(self.current % RING)
                .trailing_zeros();
            self.current + ahead
        });
        let far = if self.far.is_empty() {
            None
        } else {
            self.far.peek_key()
        };
        match (near, far) {
            (Some(key), None) => self.pop_near(key),
            (Some(key), Some(f)) if key <= f => self.pop_near(key),
            (_, Some(_)) => {
                // Every bucket's key is above this one, and below the old current + RING,
                // so within RING of the new current too.
                let (key, item) = self.far.pop()?;
                self.current = key;
                Some((key, item))
            }
            (None, None) => None,
        }
    }

    /// Takes an item of `key`, the smallest key, from its bucket.
    #[inline]
    fn pop_near(&mut self, key: u32) -> Option<(u32, u32)> {
        let b = key % RING;
        let bucket = self.buckets.get_mut(b as usize)?;
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
        let mut queue = BucketQueue::default();
        let mut keys: Vec<u32> = (0..3000u32)
            .map(|i| match i % 3 {
                0 => i % 7,
                1 => i.wrapping_mul(2_654_435_761) % 500,
                _ => i.wrapping_mul(2_654_435_761),
            })
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            queue.push(k, i as u32);
        }
        keys.sort_unstable();
        let popped: Vec<u32> = std::iter::from_fn(|| queue.pop()).map(|(k, _)| k).collect();
        assert_eq!(popped, keys);
    }

    #[test]
    fn interleaved_pushes_stay_in_order() {
        // Dijkstra-like: pop a key, push a few keys a little or far ahead of it.
        let mut queue = BucketQueue::default();
        let mut reference = std::collections::BinaryHeap::new();
        let mut x = 12345u32;
        queue.push(0, 0);
        reference.push(std::cmp::Reverse(0u32));
        let mut popped = 0;
        while let Some((key, _)) = queue.pop() {
            assert_eq!(reference.pop(), Some(std::cmp::Reverse(key)));
            popped += 1;
            if popped > 5000 {
                continue;
            }
            for _ in 0..2 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let step = if x.is_multiple_of(10) { x % 1000 } else { x % 5 };
                queue.push(key + step, 0);
                reference.push(std::cmp::Reverse(key + step));
            }
        }
        assert!(reference.is_empty());
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
        queue.clear();
        queue.push(0, 9);
        assert_eq!(queue.pop(), Some((0, 9)));
    }
}
