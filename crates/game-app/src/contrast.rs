//! How well text reads on its background: WCAG 2's contrast ratio.
//!
//! Based on: <https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio> and
//! <https://www.w3.org/TR/WCAG21/#dfn-relative-luminance>. Normal text needs at least
//! 4.5:1 (success criterion 1.4.3, level AA); white on the tutorial's lit ground is 2.09:1.

use tileset::Rgb;

/// The least contrast text gets: WCAG 2's level AA for normal text.
pub const MIN_TEXT_CONTRAST: f64 = 4.5;

/// A colour's relative luminance, 0 (black) to 1 (white): each sRGB channel made linear,
/// then weighted by how bright the eye finds it.
pub fn relative_luminance((r, g, b): Rgb) -> f64 {
    let linear = |channel: u8| {
        let c = f64::from(channel) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The contrast ratio of two colours, 1 (the same) to 21 (black and white), in either
/// order.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Black or white, whichever reads better on `background`. Every colour has at least
/// 4.58:1 with one of the two.
pub fn readable_on(background: Rgb) -> Rgb {
    const BLACK: Rgb = (0, 0, 0);
    const WHITE: Rgb = (255, 255, 255);
    if contrast(BLACK, background) >= contrast(WHITE, background) {
        BLACK
    } else {
        WHITE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_runs_from_1_to_21() {
        assert!((contrast((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((contrast((255, 255, 255), (0, 0, 0)) - 21.0).abs() < 1e-9);
        assert!((contrast((90, 60, 200), (90, 60, 200)) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn white_on_the_lit_ground_was_too_faint() {
        // The number the issue measured: 2.09:1 for the white `@` on (200, 180, 50).
        let ratio = contrast((255, 255, 255), (200, 180, 50));
        assert!((ratio - 2.09).abs() < 0.005, "{ratio}");
        // Known values: mid grey #777 on white is 4.48:1, #767676 is the darkest grey
        // that passes, at 4.54:1.
        assert!((contrast((0x77, 0x77, 0x77), (255, 255, 255)) - 4.48).abs() < 0.01);
        assert!((contrast((0x76, 0x76, 0x76), (255, 255, 255)) - 4.54).abs() < 0.01);
    }

    #[test]
    fn black_or_white_always_reads() {
        for r in (0..=255u8).step_by(15) {
            for g in (0..=255u8).step_by(15) {
                for b in (0..=255u8).step_by(15) {
                    let bg = (r, g, b);
                    let ratio = contrast(readable_on(bg), bg);
                    assert!(ratio >= 4.58, "{bg:?}: {ratio}");
                }
            }
        }
    }
}
