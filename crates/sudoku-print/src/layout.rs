//! Where everything goes: pages of puzzles in a grid of places, each a caption (title and
//! difficulty label) over its grid, then pages of answers (small solution grids), a page
//! number at the foot of every page.

use sudoku_core::{Cell, Grid};

use crate::font::{self, DIGIT_WIDTH};
use crate::shape::{Font, Line, Rect, Shape, Text};
use crate::{Paper, PrintError};

/// The counts of puzzles a page can take, each with its arrangement: 1 (one grid), 2 (one
/// above the other), 4 (2 × 2), 6 (2 columns, 3 rows), 9 (3 × 3), 12 (3 columns, 4 rows).
///
/// # Examples
///
/// ```
/// use sudoku_print::{Options, PER_PAGE};
/// assert!(PER_PAGE.iter().all(|&n| Options::default().with_per_page(n).is_ok()));
/// ```
pub const PER_PAGE: [usize; 6] = [1, 2, 4, 6, 9, 12];

/// Answers a page holds: 4 columns of 5 small grids.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_print::{ANSWERS_PER_PAGE, Options, Puzzle, layout};
/// let puzzles = vec![Puzzle::new("P", Grid::EMPTY).with_solution(Grid::EMPTY); 21];
/// let doc = layout(&puzzles, &Options::default().with_per_page(12)?.with_answers(true))?;
/// assert_eq!(doc.pages[2].frames.len(), ANSWERS_PER_PAGE);
/// assert_eq!(doc.pages[3].frames.len(), 1);
/// # Ok::<(), sudoku_print::PrintError>(())
/// ```
pub const ANSWERS_PER_PAGE: usize = 20;

/// The white border of every page, in points (half an inch).
const MARGIN: f32 = 36.0;
/// A grid's box lines are its width over this (1 point at least).
const THICK: f32 = 110.0;
/// Space between two places.
const GAP: f32 = 18.0;
/// The height of a page's heading (the sheet title, or "Answers").
const HEADING: f32 = 30.0;
const HEADING_SIZE: f32 = 16.0;
/// The height of the page number's line at the foot.
const FOOT: f32 = 16.0;
const FOOT_SIZE: f32 = 8.0;
/// A puzzle's caption: the title's line and the label's line.
const TITLE_SIZE: f32 = 12.0;
const LABEL_SIZE: f32 = 9.0;
const CAPTION: f32 = 31.0;
/// An answer's caption: its title.
const ANSWER_TITLE_SIZE: f32 = 8.0;
const ANSWER_CAPTION: f32 = 12.0;

/// Columns and rows of places for `per_page` puzzles (or answers) a page.
fn arrangement(per_page: usize) -> Option<(usize, usize)> {
    Some(match per_page {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        12 => (3, 4),
        ANSWERS_PER_PAGE => (4, 5),
        _ => return None,
    })
}

/// A puzzle to print: its title, its difficulty label if it has one, its givens, and its
/// solution for the answers.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_print::Puzzle;
/// let p = Puzzle::new("Puzzle 1", Grid::EMPTY).with_label("HoDoKu Easy (48)");
/// assert_eq!(p.label.as_deref(), Some("HoDoKu Easy (48)"));
/// assert!(p.solution.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Puzzle {
    /// The title over the grid (cut with `...` to the grid's width if it is longer).
    pub title: String,
    /// The difficulty label under the title, such as `ER/EP/ED 7.1/7.1/2.6`.
    pub label: Option<String>,
    /// The givens.
    pub givens: Grid,
    /// The solution, drawn on the answers pages (a puzzle without one gets no answer).
    pub solution: Option<Grid>,
}

impl Puzzle {
    /// A puzzle with a title and its givens, no label and no solution.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = sudoku_print::Puzzle::new("Easy", sudoku_core::Grid::EMPTY);
    /// assert_eq!(p.title, "Easy");
    /// ```
    #[must_use]
    pub fn new(title: impl Into<String>, givens: Grid) -> Puzzle {
        Puzzle { title: title.into(), label: None, givens, solution: None }
    }

