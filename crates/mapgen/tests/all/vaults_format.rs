//! The vault text format: the printer and the parser round-trip, header fields in any
//! order, and the built-in library is written in the printer's own form.

use mapgen::vaults::{VaultLibrary, VaultProblem};
use proptest::prelude::*;

/// A valid vault's text, from random parts: a closed room of floor (and some of its own
/// glyphs) with entrances cut in its outline, spaces around it, fields in random order.
fn vault_text() -> impl Strategy<Value = (String, String)> {
    let name = "[a-z0-9_]{1,12}";
    let weight = proptest::option::of(1u32..=10_000);
    let transforms = proptest::option::of(proptest::sample::select(vec![
        "all", "none", "rotate", "mirror",
    ]));
    let unique = proptest::option::of(proptest::sample::select(vec!["none", "level"]));
    let tags = proptest::collection::btree_set("[a-z][a-z0-9_!?-]{0,7}", 0..4);
    // A glyph means one tile in a whole file: its base follows from the glyph.
    let legend = proptest::collection::btree_set(
        proptest::sample::select(b"$%&*/0S_{|,:;<>=?ABZ".to_vec()),
        0..4,
    )
    .prop_map(|glyphs| {
        glyphs
            .into_iter()
            .map(|g| (g, b"#.+~"[usize::from(g) % 4]))
            .collect::<std::collections::BTreeMap<u8, u8>>()
    });
    let room = (1usize..8, 1usize..6, 0usize..3, 0usize..3, any::<u64>());
    (
        name,
        weight,
        transforms,
        unique,
        tags,
        legend,
        room,
        any::<u64>(),
    )
        .prop_map(
            |(
                name,
                weight,
                transforms,
                unique,
                tags,
                legend,
                (w, h, pad_x, pad_y, bits),
                order,
            )| {
                let (gw, gh) = (w + 2 + 2 * pad_x, h + 2 + 2 * pad_y);
                let mut grid = vec![vec![b' '; gw]; gh];
                let inside: Vec<u8> = std::iter::once(b'.')
                    .chain(legend.iter().filter(|(_, b)| **b == b'.').map(|(g, _)| *g))
                    .collect();
                let walls: Vec<u8> = std::iter::once(b'#')
                    .chain(
                        legend
                            .iter()
                            .filter(|(_, b)| **b == b'#' || **b == b'~')
                            .map(|(g, _)| *g),
                    )
                    .collect();
                let mut k = bits;
                let mut draw = |n: usize| {
                    let v = (k % n as u64) as usize;
                    k = k.rotate_left(7) ^ 0x9e37_79b9_7f4a_7c15;
                    v
                };
                for y in 0..h + 2 {
                    for x in 0..w + 2 {
                        let edge = x == 0 || y == 0 || x == w + 1 || y == h + 1;
                        grid[y + pad_y][x + pad_x] = if edge {
                            walls[draw(walls.len())]
                        } else {
                            inside[draw(inside.len())]
                        };
                    }
                }
                // An entrance on the top edge, above the room.
                grid[pad_y][pad_x + 1 + draw(w)] = b'@';
                let rows: Vec<String> = grid
                    .iter()
                    .map(|r| String::from_utf8(r.clone()).unwrap())
                    .collect();
                let mut fields: Vec<String> = vec![format!("name: {name}")];
                if let Some(w) = weight {
                    fields.push(format!("weight: {w}"));
                }
                if let Some(t) = transforms {
                    fields.push(format!("transforms: {t}"));
                }
                if let Some(u) = unique {
                    fields.push(format!("unique: {u}"));
                }
                if !tags.is_empty() {
                    fields.push(format!(
                        "tags: {}",
                        tags.iter().cloned().collect::<Vec<_>>().join(" ")
                    ));
                }
                if !legend.is_empty() {
                    let entries: Vec<String> = legend
                        .iter()
                        .map(|(g, b)| format!("{}={}", *g as char, *b as char))
                        .collect();
                    fields.push(format!("legend: {}", entries.join(" ")));
                }
                // Fields in any order.
                let n = fields.len();
                for i in (1..n).rev() {
                    fields.swap(
                        i,
                        (order.rotate_left(i as u32 * 5) % (i as u64 + 1)) as usize,
                    );
                }
                (
                    name,
                    format!("{}\nmap:\n{}\n", fields.join("\n"), rows.join("\n")),
                )
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// print(parse(text)) reads back to the same vaults, and printing is idempotent.
    #[test]
    fn parser_and_printer_round_trip(vaults in proptest::collection::vec(vault_text(), 1..5)) {
        let mut seen = std::collections::BTreeSet::new();
        let texts: Vec<&String> = vaults.iter().filter(|(name, _)| seen.insert(name.clone())).map(|(_, t)| t).collect();
        let text = texts.iter().map(|t| t.as_str()).collect::<Vec<_>>().join("---\n");
        let library = VaultLibrary::parse("random", &text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(library.vaults().len(), texts.len());
        let printed = library.to_string();
        let again = VaultLibrary::parse("printed", &printed).unwrap();
        prop_assert_eq!(&again, &library);
        prop_assert_eq!(again.to_string(), printed);
    }

    /// Any text at all: an error or a library, never a panic, and an error is one line
    /// that starts with `file:line:column: field: `.
    #[test]
    fn any_text_is_read_or_refused_in_one_line(text in "(name: [a-z]{1,3}\n|map:\n|---\n|[#.+~@ $a-z:=]{0,9}\n|legend: [^\n]{0,6}\n|weight: [0-9]{0,6}\n){0,12}") {
        if let Err(e) = VaultLibrary::parse("any.txt", &text) {
            let line = e.to_string();
            prop_assert!(!line.contains('\n'));
            let prefix = format!("any.txt:{}:{}: {}: ", e.line, e.column, e.field);
            prop_assert!(line.starts_with(&prefix), "{}", line);
            prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1));
        }
    }

    /// Bytes that are not UTF-8 are refused where they are.
    #[test]
    fn binary_is_refused_at_its_first_bad_byte(
        prefix in "[a-z:\n#.@]{0,40}",
        // Bytes that start no UTF-8 character: a stray continuation byte, or never used.
        bad in prop_oneof![0x80u8..=0xbf, 0xf8u8..=0xff],
        rest in proptest::collection::vec(any::<u8>(), 0..20),
    ) {
        let mut bytes = prefix.clone().into_bytes();
        bytes.push(bad);
        bytes.extend(rest);
        let e = VaultLibrary::parse_bytes("bin", &bytes).unwrap_err();
        prop_assert!(!e.to_string().contains('\n'));
        prop_assert_eq!(e.problem, VaultProblem::NotText);
        prop_assert_eq!(e.line, prefix.matches('\n').count() + 1);
        prop_assert_eq!(e.column, prefix.rsplit('\n').next().unwrap().len() + 1);
    }
}

#[test]
fn the_builtin_library_is_in_printed_form() {
    let text = mapgen::vaults::BUILTIN_TEXT;
    let library = VaultLibrary::parse("builtin", text).unwrap();
    assert_eq!(
        library.to_string(),
        text,
        "builtin.txt differs from how the printer writes it"
    );
    assert_eq!(&library, VaultLibrary::builtin());
    assert!(library.vaults().len() >= 20);
}

#[test]
fn header_fields_take_their_defaults() {
    let library = VaultLibrary::parse("x", "map:\n#@#\nname: late\n").unwrap_err();
    assert_eq!(
        library.to_string(),
        "x:3:1: map: unknown glyph 'n'; allowed '#', '.', '+', '~', '@', ' ' and the legend's"
    );
    let library = VaultLibrary::parse("x", "\nname: a\n\nmap:\n#@#\n\n\n").unwrap();
    let a = &library.vaults()[0];
    assert_eq!(
        (a.weight(), a.transforms().word(), a.unique().word()),
        (10, "all", "none")
    );
    assert!(a.tags().is_empty() && a.legend().is_empty());
    assert_eq!(
        a.to_string(),
        "name: a\nweight: 10\ntransforms: all\nunique: none\nmap:\n#@#\n"
    );
}

#[test]
fn rows_are_taken_as_written() {
    // Spaces lead and trail; a CR before the line end is not a glyph.
    let library = VaultLibrary::parse("x", "name: a\r\nmap:\r\n ### \r\n #@# \r\n").unwrap();
    assert_eq!(library.vaults()[0].glyphs().rows(), [" ### ", " #@# "]);
}
