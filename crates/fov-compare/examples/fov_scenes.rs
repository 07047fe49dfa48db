//! Writes the benchmark scenes as FOV case files for `scripts/bench_libtcod.py`, and prints
//! how many cells each implementation sees on each row of the benchmark.
//!
//! `cargo run --release -p fov-compare --example fov_scenes -- DIR`

#[path = "../benches/rivals/mod.rs"]
mod rivals;

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).ok_or("usage: fov_scenes DIR")?);
    std::fs::create_dir_all(&dir)?;
    for scene in fov_compare::scenes() {
        let path = dir.join(format!("{}.txt", scene.name));
        std::fs::write(
            &path,
            fov_compare::case_text(&scene, mapgen::fov::Radius::Unlimited),
        )?;
        println!("wrote {}", path.display());
        for radius in [8u32, 0] {
            println!("{} radius {radius}: visible cells", scene.name);
            for mut imp in rivals::all(&scene) {
                imp.run(radius);
                println!("  {:>8}  {}", imp.count(), imp.name());
            }
        }
    }
    Ok(())
}
