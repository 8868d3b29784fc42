//! The shape algorithms: shanten, waits and discards, decompositions, batches.

pub mod shanten;
pub mod special;
pub mod brute;

pub use shanten::{Evaluator, ShantenDetail};

#[cfg(test)]
mod tests;
