//! The one output schema of every subcommand (see docs/schema.md): the status words and the
//! `{"code","message"}` error objects of the JSON lines, and the codes in TSV cells.

use serde_json::{Value, json};
use sudoku_logic::{LogicError, SeRating};
use sudoku_metrics::{MetricError, RatingValue};
use sudoku_solve::ExplainError;

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

/// The code of a rating that could not be computed.
pub(crate) fn metric_code(e: &MetricError) -> &'static str {
    match e {
        MetricError::BudgetExceeded { .. } => "budget_exceeded",
        MetricError::NoSolution => "none",
        MetricError::NotUnique => "multiple",
        MetricError::Conflict(_) => "invalid",
        MetricError::TooDeep { .. } => "too_deep",
        _ => "error",
    }
}

/// The code of a logical solve that could not start.
pub(crate) fn logic_code(e: &LogicError) -> &'static str {
    match e {
        LogicError::Conflict(_) => "invalid",
        LogicError::NoSolution
        | LogicError::Contradiction(_)
        | LogicError::ExcludedSolution { .. } => "none",
        LogicError::NotUnique => "multiple",
        LogicError::BudgetExceeded { .. } | LogicError::ChainBudgetExceeded { .. } => {
            "budget_exceeded"
        }
        _ => "error",
    }
}

/// The code of a pair-reduction explanation that could not be made.
pub(crate) fn explain_code(e: &ExplainError) -> &'static str {
    match e {
        ExplainError::NoSolution => "none",
        ExplainError::NotUnique => "multiple",
        ExplainError::BudgetExceeded { .. } => "budget_exceeded",
        ExplainError::TooDeep { .. } => "too_deep",
        _ => "error",
    }
}
