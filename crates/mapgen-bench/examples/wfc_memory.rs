//! The README's table of the wave function collapse solver's memory: bytes of solver state
//! per cell of the pattern grid for every built-in sample, and in all at 80x45 and 200x200
//! (pattern size 3: the grid is the map less two rows and columns), with a 200x200
//! dungeon generated to show the size works:
//!
//! ```sh
//! cargo run --release -p mapgen-bench --example wfc_memory
//! ```

use mapgen::generators::Generate;
use mapgen::generators::wfc::{BuiltinSample, WfcSample, WfcSettings};

fn main() {
    println!(
        "| sample | patterns | bytes per cell | 80x45 solver state | 200x200 solver state | 200x200 seed 1 |"
    );
    println!("|---|---:|---:|---:|---:|---|");
    let mib = |bytes: usize| bytes as f64 / f64::from(1 << 20);
    for &sample in BuiltinSample::ALL {
        let settings = |width, height| WfcSettings {
            width,
            height,
            sample: WfcSample::Builtin(sample),
            ..WfcSettings::default()
        };
        let per_cell = settings(80, 45).solver_bytes_per_cell().unwrap();
        let cells = |w: usize, h: usize| (w - 2) * (h - 2);
        let big = settings(200, 200).generate(1);
        println!(
            "| {sample} | {} | {per_cell} | {:.2} MiB | {:.1} MiB | {} |",
            settings(80, 45).pattern_count().unwrap(),
            mib(cells(80, 45) * per_cell),
            mib(cells(200, 200) * per_cell),
            if big.is_ok() { "made" } else { "gave up" },
        );
    }
}
