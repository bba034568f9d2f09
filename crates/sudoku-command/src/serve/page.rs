//! The page: one HTML file, its script, its style sheet and its icon, compiled into the binary
//! (no build step, nothing fetched from the network).

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");
const ICON: &str = include_str!("page/favicon.svg");

/// Only the page's own files, no framing by other sites.
const POLICY: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; \
                      script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

fn asset(body: &'static str, content_type: &'static str) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

pub(crate) async fn index() -> Response {
    asset(INDEX, "text/html; charset=utf-8")
}

pub(crate) async fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

pub(crate) async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

/// The icon, as `/favicon.svg` (the page links it) and as `/favicon.ico` (where browsers look
/// when a page names none): the same SVG under its own type.
pub(crate) async fn icon() -> Response {
    asset(ICON, "image/svg+xml")
}
