//! How often wave function collapse gives up on hand-drawn samples of rooms, corridors and
//! doors (`crates/mapgen/tests/wfc_samples/*.txt`), at the default settings:
//!
//! ```sh
//! cargo run --release -p mapgen-bench --example wfc_user_samples -- [SEEDS=1000]
//! ```
//!
//! Prints, per sample and size (48x48, 80x45), the seeds that gave up, the restarts and
//! the blocks solved again.

use mapgen::DungeonRng;
use mapgen::generators::wfc::{SampleMap, WfcRun, WfcSample, WfcSettings, WfcStep};

fn main() {
    let seeds: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../mapgen/tests/wfc_samples");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    println!("{seeds} seeds each, pattern size 3, all 8 orientations, 20 attempts\n");
    println!("| sample | size | gave up | seeds that restarted | blocks per seed | blocks kept |");
    println!("|---|---|---:|---:|---:|---:|");
    for file in files {
        let sample = SampleMap::from_ascii(&std::fs::read_to_string(&file).unwrap()).unwrap();
        for (width, height) in [(48, 48), (80, 45)] {
            let settings = WfcSettings {
                width,
                height,
                sample: WfcSample::Custom(sample.clone()),
                ..WfcSettings::default()
            };
            let (mut gave_up, mut restarted, mut blocks, mut kept) = (0, 0, 0u64, 0u64);
            for seed in 0..seeds {
                let mut run = WfcRun::new(&settings, &mut DungeonRng::new(seed)).unwrap();
                let finished = loop {
                    match run.step() {
                        Ok(WfcStep::Finished) => break true,
                        Ok(_) => {}
                        Err(_) => break false,
                    }
                };
                let stats = run.stats();
                gave_up += u64::from(!finished);
                restarted += u64::from(stats.attempts > 1);
                blocks += u64::from(stats.blocks);
                kept += u64::from(stats.blocks_kept);
            }
            println!(
                "| {} | {width}x{height} | {gave_up} | {restarted} | {:.2} | {:.0} % |",
                file.file_stem().unwrap().to_string_lossy(),
                blocks as f64 / seeds as f64,
                100.0 * kept as f64 / blocks.max(1) as f64
            );
        }
    }
}
