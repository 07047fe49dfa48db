//! How far from the cheapest a path may be: the factor of a bounded-suboptimal search.

use std::fmt;
use std::str::FromStr;

use super::PathError;

/// A factor `w >= 1` as an exact fraction: a search with weight `w` returns a path whose
/// cost is at most `w` times the cheapest (see [`PathFinder`](super::PathFinder)).
/// [`Weight::EXACT`] (1) asks for a cheapest path.
///
/// A fraction, not a float, so that a search orders its cells by integers and gives the
/// same path on every platform. The numerator is at most [`Weight::MAX`] times the
/// denominator, and the denominator at most [`Weight::MAX_DENOMINATOR`]; the fraction is
/// kept in lowest terms.
///
/// ```
/// use mapgen::path::Weight;
/// let w: Weight = "1.5".parse()?;
/// assert_eq!(w, Weight::new(3, 2)?);
/// assert_eq!((w.numerator(), w.denominator()), (3, 2));
/// assert_eq!(w.to_string(), "1.5");
/// assert!(Weight::EXACT.is_exact());
/// assert_eq!("0.9".parse::<Weight>().unwrap_err().to_string(),
///            "suboptimal weight `0.9` is below 1; allowed 1 to 100, at most 3 decimals");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct Weight {
    numerator: u32,
    denominator: u32,
}

impl Default for Weight {
    /// [`Weight::EXACT`].
    fn default() -> Weight {
        Weight::EXACT
    }
}

/// Why a text is not a [`Weight`]. `#[non_exhaustive]`: the accepted forms may grow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseWeightError {
    /// Not a decimal number with at most three decimals.
    #[error(
        "suboptimal weight `{0}` is not a number like 1.5; allowed 1 to 100, at most 3 decimals"
    )]
    NotANumber(String),
    /// A number below 1.
    #[error("suboptimal weight `{0}` is below 1; allowed 1 to 100, at most 3 decimals")]
    BelowOne(String),
    /// A number above [`Weight::MAX`].
    #[error("suboptimal weight `{0}` is above 100; allowed 1 to 100, at most 3 decimals")]
    TooLarge(String),
}

impl Weight {
    /// 1: the cheapest path.
    pub const EXACT: Weight = Weight {
        numerator: 1,
        denominator: 1,
    };
    /// The largest weight. Beyond it a search is as good as greedy anyway.
    pub const MAX: u32 = 100;
    /// The largest denominator (before reducing): three decimals.
    pub const MAX_DENOMINATOR: u32 = 1000;

    /// `numerator / denominator`, in lowest terms.
    ///
    /// ```
    /// use mapgen::path::Weight;
    /// assert_eq!(Weight::new(150, 100)?, Weight::new(3, 2)?);
    /// assert_eq!(Weight::new(1, 2).unwrap_err().to_string(), "numerator is 1; allowed 2..=200");
    /// # Ok::<(), mapgen::path::PathError>(())
    /// ```
    ///
    /// # Errors
    /// [`PathError::OutOfRange`] naming `denominator` when it is not in
    /// `1..=`[`Weight::MAX_DENOMINATOR`], or `numerator` when the fraction is below 1 or
    /// above [`Weight::MAX`].
    pub fn new(numerator: u32, denominator: u32) -> Result<Weight, PathError> {
        if !(1..=Weight::MAX_DENOMINATOR).contains(&denominator) {
            return Err(PathError::OutOfRange {
                field: "denominator",
                value: denominator.into(),
                min: 1,
                max: Weight::MAX_DENOMINATOR.into(),
            });
        }
        let max = Weight::MAX * denominator;
        if !(denominator..=max).contains(&numerator) {
            return Err(PathError::OutOfRange {
                field: "numerator",
                value: numerator.into(),
                min: denominator.into(),
                max: max.into(),
            });
        }
        let common = gcd(numerator, denominator);
        Ok(Weight {
            numerator: numerator / common,
            denominator: denominator / common,
        })
    }

    /// The numerator, in lowest terms.
    pub const fn numerator(self) -> u32 {
        self.numerator
    }

    /// The denominator, in lowest terms.
    pub const fn denominator(self) -> u32 {
        self.denominator
    }

