//! Places 3 locks on `COUNT` dungeons (seeds 0..COUNT) of a generator at its default
//! settings, graphs made beforehand, and prints how many got all three: a fixed piece of
//! work for comparing two versions of the placing by instruction count, as
//!
//! ```text
//! cargo build --release -p mapgen --example place_locks_many
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     --toggle-collect='mapgen::locks::place_locks' \
//!     target/release/examples/place_locks_many rooms 64
//! ```
//!
//! A third argument, `walling`, places them with `place_locks_walling_loops` (collect
//! `mapgen::locks::place_locks_walling_loops` then).

use mapgen::DungeonRng;
use mapgen::generators::{Generator, GeneratorKind};
use mapgen::graph::RegionGraph;
use mapgen::locks::{place_locks, place_locks_walling_loops};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let kind: GeneratorKind = args.next().unwrap_or_else(|| "rooms".into()).parse()?;
    let count: u64 = args.next().map_or(Ok(10), |n| n.parse())?;
    let walling = args.next().as_deref() == Some("walling");
    let generator = Generator::with_defaults(kind);
    let dungeons: Vec<_> = (0..count)
        .map(|seed| generator.generate(seed))
        .collect::<Result<_, _>>()?;
    let graphs: Vec<_> = dungeons.iter().map(RegionGraph::of).collect();
    let mut full = 0;
    for (seed, (dungeon, graph)) in dungeons.into_iter().zip(&graphs).enumerate() {
        let mut rng = DungeonRng::new(seed as u64);
        let locks = if walling {
            place_locks_walling_loops(&mut { dungeon }, graph, 3, &mut rng)?
        } else {
            place_locks(&dungeon, graph, 3, &mut rng)?
        };
        full += usize::from(locks.locks.len() == 3);
    }
    println!("{kind}: 3 locks on {full} of {count} dungeons");
    Ok(())
}
