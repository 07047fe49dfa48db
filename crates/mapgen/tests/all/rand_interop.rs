//! `DungeonRng` as a `rand_core` generator: `rand`'s distributions draw from the dungeon's
//! stream, repeatably, and leave the inherent draws where the stream is.

use mapgen::DungeonRng;
use rand::RngExt as _;
use rand::distr::{Distribution, Uniform};
use rand::seq::SliceRandom as _;

/// What a game might draw after generating: a range, a coin, a shuffle, a distribution.
fn draws(rng: &mut DungeonRng) -> (Vec<u32>, bool, Vec<u8>, Vec<i64>) {
    let rolls = (0..100).map(|_| rng.random_range(1..=6)).collect();
    let coin = rng.random_bool(0.5);
    let mut deck: Vec<u8> = (0..52).collect();
    deck.shuffle(rng);
    let uniform = Uniform::new(-1_000_i64, 1_000).unwrap();
    let spread = uniform.sample_iter(&mut *rng).take(50).collect();
    (rolls, coin, deck, spread)
}

#[test]
fn a_seed_names_the_same_rand_draws() {
    for seed in [0, 7, 42, u64::MAX] {
        let (mut a, mut b) = (DungeonRng::new(seed), DungeonRng::new(seed));
        assert_eq!(draws(&mut a), draws(&mut b), "seed {seed}");
        // Both streams are at the same place afterwards.
        assert_eq!(a.next_u32(), b.next_u32());
    }
}

#[test]
fn rand_draws_stay_in_range_and_cover_it() {
    let mut rng = DungeonRng::new(3);
    let (rolls, _, mut deck, spread) = draws(&mut rng);
    assert!(rolls.iter().all(|r| (1..=6).contains(r)));
    for face in 1..=6 {
        assert!(rolls.contains(&face), "100 rolls of a die show {face}");
    }
    assert!(spread.iter().all(|v| (-1_000..1_000).contains(v)));
    assert_ne!(
        deck,
        (0..52).collect::<Vec<u8>>(),
        "a shuffle moves the cards"
    );
    deck.sort_unstable();
    assert_eq!(deck, (0..52).collect::<Vec<u8>>(), "and keeps every card");
}

#[test]
fn rand_draws_come_from_the_dungeon_stream() {
    // Different seeds, different draws: rand reads our stream, not a stream of its own.
    let (mut a, mut b) = (DungeonRng::new(1), DungeonRng::new(2));
    assert_ne!(draws(&mut a), draws(&mut b));
    // A draw through rand moves the stream as the outputs it used.
    let mut via_rand = DungeonRng::new(9);
    let mut by_hand = DungeonRng::new(9);
    let word: u32 = via_rand.random();
    assert_eq!(word, by_hand.next_u32(), "a random u32 is one output");
    assert_eq!(via_rand.below(1000), by_hand.below(1000));
}
