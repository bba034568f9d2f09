//! The SVG renderer: a [`Document`] as one SVG picture, its pages one under the other.

use std::fmt::Write as _;

use crate::font;
use crate::layout::{Document, PageKind};
use crate::shape::{Font, Shape};

/// The space between two pages of the picture, in points.
const BETWEEN_PAGES: f32 = 12.0;

/// The document as an SVG picture in points: its pages one under the other with
/// 12 points between them, each a white `<g class="page puzzles">` or
/// `<g class="page answers">` holding one `<g class="grid">` per grid with its caption, the
/// text in Helvetica (or the viewer's sans-serif).
///
/// # Examples
///
/// ```
/// use sudoku_print::{Options, Puzzle, layout, to_svg};
/// let doc = layout(&[Puzzle::new("One & two", sudoku_core::Grid::EMPTY)], &Options::default())?;
/// let svg = to_svg(&doc);
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert_eq!(svg.matches("<g class=\"grid\"").count(), 1);
/// assert!(svg.contains(">One &amp; two</text>"));
/// # Ok::<(), sudoku_print::PrintError>(())
/// ```
#[must_use]
pub fn to_svg(document: &Document) -> String {
    let pages = document.pages.len() as f32;
    let total = pages * document.height + (pages - 1.0).max(0.0) * BETWEEN_PAGES;
    let (w, h) = (document.width, document.height);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}pt\" height=\"{total}pt\" viewBox=\"0 0 {w} {total}\">"
    );
    if let Some(title) = &document.title {
        let _ = writeln!(out, "<title>{}</title>", escape(title));
    }
    for (k, page) in document.pages.iter().enumerate() {
        let kind = match page.kind {
            PageKind::Puzzles => "puzzles",
            PageKind::Answers => "answers",
        };
        let top = k as f32 * (h + BETWEEN_PAGES);
        let _ = writeln!(out, "<g class=\"page {kind}\" transform=\"translate(0 {top})\">");
        let _ = writeln!(out, "<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>");
        for frame in &page.frames {
            let _ = writeln!(out, "<g class=\"grid\" data-puzzle=\"{}\">", frame.puzzle + 1);
            shapes(&mut out, &frame.shapes);
            out.push_str("</g>\n");
        }
        shapes(&mut out, &page.shapes);
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

fn shapes(out: &mut String, shapes: &[Shape]) {
    for shape in shapes {
        match shape {
            Shape::Line(l) => {
                let _ = writeln!(
                    out,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\" stroke-width=\"{}\"/>",
                    l.from.0, l.from.1, l.to.0, l.to.1, l.width
                );
            }
            Shape::Text(t) => {
                let weight = if t.font == Font::Bold { " font-weight=\"bold\"" } else { "" };
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"{}\"{weight}>{}</text>",
                    t.x,
                    t.y,
                    t.size,
                    escape(&font::printable(&t.text))
                );
            }
        }
    }
}

/// Text with XML's special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}
