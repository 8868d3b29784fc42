//! The shape algorithms: shanten, waits and discards, decompositions, batches.

pub mod advice;
pub mod batch;
pub mod blocks;
pub mod brute;
pub mod decompose;
pub mod shanten;
pub mod special;
pub mod waits;

pub use decompose::{Block, BlockKind, Decomposition, Shape, TileUse, MAX_DECOMPOSITIONS};
pub use shanten::{Evaluator, ShantenDetail};
pub use waits::DiscardOption;

#[cfg(test)]
pub(crate) mod tests;
