//! OpenSudoku's XML: `<opensudoku>` holding `<game data="..."/>` entries, either straight
//! under the root (the first version, with `<name>`, `<author>`... for the whole file) or in
//! `<folder name="...">` elements (`version="2"`, with a `note` per game). A game's `data` is
//! 81 digits (`0` for blanks), or `version: N` and a line of 81 `value|notes|editable|` cells:
//! notes as `1,2,` or `-` (version 1) or as a number whose bit `d - 1` is digit `d` (versions 2
//! and 3); editable `0` is a given, `1` a cell the player fills.

use std::fmt::Write as _;

use sudoku_core::{Cell, Digit, DigitSet, ParseGridError};

use crate::error::shorten;
use crate::text::{line_of, whole};
use crate::{Format, FormatError, FormatErrorKind, Game, Item, Marks, Meta};

/// Reads every game; a bad game is an error at its line and the others are still read.
pub(crate) fn read(bytes: &[u8]) -> Vec<Result<Item, FormatError>> {
    let text = match whole(bytes) {
        Ok(t) => t,
        Err(e) => return vec![Err(e)],
    };
    let doc = match roxmltree::Document::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let pos = e.pos();
            let kind = FormatErrorKind::Syntax { what: "XML", message: e.to_string() };
            return vec![Err(FormatError::at(pos.row as usize, kind))];
        }
    };
    let root = doc.root_element();
    let line = |node: roxmltree::Node<'_, '_>| line_of(text, node.range().start);
    if root.tag_name().name() != "opensudoku" {
        let kind = FormatErrorKind::BadValue {
            found: format!("<{}>", shorten(root.tag_name().name())),
            expected: "an <opensudoku> root element",
        };
        return vec![Err(FormatError::at(line(root), kind))];
    }
    let child_text = |name: &str| {
        root.children()
            .find(|n| n.has_tag_name(name))
            .and_then(|n| n.text())
            .and_then(|t| crate::format::one_line(t.to_string()))
    };
    let file_meta = Meta {
        title: child_text("name"),
        author: child_text("author"),
        description: child_text("description"),
        comment: child_text("comment"),
        date: child_text("created"),
        source: child_text("source"),
        difficulty: child_text("level"),
        url: child_text("sourceURL"),
        ..Meta::default()
    };
    let mut out = Vec::new();
    for game in root.descendants().filter(|n| n.has_tag_name("game")) {
        let at = line(game);
        let mut meta = file_meta.clone();
        if let Some(folder) = game.ancestors().find(|n| n.has_tag_name("folder")) {
            meta.title = folder.attribute("name").map(str::to_string).filter(|t| !t.is_empty());
        }
        if let Some(note) = game.attribute("note").filter(|n| !n.is_empty()) {
            meta.comment = Some(note.to_string());
        }
        let result = match game.attribute("data") {
            None => Err(FormatError::field(
                at,
                "data",
                FormatErrorKind::Missing { format: Format::OpenSudoku },
            )),
            Some(data) => read_data(data).map_err(|kind| FormatError::field(at, "data", kind)),
        };
        out.push(result.map(|g| Item { line: at, game: Game { meta, ..g } }));
    }
    out
}

