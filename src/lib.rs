//! # majiang
//!
//! The Rust core of the `majiang` Python package: tiles, shape rules and a table-driven,
//! wildcard-aware shape engine for Chinese regional mahjong (Nanchang, Pingxiang, Nanjing).
//! It knows nothing of Python; the bindings live behind the `python` feature.
//!
//! Layers, bottom up: [`tiles`] (kinds, names, parsing) → [`hand`] (counts, wild sets) →
//! [`tables`] (replacement-number tables) → [`algo`] (shanten, waits, decompositions,
//! batches).
//!
//! ```
//! use majiang::{algo::Evaluator, hand::Jing, rules::ShapeRules, t};
//! let eval = Evaluator::new(&ShapeRules::NANCHANG);
//! let counts = majiang::counts_from_str("123m456p789s12z555z").unwrap();
//! let jing = Jing::from_tiles(&[t!("5z")]).unwrap();
//! assert_eq!(eval.shanten(&counts, jing, 0).unwrap(), -1);
//! ```

pub mod algo;
pub mod claims;
pub mod error;
pub mod gb;
pub mod hand;
pub mod rules;
pub mod tables;
pub mod tiles;

#[cfg(feature = "python")]
mod bindings;

#[cfg(test)]
mod proptests;

pub use error::{Error, Result};

/// Parses text into counts of the 34 kinds (flowers are an error).
///
/// ```
/// let c = majiang::counts_from_str("112m 7z").unwrap();
/// assert_eq!((c[0], c[1], c[33]), (2, 1, 1));
/// ```
pub fn counts_from_str(text: &str) -> Result<tiles::Counts> {
    hand::counts_of(&tiles::parse_tiles(text)?)
}
