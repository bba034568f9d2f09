//! The PDF renderer: a [`Document`] as a PDF of its pages, drawn with the base-14 Helvetica
//! fonts (WinAnsi encoding; no font file is embedded).

use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect as PdfRect, Ref, Str, TextStr};

use crate::font;
use crate::layout::{Document, Page};
use crate::shape::{Font, Shape};

const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");

/// The document as a PDF file: one PDF page per page, lines and text where the layout put
/// them (the PDF's y axis runs upwards, so every y is taken from the page's height), each
/// page's content compressed (Flate), the document's title as the PDF's title.
///
/// # Examples
///
/// ```
/// use sudoku_print::{Options, Puzzle, layout, to_pdf};
/// let doc = layout(&[Puzzle::new("One", sudoku_core::Grid::EMPTY)], &Options::default())?;
/// let pdf = to_pdf(&doc);
/// assert!(pdf.starts_with(b"%PDF-1.7"));
/// assert!(pdf.windows(9).any(|w| w == b"Helvetica"));
/// # Ok::<(), sudoku_print::PrintError>(())
/// ```
#[must_use]
pub fn to_pdf(document: &Document) -> Vec<u8> {
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let page_ref = |k: usize| Ref::new(6 + 2 * k as i32);
    let content_ref = |k: usize| Ref::new(7 + 2 * k as i32);

    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    let kids: Vec<Ref> = (0..document.pages.len()).map(page_ref).collect();
    pdf.pages(tree).kids(kids).count(document.pages.len() as i32);
    for (id, f) in [(regular, Font::Regular), (bold, Font::Bold)] {
        pdf.type1_font(id)
            .base_font(Name(f.postscript_name().as_bytes()))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    {
        let mut doc_info = pdf.document_info(info);
        doc_info.producer(TextStr("sudoku-print"));
        if let Some(title) = &document.title {
            doc_info.title(TextStr(title));
        }
        doc_info.finish();
    }
    for (k, page) in document.pages.iter().enumerate() {
        let mut p = pdf.page(page_ref(k));
        p.parent(tree)
            .media_box(PdfRect::new(0.0, 0.0, document.width, document.height))
            .contents(content_ref(k));
        p.resources().fonts().pair(REGULAR, regular).pair(BOLD, bold);
        p.finish();
        let content = draw(page, document.height);
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&content, 6);
        pdf.stream(content_ref(k), &packed).filter(Filter::FlateDecode);
    }
    pdf.finish()
}

/// A page's content stream.
fn draw(page: &Page, height: f32) -> Vec<u8> {
    let mut content = Content::new();
    content.set_stroke_gray(0.0).set_fill_gray(0.0);
    let shapes = page.frames.iter().flat_map(|f| f.shapes.iter()).chain(page.shapes.iter());
    for shape in shapes {
        match shape {
            Shape::Line(l) => {
                content
                    .set_line_width(l.width)
                    .move_to(l.from.0, height - l.from.1)
                    .line_to(l.to.0, height - l.to.1)
                    .stroke();
            }
            Shape::Text(t) => {
                let name = match t.font {
                    Font::Regular => REGULAR,
                    Font::Bold => BOLD,
                };
                let bytes = win_ansi(&t.text);
                content
                    .begin_text()
                    .set_font(name, t.size)
                    .next_line(t.x, height - t.y)
                    .show(Str(&bytes))
                    .end_text();
            }
        }
    }
    content.finish().to_vec()
}

/// Text in WinAnsi, which encodes Latin-1's printable characters as Latin-1 does.
fn win_ansi(text: &str) -> Vec<u8> {
    font::printable(text).chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_1_is_kept_and_the_rest_replaced() {
        assert_eq!(win_ansi("Café ± 1 ☃"), b"Caf\xe9 \xb1 1 ?");
    }
}
