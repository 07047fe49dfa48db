//! `mapgen dijkstra`: the Dijkstra map of a dungeon from one or more goals, as one JSON
//! object `{"width": W, "height": H, "distances": [[d or null, ...], ...]}`, one row of
//! the map per line, top to bottom.
//!
//! The rows are written as they are formatted, one at a time, so a 10,000 x 10,000 map
//! (100 million numbers) streams out without its text ever being held in memory.

use std::io::Write;

use clap::Args;
use mapgen::path::{DijkstraMap, Goal};
use mapgen_flags::GeneratorFlags;
use mapgen_flags::vaults::VaultFlags;

use crate::path_flags::{MoveFlags, PointArg, check_walkable, parse_goal, push_int};

/// Arguments of `mapgen dijkstra`.
#[derive(Debug, Args)]
pub struct DijkstraArgs {
    /// The dungeon's seed.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub seed: u64,
    /// A goal, a walkable tile, with the value it starts at (0 if not given); repeat for
    /// more goals [default: the dungeon's start]
    #[arg(long, value_name = "X,Y[,VALUE]", value_parser = parse_goal, allow_hyphen_values = true)]
    pub from: Vec<PointArg>,
    /// Tiles whose value would be above this stay null [default: no limit]
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_cost: Option<i64>,
    /// How a creature moves.
    #[command(flatten)]
    pub moves: MoveFlags,
    /// The generator and its settings.
    #[command(flatten)]
    pub flags: GeneratorFlags,
    /// Vaults to stamp into the dungeon.
    #[command(flatten)]
    pub vaults: VaultFlags,
}

/// Generates the dungeon, computes the map and writes it to `out`.
pub fn run(args: &DijkstraArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let generator = args.flags.generator()?;
    let vaults = args.vaults.plan()?;
    let dungeon = crate::generate_cmd::make(&generator, vaults.as_ref(), args.seed)?;
    let map = &dungeon.map;
    let mut goals = Vec::with_capacity(args.from.len().max(1));
    for arg in &args.from {
        let point = check_walkable(map, "--from", arg)?;
        goals.push(Goal::new(point, arg.value.unwrap_or(0)));
    }
    if goals.is_empty() {
        goals.push(Goal::from(dungeon.start));
    }
    let mut dm = DijkstraMap::default();
    match args.max_cost {
        Some(max_cost) => dm.compute_within(map, args.moves.moves(), goals, max_cost)?,
        None => dm.compute(map, args.moves.moves(), goals)?,
    }

    let mut line = Vec::new();
    line.extend_from_slice(b"{\"width\": ");
    push_int(&mut line, dm.width());
    line.extend_from_slice(b", \"height\": ");
    push_int(&mut line, dm.height());
    line.extend_from_slice(b", \"distances\": [\n");
    out.write_all(&line)?;
    for y in 0..dm.height() {
        line.clear();
        line.push(b'[');
        for (x, value) in dm.row(y).enumerate() {
            if x > 0 {
                line.extend_from_slice(b", ");
            }
            match value {
                Some(v) => push_int(&mut line, v),
                None => line.extend_from_slice(b"null"),
            }
        }
        line.extend_from_slice(if y + 1 < dm.height() { b"],\n" } else { b"]\n" });
        out.write_all(&line)?;
    }
    out.write_all(b"]}\n")?;
    Ok(())
}
