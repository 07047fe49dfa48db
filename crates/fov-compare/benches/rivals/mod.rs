//! Every FOV implementation of the comparison behind one small trait, each prepared once
//! per scene (its own map representation built outside the timed call).
//!
//! Each is used as its documentation suggests, in its fastest reasonable form: results go
//! into reused buffers where the API allows, so the timed call is the crate's own work plus
//! what its API forces (bracket returns a fresh `HashSet`; doryen-fov has to clear its whole
//! `fov` grid before each call, as libtcod does internally).
//!
//! Radius: mapgen and doryen-fov take 0 as unlimited. The others need a range; "unlimited"
//! gives them the smallest range that reaches every cell of the map from the origin.
//! symmetric-shadowcasting has no radius at all: for radius 8 its `is_blocking` closure
//! treats cells at `dx*dx + dy*dy >= 64` as walls, which bounds the scan the same way.

use std::collections::HashSet;

use adam_fov_rs::IVec2;
use bracket_pathfinding::prelude::{Algorithm2D, BaseMap, FieldOfViewAlg};
use doryen_fov::{FovAlgorithm, FovRecursiveShadowCasting, FovRestrictive, MapData};
use fov_compare::Scene;
use mapgen::fov::{FieldOfView, LightWalls, Radius};

/// One implementation prepared on one scene.
pub trait Fov {
    /// The benchmark row name.
    fn name(&self) -> &'static str;
    /// Computes the field of view from the scene's origin (the timed call).
    fn run(&mut self, radius: u32);
    /// How many distinct cells the last `run` found visible.
    #[allow(
        dead_code,
        reason = "the fov_scenes example prints it; the bench does not"
    )]
    fn count(&self) -> usize;
}

/// All implementations, prepared on `scene`; mapgen first.
pub fn all(scene: &Scene) -> Vec<Box<dyn Fov>> {
    let opaque: Vec<bool> = scene.map.tiles().iter().map(|t| !t.transparent).collect();
    let (w, h) = (scene.map.width(), scene.map.height());
    let (ox, oy) = (scene.origin.x, scene.origin.y);
    let far_x = ox.max(w - 1 - ox);
    let far_y = oy.max(h - 1 - oy);
    // The smallest range that reaches every cell, for crates without "unlimited".
    let full_range = f64::from(far_x * far_x + far_y * far_y).sqrt().ceil() as i32 + 1;
    let shared = Shared {
        w,
        h,
        ox,
        oy,
        full_range,
        opaque,
    };
    let doryen = || {
        let mut map = MapData::new(w as usize, h as usize);
        for (i, &o) in shared.opaque.iter().enumerate() {
            map.transparent[i] = !o;
        }
        map
    };
    vec![
        Box::new(Mapgen {
            scene: scene.clone(),
            fov: FieldOfView::new(w, h).expect("the scenes are valid maps"),
        }),
        Box::new(Bracket {
            map: shared.clone(),
            symmetric: false,
            last: HashSet::new(),
        }),
        Box::new(Bracket {
            map: shared.clone(),
            symmetric: true,
            last: HashSet::new(),
        }),
        Box::new(Adam {
            map: shared.clone(),
            seen: Vec::new(),
        }),
        Box::new(SymmetricShadowcasting {
            map: shared.clone(),
            seen: Vec::new(),
        }),
        Box::new(Doryen {
            ox,
            oy,
            map: doryen(),
            algorithm: DoryenAlgorithm::Recursive(FovRecursiveShadowCasting::new()),
        }),
        Box::new(Doryen {
            ox,
            oy,
            map: doryen(),
            algorithm: DoryenAlgorithm::Restrictive(FovRestrictive::new()),
        }),
    ]
}

/// The scene as a flat opacity grid, for the crates that read closures or traits.
#[derive(Clone)]
struct Shared {
    w: i32,
    h: i32,
    ox: i32,
    oy: i32,
    full_range: i32,
    opaque: Vec<bool>,
}

impl Shared {
    fn range(&self, radius: u32) -> i32 {
        if radius == 0 {
            self.full_range
        } else {
            radius as i32
        }
    }
}

struct Mapgen {
    scene: Scene,
    fov: FieldOfView,
}

impl Fov for Mapgen {
    fn name(&self) -> &'static str {
        "mapgen"
    }
    fn run(&mut self, radius: u32) {
        self.fov
            .compute(
                &self.scene.map,
                self.scene.origin,
                Radius::or_unlimited(radius),
                LightWalls::On,
            )
            .unwrap();
    }
    fn count(&self) -> usize {
        self.fov.visible_cells().count()
    }
}

