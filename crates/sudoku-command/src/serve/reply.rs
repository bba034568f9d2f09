//! Requests in and answers out: a JSON body read within its size and time limits, records
//! answered with the HTTP status their `status` word calls for, and every refusal as the
//! schema's `{"code","message"}` error.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt as _;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sudoku_core::{Failure, Problem, Status};

use super::limits::Limits;

/// A request that gets no record: the schema's error object, with an HTTP status.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The request is not one the API understands (400, 404, 405, 408, 413 or 415).
    Invalid(StatusCode, String),
    /// No turn came within the queue wait (503, `busy`).
    Busy(Duration),
    /// The computation ran past its time limit and was cancelled (504, `budget_exceeded`).
    TimeLimit(Failure),
    /// A computation failed unexpectedly (500): a bug, reported as `invalid`.
    Internal(String),
}

impl Refusal {
    /// A 400 answer naming what is wrong.
    pub(crate) fn bad(message: impl std::fmt::Display) -> Refusal {
        Refusal::Invalid(StatusCode::BAD_REQUEST, message.to_string())
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let (status, problem) = match self {
            Refusal::Invalid(status, message) => (status, Problem::invalid(message)),
            Refusal::Busy(wait) => (
                StatusCode::SERVICE_UNAVAILABLE,
                Problem::new(
                    Status::Busy,
                    format!(
                        "the server is busy: no turn to compute came within {} s; try again",
                        wait.as_secs_f64()
                    ),
                ),
            ),
            Refusal::TimeLimit(failure) => (StatusCode::GATEWAY_TIMEOUT, Problem::from(failure)),
            Refusal::Internal(message) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                Problem::invalid(format!("internal error: {message}")),
            ),
        };
        let mut response = json(status, &problem);
        if status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// A JSON answer, its keys sorted as in every JSON line the command writes.
pub(crate) fn json(status: StatusCode, body: &impl Serialize) -> Response {
    match serde_json::to_value(body).and_then(|v| serde_json::to_vec(&v)) {
        Ok(bytes) => {
            let mut r = (status, Body::from(bytes)).into_response();
            r.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            r
        }
        Err(e) => Refusal::Internal(e.to_string()).into_response(),
    }
}

/// A library record as the answer: HTTP 200, or 400 when its status says the input was not a
/// grid (`invalid`) and 422 when the grid has no solution or several (`none`, `multiple`).
pub(crate) fn record(status: Status, body: &impl Serialize) -> Response {
    let code = match status {
        Status::Invalid => StatusCode::BAD_REQUEST,
        Status::None | Status::Multiple => StatusCode::UNPROCESSABLE_ENTITY,
        _ => StatusCode::OK,
    };
    json(code, body)
}

/// Reads a request's JSON body as `T`: `application/json`, at most `body_limit` bytes, sent
/// within `body_time_limit`; what is wrong is named (serde's line and column, the field).
pub(crate) async fn body<T: DeserializeOwned>(req: Request, limits: &Limits) -> Result<T, Refusal> {
    let json_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json_type {
        return Err(Refusal::Invalid(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the request body must be JSON (Content-Type: application/json)".into(),
        ));
    }
    let too_large = || {
        Refusal::Invalid(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {} bytes", limits.body_limit),
        )
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.body_limit as u64) {
        return Err(too_large());
    }
    let limited = http_body_util::Limited::new(req.into_body(), limits.body_limit);
    let bytes: Bytes = match tokio::time::timeout(limits.body_time_limit, limited.collect()).await {
        Err(_) => {
            return Err(Refusal::Invalid(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    limits.body_time_limit.as_secs_f64()
                ),
            ));
        }
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return Err(too_large()),
        Ok(Err(e)) => return Err(Refusal::bad(format!("the request body could not be read: {e}"))),
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    serde_json::from_slice(&bytes).map_err(|e| Refusal::bad(format!("bad request: {e}")))
}

/// Any other path: 404.
pub(crate) async fn not_found(req: Request) -> Refusal {
    Refusal::Invalid(
        StatusCode::NOT_FOUND,
        format!("no such page or endpoint: {} (see docs/serve.md)", req.uri().path()),
    )
}

/// A known path with another method: 405.
pub(crate) async fn method_not_allowed(req: Request) -> Refusal {
    Refusal::Invalid(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {} requests", req.uri().path(), req.method()),
    )
}