    /// The puzzle with this difficulty label.
    ///
    /// # Examples
    ///
    /// ```
    /// let p = sudoku_print::Puzzle::new("Easy", sudoku_core::Grid::EMPTY).with_label("depth 1");
    /// assert_eq!(p.label.as_deref(), Some("depth 1"));
    /// ```
    #[must_use]
    pub fn with_label(self, label: impl Into<String>) -> Puzzle {
        Puzzle { label: Some(label.into()), ..self }
    }

    /// The puzzle with its solution, for the answers.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let p = sudoku_print::Puzzle::new("Easy", Grid::EMPTY).with_solution(Grid::EMPTY);
    /// assert_eq!(p.solution, Some(Grid::EMPTY));
    /// ```
    #[must_use]
    pub fn with_solution(self, solution: Grid) -> Puzzle {
        Puzzle { solution: Some(solution), ..self }
    }
}

/// How a sheet is laid out: paper, puzzles a page, whether answers follow, a title on top of
/// every page.
///
/// # Examples
///
/// ```
/// use sudoku_print::{Options, Paper};
/// let o = Options::default().with_per_page(4)?.with_answers(true).with_title("Week 12");
/// assert_eq!((o.paper, o.per_page(), o.answers), (Paper::A4, 4, true));
/// # Ok::<(), sudoku_print::PrintError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The paper (A4 by default).
    pub paper: Paper,
    /// Puzzles a page, one of [`PER_PAGE`] (6 by default).
    per_page: usize,
    /// Whether answer pages follow the puzzles.
    pub answers: bool,
    /// A heading on every page of puzzles (none by default).
    pub title: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options { paper: Paper::A4, per_page: 6, answers: false, title: None }
    }
}

impl Options {
    /// The options on this paper.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_print::{Options, Paper};
    /// assert_eq!(Options::default().with_paper(Paper::Letter).paper, Paper::Letter);
    /// ```
    #[must_use]
    pub fn with_paper(self, paper: Paper) -> Options {
        Options { paper, ..self }
    }

    /// The options with `per_page` puzzles a page.
    ///
    /// # Errors
    ///
    /// [`PrintError::PerPage`] if the count is not one of [`PER_PAGE`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_print::Options;
    /// assert_eq!(Options::default().with_per_page(9)?.per_page(), 9);
    /// assert!(Options::default().with_per_page(7).is_err());
    /// # Ok::<(), sudoku_print::PrintError>(())
    /// ```
    pub fn with_per_page(self, per_page: usize) -> Result<Options, PrintError> {
        if !PER_PAGE.contains(&per_page) {
            return Err(PrintError::PerPage { per_page });
        }
        Ok(Options { per_page, ..self })
    }

    /// Puzzles a page.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(sudoku_print::Options::default().per_page(), 6);
    /// ```
    #[must_use]
    pub fn per_page(&self) -> usize {
        self.per_page
    }

    /// The options with or without answer pages.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(sudoku_print::Options::default().with_answers(true).answers);
    /// ```
    #[must_use]
    pub fn with_answers(self, answers: bool) -> Options {
        Options { answers, ..self }
    }

    /// The options with a heading on every page of puzzles.
    ///
    /// # Examples
    ///
    /// ```
    /// let o = sudoku_print::Options::default().with_title("Saturday");
    /// assert_eq!(o.title.as_deref(), Some("Saturday"));
    /// ```
    #[must_use]
    pub fn with_title(self, title: impl Into<String>) -> Options {
        Options { title: Some(title.into()), ..self }
    }
}

/// What a page holds: puzzles or their answers.
///
/// # Examples
///
/// ```
/// assert_ne!(sudoku_print::PageKind::Puzzles, sudoku_print::PageKind::Answers);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PageKind {
    /// Puzzles, each with its title and label.
    Puzzles,
    /// Solutions, small, each with its puzzle's title.
    Answers,
}