    /// True for 1: the search returns a cheapest path.
    pub const fn is_exact(self) -> bool {
        self.numerator == self.denominator
    }
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl FromStr for Weight {
    type Err = ParseWeightError;

    /// A decimal number from 1 to 100 with at most three decimals: `1`, `1.5`, `1.125`;
    /// or a fraction as `Display` writes one whose denominator does not divide 1000, `4/3`.
    fn from_str(text: &str) -> Result<Weight, ParseWeightError> {
        let not_a_number = || ParseWeightError::NotANumber(text.to_string());
        if let Some((numerator, denominator)) = text.split_once('/') {
            return Weight::from_fraction_text(text, numerator, denominator);
        }
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty()
            || fraction.len() > 3
            || !digits(whole)
            || !digits(fraction)
            || text.ends_with('.')
        {
            return Err(not_a_number());
        }
        if whole.trim_start_matches('0').len() > 3 {
            return Err(ParseWeightError::TooLarge(text.to_string())); // 1000 or more
        }
        let whole = whole.get(whole.len().saturating_sub(3)..).unwrap_or(whole);
        let whole: u32 = whole.parse().map_err(|_| not_a_number())?;
        let scale = 10u32.pow(fraction.len() as u32);
        let fraction: u32 = if fraction.is_empty() {
            0
        } else {
            fraction.parse().map_err(|_| not_a_number())?
        };
        let numerator = whole * scale + fraction;
        if numerator < scale {
            return Err(ParseWeightError::BelowOne(text.to_string()));
        }
        Weight::new(numerator, scale).map_err(|_| ParseWeightError::TooLarge(text.to_string()))
    }
}

impl Weight {
    /// The `n/d` form of [`Weight::from_str`].
    fn from_fraction_text(text: &str, n: &str, d: &str) -> Result<Weight, ParseWeightError> {
        let number = |s: &str| {
            let digits = !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| s.parse::<u32>().ok()).flatten()
        };
        let (Some(n), Some(d)) = (number(n), number(d)) else {
            return Err(ParseWeightError::NotANumber(text.to_string()));
        };
        match Weight::new(n, d) {
            Ok(weight) => Ok(weight),
            Err(_) if (1..=Weight::MAX_DENOMINATOR).contains(&d) && n < d => {
                Err(ParseWeightError::BelowOne(text.to_string()))
            }
            Err(_) if (1..=Weight::MAX_DENOMINATOR).contains(&d) => {
                Err(ParseWeightError::TooLarge(text.to_string()))
            }
            Err(_) => Err(ParseWeightError::NotANumber(text.to_string())),
        }
    }
}

impl TryFrom<String> for Weight {
    type Error = ParseWeightError;

    /// [`Weight::from_str`]: the serde form.
    fn try_from(text: String) -> Result<Weight, ParseWeightError> {
        text.parse()
    }
}

impl From<Weight> for String {
    /// `Display`: the serde form.
    fn from(weight: Weight) -> String {
        weight.to_string()
    }
}

impl fmt::Display for Weight {
    /// As a decimal when the denominator divides 1000 (`1.5`), else as `n/d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, d) = (self.numerator, self.denominator);
        if 1000 % d != 0 {
            return write!(f, "{n}/{d}");
        }
        let thousandths = n * (1000 / d);
        let (whole, mut fraction, mut width) = (thousandths / 1000, thousandths % 1000, 3);
        if fraction == 0 {
            return write!(f, "{whole}");
        }
        while fraction % 10 == 0 {
            fraction /= 10;
            width -= 1;
        }
        write!(f, "{whole}.{fraction:0width$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_back() {
        for text in ["1", "1.5", "1.25", "1.125", "2", "100", "1.001", "3.05"] {
            let w: Weight = text.parse().unwrap();
            assert_eq!(w.to_string(), text);
        }
        assert_eq!("1.50".parse::<Weight>().unwrap().to_string(), "1.5");
        assert_eq!(Weight::new(4, 3).unwrap().to_string(), "4/3");
        assert_eq!(
            "4/3".parse::<Weight>(),
            Weight::new(4, 3).map_err(|_| unreachable!())
        );
        assert_eq!("8/6".parse::<Weight>().unwrap().to_string(), "4/3");
    }

    #[test]
    fn fractions_are_checked_as_decimals_are() {
        assert!(matches!(
            "2/3".parse::<Weight>(),
            Err(ParseWeightError::BelowOne(_))
        ));
        assert!(matches!(
            "1001/10".parse::<Weight>(),
            Err(ParseWeightError::TooLarge(_))
        ));
        for text in [
            "1/0",
            "4/",
            "/3",
            "4/3/2",
            "4/1001",
            "-4/3",
            "4/3.0",
            "9999999/3",
        ] {
            assert!(
                matches!(text.parse::<Weight>(), Err(ParseWeightError::NotANumber(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn refuses_what_is_not_a_weight() {
        for text in [
            "", ".5", "1.", "1.2345", "x", "-1", "1e2", "+1", " 1", "1,5",
        ] {
            assert!(
                matches!(text.parse::<Weight>(), Err(ParseWeightError::NotANumber(_))),
                "{text}"
            );
        }
        assert!(matches!(
            "0.999".parse::<Weight>(),
            Err(ParseWeightError::BelowOne(_))
        ));
        for text in ["100.001", "1000", "99999999999999999999"] {
            assert!(
                matches!(text.parse::<Weight>(), Err(ParseWeightError::TooLarge(_))),
                "{text}"
            );
        }
        assert_eq!("0001.5".parse::<Weight>().unwrap().to_string(), "1.5");
        assert!(Weight::new(3, 0).is_err() && Weight::new(3, 1001).is_err());
        assert_eq!(
            Weight::new(101, 1).unwrap_err().to_string(),
            "numerator is 101; allowed 1..=100"
        );
    }
}
