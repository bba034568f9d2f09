//! Fish, as HoDoKu 2.2.4 searches and reports them: [`types`] names every fish type (size,
//! kind, fins), [`search`] finds them, [`step`] is a fish found (its text, eliminations and
//! siamese merges).

mod search;
mod step;
mod types;

pub(crate) use search::{all, first};
pub(crate) use types::fish_type;
