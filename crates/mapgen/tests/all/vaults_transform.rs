//! The eight orientations: mirror, then turn clockwise.

use mapgen::vaults::{Glyphs, Orientation, Rotation, Transforms};
use proptest::prelude::*;

fn glyphs() -> impl Strategy<Value = Glyphs> {
    (1usize..9, 1usize..9).prop_flat_map(|(w, h)| {
        proptest::collection::vec(proptest::sample::select(b"#.+~@ $".to_vec()), w * h).prop_map(
            move |cells| {
                let rows: Vec<String> = cells
                    .chunks(w)
                    .map(|r| String::from_utf8(r.to_vec()).unwrap())
                    .collect();
                let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
                Glyphs::from_rows(&rows).unwrap()
            },
        )
    })
}

const QUARTER: Orientation = Orientation {
    mirror: false,
    rotate: Rotation::R90,
};
const MIRROR: Orientation = Orientation {
    mirror: true,
    rotate: Rotation::R0,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn four_quarter_turns_and_two_mirrors_are_the_identity(g in glyphs()) {
        let mut turned = g.clone();
        for _ in 0..4 {
            turned = turned.oriented(QUARTER);
        }
        prop_assert_eq!(&turned, &g);
        prop_assert_eq!(g.oriented(MIRROR).oriented(MIRROR), g.clone());
        prop_assert_eq!(g.oriented(Orientation::IDENTITY), g);
    }

    /// Each orientation is the mirror (if any) followed by that many quarter turns, and
    /// a turn swaps the sides.
    #[test]
    fn orientations_compose_as_documented(g in glyphs()) {
        for o in Orientation::ALL {
            let mut expected = if o.mirror { g.oriented(MIRROR) } else { g.clone() };
            for _ in 0..o.rotate.degrees() / 90 {
                expected = expected.oriented(QUARTER);
            }
            let got = g.oriented(o);
            prop_assert_eq!(&got, &expected);
            let turned = o.rotate.degrees() % 180 == 90;
            let sides = if turned { (g.height(), g.width()) } else { (g.width(), g.height()) };
            prop_assert_eq!((got.width(), got.height()), sides);
        }
    }

    /// The distinct orientations are the allowed ones less repeats, the first kept, and
    /// every allowed orientation's glyphs are among them.
    #[test]
    fn distinct_orientations_cover_the_allowed_ones(g in glyphs()) {
        for transforms in [Transforms::All, Transforms::None, Transforms::Rotate, Transforms::Mirror] {
            let distinct = g.distinct_orientations(transforms);
            for (i, (o, glyphs)) in distinct.iter().enumerate() {
                prop_assert!(transforms.allows(*o));
                prop_assert_eq!(glyphs, &g.oriented(*o));
                prop_assert!(distinct[..i].iter().all(|(_, earlier)| earlier != glyphs));
            }
            for o in Orientation::ALL.into_iter().filter(|&o| transforms.allows(o)) {
                let glyphs = g.oriented(o);
                let first = distinct.iter().find(|(_, d)| *d == glyphs);
                prop_assert!(first.is_some_and(|(kept, _)| *kept <= o));
            }
        }
    }
}
