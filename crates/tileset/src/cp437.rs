//! Code page 437, the glyph order of the sheets, as Unicode: what a console cell shows,
//! as text (the game's `--report` writes its last frame's screen so).

/// The Unicode character of each CP437 glyph, by code (IBM's code page 437 as Unicode
/// maps it; 0, a blank glyph in the sheets, is a space).
///
/// ```
/// use tileset::cp437::to_char;
/// assert_eq!(to_char(b'@'), '@');
/// assert_eq!(to_char(254), '■');
/// assert_eq!(to_char(196), '─');
/// assert_eq!(to_char(0), ' ');
/// ```
pub fn to_char(code: u8) -> char {
    TABLE[usize::from(code)]
}

/// The CP437 code of `c`, the inverse of [`to_char`] (a space is 32, never 0); `None`
/// for a character the code page lacks.
///
/// ```
/// use tileset::cp437::{from_char, to_char};
/// assert_eq!(from_char('☻'), Some(2));
/// assert_eq!(from_char(' '), Some(32));
/// assert_eq!(from_char('€'), None);
/// assert!((1..=255u8).all(|code| from_char(to_char(code)) == Some(code)));
/// ```
pub fn from_char(c: char) -> Option<u8> {
    if c.is_ascii() {
        return u8::try_from(c).ok();
    }
    (1..=255u8).find(|&code| TABLE[usize::from(code)] == c)
}

const TABLE: [char; 256] = [
    ' ', '☺', '☻', '♥', '♦', '♣', '♠', '•', '◘', '○', '◙', '♂', '♀', '♪', '♫', '☼', '►', '◄', '↕',
    '‼', '¶', '§', '▬', '↨', '↑', '↓', '→', '←', '∟', '↔', '▲', '▼', ' ', '!', '"', '#', '$', '%',
    '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', '0', '1', '2', '3', '4', '5', '6', '7', '8',
    '9', ':', ';', '<', '=', '>', '?', '@', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K',
    'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '[', '\\', ']', '^',
    '_', '`', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q',
    'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', '{', '|', '}', '~', '⌂', 'Ç', 'ü', 'é', 'â', 'ä',
    'à', 'å', 'ç', 'ê', 'ë', 'è', 'ï', 'î', 'ì', 'Ä', 'Å', 'É', 'æ', 'Æ', 'ô', 'ö', 'ò', 'û', 'ù',
    'ÿ', 'Ö', 'Ü', '¢', '£', '¥', '₧', 'ƒ', 'á', 'í', 'ó', 'ú', 'ñ', 'Ñ', 'ª', 'º', '¿', '⌐', '¬',
    '½', '¼', '¡', '«', '»', '░', '▒', '▓', '│', '┤', '╡', '╢', '╖', '╕', '╣', '║', '╗', '╝', '╜',
    '╛', '┐', '└', '┴', '┬', '├', '─', '┼', '╞', '╟', '╚', '╔', '╩', '╦', '╠', '═', '╬', '╧', '╨',
    '╤', '╥', '╙', '╘', '╒', '╓', '╫', '╪', '┘', '┌', '█', '▄', '▌', '▐', '▀', 'α', 'ß', 'Γ', 'π',
    'Σ', 'σ', 'µ', 'τ', 'Φ', 'Θ', 'Ω', 'δ', '∞', 'φ', 'ε', '∩', '≡', '±', '≥', '≤', '⌠', '⌡', '÷',
    '≈', '°', '∙', '·', '√', 'ⁿ', '²', '■', '\u{a0}',
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_itself_and_no_two_glyphs_share_a_character() {
        for code in 32u8..127 {
            assert_eq!(to_char(code), char::from(code));
        }
        // 0 is blank, as the space is; every other code has its own character.
        let distinct: std::collections::HashSet<char> = TABLE[1..].iter().copied().collect();
        assert_eq!(distinct.len(), 255);
    }
}