impl BaseMap for Shared {
    fn is_opaque(&self, idx: usize) -> bool {
        self.opaque[idx]
    }
}

impl Algorithm2D for Shared {
    fn dimensions(&self) -> bracket_pathfinding::prelude::Point {
        bracket_pathfinding::prelude::Point::new(self.w, self.h)
    }
}

struct Bracket {
    map: Shared,
    symmetric: bool,
    last: HashSet<bracket_pathfinding::prelude::Point>,
}

impl Fov for Bracket {
    fn name(&self) -> &'static str {
        if self.symmetric {
            "bracket-pathfinding FieldOfViewAlg::SymmetricShadowcasting"
        } else {
            "bracket-pathfinding field_of_view_set"
        }
    }
    fn run(&mut self, radius: u32) {
        let start = bracket_pathfinding::prelude::Point::new(self.map.ox, self.map.oy);
        let range = self.map.range(radius);
        self.last = if self.symmetric {
            FieldOfViewAlg::SymmetricShadowcasting.field_of_view_set(start, range, &self.map)
        } else {
            bracket_pathfinding::prelude::field_of_view_set(start, range, &self.map)
        };
    }
    fn count(&self) -> usize {
        self.last.len()
    }
}

struct Adam {
    map: Shared,
    seen: Vec<IVec2>,
}

impl Fov for Adam {
    fn name(&self) -> &'static str {
        "adam_fov_rs"
    }
    fn run(&mut self, radius: u32) {
        let map = &self.map;
        let seen = &mut self.seen;
        seen.clear();
        let w = map.w;
        adam_fov_rs::compute_fov(
            [map.ox, map.oy],
            map.range(radius) as usize,
            [map.w as u32, map.h as u32],
            |p: IVec2| map.opaque[(p.y * w + p.x) as usize],
            |p| seen.push(p),
        );
    }
    fn count(&self) -> usize {
        let (w, h) = (self.map.w, self.map.h);
        let inside = |p: &&IVec2| p.x >= 0 && p.y >= 0 && p.x < w && p.y < h;
        self.seen
            .iter()
            .filter(inside)
            .map(|p| (p.x, p.y))
            .collect::<HashSet<_>>()
            .len()
    }
}

struct SymmetricShadowcasting {
    map: Shared,
    seen: Vec<(isize, isize)>,
}

impl Fov for SymmetricShadowcasting {
    fn name(&self) -> &'static str {
        "symmetric-shadowcasting"
    }
    fn run(&mut self, radius: u32) {
        let map = &self.map;
        let (ox, oy) = (map.ox as isize, map.oy as isize);
        let r2 = (radius as isize) * (radius as isize);
        let outside = move |(x, y): (isize, isize)| {
            let (dx, dy) = (x - ox, y - oy);
            x < 0
                || y < 0
                || x >= map.w as isize
                || y >= map.h as isize
                || (radius > 0 && dx * dx + dy * dy >= r2)
        };
        let mut is_blocking = |p: (isize, isize)| {
            outside(p) || map.opaque[p.1 as usize * map.w as usize + p.0 as usize]
        };
        let seen = &mut self.seen;
        seen.clear();
        let mut mark_visible = |p: (isize, isize)| {
            if !outside(p) {
                seen.push(p);
            }
        };
        symmetric_shadowcasting::compute_fov((ox, oy), &mut is_blocking, &mut mark_visible);
    }
    fn count(&self) -> usize {
        self.seen.iter().collect::<HashSet<_>>().len()
    }
}

enum DoryenAlgorithm {
    Recursive(FovRecursiveShadowCasting),
    Restrictive(FovRestrictive),
}

struct Doryen {
    ox: i32,
    oy: i32,
    map: MapData,
    algorithm: DoryenAlgorithm,
}

impl Fov for Doryen {
    fn name(&self) -> &'static str {
        match self.algorithm {
            DoryenAlgorithm::Recursive(_) => "doryen-fov FovRecursiveShadowCasting",
            DoryenAlgorithm::Restrictive(_) => "doryen-fov FovRestrictive",
        }
    }
    fn run(&mut self, radius: u32) {
        // Its compute_fov only sets cells; the whole grid has to be cleared first.
        self.map.clear_fov();
        let (x, y, r) = (self.ox as usize, self.oy as usize, radius as usize);
        match &mut self.algorithm {
            DoryenAlgorithm::Recursive(a) => a.compute_fov(&mut self.map, x, y, r, true),
            DoryenAlgorithm::Restrictive(a) => a.compute_fov(&mut self.map, x, y, r, true),
        }
    }
    fn count(&self) -> usize {
        self.map.fov.iter().filter(|&&v| v).count()
    }
}