/// One grid on a page and its caption: which puzzle (its index in the sheet, from 0), where
/// the caption and the grid go (the grid's outer lines stand out of it by half their width),
/// and the lines and text that draw them.
///
/// # Examples
///
/// ```
/// use sudoku_print::{Options, Puzzle, layout};
/// let doc = layout(&[Puzzle::new("One", sudoku_core::Grid::EMPTY)], &Options::default())?;
/// let frame = &doc.pages[0].frames[0];
/// assert_eq!(frame.puzzle, 0);
/// assert!(frame.caption.bottom() <= frame.grid.y);
/// # Ok::<(), sudoku_print::PrintError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The puzzle's index in the sheet.
    pub puzzle: usize,
    /// Where the caption goes (title and label).
    pub caption: Rect,
    /// Where the grid goes.
    pub grid: Rect,
    /// Its lines (thin ones first) and text.
    pub shapes: Vec<Shape>,
}

/// One page: what it holds, its number (from 1), the area inside its margins, its grids, and
/// its own text (heading, page number).
///
/// # Examples
///
/// ```
/// use sudoku_print::{Options, PageKind, Puzzle, layout};
/// let doc = layout(&[Puzzle::new("One", sudoku_core::Grid::EMPTY)], &Options::default())?;
/// assert_eq!((doc.pages[0].kind, doc.pages[0].number), (PageKind::Puzzles, 1));
/// # Ok::<(), sudoku_print::PrintError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Puzzles or answers.
    pub kind: PageKind,
    /// Its number, from 1.
    pub number: usize,
    /// The area its grids and their captions lie in: inside the margins, under the heading
    /// and over the page number.
    pub area: Rect,
    /// Its grids, in reading order (row by row).
    pub frames: Vec<Frame>,
    /// The heading and the page number.
    pub shapes: Vec<Shape>,
}

/// A laid-out sheet: the page size in points and the pages, what [`to_pdf`](crate::to_pdf)
/// and [`to_svg`](crate::to_svg) draw.
///
/// # Examples
///
/// ```
/// use sudoku_print::{Options, Puzzle, layout};
/// let doc = layout(&[Puzzle::new("One", sudoku_core::Grid::EMPTY)], &Options::default())?;
/// assert_eq!((doc.width, doc.height), sudoku_print::Paper::A4.size());
/// # Ok::<(), sudoku_print::PrintError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Page width.
    pub width: f32,
    /// Page height.
    pub height: f32,
    /// The sheet's title (the PDF's document title).
    pub title: Option<String>,
    /// The pages: puzzles first, then answers.
    pub pages: Vec<Page>,
}

/// Lays out a sheet: the puzzles in order, `options.per_page()` a page, then with
/// `options.answers` their solutions, [`ANSWERS_PER_PAGE`] a page.
///
/// # Errors
///
/// [`PrintError::NoPuzzles`] if `puzzles` is empty.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_print::{Options, PageKind, Puzzle, layout};
/// let puzzles: Vec<_> = (1..=7)
///     .map(|k| Puzzle::new(format!("Puzzle {k}"), Grid::EMPTY).with_solution(Grid::EMPTY))
///     .collect();
/// let doc = layout(&puzzles, &Options::default().with_answers(true))?;
/// let kinds: Vec<_> = doc.pages.iter().map(|p| (p.kind, p.frames.len())).collect();
/// assert_eq!(kinds, [(PageKind::Puzzles, 6), (PageKind::Puzzles, 1), (PageKind::Answers, 7)]);
/// # Ok::<(), sudoku_print::PrintError>(())
/// ```
pub fn layout(puzzles: &[Puzzle], options: &Options) -> Result<Document, PrintError> {
    if puzzles.is_empty() {
        return Err(PrintError::NoPuzzles);
    }
    let (width, height) = options.paper.size();
    let mut pages = Vec::new();
    let indexed: Vec<usize> = (0..puzzles.len()).collect();
    for chunk in indexed.chunks(options.per_page) {
        let heading = options.title.as_deref();
        let mut page = blank_page(PageKind::Puzzles, pages.len() + 1, (width, height), heading);
        let places = places(page.area, options.per_page, CAPTION);
        for (&k, (caption, grid)) in chunk.iter().zip(places) {
            page.frames.push(puzzle_frame(k, &puzzles[k], caption, grid));
        }
        pages.push(page);
    }
    if options.answers {
        let solved: Vec<usize> =
            (0..puzzles.len()).filter(|&k| puzzles[k].solution.is_some()).collect();
        for chunk in solved.chunks(ANSWERS_PER_PAGE) {
            let number = pages.len() + 1;
            let mut page = blank_page(PageKind::Answers, number, (width, height), Some("Answers"));
            let places = places(page.area, ANSWERS_PER_PAGE, ANSWER_CAPTION);
            for (&k, (caption, grid)) in chunk.iter().zip(places) {
                page.frames.push(answer_frame(k, &puzzles[k], caption, grid));
            }
            pages.push(page);
        }
    }
    let count = pages.len();
    for page in &mut pages {
        let text = format!("page {} of {count}", page.number);
        let x = width - MARGIN - font::width(&text, FOOT_SIZE, false);
        let y = height - MARGIN - 2.0;
        page.shapes.push(Shape::Text(Text { x, y, size: FOOT_SIZE, font: Font::Regular, text }));
    }
    Ok(Document { width, height, title: options.title.clone(), pages })
}

