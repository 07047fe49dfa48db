//! Hostile vault files are refused with one line naming `file:line:column` and the field,
//! with work and memory bounded by the text's length.

use mapgen::vaults::{MAX_FILE_BYTES, VaultLibrary};

/// The one-line error for `text`, named `x.txt`.
fn refused(text: &str) -> String {
    let err = VaultLibrary::parse("x.txt", text).expect_err("refused");
    let line = err.to_string();
    assert!(!line.contains('\n'), "{line:?}");
    assert!(
        line.starts_with(&format!(
            "x.txt:{}:{}: {}: ",
            err.line, err.column, err.field
        )),
        "{line}"
    );
    line
}

#[test]
fn each_problem_names_its_place() {
    let cases: &[(&str, &str)] = &[
        // Ragged rows: the short row, at the column where it ends.
        (
            "name: a\nmap:\n#####\n#..#\n#@###\n",
            "x.txt:4:5: map: row has 4 glyphs; every row must have 5, as the first",
        ),
        (
            "name: a\nmap:\n###\n#.##\n#@#\n",
            "x.txt:4:4: map: row has 4 glyphs; every row must have 3, as the first",
        ),
        (
            "name: a\nmap:\n###\n\n#@#\n",
            "x.txt:4:1: map: row has 0 glyphs; every row must have 3, as the first",
        ),
        // Glyphs.
        (
            "name: a\nmap:\n###\n#x#\n#@#\n",
            "x.txt:4:2: map: unknown glyph 'x'; allowed '#', '.', '+', '~', '@', ' ' and the legend's",
        ),
        (
            "name: a\nmap:\n#\t#\n#@#\n",
            "x.txt:3:2: map: unknown glyph '\\t'; allowed '#', '.', '+', '~', '@', ' ' and the legend's",
        ),
        (
            "name: a\nmap:\n#é#\n#@#\n",
            "x.txt:3:2: map: unknown glyph 'é'; allowed '#', '.', '+', '~', '@', ' ' and the legend's",
        ),
        (
            "name: a\nmap:\né#x\n",
            "x.txt:3:1: map: unknown glyph 'é'; allowed '#', '.', '+', '~', '@', ' ' and the legend's",
        ),
        // Names.
        (
            "name: a\nmap:\n#@#\n---\nname: a\nmap:\n#@#\n",
            "x.txt:5:7: name: \"a\" is already the name of the vault at line 1",
        ),
        (
            "name: Big Hall\nmap:\n#@#\n",
            "x.txt:1:7: name: \"Big Hall\" is not a vault name; allowed 1 to 64 of a-z, 0-9 and _",
        ),
        (
            "name:\nmap:\n#@#\n",
            "x.txt:1:6: name: \"\" is not a vault name; allowed 1 to 64 of a-z, 0-9 and _",
        ),
        (
            "weight: 3\nmap:\n#@#\n",
            "x.txt:1:1: name: missing; every vault needs `name:` and `map:`",
        ),
        // Entrances and the vault's shape.
        (
            "name: a\nmap:\n###\n#.#\n###\n",
            "x.txt:2:1: map: no entrance '@'; a vault needs at least one, on its edge",
        ),
        (
            "name: a\nmap:\n###\n#@#\n###\n",
            "x.txt:4:2: map: entrance '@' is not on the vault's edge (next to a space or outside the rows)",
        ),
        (
            "name: a\nmap:\n#.#\n#@#\n",
            "x.txt:3:2: map: walkable '.' on the vault's edge; only an entrance '@' may open the vault",
        ),
        (
            "name: a\nmap:\n#  \n#.#\n#@#\n",
            "x.txt:4:2: map: walkable '.' on the vault's edge; only an entrance '@' may open the vault",
        ),
        (
            "name: a\nmap:\n#####\n#.#.#\n#####\n##@##\n",
            "x.txt:4:2: map: walkable '.' cannot be reached from any entrance '@' inside the vault",
        ),
        // Fields.
        (
            "name: a\nweight: 0\nmap:\n#@#\n",
            "x.txt:2:9: weight: \"0\" is not a weight; allowed a whole number in 1..=10000",
        ),
        (
            "name: a\nweight: 99999999999\nmap:\n#@#\n",
            "x.txt:2:9: weight: \"99999999999\" is not a weight; allowed a whole number in 1..=10000",
        ),
        (
            "name: a\nweight: -3\nmap:\n#@#\n",
            "x.txt:2:9: weight: \"-3\" is not a weight; allowed a whole number in 1..=10000",
        ),
        (
            "name: a\ntransforms: flip\nmap:\n#@#\n",
            "x.txt:2:13: transforms: \"flip\" is not a set of transforms; allowed all, none, rotate, mirror",
        ),
        (
            "name: a\nunique: dungeon\nmap:\n#@#\n",
            "x.txt:2:9: unique: \"dungeon\" is not a uniqueness; allowed none, level",
        ),
        (
            "name: a\ntags: a,b\nmap:\n#@#\n",
            "x.txt:2:7: tags: tag \"a,b\" is not a word; allowed 1 to 32 printable ASCII characters other than ','",
        ),
        (
            "name: a\ntags: x x\nmap:\n#@#\n",
            "x.txt:2:7: tags: tag \"x\" is given twice",
        ),
        (
            "name: a\nlegend: @=.\nmap:\n#@#\n",
            "x.txt:2:9: legend: legend entry \"@=.\" is not GLYPH=BASE; BASE is one of '#', '.', '+', '~' and GLYPH printable ASCII other than space, '\"', '\\\\', '-', '@' and the BASEs",
        ),
        (
            "name: a\nlegend: S=+ S=.\nmap:\n#@#\n",
            "x.txt:2:9: legend: legend glyph 'S' is given twice",
        ),
        (
            "name: a\nlegend: S=+\nmap:\n#@#\n---\nname: b\nlegend: $=. S=#\nmap:\n#@#\n",
            "x.txt:7:9: legend: legend glyph 'S' is S=# here but S=+ in the vault at line 1",
        ),
        (
            "name: a\nlegend: .=~\nmap:\n#@#\n",
            "x.txt:2:9: legend: legend entry \".=~\" is not GLYPH=BASE; BASE is one of '#', '.', '+', '~' and GLYPH printable ASCII other than space, '\"', '\\\\', '-', '@' and the BASEs",
        ),
        (
            "name: a\ncolour: red\nmap:\n#@#\n",
            "x.txt:2:1: header: unknown field \"colour\"; allowed name, weight, transforms, unique, tags, legend, map",
        ),
        (
            "name: a\nname: b\nmap:\n#@#\n",
            "x.txt:2:1: name: given twice in one vault; first at line 1",
        ),
        (
            "name: a\n#@#\n",
            "x.txt:2:1: header: expected `field: value` or `---`, found \"#@#\"",
        ),
        (
            "name: a\nmap: #@#\n",
            "x.txt:2:6: map: found \"#@#\" after `map:`; the rows start on the next line",
        ),
        (
            "name: a\nmap:\n",
            "x.txt:2:1: map: no rows; the rows follow `map:`, one per line",
        ),
        (
            "name: a\nweight: 3\n",
            "x.txt:2:1: map: missing; every vault needs `name:` and `map:`",
        ),
        // The file as a whole.
        (
            "",
            "x.txt:1:1: file: no vaults; a vault is `name:` and the other fields, then `map:` and its rows",
        ),
        (
            "\n\n  \n",
            "x.txt:1:1: file: no vaults; a vault is `name:` and the other fields, then `map:` and its rows",
        ),
        (
            "---\nname: a\nmap:\n#@#\n",
            "x.txt:1:1: file: a vault with no fields; remove the extra `---`",
        ),
        (
            "name: a\nmap:\n#@#\n---\n",
            "x.txt:4:1: file: a vault with no fields; remove the extra `---`",
        ),
        (
            "\0\0\0",
            "x.txt:1:1: header: expected `field: value` or `---`, found \"\\0\\0\\0\"",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(refused(text), *expected, "{text:?}");
    }
}

#[test]
fn long_values_are_cut_in_messages() {
    let name = "N".repeat(10_000);
    let line = refused(&format!("name: {name}\nmap:\n#@#\n"));
    assert!(line.len() < 200, "{line}");
    assert!(
        line.contains("NNN\"... (10000 characters) is not"),
        "{line}"
    );
}

#[test]
fn huge_inputs_are_refused_before_reading() {
    let big = "#".repeat(MAX_FILE_BYTES + 1);
    assert_eq!(
        refused(&big),
        "x.txt:1:1: file: the text is 1048577 bytes; allowed at most 1048576"
    );
    // A row longer than a vault may be, refused at the first glyph past the limit.
    let wide = format!("name: a\nmap:\n{}\n", "#".repeat(100_000));
    assert_eq!(
        refused(&wide),
        "x.txt:3:65: map: a row of more than 64 glyphs"
    );
    let tall = format!("name: a\nmap:\n{}", "#@#\n".repeat(100));
    assert_eq!(refused(&tall), "x.txt:67:1: map: more than 64 rows");
    let many: String = (0..2000)
        .map(|i| format!("name: v{i}\nmap:\n#@#\n"))
        .collect::<Vec<_>>()
        .join("---\n");
    assert_eq!(refused(&many), "x.txt:4097:1: file: more than 1024 vaults");
    // Many lines of nothing: bounded work, one error.
    let blank = "\n".repeat(MAX_FILE_BYTES - 1);
    assert!(
        refused(&blank).ends_with(
            "no vaults; a vault is `name:` and the other fields, then `map:` and its rows"
        )
    );
}

#[test]
fn binary_files_are_refused_at_the_first_bad_byte() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    let err = VaultLibrary::parse_bytes("a.png", png).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a.png:1:1: file: not UTF-8 text (a binary file?)"
    );
    let later = b"name: a\nmap:\n##\xc3\x28#\n";
    let err = VaultLibrary::parse_bytes("b.txt", later).unwrap_err();
    assert_eq!(
        err.to_string(),
        "b.txt:3:3: file: not UTF-8 text (a binary file?)"
    );
}

