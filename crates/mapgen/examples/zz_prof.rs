use mapgen::generators::{Generator, GeneratorKind};
use mapgen::graph::RegionGraph;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind: GeneratorKind = args[1].parse().unwrap();
    let (w, h): (i32, i32) = (args[2].parse().unwrap(), args[3].parse().unwrap());
    let mut g = Generator::with_defaults(kind);
    match &mut g {
        Generator::Rooms(s) => {
            s.width = w;
            s.height = h;
            if w > 100 {
                s.max_rooms = (w * h / 200) as u32;
            }
        }
        Generator::Caves(s) => {
            s.width = w;
            s.height = h;
        }
        Generator::Maze(s) => {
            s.width = w;
            s.height = h;
            s.branching = 0;
        }
        _ => {}
    }
    let dungeons: Vec<_> = (1..=4).map(|s| g.generate(s).unwrap()).collect();
    let mut nodes = 0;
    for _ in 0..args.get(4).map_or(1, |a| a.parse().unwrap()) {
        for d in &dungeons {
            nodes += RegionGraph::of(d).nodes().len();
        }
    }
    eprintln!("{nodes}");
}