/// A page with its heading (if any), and the area left for its places.
fn blank_page(
    kind: PageKind,
    number: usize,
    (width, height): (f32, f32),
    heading: Option<&str>,
) -> Page {
    let inner =
        Rect { x: MARGIN, y: MARGIN, width: width - 2.0 * MARGIN, height: height - 2.0 * MARGIN };
    let mut shapes = Vec::new();
    let mut top = MARGIN;
    if let Some(heading) = heading {
        let text = font::fit(heading, HEADING_SIZE, true, inner.width);
        shapes.push(Shape::Text(Text {
            x: MARGIN,
            y: MARGIN + HEADING_SIZE,
            size: HEADING_SIZE,
            font: Font::Bold,
            text,
        }));
        top += HEADING;
    }
    let area = Rect { x: MARGIN, y: top, width: inner.width, height: inner.bottom() - FOOT - top };
    Page { kind, number, area, frames: Vec::new(), shapes }
}

/// The `per_page` places of `area`, row by row: each a caption of `caption` points over a
/// square grid, the two centred in their share of the area.
fn places(area: Rect, per_page: usize, caption: f32) -> Vec<(Rect, Rect)> {
    let (cols, rows) = arrangement(per_page).expect("a count of PER_PAGE or the answers'");
    let cell_w = (area.width - GAP * (cols - 1) as f32) / cols as f32;
    let cell_h = (area.height - GAP * (rows - 1) as f32) / rows as f32;
    // Room for the outer lines, which stand out of the grid by half their width.
    let room = cell_w.min(cell_h - caption);
    let size = room / (1.0 + 1.0 / THICK) - 1.0;
    let mut out = Vec::with_capacity(per_page);
    for row in 0..rows {
        for col in 0..cols {
            let x = area.x + col as f32 * (cell_w + GAP) + (cell_w - size) / 2.0;
            let y = area.y + row as f32 * (cell_h + GAP) + (cell_h - caption - size) / 2.0;
            let cap = Rect { x, y, width: size, height: caption };
            let grid = Rect { x, y: y + caption, width: size, height: size };
            out.push((cap, grid));
        }
    }
    out
}

/// A puzzle's place: its title (bold) and label over its grid of givens.
fn puzzle_frame(k: usize, puzzle: &Puzzle, caption: Rect, grid: Rect) -> Frame {
    let mut shapes = Vec::new();
    let title = font::fit(&puzzle.title, TITLE_SIZE, true, caption.width);
    let y = caption.y + TITLE_SIZE;
    shapes.push(Shape::Text(Text {
        x: caption.x,
        y,
        size: TITLE_SIZE,
        font: Font::Bold,
        text: title,
    }));
    if let Some(label) = &puzzle.label {
        let text = font::fit(label, LABEL_SIZE, false, caption.width);
        let y = caption.y + TITLE_SIZE + 4.0 + LABEL_SIZE;
        shapes.push(Shape::Text(Text {
            x: caption.x,
            y,
            size: LABEL_SIZE,
            font: Font::Regular,
            text,
        }));
    }
    shapes.extend(grid_shapes(grid, &puzzle.givens, &Grid::EMPTY));
    Frame { puzzle: k, caption, grid, shapes }
}