/// The entries of `Dungeon::vaults` are public fields: a program may put anything there
/// (a saved file edited by hand, a bug). Placing more vaults must neither panic on
/// overflow (debug builds) nor wrap (release builds) nor place over the real one.
#[test]
fn placements_of_any_size_and_place_are_taken_in_stride() {
    use mapgen::DungeonRng;
    use mapgen::generators::Generate;
    use mapgen::generators::rooms::RoomsSettings;
    use mapgen::vaults::{VaultSettings, place_vaults};
    let library = VaultLibrary::builtin();
    let settings = VaultSettings {
        count: 3,
        ..VaultSettings::default()
    };
    let mut rng = DungeonRng::new(5);
    let mut base = RoomsSettings::default().generate_with(&mut rng).unwrap();
    assert_eq!(place_vaults(&mut base, library, &settings, &mut rng), Ok(3));
    let edits: [fn(&mut mapgen::vaults::Placement); 6] = [
        |p| p.x = i32::MAX,
        |p| p.width = i32::MAX,
        |p| (p.x, p.y, p.width, p.height) = (i32::MAX, i32::MAX, i32::MAX, i32::MAX),
        |p| (p.x, p.y) = (i32::MIN, i32::MIN),
        |p| (p.width, p.height) = (i32::MIN, -1),
        |p| (p.x, p.width) = (i32::MIN, i32::MAX),
    ];
    for (i, edit) in edits.into_iter().enumerate() {
        let mut dungeon = base.clone();
        edit(&mut dungeon.vaults[0]);
        let placed = place_vaults(&mut dungeon, library, &settings, &mut DungeonRng::new(9));
        assert!(placed.is_ok(), "edit {i}");
        // `contains` answers for any point, without overflow.
        let far_right = mapgen::Point::new(i32::MAX, dungeon.vaults[0].y);
        assert_eq!(dungeon.vaults[0].contains(far_right), i <= 2, "edit {i}");
        assert!(!dungeon.vaults[0].contains(mapgen::Point::new(i32::MIN, i32::MAX)));
        // A footprint running off the right of the map still keeps its free tile.
        if i == 1 {
            let kept = &base.vaults[0];
            for p in &dungeon.vaults[3..] {
                let rows_meet = p.y <= kept.y + kept.height && p.y + p.height >= kept.y;
                assert!(
                    !rows_meet || p.x + p.width < kept.x,
                    "{p:?} beside {kept:?}"
                );
            }
        }
    }
}

