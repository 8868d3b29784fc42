//! The crate's error type: what is wrong with a caller's input.

use crate::tiles::ParseError;
use std::fmt;

/// Everything a public function of the core can reject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Text that is not a list of tiles.
    TileParse(ParseError),
    /// Tiles that cannot form the hand the call asks about.
    InvalidHand(String),
    /// A rules name or setting that does not exist.
    Rules(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TileParse(e) => e.fmt(f),
            Error::InvalidHand(msg) | Error::Rules(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for Error {}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Self {
        Error::TileParse(e)
    }
}

/// The most characters of a caller's input an error message quotes: input can be
/// arbitrarily long, and a message that echoed all of it could be megabytes.
pub const QUOTE_CHARS: usize = 60;

/// `text` as error messages quote it: its first [`QUOTE_CHARS`] characters, with "…" marking
/// a cut.
///
/// ```
/// assert_eq!(majiang::error::excerpt("5m"), "5m");
/// let long = "1".repeat(1000);
/// assert_eq!(majiang::error::excerpt(&long).chars().count(), majiang::error::QUOTE_CHARS + 1);
/// ```
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// Shorthand for results of this crate.
pub type Result<T> = std::result::Result<T, Error>;
