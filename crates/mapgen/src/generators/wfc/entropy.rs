//! Shannon entropy of a cell's remaining patterns in 32.32 fixed point, from integer
//! arithmetic alone, so the cell observed next is the same on every platform.
//!
//! A cell whose patterns have weights `w_i` (sum `S`) has entropy
//! `H = log2(S) - (sum of w_i log2 w_i) / S`. The solver keeps `S` and the sum of
//! `w_i log2 w_i` per cell and updates both as patterns are banned, as Gumin's reference
//! implementation does with doubles. Here `log2` is [`log2_fixed`], whose fraction bits are
//! found by repeated squaring (the classic binary-logarithm algorithm): no float, no libm.
//!
//! Based on: <https://github.com/mxgmn/WaveFunctionCollapse> (`Model.cs`, `Ban`, and the
//! entropy heuristic of `NextUnobservedNode`).

/// Fraction bits of every fixed-point value here.
pub(crate) const FRACTION_BITS: u32 = 32;

/// `log2(x)` in 32.32 fixed point, rounded down; `log2_fixed(1) == 0`. `x` must be at
/// least 1 (0 gives 0).
///
/// The integer part is the position of the highest set bit; each fraction bit comes from
/// squaring the mantissa `m` in `[1, 2)`: `log2(m^2) = 2 log2(m)`, so the square reaching 2
/// means the next bit is 1 (and the square is halved).
pub(crate) fn log2_fixed(x: u32) -> u64 {
    if x <= 1 {
        return 0;
    }
    let int = 31 - x.leading_zeros();
    // The mantissa x / 2^int in [1, 2), as 1.31 fixed point: below 2^32, so its square
    // fits in a u64.
    let mut mantissa = u64::from(x) << (31 - int);
    let mut fraction = 0u64;
    for _ in 0..FRACTION_BITS {
        mantissa = (mantissa * mantissa) >> 31;
        fraction <<= 1;
        if mantissa >= 1 << 32 {
            mantissa >>= 1;
            fraction |= 1;
        }
    }
    u64::from(int) << FRACTION_BITS | fraction
}

/// `w log2 w` in 32.32 fixed point: a pattern's share of a cell's entropy sums.
pub(crate) fn weight_log_weight(weight: u32) -> u64 {
    u64::from(weight) * log2_fixed(weight)
}

/// The entropy of a cell, 32.32 fixed point, from `log2_sum = log2_fixed(sum_of_weights)`
/// and `sum_of_weight_log_weights`; never below zero (a cell of one pattern has exactly 0).
pub(crate) fn entropy(sum_of_weights: u32, log2_sum: u64, sum_of_weight_log_weights: u64) -> u64 {
    let mean = sum_of_weight_log_weights / u64::from(sum_of_weights.max(1));
    log2_sum.saturating_sub(mean)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: u64 = 1 << FRACTION_BITS;

    #[test]
    fn powers_of_two_are_exact() {
        for k in 0..32u32 {
            assert_eq!(log2_fixed(1 << k), u64::from(k) * ONE, "2^{k}");
        }
    }

    #[test]
    fn log2_is_within_a_few_units_of_the_last_place() {
        // Pinned against values worked out to more places than 32 fraction bits hold:
        // floor(log2(x) * 2^32) worked out with 50-digit decimals.
        let close = |x: u32, expected: u64| {
            let got = log2_fixed(x);
            assert!(got.abs_diff(expected) <= 8, "log2({x}) = {got}, expected {expected}");
        };
        close(3, 6_807_362_105); // floor(log2(3) * 2^32)
        close(10, 14_267_572_527); // floor(log2(10) * 2^32)
        close(7200, 55_034_771_154); // floor(log2(7200) * 2^32), log2 7200 = 12.8137811...
        // Monotone over the range the weights use.
        let mut last = 0;
        for x in 1..20_000 {
            let now = log2_fixed(x);
            assert!(now >= last, "{x}");
            last = now;
        }
    }

    #[test]
    fn entropy_of_equal_weights_is_log2_of_their_count() {
        // Four patterns of weight 5: H = log2(20) - (4 * 5 log2 5) / 20 = log2 4 = 2.
        let sum_wlw = 4 * weight_log_weight(5);
        let h = entropy(20, log2_fixed(20), sum_wlw);
        assert!(h.abs_diff(2 * ONE) < 64, "{h}");
        // One pattern left: exactly zero.
        assert_eq!(entropy(7, log2_fixed(7), weight_log_weight(7)), 0);
        // A skewed cell is less uncertain than an even one of the same count.
        let skewed = entropy(101, log2_fixed(101), weight_log_weight(100) + weight_log_weight(1));
        let even = entropy(2, log2_fixed(2), 2 * weight_log_weight(1));
        assert!(skewed < even);
    }
}