/// A game's `data`: 81 digits, or a `version: N` header and its cells.
fn read_data(data: &str) -> Result<Game, FormatErrorKind> {
    let data = data.trim();
    let Some(rest) = data.strip_prefix("version:") else {
        let mut cells = [0u8; 81];
        let mut n = 0;
        for (i, ch) in data.chars().enumerate() {
            let v = crate::text::cell_value(ch).ok_or(ParseGridError::InvalidChar {
                ch,
                line: 1,
                column: i + 1,
            })?;
            if n < 81 {
                cells[n] = v;
            }
            n += 1;
        }
        if n != 81 {
            return Err(ParseGridError::WrongLength { len: n }.into());
        }
        return Game::from_cells(cells, [0; 81]);
    };
    // The cells follow the number on the next line; a line break written as such in an XML
    // attribute reads as a space.
    let rest = rest.trim_start();
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let (version, cells) = rest.split_at(end);
    let list = match version {
        "1" => false,
        "2" | "3" => true,
        _ => {
            return Err(FormatErrorKind::BadValue {
                found: format!("version: {}", shorten(version)),
                expected: "cell data of version 1, 2 or 3 (or 81 digits)",
            });
        }
    };
    // Empty tokens are skipped, as OpenSudoku's own reader does (version 2 wrote `||`).
    let tokens: Vec<&str> = cells.trim().split('|').filter(|t| !t.is_empty()).collect();
    if tokens.len() != 81 * 3 {
        let len = tokens.len() / 3;
        return Err(ParseGridError::WrongLength { len }.into());
    }
    let (mut givens, mut placed) = ([0u8; 81], [0u8; 81]);
    let mut marks = Marks::EMPTY;
    for (i, cell) in tokens.chunks(3).enumerate() {
        let bad =
            |expected| FormatErrorKind::BadValue { found: shorten(&cell.join("|")), expected };
        let value: u8 = match cell[0].as_bytes() {
            [b @ b'0'..=b'9'] => b - b'0',
            _ => return Err(bad("a value 0 to 9")),
        };
        let notes =
            if list { bits_notes(cell[1]) } else { list_notes(cell[1]) }.ok_or_else(|| {
                bad(if list { "notes as a number below 512" } else { "notes as 1,2, or -" })
            })?;
        let editable = match cell[2] {
            "0" => false,
            "1" => true,
            _ => return Err(bad("editable 0 or 1")),
        };
        match (value, editable) {
            (0, _) => marks.set(Cell::new(i).expect("a cell"), notes),
            (v, false) => givens[i] = v,
            (v, true) => placed[i] = v,
        }
    }
    let mut game = Game::from_cells(givens, placed)?;
    let digits = game.digits();
    if digits.empty_cells().iter().any(|c| !marks.get(c).is_empty()) {
        game.marks = Some(marks);
    }
    Ok(game)
}

/// Version 1 notes: `1,2,` or `-`.
fn list_notes(text: &str) -> Option<DigitSet> {
    let mut set = DigitSet::EMPTY;
    if text == "-" {
        return Some(set);
    }
    for part in text.split(',').filter(|p| !p.is_empty()) {
        let d = part.parse::<u8>().ok().and_then(Digit::new)?;
        set.insert(d);
    }
    Some(set)
}

/// Version 2 and 3 notes: a number, bit `d - 1` for digit `d`.
fn bits_notes(text: &str) -> Option<DigitSet> {
    let bits: u16 = text.parse().ok()?;
    (bits < 512).then(|| DigitSet::from_bits(bits))
}

/// Text for an XML attribute or element.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

/// Writes the second version: one `<folder>` per run of games with the same title, each game's
/// `data` as 81 digits, or (with placed digits or notes) as `version: 3` cells.
pub(crate) fn write(games: &[Game]) -> String {
    let mut out =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n");
    let games: Vec<Game> = games.iter().map(|g| Format::OpenSudoku.retain(g)).collect();
    let mut k = 0;
    while k < games.len() {
        let title = games[k].meta.title.clone();
        let name = title.as_deref().map(escape).unwrap_or_default();
        let _ = writeln!(out, "  <folder name=\"{name}\">");
        while k < games.len() && games[k].meta.title == title {
            let game = &games[k];
            let _ = write!(out, "    <game data=\"{}\"", escape(&data(game)));
            if let Some(note) = &game.meta.comment {
                let _ = write!(out, " note=\"{}\"", escape(note));
            }
            out.push_str("/>\n");
            k += 1;
        }
        out.push_str("  </folder>\n");
    }
    out.push_str("</opensudoku>\n");
    out
}

/// A game's `data` attribute.
fn data(game: &Game) -> String {
    if game.placed.filled_cells().is_empty() && game.marks.is_none() {
        return game.givens.to_string().replace('.', "0");
    }
    let mut out = String::from("version: 3\n");
    for cell in Cell::all() {
        let (value, editable) = match (game.givens.get(cell), game.placed.get(cell)) {
            (Some(d), _) => (d.get(), 0),
            (None, Some(d)) => (d.get(), 1),
            (None, None) => (0, 1),
        };
        let notes = match (&game.marks, value) {
            (Some(m), 0) => m.get(cell).bits(),
            _ => 0,
        };
        let _ = write!(out, "{value}|{notes}|{editable}|");
    }
    out
}
