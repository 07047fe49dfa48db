//! The eight compass directions a step can take, and which way stairs lead: the words
//! the rules and the keys share.

use mapgen::Point;

/// One of the eight compass directions a move can take, in the order of
/// [`Point::ALL_DIRECTIONS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up: y - 1.
    North,
    /// Up and right.
    NorthEast,
    /// Right: x + 1.
    East,
    /// Down and right.
    SouthEast,
    /// Down: y + 1.
    South,
    /// Down and left.
    SouthWest,
    /// Left: x - 1.
    West,
    /// Up and left.
    NorthWest,
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The compass abbreviation: `N`, `NE`, ... `NW`.
    pub const fn abbreviation(self) -> &'static str {
        match self {
            Direction::North => "N",
            Direction::NorthEast => "NE",
            Direction::East => "E",
            Direction::SouthEast => "SE",
            Direction::South => "S",
            Direction::SouthWest => "SW",
            Direction::West => "W",
            Direction::NorthWest => "NW",
        }
    }

    /// The step to the neighbouring tile, with y growing downwards as on the map.
    pub const fn step(self) -> Point {
        Point::ALL_DIRECTIONS[self as usize]
    }

    /// The direction of a step to a neighbouring tile; `None` for anything else.
    ///
    /// ```
    /// use game_core::direction::Direction;
    /// use mapgen::Point;
    /// assert_eq!(Direction::from_step(Point::new(1, -1)), Some(Direction::NorthEast));
    /// assert_eq!(Direction::from_step(Point::new(2, 0)), None);
    /// ```
    pub fn from_step(step: Point) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.step() == step)
    }
}

/// Whether stairs lead down or up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Vertical {
    /// To the next level, deeper.
    Down,
    /// To the level above.
    Up,
}
