//! The paths items had at the crate root before 0.2.0, kept for one release so code
//! written against them still builds, with a warning that names the new path. Hidden from
//! the docs; each item has one documented path.
#![allow(missing_docs)]

use crate::{Map, Point, Rect, carve, fov, generators};

#[deprecated(since = "0.2.0", note = "moved to `mapgen::carve::Bend`")]
pub type Bend = crate::carve::Bend;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::fov::FieldOfView`")]
pub type FieldOfView = crate::fov::FieldOfView;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::fov::FovError`")]
pub type FovError = crate::fov::FovError;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::fov::LightWalls`")]
pub type LightWalls = crate::fov::LightWalls;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::fov::Radius`")]
pub type Radius = crate::fov::Radius;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::grid::DoorWeights`"
)]
pub type DoorWeights = crate::generators::grid::DoorWeights;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::generators::grid::Doors`")]
pub type Doors = crate::generators::grid::Doors;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::grid::GridRoom`"
)]
pub type GridRoom = crate::generators::grid::GridRoom;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::grid::RoomGrid`"
)]
pub type RoomGrid = crate::generators::grid::RoomGrid;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::grid::RoomGridError`"
)]
pub type RoomGridError = crate::generators::grid::RoomGridError;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::grid::RoomKind`"
)]
pub type RoomKind = crate::generators::grid::RoomKind;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::generators::grid::Side`")]
pub type Side = crate::generators::grid::Side;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::generators::Generator`")]
pub type Generator = crate::generators::Generator;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::generators::GeneratorKind`")]
pub type GeneratorKind = crate::generators::GeneratorKind;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::rooms_and_mazes::DeadEnds`"
)]
pub type DeadEnds = crate::generators::rooms_and_mazes::DeadEnds;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::rooms::RoomsSettings`"
)]
pub type RoomsSettings = crate::generators::rooms::RoomsSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::grid::GridSettings`"
)]
pub type GridSettings = crate::generators::grid::GridSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::bsp::BspSettings`"
)]
pub type BspSettings = crate::generators::bsp::BspSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::bsp_interior::BspInteriorSettings`"
)]
pub type BspInteriorSettings = crate::generators::bsp_interior::BspInteriorSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::maze::MazeSettings`"
)]
pub type MazeSettings = crate::generators::maze::MazeSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::rooms_and_mazes::RoomsAndMazesSettings`"
)]
pub type RoomsAndMazesSettings = crate::generators::rooms_and_mazes::RoomsAndMazesSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::caves::CavesSettings`"
)]
pub type CavesSettings = crate::generators::caves::CavesSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::drunkard::DrunkardSettings`"
)]
pub type DrunkardSettings = crate::generators::drunkard::DrunkardSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::dla::DlaSettings`"
)]
pub type DlaSettings = crate::generators::dla::DlaSettings;

#[deprecated(
    since = "0.2.0",
    note = "moved to `mapgen::generators::voronoi::VoronoiSettings`"
)]
pub type VoronoiSettings = crate::generators::voronoi::VoronoiSettings;

/// Likewise.
pub use fov::Transparency;
/// A trait cannot be aliased: the old path stays a plain re-export for one release.
pub use generators::Generate;

#[deprecated(since = "0.2.0", note = "moved to `mapgen::carve::create_room`")]
pub fn create_room(map: &mut Map, room: &Rect) {
    carve::create_room(map, room);
}

#[deprecated(since = "0.2.0", note = "moved to `mapgen::carve::create_h_tunnel`")]
pub fn create_h_tunnel(map: &mut Map, x1: i32, x2: i32, y: i32) {
    carve::create_h_tunnel(map, x1, x2, y);
}

#[deprecated(since = "0.2.0", note = "moved to `mapgen::carve::create_v_tunnel`")]
pub fn create_v_tunnel(map: &mut Map, y1: i32, y2: i32, x: i32) {
    carve::create_v_tunnel(map, y1, y2, x);
}

#[deprecated(since = "0.2.0", note = "moved to `mapgen::carve::tunnel_between`")]
pub fn tunnel_between(map: &mut Map, from: Point, to: Point, bend: carve::Bend) {
    carve::tunnel_between(map, from, to, bend);
}
