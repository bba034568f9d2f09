//! Lines of a text file, each checked for UTF-8, and whole texts for the XML and JSON formats.

use crate::{FormatError, FormatErrorKind};

/// The lines of `bytes`, numbered from 1, without their ends (`\n` or `\r\n`) and without a
/// byte-order mark; a line that is not UTF-8 is an error naming its first bad byte.
pub(crate) fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, Result<&str, FormatError>)> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let empty = bytes.is_empty();
    bytes.split(|&b| b == b'\n').filter(move |_| !empty).enumerate().map(|(i, raw)| {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = i + 1;
        (line, std::str::from_utf8(raw).map_err(|e| utf8_error(line, raw, e)))
    })
}

fn utf8_error(line: usize, raw: &[u8], e: std::str::Utf8Error) -> FormatError {
    let at = e.valid_up_to();
    FormatError::at(line, FormatErrorKind::InvalidUtf8 { byte: raw[at], column: at + 1 })
}

/// The whole text, or the line and column of its first byte that is not UTF-8.
pub(crate) fn whole(bytes: &[u8]) -> Result<&str, FormatError> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let before = &bytes[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        FormatError::at(
            line,
            FormatErrorKind::InvalidUtf8 { byte: bytes[at], column: at - start + 1 },
        )
    })
}

/// The 1-based line of byte `offset` of `text`.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The line where `"key"` first appears in a JSON text (1 if it does not).
pub(crate) fn line_of_key(text: &str, key: &str) -> usize {
    text.find(&format!("\"{key}\"")).map_or(1, |at| line_of(text, at))
}

/// The value of a cell character: `Some(0)` for a blank, `Some(d)` for a digit.
pub(crate) fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        _ => None,
    }
}
