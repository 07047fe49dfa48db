//! The table in docs/generators.md of contradictions and restarts per 1000 seeds for every
//! built-in sample at the default settings (pattern size 3, all eight orientations, 20
//! attempts):
//!
//! ```sh
//! cargo run --release -p mapgen-bench --example wfc_restart_table -- [SEEDS=1000] [WIDTH=80 HEIGHT=45]
//! ```
//!
//! Each seed runs a `WfcRun` step by step to the end and reads its `WfcStats`.

use mapgen::DungeonRng;
use mapgen::generators::Generate;
use mapgen::generators::wfc::{BuiltinSample, WfcRun, WfcSample, WfcSettings, WfcStep};

/// What the runs of one sample added up to.
#[derive(Default)]
struct Totals {
    restarted: u64,
    gave_up: u64,
    contradictions: u64,
    disconnected: u64,
    blocks: u64,
    blocks_kept: u64,
}

fn run_seeds(settings: &WfcSettings, seeds: u64) -> Totals {
    let mut totals = Totals::default();
    for seed in 0..seeds {
        let mut run = WfcRun::new(settings, &mut DungeonRng::new(seed)).unwrap();
        let finished = loop {
            match run.step() {
                Ok(WfcStep::Finished) => break true,
                Ok(_) => {}
                Err(_) => break false,
            }
        };
        let stats = run.stats();
        totals.restarted += u64::from(stats.attempts > 1);
        totals.gave_up += u64::from(!finished);
        totals.contradictions += u64::from(stats.contradictions);
        totals.disconnected += u64::from(stats.disconnected);
        totals.blocks += u64::from(stats.blocks);
        totals.blocks_kept += u64::from(stats.blocks_kept);
    }
    totals
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let seeds = args.first().copied().unwrap_or(1000).max(1);
    let width = args.get(1).map_or(80, |&w| w as i32);
    let height = args.get(2).map_or(45, |&h| h as i32);
    println!("{seeds} seeds, {width}x{height}, pattern size 3, all 8 orientations, 20 attempts\n");
    println!(
        "| sample | patterns | seeds that restarted | contradictions | disconnected restarts | gave up | blocks solved again per seed | blocks kept |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let per_1000 = |v: u64| v as f64 * 1000.0 / seeds as f64;
    for &sample in BuiltinSample::ALL {
        let settings = WfcSettings {
            width,
            height,
            sample: WfcSample::Builtin(sample),
            ..WfcSettings::default()
        };
        settings.validate().unwrap();
        let t = run_seeds(&settings, seeds);
        println!(
            "| {sample} | {} | {:.1} ‰ | {:.1} per 1000 | {:.1} per 1000 | {:.1} ‰ | {:.2} | {:.0} % |",
            settings.pattern_count().unwrap(),
            per_1000(t.restarted),
            per_1000(t.contradictions),
            per_1000(t.disconnected),
            per_1000(t.gave_up),
            t.blocks as f64 / seeds as f64,
            100.0 * t.blocks_kept as f64 / t.blocks.max(1) as f64,
        );
    }
}
