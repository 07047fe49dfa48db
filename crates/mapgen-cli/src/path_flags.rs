//! What `mapgen path` and `mapgen dijkstra` share: the move flags, points typed as `X,Y`,
//! and the checks that a point is a walkable tile of the dungeon.

use anyhow::bail;
use clap::{Args, ValueEnum};
use mapgen::path::{CornerCutting, Directions, Moves};
use mapgen::{Map, Point};

/// `--moves 4|8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MovesArg {
    /// North, east, south, west.
    #[value(name = "4")]
    Four,
    /// The four orthogonal steps and the four diagonal ones.
    #[value(name = "8")]
    Eight,
}

/// How a creature moves: directions, step costs, corner rule.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Moves")]
pub struct MoveFlags {
    /// Directions a step may take.
    #[arg(long, value_enum, default_value = "8")]
    pub moves: MovesArg,
    /// Cost of a step north, east, south or west.
    #[arg(long, value_name = "N", default_value_t = Moves::EIGHT.cardinal_cost, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(Moves::MAX_COST)))]
    pub cardinal_cost: u32,
    /// Cost of a diagonal step.
    #[arg(long, value_name = "N", default_value_t = Moves::EIGHT.diagonal_cost, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(Moves::MAX_COST)))]
    pub diagonal_cost: u32,
    /// A diagonal step also needs both orthogonal tiles it passes walkable (by default
    /// only its target, as the game's `@` moves).
    #[arg(long)]
    pub no_corner_cutting: bool,
}

impl MoveFlags {
    /// The library's moves these flags name.
    pub fn moves(&self) -> Moves {
        Moves {
            directions: match self.moves {
                MovesArg::Four => Directions::Four,
                MovesArg::Eight => Directions::Eight,
            },
            cardinal_cost: self.cardinal_cost,
            diagonal_cost: self.diagonal_cost,
            corners: if self.no_corner_cutting {
                CornerCutting::Forbidden
            } else {
                CornerCutting::Allowed
            },
        }
    }
}

/// A point as typed: `X,Y`, and for `dijkstra` goals an optional `,VALUE`, the goal's
/// start value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointArg {
    /// What the user typed, for error messages.
    pub text: String,
    /// The point.
    pub point: Point,
    /// The third number, when given.
    pub value: Option<i32>,
}

/// Parses `X,Y`.
pub fn parse_point(text: &str) -> Result<PointArg, String> {
    match parse_numbers(text) {
        Some((point, None)) => Ok(PointArg {
            text: text.to_string(),
            point,
            value: None,
        }),
        _ => Err("expected X,Y: two whole numbers, e.g. 3,4".to_string()),
    }
}

/// Parses `X,Y` or `X,Y,VALUE`.
pub fn parse_goal(text: &str) -> Result<PointArg, String> {
    let (point, value) = parse_numbers(text).ok_or_else(|| {
        "expected X,Y or X,Y,VALUE: whole numbers, e.g. 3,4 or 3,4,-10".to_string()
    })?;
    Ok(PointArg {
        text: text.to_string(),
        point,
        value,
    })
}

/// Two or three comma-separated `i32`s.
fn parse_numbers(text: &str) -> Option<(Point, Option<i32>)> {
    let mut numbers = text.split(',').map(|n| n.trim().parse::<i32>().ok());
    let (x, y) = (numbers.next()??, numbers.next()??);
    let value = match numbers.next() {
        None => None,
        Some(v) => Some(v?),
    };
    numbers
        .next()
        .is_none()
        .then_some((Point::new(x, y), value))
}

/// Checks that `arg`, given with `flag`, is a walkable tile of `map`.
pub fn check_walkable(map: &Map, flag: &str, arg: &PointArg) -> anyhow::Result<Point> {
    let p = arg.point;
    if !map.in_bounds(p) {
        bail!(
            "{flag} {} is outside the {}x{} map; allowed: x in 0..={}, y in 0..={}",
            arg.text,
            map.width(),
            map.height(),
            map.width() - 1,
            map.height() - 1
        );
    }
    if !map.is_walkable(p) {
        bail!(
            "{flag} {} is not walkable (a '{}' tile); allowed: a walkable tile ('.' floor or '+' door)",
            arg.text,
            map.tile(p).glyph()
        );
    }
    Ok(p)
}

/// Appends `n` (an `i64` or a `u64`) in decimal to `out`: the numbers of a Dijkstra map,
/// millions of them, without the formatting machinery per number.
pub fn push_int(out: &mut Vec<u8>, n: impl Into<i128>) {
    let n: i128 = n.into();
    let mut digits = [0u8; 20];
    // Divided as a u64: i128 division is much slower.
    let mut rest = u64::try_from(n.unsigned_abs()).unwrap_or(u64::MAX);
    let mut start = digits.len();
    loop {
        start -= 1;
        if let Some(d) = digits.get_mut(start) {
            *d = b'0' + (rest % 10) as u8;
        }
        rest /= 10;
        if rest == 0 || start == 0 {
            break;
        }
    }
    if n < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(digits.get(start..).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_as_typed() {
        let p = parse_point("3,4").unwrap();
        assert_eq!(
            (p.point, p.value, p.text.as_str()),
            (Point::new(3, 4), None, "3,4")
        );
        assert_eq!(parse_goal("-1, 2,-30").unwrap().value, Some(-30));
        for bad in ["3", "3,", "a,b", "3,4,5,6", "", "3;4", "99999999999,1"] {
            assert!(parse_goal(bad).is_err(), "{bad}");
        }
        assert!(parse_point("3,4,5").is_err());
    }

    #[test]
    fn integers_print_as_display_does() {
        for n in [
            0,
            7,
            -7,
            10,
            123_456,
            i128::from(i32::MIN),
            i128::from(i32::MAX),
            i128::from(i64::MIN),
            i128::from(i64::MAX),
            i128::from(u64::MAX),
        ] {
            let mut out = Vec::new();
            push_int(&mut out, n);
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }
}
