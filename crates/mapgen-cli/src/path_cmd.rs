//! `mapgen path`: the cheapest path between two tiles of a dungeon, as one JSON object
//! `{"from": [x, y], "to": [x, y], "cost": N, "path": [[x, y], ...]}`, with `null` cost
//! and path when there is none.

use std::io::Write;

use clap::Args;
use mapgen::Point;
use mapgen::path::AStar;
use mapgen_flags::GeneratorFlags;

use crate::path_flags::{MoveFlags, PointArg, check_walkable, parse_point, push_int};

/// Arguments of `mapgen path`.
#[derive(Debug, Args)]
pub struct PathArgs {
    /// The dungeon's seed.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub seed: u64,
    /// Where the path starts, a walkable tile [default: the dungeon's start]
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub from: Option<PointArg>,
    /// Where it ends, a walkable tile [default: the dungeon's exit]
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub to: Option<PointArg>,
    /// The largest cost a path may have [default: no limit]
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_cost: Option<u32>,
    /// How a creature moves.
    #[command(flatten)]
    pub moves: MoveFlags,
    /// The generator and its settings.
    #[command(flatten)]
    pub flags: GeneratorFlags,
}

/// Generates the dungeon, finds the path and writes it to `out`.
pub fn run(args: &PathArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let generator = args.flags.generator()?;
    let dungeon = generator.generate(args.seed)?;
    let map = &dungeon.map;
    let from = match &args.from {
        Some(arg) => check_walkable(map, "--from", arg)?,
        None => dungeon.start,
    };
    let to = match &args.to {
        Some(arg) => check_walkable(map, "--to", arg)?,
        None => dungeon.exit(),
    };
    let mut astar = AStar::default();
    let cost = match args.max_cost {
        Some(max_cost) => astar.search_within(map, args.moves.moves(), from, to, max_cost)?,
        None => astar.search(map, args.moves.moves(), from, to)?,
    };
    let mut line = Vec::new();
    line.extend_from_slice(b"{\"from\": ");
    push_point(&mut line, from);
    line.extend_from_slice(b", \"to\": ");
    push_point(&mut line, to);
    line.extend_from_slice(b", \"cost\": ");
    match cost {
        Some(cost) => {
            push_int(&mut line, cost.into());
            line.extend_from_slice(b", \"path\": [");
            for (i, &p) in astar.path().iter().enumerate() {
                if i > 0 {
                    line.extend_from_slice(b", ");
                }
                push_point(&mut line, p);
            }
            line.extend_from_slice(b"]}\n");
        }
        None => line.extend_from_slice(b"null, \"path\": null}\n"),
    }
    out.write_all(&line)?;
    Ok(())
}

/// `[x, y]`.
fn push_point(out: &mut Vec<u8>, p: Point) {
    out.push(b'[');
    push_int(out, p.x.into());
    out.extend_from_slice(b", ");
    push_int(out, p.y.into());
    out.push(b']');
}
