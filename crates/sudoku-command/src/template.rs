//! `--format` templates: text with `%x` conversions, as serate's `--format` and `band
//! --format` read them. Each command gives its own table of conversions.

use anyhow::bail;

/// One piece of a template: text written as it is, or a conversion of the command's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece<F> {
    Text(String),
    Field(F),
}

/// Reads a template with the conversions `table` (`%g`, ...) and `%%` for a `%`; an unknown
/// conversion or a lone `%` at the end is an error that lists the valid ones.
pub(crate) fn parse<F: Copy>(s: &str, table: &[(char, F)]) -> anyhow::Result<Vec<Piece<F>>> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        let field = match chars.next() {
            Some('%') => {
                text.push('%');
                continue;
            }
            Some(c) => match table.iter().find(|&&(k, _)| k == c) {
                Some(&(_, field)) => field,
                None => {
                    let valid: Vec<String> = table.iter().map(|(k, _)| format!("%{k}")).collect();
                    bail!(
                        "unknown conversion %{c} in --format {s:?}: use {} or %%",
                        valid.join(" ")
                    )
                }
            },
            None => bail!("--format {s:?} ends with a lone %: write %% for a %"),
        };
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(&mut text)));
        }
        pieces.push(Piece::Field(field));
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_split_into_text_and_fields() {
        let table = [('a', 1), ('b', 2)];
        let pieces = parse("x%a %% %b", &table).unwrap();
        assert_eq!(
            pieces,
            [Piece::Text("x".into()), Piece::Field(1), Piece::Text(" % ".into()), Piece::Field(2)]
        );
        let e = parse("%c", &table).unwrap_err().to_string();
        assert_eq!(e, "unknown conversion %c in --format \"%c\": use %a %b or %%");
        assert!(parse("50%", &table).unwrap_err().to_string().contains("lone %"));
    }
}
