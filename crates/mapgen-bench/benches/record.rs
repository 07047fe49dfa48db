//! Recorded generation against plain generation, every generator at its default settings:
//! `cargo bench -p mapgen-bench --bench record`.
//!
//! In each group, `generate` is the default generation (the generator reporting to
//! `NoRecorder`), `record` the same dungeon with a `DiffRecorder` keeping every change
//! and `frames` that plus taking the recording into 300 frames. Seeds cycle over 0..1024.

use criterion::{Criterion, criterion_group, criterion_main};
use mapgen::generators::{Generator, GeneratorKind};
use mapgen_bench::{configure, generating, over_seeds};

fn record(c: &mut Criterion) {
    for &kind in GeneratorKind::ALL {
        let generator = Generator::with_defaults(kind);
        let mut group = c.benchmark_group(format!("record/{}", kind.name()));
        configure(&mut group, false);
        group.bench_function("generate", generating(generator.clone()));
        let recorded = generator.clone();
        group.bench_function(
            "record",
            over_seeds(move |seed| recorded.record(seed).unwrap()),
        );
        group.bench_function(
            "frames",
            over_seeds(move |seed| {
                let (_, recording) = generator.record(seed).unwrap();
                recording.frames(300).len()
            }),
        );
        group.finish();
    }
}

criterion_group!(benches, record);
criterion_main!(benches);
