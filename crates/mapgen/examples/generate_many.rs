//! Generates `COUNT` dungeons (seeds 0..COUNT) with a generator's default settings and
//! prints a checksum of their tiles: a fixed piece of work for comparing two versions of
//! the generators by instruction count, as
//!
//! ```text
//! cargo build --release -p mapgen --example generate_many
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/generate_many caves 20
//! ```
//!
//! (the `Collected` line is the count; a timed benchmark is `cargo bench -p mapgen-bench`).

use mapgen::generators::{Generator, GeneratorKind};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let kind: GeneratorKind = args.next().unwrap_or_else(|| "rooms".into()).parse()?;
    let count: u64 = args.next().map_or(Ok(10), |n| n.parse())?;
    let generator = Generator::with_defaults(kind);
    let mut walkable = 0usize;
    for seed in 0..count {
        let dungeon = generator.generate(seed)?;
        walkable += dungeon.map.tiles().iter().filter(|t| t.walkable).count();
    }
    println!("{kind}: {count} dungeons, {walkable} walkable tiles");
    Ok(())
}
