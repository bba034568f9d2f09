//! Helvetica's widths (Adobe's metrics of the base-14 font, in 1/1000 em), to fit text in
//! its place; and the characters the base-14 fonts can show.

/// Widths of the printable ASCII characters, from the space (32) to the tilde (126).
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278,
    278, // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0 to 9
    278, 278, 584, 584, 584, 556, 1015, // : to @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, // A to M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N to Z
    278, 278, 278, 469, 556, 333, // [ to `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, // a to m
    556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // n to z
    334, 260, 334, 584, // { to ~
];

/// How much wider Helvetica Bold is at most, taken on every character (its widths are within
/// this of the regular ones), so that bold text measured this way never runs over.
const BOLD_FACTOR: f32 = 1.12;

/// The width of the digits, which all have one (half of it centres a digit).
pub(crate) const DIGIT_WIDTH: f32 = 0.556;

/// The width of `text` at `size` points (characters outside ASCII counted as wide ones).
pub(crate) fn width(text: &str, size: f32, bold: bool) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| match u32::from(c) {
            n @ 32..=126 => u32::from(HELVETICA[(n - 32) as usize]),
            _ => 667,
        })
        .sum();
    let factor = if bold { BOLD_FACTOR } else { 1.0 };
    units as f32 / 1000.0 * size * factor
}

/// The text with every character the fonts cannot show (outside Latin-1's printable ones,
/// which WinAnsi encodes as Latin-1 does) replaced by `?`, and control characters by spaces.
pub(crate) fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match u32::from(c) {
            0x20..=0x7e | 0xa0..=0xff => c,
            n if n < 0x20 || n == 0x7f => ' ',
            _ => '?',
        })
        .collect()
}

/// `text` made printable and cut (with `...`) to fit in `room` points at `size`.
pub(crate) fn fit(text: &str, size: f32, bold: bool, room: f32) -> String {
    let text = printable(text);
    if width(&text, size, bold) <= room {
        return text;
    }
    let mut cut: String = text;
    while !cut.is_empty() && width(&format!("{cut}..."), size, bold) > room {
        cut.pop();
    }
    format!("{}...", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_and_fitting() {
        assert!((width("0123456789", 10.0, false) - 55.6).abs() < 1e-3);
        assert_eq!(printable("Nº 1 ☃\t"), "Nº 1 ? ");
        let long = "A very long title that cannot fit in a small place";
        let cut = fit(long, 10.0, true, 80.0);
        assert!(cut.ends_with("...") && width(&cut, 10.0, true) <= 80.0, "{cut}");
        assert_eq!(fit("Short", 10.0, false, 80.0), "Short");
    }
}
