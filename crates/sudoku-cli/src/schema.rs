//! The one output schema of every subcommand (see docs/schema.md): the status words and the
//! `{"code","message"}` error objects of the JSON lines, and the codes in TSV cells.

use serde_json::{Value, json};
use sudoku_core::Failure;
use sudoku_logic::SeRating;
use sudoku_metrics::RatingValue;

/// An error object: a stable code from the status vocabulary and a human message.
pub(crate) fn error(code: &str, message: &dyn std::fmt::Display) -> Value {
    json!({"code": code, "message": message.to_string()})
}

/// ER/EP/ED as JSON: `{"er","ep","ed"}`.
pub(crate) fn se_rating(r: &SeRating) -> Value {
    json!({"er": r.er, "ep": r.ep, "ed": r.ed})
}

/// A rating's value as JSON: a number, `{"mean","stderr","samples"}` or `{"er","ep","ed"}`.
pub(crate) fn rating_value(v: &RatingValue) -> Value {
    match v {
        RatingValue::Count(n) => json!(n),
        RatingValue::Mean(m) => json!({"mean": m.mean, "stderr": m.stderr, "samples": m.samples}),
        RatingValue::Se(r, _) => se_rating(r),
        other => json!(other.number()),
    }
}

/// The error object of a solver or a rating that could not answer: the failure's schema code
/// and its message.
pub(crate) fn failure(e: &Failure) -> Value {
    error(e.code(), e)
}
