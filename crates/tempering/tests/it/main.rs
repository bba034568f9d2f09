//! Integration tests of tempering: physics checks on the Ising model, ladder adaptation,
//! reproducibility across thread counts, and checkpoint identity.

mod adapt;
mod best_first;
mod ising;
#[cfg(feature = "serde")]
mod resume;