/// An answer's place: the puzzle's title over its solution, the givens in bold.
fn answer_frame(k: usize, puzzle: &Puzzle, caption: Rect, grid: Rect) -> Frame {
    let mut shapes = Vec::new();
    let title = font::fit(&puzzle.title, ANSWER_TITLE_SIZE, false, caption.width);
    let y = caption.y + ANSWER_TITLE_SIZE;
    shapes.push(Shape::Text(Text {
        x: caption.x,
        y,
        size: ANSWER_TITLE_SIZE,
        font: Font::Regular,
        text: title,
    }));
    let solution = puzzle.solution.unwrap_or(puzzle.givens);
    shapes.extend(grid_shapes(grid, &solution, &puzzle.givens));
    Frame { puzzle: k, caption, grid, shapes }
}

/// A grid's lines (the thin ones first, the box lines over them, the outer ones standing out
/// by half their width so the corners close) and its digits, centred in their cells, in bold
/// where `bold` has a digit.
fn grid_shapes(grid: Rect, digits: &Grid, bold: &Grid) -> Vec<Shape> {
    let cell = grid.width / 9.0;
    let thick = (grid.width / THICK).max(1.0);
    let thin = (grid.width / 450.0).max(0.35);
    let mut shapes = Vec::new();
    for box_lines in [false, true] {
        for i in (0..=9).filter(|i| (i % 3 == 0) == box_lines) {
            let (width, out) = if box_lines { (thick, thick / 2.0) } else { (thin, 0.0) };
            let x = grid.x + i as f32 * cell;
            let y = grid.y + i as f32 * cell;
            shapes.push(Shape::Line(Line {
                from: (x, grid.y - out),
                to: (x, grid.bottom() + out),
                width,
            }));
            shapes.push(Shape::Line(Line {
                from: (grid.x - out, y),
                to: (grid.right() + out, y),
                width,
            }));
        }
    }
    let size = cell * 0.6;
    for c in Cell::all() {
        let Some(d) = digits.get(c) else { continue };
        let font = if bold.get(c).is_some() { Font::Bold } else { Font::Regular };
        let x = grid.x + (c.col() as f32 + 0.5) * cell - DIGIT_WIDTH / 2.0 * size;
        let y = grid.y + (c.row() as f32 + 0.5) * cell + 0.36 * size;
        shapes.push(Shape::Text(Text { x, y, size, font, text: d.get().to_string() }));
    }
    shapes
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn sheet(n: usize) -> Vec<Puzzle> {
        let givens: Grid = P.parse().unwrap();
        (1..=n)
            .map(|k| {
                Puzzle::new(format!("Puzzle {k} with a rather long title, cut to fit"), givens)
                    .with_label("ER/EP/ED 9.0/9.0/2.6")
                    .with_solution(givens)
            })
            .collect()
    }

    /// Where a shape reaches: a line's box (with its width), a text's box from the font's
    /// widths (ascent 0.75 em, descent 0.25 em).
    #[allow(clippy::float_cmp)] // a horizontal line's ends have the very same y
    fn extent(shape: &Shape) -> Rect {
        match shape {
            Shape::Line(l) => {
                let (x0, x1) = (l.from.0.min(l.to.0), l.from.0.max(l.to.0));
                let (y0, y1) = (l.from.1.min(l.to.1), l.from.1.max(l.to.1));
                // Butt ends: a line reaches its ends, and half its width to either side.
                let h = l.width / 2.0;
                if y0 == y1 {
                    Rect { x: x0, y: y0 - h, width: x1 - x0, height: l.width }
                } else {
                    Rect { x: x0 - h, y: y0, width: l.width, height: y1 - y0 }
                }
            }
            Shape::Text(t) => Rect {
                x: t.x,
                y: t.y - 0.75 * t.size,
                width: font::width(&t.text, t.size, t.font == Font::Bold),
                height: t.size,
            },
        }
    }

    #[test]
    fn every_count_and_paper_fits_within_the_margins_without_overlaps() {
        for paper in Paper::ALL {
            for per_page in PER_PAGE {
                let options = Options::default()
                    .with_paper(paper)
                    .with_per_page(per_page)
                    .unwrap()
                    .with_answers(true)
                    .with_title("A sheet");
                let puzzles = sheet(2 * per_page + 1);
                let doc = layout(&puzzles, &options).unwrap();
                let (w, h) = paper.size();
                let inner = Rect {
                    x: MARGIN,
                    y: MARGIN,
                    width: w - 2.0 * MARGIN,
                    height: h - 2.0 * MARGIN,
                };
                let answer_pages = puzzles.len().div_ceil(ANSWERS_PER_PAGE);
                assert_eq!(doc.pages.len(), 3 + answer_pages, "{paper} {per_page}");
                let mut seen = Vec::new();
                for page in &doc.pages {
                    assert!(inner.contains(&page.area));
                    let mut boxes = Vec::new();
                    for frame in &page.frames {
                        seen.push((page.kind, frame.puzzle));
                        assert!(frame.grid.width > 60.0, "{paper} {per_page}: {:?}", frame.grid);
                        let mut reach = frame.caption;
                        for s in &frame.shapes {
                            let e = extent(s);
                            assert!(
                                page.area.contains(&e),
                                "{paper} {per_page}: {s:?} outside {:?}",
                                page.area
                            );
                            let right = reach.right().max(e.right());
                            let bottom = reach.bottom().max(e.bottom());
                            reach.x = reach.x.min(e.x);
                            reach.y = reach.y.min(e.y);
                            reach.width = right - reach.x;
                            reach.height = bottom - reach.y;
                        }
                        boxes.push(reach);
                    }
                    for s in &page.shapes {
                        assert!(inner.contains(&extent(s)), "{s:?}");
                        boxes.push(extent(s));
                    }
                    for (i, a) in boxes.iter().enumerate() {
                        for b in &boxes[i + 1..] {
                            assert!(!a.overlaps(b), "{paper} {per_page}: {a:?} overlaps {b:?}");
                        }
                    }
                }
                let puzzles_seen: Vec<_> =
                    seen.iter().filter(|s| s.0 == PageKind::Puzzles).map(|s| s.1).collect();
                let answers_seen: Vec<_> =
                    seen.iter().filter(|s| s.0 == PageKind::Answers).map(|s| s.1).collect();
                assert_eq!(puzzles_seen, (0..puzzles.len()).collect::<Vec<_>>());
                assert_eq!(answers_seen, puzzles_seen);
            }
        }
    }

    #[test]
    fn a_grid_has_twenty_lines_and_a_digit_per_clue() {
        let doc = layout(&sheet(1), &Options::default()).unwrap();
        let frame = &doc.pages[0].frames[0];
        let lines = frame.shapes.iter().filter(|s| matches!(s, Shape::Line(_))).count();
        let digits = frame
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Text(t) if t.text.len() == 1))
            .count();
        assert_eq!((lines, digits), (20, 17));
        // The title is cut to the grid's width, the label kept whole.
        let Shape::Text(title) = &frame.shapes[0] else { panic!("the title comes first") };
        assert!(title.text.ends_with("..."), "{}", title.text);
        assert!(matches!(&frame.shapes[1], Shape::Text(t) if t.text == "ER/EP/ED 9.0/9.0/2.6"));
    }

    #[test]
    fn puzzles_without_a_solution_get_no_answer() {
        let mut puzzles = sheet(3);
        puzzles[1].solution = None;
        let doc = layout(&puzzles, &Options::default().with_answers(true)).unwrap();
        let answers: Vec<usize> = doc.pages[1].frames.iter().map(|f| f.puzzle).collect();
        assert_eq!(answers, [0, 2]);
    }
}
