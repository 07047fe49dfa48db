//! Save a dungeon and the generator that made it as JSON, load both back, and check that
//! the loaded dungeon is the one saved and that the loaded generator makes it again.
//!
//! Run with `cargo run -p mapgen --example save_load --features serde`.

use mapgen::Dungeon;
use mapgen::generators::Generator;
use mapgen::generators::grid::GridSettings;

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let generator = Generator::from(GridSettings {
        room_count: 8,
        ..GridSettings::default()
    });
    let seed = 42;
    let dungeon = generator.generate(seed)?;

    // A save file: what made the dungeon, and the dungeon itself.
    let saved_generator = serde_json::to_string(&generator)?;
    let saved_dungeon = serde_json::to_string_pretty(&dungeon)?;
    println!("{saved_generator}");
    println!("{} bytes of dungeon", saved_dungeon.len());

    let loaded: Dungeon = serde_json::from_str(&saved_dungeon)?;
    assert_eq!(loaded, dungeon, "a dungeon loads back equal");
    let remade = serde_json::from_str::<Generator>(&saved_generator)?.generate(seed)?;
    assert_eq!(
        remade, dungeon,
        "the saved generator and seed make it again"
    );

    // Loading checks what it reads: a start outside the map is refused.
    let mut broken: serde_json::Value = serde_json::from_str(&saved_dungeon)?;
    broken["start"]["x"] = 9999.into();
    let err = serde_json::from_value::<Dungeon>(broken).unwrap_err();
    println!("refused: {err}");
    print!("{}", loaded.map);
    Ok(())
}
