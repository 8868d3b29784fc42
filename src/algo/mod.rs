//! The shape algorithms: shanten, waits and discards, decompositions, batches.

pub mod shanten;
pub mod special;

pub use shanten::{Evaluator, ShantenDetail};
