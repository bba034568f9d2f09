//! What an optimizer needs to know about a problem.

use rand::Rng;

/// A problem to sample or minimise: states, their energies, and random moves between them.
///
/// The random generator belongs to the optimizer (one per replica), never to the model, so a
/// model is shared read-only by every replica and thread.
///
/// # Examples
///
/// A particle on the integers `0..100` in a double-well potential:
///
/// ```
/// use rand::{Rng, RngExt};
/// use tempering::Model;
///
/// struct DoubleWell;
///
/// impl Model for DoubleWell {
///     type State = i64;
///     type Move = i64; // the new position
///
///     fn energy(&self, x: &i64) -> f64 {
///         let (a, b) = ((x - 20) as f64, (x - 80) as f64);
///         (a * a).min(b * b + 5.0)
///     }
///     fn propose<R: Rng + ?Sized>(&self, x: &i64, _attempt: u32, rng: &mut R) -> Option<i64> {
///         let to = x + if rng.random_bool(0.5) { 1 } else { -1 };
///         (0..100).contains(&to).then_some(to) // the model may reject a move outright
///     }
///     fn apply(&self, x: &mut i64, to: i64) {
///         *x = to;
///     }
/// }
/// assert_eq!(DoubleWell.energy(&20), 0.0);
/// ```
pub trait Model {
    /// A configuration.
    type State;
    /// A proposed change to a configuration.
    type Move;

    /// The energy of `state`; optimizers minimise it.
    fn energy(&self, state: &Self::State) -> f64;

    /// Proposes a random move from `state`, or `None` when the model forbids the move it drew
    /// (counted as a rejection). `attempt` is the index of this proposal within the current
    /// sweep, for models that cycle through kinds of moves.
    fn propose<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        attempt: u32,
        rng: &mut R,
    ) -> Option<Self::Move>;

    /// The energy change `mv` would cause. The default applies the move to a copy and
    /// recomputes the energy; models override it with a cheaper local computation, and may cache
    /// the result in the move for [`Model::apply`].
    fn delta(&self, state: &Self::State, energy: f64, mv: &mut Self::Move) -> f64
    where
        Self::State: Clone,
        Self::Move: Clone,
    {
        let mut next = state.clone();
        self.apply(&mut next, mv.clone());
        self.energy(&next) - energy
    }

    /// Applies an accepted move.
    fn apply(&self, state: &mut Self::State, mv: Self::Move);
}
