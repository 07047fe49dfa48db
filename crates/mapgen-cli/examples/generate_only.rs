//! Generates the dungeons `mapgen generate` would print, and their exits, without printing
//! anything: the baseline of the share of `mapgen generate`'s time spent formatting (the
//! `docs/performance.md`, "The `mapgen` command").
//!
//! ```sh
//! cargo build --release -p mapgen-cli --bin mapgen --example generate_only
//! time target/release/examples/generate_only --count 20000               # the JSON formats
//! time target/release/examples/generate_only --count 20000 --without-exit # ascii
//! time target/release/mapgen generate --count 20000 --format jsonl --jobs 1 > /dev/null
//! ```

use clap::Parser;
use mapgen_flags::GeneratorFlags;

/// Takes `--seed`, `--count` and the generator flags of `mapgen generate`.
#[derive(Debug, Parser)]
struct Args {
    /// The first seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How many dungeons: seeds `seed ..= seed + count - 1`.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Skip the exits, as `--format ascii` does (the JSON formats write them).
    #[arg(long)]
    without_exit: bool,
    /// The generator and its settings.
    #[command(flatten)]
    flags: GeneratorFlags,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let generator = args.flags.generator()?;
    // Something of every dungeon is kept, so that nothing is optimised away.
    let mut checksum = 0u64;
    for seed in args.seed..args.seed.saturating_add(args.count) {
        let dungeon = generator.generate(seed)?;
        let exit = if args.without_exit {
            dungeon.start
        } else {
            dungeon.exit()
        };
        checksum = checksum
            .wrapping_mul(31)
            .wrapping_add((exit.x ^ exit.y) as u64);
        checksum ^= dungeon.map.tiles().len() as u64;
    }
    println!("{checksum}");
    Ok(())
}
