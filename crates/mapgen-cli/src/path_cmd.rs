//! `mapgen path`: the cheapest path between two tiles of a dungeon, as one JSON object
//! `{"from": [x, y], "to": [x, y], "cost": N, "path": [[x, y], ...]}`, with `null` cost
//! and path when there is none. With `--suboptimal W` the path costs at most W times the
//! cheapest, and the object says so: `"suboptimal": "W"` after `"to"`.

use std::io::Write;

use clap::Args;
use mapgen::Point;
use mapgen::path::{AStar, ParseWeightError, PathFinder, PathSettings, Weight};
use mapgen_flags::GeneratorFlags;
use mapgen_flags::vaults::VaultFlags;

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
    pub max_cost: Option<u64>,
    /// Accept a path that costs at most W times the cheapest, found much faster on big
    /// maps: 1 to 100, at most 3 decimals, e.g. 1.5 (weighted A*) [default: the cheapest]
    #[arg(long, value_name = "W", value_parser = parse_weight, allow_hyphen_values = true)]
    pub suboptimal: Option<Weight>,
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

/// Generates the dungeon, finds the path and writes it to `out`.
pub fn run(args: &PathArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let generator = args.flags.generator()?;
    let vaults = args.vaults.plan()?;
    let dungeon = crate::generate_cmd::make(&generator, vaults.as_ref(), args.seed)?;
    let map = &dungeon.map;
    let from = match &args.from {
        Some(arg) => check_walkable(map, "--from", arg)?,
        None => dungeon.start,
    };
    let to = match &args.to {
        Some(arg) => check_walkable(map, "--to", arg)?,
        None => dungeon.exit(),
    };
    let max_cost = args.max_cost.unwrap_or(u64::MAX);
    let moves = args.moves.moves();
    let (cost, path) = match args.suboptimal {
        Some(weight) => {
            let settings = PathSettings {
                moves,
                weight,
                ..PathSettings::default()
            };
            let mut finder = PathFinder::new(settings)?;
            let cost = finder.search_within(map, from, to, max_cost)?;
            (cost, finder.path().to_vec())
        }
        None => {
            let mut astar = AStar::default();
            let cost = astar.search_within(map, moves, from, to, max_cost)?;
            (cost, astar.path().to_vec())
        }
    };
    let mut line = Vec::new();
    line.extend_from_slice(b"{\"from\": ");
    push_point(&mut line, from);
    line.extend_from_slice(b", \"to\": ");
    push_point(&mut line, to);
    if let Some(weight) = args.suboptimal {
        // A string: the weight is an exact fraction (`4/3`), not a float.
        line.extend_from_slice(format!(", \"suboptimal\": \"{weight}\"").as_bytes());
    }
    line.extend_from_slice(b", \"cost\": ");
    match cost {
        Some(cost) => {
            push_int(&mut line, cost);
            line.extend_from_slice(b", \"path\": [");
            for (i, &p) in path.iter().enumerate() {
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

/// Parses `--suboptimal`: clap names the flag, the error the value and what is allowed.
fn parse_weight(text: &str) -> Result<Weight, ParseWeightError> {
    text.parse()
}

/// `[x, y]`.
fn push_point(out: &mut Vec<u8>, p: Point) {
    out.push(b'[');
    push_int(out, p.x);
    out.extend_from_slice(b", ");
    push_int(out, p.y);
    out.push(b']');
}
