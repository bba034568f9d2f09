//! Printable Sudoku sheets: puzzles laid out on A4 or Letter pages, each with its title and
//! difficulty label, and an answers section of small solution grids, written as PDF or SVG.
//!
//! One layout, two renderers:
//!
//! - [`layout`] places the puzzles: it turns [`Puzzle`]s and [`Options`] (paper, puzzles a
//!   page, answers or not, a sheet title) into a [`Document`], pages of [`Frame`]s (where each
//!   grid and its caption go) made of [`Shape`]s (lines and text, in points from the page's
//!   top-left corner);
//! - [`to_pdf`] and [`to_svg`] draw that same document: the PDF with the base-14 Helvetica
//!   fonts every reader has (no font file is embedded), the SVG with its pages one under the
//!   other.
//!
//! Nothing here rates or solves: the caller gives each puzzle's label and solution.
//!
//! # Example
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_print::{Options, Paper, Puzzle, layout, to_pdf, to_svg};
//!
//! let givens: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let puzzle = Puzzle::new("Puzzle 1", givens).with_label("ER/EP/ED 9.0/9.0/2.6");
//! let options = Options::default().with_paper(Paper::Letter).with_per_page(4)?;
//! let document = layout(&[puzzle], &options)?;
//! assert_eq!(document.pages.len(), 1);
//! assert_eq!(document.pages[0].frames.len(), 1);
//! assert!(to_pdf(&document).starts_with(b"%PDF-"));
//! assert!(to_svg(&document).contains("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod error;
mod font;
mod layout;
mod paper;
mod pdf;
mod shape;
mod svg;

pub use error::PrintError;
pub use layout::{
    ANSWERS_PER_PAGE, Document, Frame, Options, PER_PAGE, Page, PageKind, Puzzle, layout,
};
pub use paper::{Paper, UnknownPaper};
pub use pdf::to_pdf;
pub use shape::{Font, Line, Rect, Shape, Text};
pub use svg::to_svg;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
