//! Ours against the `wfc` crate (0.10) in CPU time, for a machine too loaded for wall
//! clocks: per built-in sample and map size, the CPU time of this thread per dungeon
//! (`/proc/thread-self/schedstat`, Linux), over seeds `0..SEEDS`, ours and the peer's
//! batches taking turns, `RUNS` times; printed as the median of the runs and the ratio.
//! The same work as the wfc benchmark (`benches/wfc.rs`).
//!
//! ```sh
//! cargo build --release -p mapgen-bench --example wfc_cpu_time
//! target/release/examples/wfc_cpu_time [SEEDS=64] [RUNS=5]   # WFC_SAMPLES=rooms,lakes
//! ```

#[path = "../benches/wfc/peer.rs"]
mod wfc_peer;

use std::hint::black_box;
use std::time::{Duration, Instant};

use mapgen::generators::Generate;
use mapgen::generators::wfc::{WfcSample, WfcSettings};

const SIZES: [(i32, i32); 2] = [(48, 48), (80, 45)];

/// This thread's CPU time so far, or `None` where the system does not say.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Milliseconds per call of `run` over `seeds`, in CPU time (wall time without it).
fn per_call(seeds: u64, mut run: impl FnMut(u64) -> bool) -> f64 {
    let (cpu, wall) = (cpu_time(), Instant::now());
    for seed in 0..seeds {
        black_box(run(black_box(seed)));
    }
    let spent = match (cpu, cpu_time()) {
        (Some(before), Some(after)) => after - before,
        _ => wall.elapsed(),
    };
    spent.as_secs_f64() * 1000.0 / seeds as f64
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let seeds = args.first().copied().unwrap_or(64).max(1);
    let runs = args.get(1).copied().unwrap_or(5).max(1);
    let clock = if cpu_time().is_some() { "CPU" } else { "wall" };
    println!("{clock} ms per dungeon, seeds 0..{seeds}, median of {runs} runs\n");
    println!("| sample | size | mapgen | wfc 0.10 | wfc / mapgen |");
    println!("|---|---|---:|---:|---:|");
    for sample in wfc_peer::samples_from_env() {
        for (width, height) in SIZES {
            let settings = WfcSettings {
                width,
                height,
                sample: WfcSample::Builtin(sample),
                ..WfcSettings::default()
            };
            let peer = wfc_peer::Peer::new(sample, width, height);
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            for _ in 0..runs {
                ours.push(per_call(seeds, |seed| settings.generate(seed).is_ok()));
                theirs.push(per_call(seeds, |seed| peer.collapse(seed)));
            }
            let (ours, theirs) = (median(ours), median(theirs));
            println!(
                "| {sample} | {width}x{height} | {ours:.1} ms | {theirs:.1} ms | {:.1}x |",
                theirs / ours
            );
        }
    }
}