/// A byte order mark, as Windows editors write, is read past, as `regenerate` and `fov`
/// read past it (it was refused: "unknown field" at line 1); errors count columns after it.
#[test]
fn a_byte_order_mark_is_read_past() {
    let text = "name: closet\nmap:\n###\n#.#\n#@#\n";
    let plain = VaultLibrary::parse("x.txt", text).unwrap();
    let marked = format!("\u{feff}{text}");
    assert_eq!(VaultLibrary::parse("x.txt", &marked), Ok(plain.clone()));
    assert_eq!(
        VaultLibrary::parse_bytes("x.txt", marked.as_bytes()),
        Ok(plain)
    );
    let bad = refused("\u{feff}nme: closet\nmap:\n#@#\n");
    assert!(bad.starts_with("x.txt:1:1: "), "{bad}");
}

/// An unknown tag is quoted cut short with its length, beside a few of the library's tags
/// and their count: the message listed every tag (491 KB for a library of 1,024 vaults)
/// and quoted a tag of 100,000 characters whole.
#[test]
fn an_unknown_tag_is_one_short_line() {
    use mapgen::vaults::VaultSettings;
    let mut text = String::new();
    for v in 0..1024 {
        let tags: Vec<String> = (0..16)
            .map(|t| format!("tag_{v:04}_{t:02}_{}", "x".repeat(18)))
            .collect();
        text.push_str(&format!(
            "name: v{v}\ntags: {}\nmap:\n#@#\n---\n",
            tags.join(" ")
        ));
    }
    let library = VaultLibrary::parse("many.txt", text.trim_end_matches("---\n")).unwrap();
    let asked = "k".repeat(100_000);
    let settings = VaultSettings {
        tags: vec![asked],
        ..VaultSettings::default()
    };
    let message = settings.validate(&library).unwrap_err().to_string();
    assert!(message.len() < 600, "{} bytes", message.len());
    assert!(!message.contains('\n'));
    assert!(
        message.starts_with("no vault has the tag \"kkkk"),
        "{message}"
    );
    assert!(
        message.contains("... (100000 characters); the library's 16384 tags: \"tag_0000_00_"),
        "{message}"
    );
    assert!(message.ends_with(", and 16376 more"), "{message}");
}
