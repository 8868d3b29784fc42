//! What the GB calculator rejects.

use std::fmt;

/// A hand the GB calculator cannot score, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GbError {
    /// The tiles do not make a winning hand in any GB shape.
    NotWinning,
    /// Concealed tiles and melds do not add up to a hand (13 before the winning tile, each
    /// meld standing for three).
    TileCount(String),
    /// More than four of one kind across hand, melds and winning tile.
    TooManyCopies(String),
    /// A meld that is no meld (a chow that is no run, a tile that does not exist, a claim from
    /// one's own seat or a chow not from the seat before).
    BadMeld(String),
    /// Win flags that cannot hold together (妙手回春 on a discard, 抢杠和 self-drawn, ...) or
    /// a wind or flower count out of range.
    BadFlags(String),
}

impl fmt::Display for GbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GbError::NotWinning => f.write_str("not a winning hand in any GB shape"),
            GbError::TileCount(m)
            | GbError::TooManyCopies(m)
            | GbError::BadMeld(m)
            | GbError::BadFlags(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for GbError {}
