//! What every `format_*` target checks (a module of each, not a target): no reader panics on
//! any bytes, and every game a reader returns writes and reads back as its format keeps it
//! (`Format::retain`).

use sudoku_formats::{Format, read, write};

pub fn reads_back(data: &[u8], format: Format) {
    for item in read(data, format).into_iter().flatten() {
        let text = write(std::slice::from_ref(&item.game), format).expect("one game writes");
        let back: Vec<_> =
            read(text.as_bytes(), format).into_iter().map(|r| r.map(|i| i.game)).collect();
        assert_eq!(back, vec![Ok(format.retain(&item.game))], "{format}: {text}");
        let _ = item.game.board();
    }
}
