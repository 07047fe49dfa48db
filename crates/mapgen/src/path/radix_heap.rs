//! A radix heap: the priority queue of Dijkstra's algorithm and A* for integer costs.
//!
//! Based on: Ahuja, Mehlhorn, Orlin, Tarjan, "Faster algorithms for the shortest path
//! problem", J. ACM 37(2), 1990 (<https://doi.org/10.1145/77600.77615>), in the
//! one-word-per-bucket form of <http://ssp.impulsetrain.com/radix-heap.html>.
//!
//! It is a *monotone* queue: no key pushed may be smaller than the last key popped, which
//! holds for Dijkstra's algorithm and for A* with a consistent estimate. Bucket `i` holds
//! the items whose key first differs from the last popped key in bit `i - 1` (bucket 0:
//! equal keys). Popping from an empty bucket 0 takes the lowest non-empty bucket, makes
//! its smallest key the new last key and spreads its items over lower buckets, so an item
//! moves at most 64 times and usually once or twice; no comparison sort anywhere.
//! Items of equal key come out in an order fixed by the pushes (the last pushed first
//! within a bucket), never by chance.

/// Keys are `u64`: bucket 0 and one bucket per bit.
const BUCKETS: usize = 65;

/// A monotone priority queue of `(key, item)` pairs, smallest key first.
#[derive(Debug, Clone)]
pub(crate) struct RadixHeap {
    /// The last key popped: every key in the heap is at least this.
    last: u64,
    len: usize,
    /// Bit `i` set when bucket `i` is not empty.
    filled: u128,
    /// The smallest key queued, when known (see [`RadixHeap::peek_key`]).
    smallest: Option<u64>,
    buckets: [Vec<(u64, u32)>; BUCKETS],
}

impl Default for RadixHeap {
    fn default() -> RadixHeap {
        RadixHeap {
            last: 0,
            len: 0,
            filled: 0,
            smallest: None,
            buckets: std::array::from_fn(|_| Vec::new()),
        }
    }
}

/// The bucket of `key` when `last` was the last key popped.
#[inline]
fn bucket(key: u64, last: u64) -> usize {
    (u64::BITS - (key ^ last).leading_zeros()) as usize
}

impl RadixHeap {
    /// Empties the heap, keeping its memory; the next pushes may start from any key.
    pub(crate) fn clear(&mut self) {
        for (i, bucket) in self.buckets.iter_mut().enumerate() {
            if self.filled & (1 << i) != 0 {
                bucket.clear();
            }
        }
        self.filled = 0;
        self.len = 0;
        self.last = 0;
        self.smallest = None;
    }

    /// True when nothing is queued.
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Queues `item` at `key`. A key below the last one popped is queued at that last key
    /// instead, so the heap stays sound whatever a caller does.
    #[inline]
    pub(crate) fn push(&mut self, key: u64, item: u32) {
        let key = key.max(self.last);
        let b = bucket(key, self.last);
        if let Some(bucket) = self.buckets.get_mut(b) {
            bucket.push((key, item));
            self.filled |= 1 << b;
            self.len += 1;
        }
        self.smallest = self.smallest.map(|s| s.min(key));
    }

    /// The smallest key queued, `None` when empty. It leaves the last key popped as it
    /// is, so keys from there on may still be pushed; the answer is kept until the next
    /// pop, so asking again costs nothing.
    #[inline]
    pub(crate) fn peek_key(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        if self.filled & 1 != 0 {
            return Some(self.last);
        }
        if self.smallest.is_none() {
            // The lowest non-empty bucket holds the smallest keys.
            let i = self.filled.trailing_zeros() as usize;
            self.smallest = self
                .buckets
                .get(i)
                .and_then(|b| b.iter().map(|&(key, _)| key).min());
        }
        self.smallest
    }

    /// Takes an item of the smallest key.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(u64, u32)> {
        if self.len == 0 {
            return None;
        }
        if self.filled & 1 == 0 {
            self.refill_bucket_zero();
        }
        self.smallest = None;
        let top = self.buckets[0].pop();
        if top.is_some() {
            self.len -= 1;
        }
        if self.buckets[0].is_empty() {
            self.filled &= !1;
        }
        top
    }

    /// Moves the items of the lowest non-empty bucket down, the smallest key into
    /// bucket 0. Called only when the heap holds something and bucket 0 is empty.
    #[cold]
    fn refill_bucket_zero(&mut self) {
        let i = self.filled.trailing_zeros() as usize;
        if i >= BUCKETS {
            return;
        }
        let (lower, upper) = self.buckets.split_at_mut(i);
        let Some(from) = upper.first_mut() else {
            return;
        };
        let last = from.iter().map(|&(key, _)| key).min().unwrap_or(self.last);
        for &(key, item) in from.iter() {
            // Every key here shares bits above i - 1 with `last`, so it lands below i.
            let b = bucket(key, last);
            if let Some(bucket) = lower.get_mut(b) {
                bucket.push((key, item));
                self.filled |= 1 << b;
            }
        }
        from.clear();
        self.filled &= !(1 << i);
        self.last = last;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_key_order_whatever_the_push_order() {
        let mut heap = RadixHeap::default();
        let mut keys: Vec<u64> = (0..2000u64)
            .map(|i| match i % 2 {
                0 => i.wrapping_mul(2_654_435_761) % 5000,
                _ => i.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            })
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            heap.push(k, i as u32);
        }
        keys.sort_unstable();
        let popped: Vec<u64> = std::iter::from_fn(|| heap.pop()).map(|(k, _)| k).collect();
        assert_eq!(popped, keys);
        assert!(heap.is_empty());
    }

    #[test]
    fn pushes_between_pops_stay_monotone() {
        let mut heap = RadixHeap::default();
        heap.push(u64::MAX, 0);
        heap.push(10, 1);
        assert_eq!(heap.pop(), Some((10, 1)));
        heap.push(12, 2);
        heap.push(11, 3);
        assert_eq!(heap.peek_key(), Some(11));
        heap.push(3, 4); // below the last key: queued at 10
        assert_eq!(heap.pop(), Some((10, 4)));
        assert_eq!(heap.pop(), Some((11, 3)));
        assert_eq!(heap.pop(), Some((12, 2)));
        assert_eq!(heap.pop(), Some((u64::MAX, 0)));
        assert_eq!(heap.pop(), None);
        heap.clear();
        heap.push(0, 9);
        assert_eq!(heap.pop(), Some((0, 9)));
    }

    #[test]
    fn equal_keys_come_out_last_in_first_out() {
        let mut heap = RadixHeap::default();
        for item in 0..3 {
            heap.push(5, item);
        }
        let items: Vec<u32> = std::iter::from_fn(|| heap.pop()).map(|(_, i)| i).collect();
        assert_eq!(items, [2, 1, 0]);
    }
}
