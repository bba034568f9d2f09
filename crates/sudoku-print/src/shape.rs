//! What a page is drawn with: rectangles (for placing), lines and text, in points from the
//! page's top-left corner, y growing downwards.

/// A rectangle: its top-left corner, width and height, in points.
///
/// # Examples
///
/// ```
/// use sudoku_print::Rect;
/// let a = Rect { x: 0.0, y: 0.0, width: 10.0, height: 10.0 };
/// let b = Rect { x: 10.0, y: 0.0, width: 10.0, height: 10.0 };
/// assert!(!a.overlaps(&b));
/// assert!(a.contains(&Rect { x: 1.0, y: 1.0, width: 2.0, height: 2.0 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

impl Rect {
    /// The right edge.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = sudoku_print::Rect { x: 2.0, y: 0.0, width: 3.0, height: 1.0 };
    /// assert_eq!(r.right(), 5.0);
    /// ```
    #[must_use]
    pub fn right(&self) -> f32 {
        self.x + self.width
    }

    /// The bottom edge.
    ///
    /// # Examples
    ///
    /// ```
    /// let r = sudoku_print::Rect { x: 0.0, y: 2.0, width: 1.0, height: 3.0 };
    /// assert_eq!(r.bottom(), 5.0);
    /// ```
    #[must_use]
    pub fn bottom(&self) -> f32 {
        self.y + self.height
    }

    /// Whether the two share any area (touching edges do not count).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_print::Rect;
    /// let a = Rect { x: 0.0, y: 0.0, width: 2.0, height: 2.0 };
    /// assert!(a.overlaps(&Rect { x: 1.0, y: 1.0, width: 2.0, height: 2.0 }));
    /// assert!(!a.overlaps(&Rect { x: 0.0, y: 2.0, width: 2.0, height: 2.0 }));
    /// ```
    #[must_use]
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.right()
            && other.x < self.right()
            && self.y < other.bottom()
            && other.y < self.bottom()
    }

    /// Whether `other` lies wholly inside this one (edges included).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_print::Rect;
    /// let a = Rect { x: 0.0, y: 0.0, width: 2.0, height: 2.0 };
    /// assert!(a.contains(&a));
    /// assert!(!a.contains(&Rect { x: 1.0, y: 1.0, width: 2.0, height: 2.0 }));
    /// ```
    #[must_use]
    pub fn contains(&self, other: &Rect) -> bool {
        other.x >= self.x
            && other.y >= self.y
            && other.right() <= self.right()
            && other.bottom() <= self.bottom()
    }
}

/// A straight line of a given width (black, butt ends).
///
/// # Examples
///
/// ```
/// use sudoku_print::Line;
/// let l = Line { from: (0.0, 0.0), to: (10.0, 0.0), width: 1.0 };
/// assert_eq!(l.to.0 - l.from.0, 10.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// One end.
    pub from: (f32, f32),
    /// The other end.
    pub to: (f32, f32),
    /// Its width.
    pub width: f32,
}

/// Helvetica or Helvetica Bold, the base-14 fonts of every PDF reader.
///
/// # Examples
///
/// ```
/// assert_eq!(sudoku_print::Font::Bold.postscript_name(), "Helvetica-Bold");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Font {
    /// Helvetica.
    Regular,
    /// Helvetica Bold.
    Bold,
}

impl Font {
    /// The font's PostScript name.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(sudoku_print::Font::Regular.postscript_name(), "Helvetica");
    /// ```
    #[must_use]
    pub const fn postscript_name(self) -> &'static str {
        match self {
            Font::Regular => "Helvetica",
            Font::Bold => "Helvetica-Bold",
        }
    }
}

/// A line of text: its left end on the baseline, its size in points, its font (black).
///
/// # Examples
///
/// ```
/// use sudoku_print::{Font, Text};
/// let t = Text { x: 36.0, y: 50.0, size: 12.0, font: Font::Bold, text: "Puzzle 1".into() };
/// assert_eq!(t.text, "Puzzle 1");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// The left end.
    pub x: f32,
    /// The baseline.
    pub y: f32,
    /// The font size, in points.
    pub size: f32,
    /// The font.
    pub font: Font,
    /// The text.
    pub text: String,
}

/// One thing drawn on a page.
///
/// # Examples
///
/// ```
/// use sudoku_print::{Line, Shape};
/// let s = Shape::Line(Line { from: (0.0, 0.0), to: (0.0, 5.0), width: 0.5 });
/// assert!(matches!(s, Shape::Line(_)));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A line.
    Line(Line),
    /// Text.
    Text(Text),
}
