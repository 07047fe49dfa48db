//! The promises of the generators that paint floor from the centre of the map up to a
//! target share of the tiles inside the border (the drunkard's walk and diffusion-limited
//! aggregation), written out once.

use mapgen::generators::Generate;
use mapgen::generators::Symmetry;
use mapgen::{GenerateError, Point};
use proptest::prelude::*;

use super::{check_generated, floor_count};

/// What a painting generator's settings promise.
#[derive(Debug, Clone, Copy)]
pub struct PaintedFloor {
    /// The generator, as its budget error names it.
    pub generator: mapgen::generators::GeneratorKind,
    /// The setting that names the target, as its budget error gives it.
    pub field: &'static str,
    /// The target, in percent of the tiles inside the border.
    pub percent: u32,
    /// The map's width.
    pub width: i32,
    /// The map's height.
    pub height: i32,
    /// The tiles one brush stroke paints, before mirror images.
    pub brush_tiles: u64,
    /// The mirror images of every stroke (`None` for none).
    pub mirror: Symmetry,
    /// The step budget per tile inside the border.
    pub steps_per_tile: u64,
}

impl PaintedFloor {
    /// The tiles inside the border.
    pub fn interior(&self) -> u64 {
        (self.width as u64 - 2) * (self.height as u64 - 2)
    }

    /// The target in tiles, as documented: rounded up, at least one.
    pub fn target(&self) -> u64 {
        (u64::from(self.percent) * self.interior())
            .div_ceil(100)
            .max(1)
    }

    /// The most tiles one stroke paints.
    pub fn stroke(&self) -> u64 {
        let images = match self.mirror {
            Symmetry::None => 1,
            Symmetry::Horizontal | Symmetry::Vertical => 2,
            Symmetry::Both => 4,
        };
        self.brush_tiles * images
    }

    /// Either a dungeon that keeps every generator's promises, starts at the centre, has
    /// no rooms, meets the target within one stroke and is mirrored as asked; or the
    /// budget error naming this generator, the target and the budget.
    pub fn check<G: Generate>(&self, settings: &G, seed: u64) -> Result<(), TestCaseError> {
        let target = self.target();
        match settings.generate(seed) {
            Ok(d) => {
                check_generated(settings, seed, &d)?;
                prop_assert_eq!(d.start, Point::new(self.width / 2, self.height / 2));
                prop_assert!(d.rooms.is_empty());
                let floor = floor_count(&d.map) as u64;
                prop_assert!(floor >= target, "{} < target {}", floor, target);
                prop_assert!(
                    floor < target + self.stroke(),
                    "{} overshoots {}",
                    floor,
                    target
                );
                let (w, h) = (self.width, self.height);
                for (p, tile) in d.map.iter() {
                    if matches!(self.mirror, Symmetry::Horizontal | Symmetry::Both) {
                        prop_assert_eq!(tile, d.map.tile((w - 1 - p.x, p.y)));
                    }
                    if matches!(self.mirror, Symmetry::Vertical | Symmetry::Both) {
                        prop_assert_eq!(tile, d.map.tile((p.x, h - 1 - p.y)));
                    }
                }
            }
            Err(GenerateError::BudgetExhausted {
                generator,
                field,
                target: t,
                reached,
                budget,
                ..
            }) => {
                prop_assert_eq!(generator, self.generator);
                prop_assert_eq!(field, self.field);
                prop_assert_eq!(t, target);
                prop_assert!(reached < t);
                prop_assert_eq!(budget, self.steps_per_tile * self.interior());
            }
            Err(other) => prop_assert!(false, "unexpected error {}", other),
        }
        Ok(())
    }
}
