//! Places 3 locks on `COUNT` dungeons (seeds 0..COUNT) of a generator at its default
//! settings, graphs made beforehand, and prints how many got all three: a fixed piece of
//! work for comparing two versions of the placing by instruction count, as
//!
//! ```text
//! cargo build --release -p mapgen --example place_locks_many
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     --toggle-collect='*place_locks*' target/release/examples/place_locks_many rooms 64
//! ```

use mapgen::generators::{Generator, GeneratorKind};
use mapgen::graph::RegionGraph;
use mapgen::locks::place_locks;
use mapgen::DungeonRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let kind: GeneratorKind = args.next().unwrap_or_else(|| "rooms".into()).parse()?;
    let count: u64 = args.next().map_or(Ok(10), |n| n.parse())?;
    let generator = Generator::with_defaults(kind);
    let dungeons: Vec<_> = (0..count)
        .map(|seed| generator.generate(seed))
        .collect::<Result<_, _>>()?;
    let graphs: Vec<_> = dungeons.iter().map(RegionGraph::of).collect();
    let mut full = 0;
    for (seed, (dungeon, graph)) in dungeons.iter().zip(&graphs).enumerate() {
        let locks = place_locks(dungeon, graph, 3, &mut DungeonRng::new(seed as u64))?;
        full += usize::from(locks.locks.len() == 3);
    }
    println!("{kind}: 3 locks on {full} of {count} dungeons");
    Ok(())
}
