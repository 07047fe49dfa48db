//! Dungeon generators, selected by name.

mod grid;
mod rooms;

pub use grid::{DoorWeights, GridSettings};
pub use rooms::{RoomsSettings, create_room};

use std::fmt;
use std::str::FromStr;

use crate::{Dungeon, GenerateError};

/// A generator's name, as the CLI's and the game's `--generator` flag takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GeneratorKind {
    /// `rooms`: the libtcod tutorial's rooms and corridors.
    Rooms,
    /// `grid`: equal rooms on a grid joined by doors, The Binding of Isaac style.
    Grid,
}

impl GeneratorKind {
    /// Every generator, in the order the CLI lists them.
    pub const ALL: [GeneratorKind; 2] = [GeneratorKind::Rooms, GeneratorKind::Grid];

    /// The name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            GeneratorKind::Rooms => "rooms",
            GeneratorKind::Grid => "grid",
        }
    }

    /// The next generator in [`GeneratorKind::ALL`], wrapping around.
    pub fn next(self) -> GeneratorKind {
        let i = Self::ALL.iter().position(|&k| k == self).unwrap_or(0);
        Self::ALL[(i + 1) % Self::ALL.len()]
    }
}

impl fmt::Display for GeneratorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GeneratorKind {
    type Err = GenerateError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| GenerateError::UnknownGenerator {
                name: name.to_string(),
                allowed: Self::ALL.map(GeneratorKind::name).join(", "),
            })
    }
}

/// A generator with its settings: what the CLI and the game build from their flags.
///
/// ```
/// use mapgen::{Generator, RoomsSettings};
/// let generator = Generator::Rooms(RoomsSettings::default());
/// assert_eq!(generator.kind().name(), "rooms");
/// let dungeon = generator.generate(1).unwrap();
/// assert!(!dungeon.rooms.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Generator {
    /// The tutorial's rooms and corridors.
    Rooms(RoomsSettings),
    /// A grid of rooms joined by doors.
    Grid(GridSettings),
}

impl Generator {
    /// The generator `kind` with its default settings.
    pub fn with_defaults(kind: GeneratorKind) -> Generator {
        match kind {
            GeneratorKind::Rooms => Generator::Rooms(RoomsSettings::default()),
            GeneratorKind::Grid => Generator::Grid(GridSettings::default()),
        }
    }

    /// Which generator this is.
    pub fn kind(&self) -> GeneratorKind {
        match self {
            Generator::Rooms(_) => GeneratorKind::Rooms,
            Generator::Grid(_) => GeneratorKind::Grid,
        }
    }

    /// Checks the settings without generating.
    ///
    /// # Errors
    /// The first invalid setting.
    pub fn validate(&self) -> Result<(), GenerateError> {
        match self {
            Generator::Rooms(s) => s.validate(),
            Generator::Grid(s) => s.validate(),
        }
    }

    /// Generates the dungeon named by `seed` with these settings.
    ///
    /// # Errors
    /// The first invalid setting, or [`GenerateError::GaveUp`].
    pub fn generate(&self, seed: u64) -> Result<Dungeon, GenerateError> {
        match self {
            Generator::Rooms(s) => s.generate(seed),
            Generator::Grid(s) => s.generate(seed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_their_kind() {
        for kind in GeneratorKind::ALL {
            assert_eq!(Generator::with_defaults(kind).kind(), kind);
            assert_eq!(Generator::with_defaults(kind).validate(), Ok(()));
        }
        assert_eq!(GeneratorKind::Rooms.next(), GeneratorKind::Grid);
        assert_eq!(GeneratorKind::Grid.next(), GeneratorKind::Rooms);
    }

    #[test]
    fn names_round_trip() {
        for kind in GeneratorKind::ALL {
            assert_eq!(kind.name().parse::<GeneratorKind>(), Ok(kind));
        }
        let err = "caves".parse::<GeneratorKind>().unwrap_err();
        assert!(
            err.to_string()
                .starts_with("unknown generator \"caves\"; allowed: rooms, grid"),
            "{err}"
        );
    }
}
