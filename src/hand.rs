//! Hands as the shape engine sees them: counts of the concealed tiles, the wild kinds, and
//! how many melds were declared (their tiles are not passed and are never wild).

use crate::error::{Error, Result};
use crate::tiles::{Counts, Tile, NUM_KINDS};

/// A set of wild (精) kinds, as a bit mask over the 34 kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Jing(u64);

impl Jing {
    /// No wild tiles.
    pub const NONE: Jing = Jing(0);

    /// The wild set of the given kinds. Flowers cannot be wild.
    pub fn from_tiles(tiles: &[Tile]) -> Result<Jing> {
        let mut mask = 0u64;
        for t in tiles {
            if t.is_flower() {
                return Err(Error::InvalidHand(format!(
                    "a flower ({t}) cannot be a wild tile"
                )));
            }
            mask |= 1 << t.index();
        }
        Ok(Jing(mask))
    }

    /// Nanchang's jing pair from the flipped indicator: 正精 = the indicator, 副精 = its
    /// successor (1→…→9→1 in a suit; E→S→W→N→E; 中→发→白→中).
    ///
    /// ```
    /// use majiang::{hand::Jing, t};
    /// let (zheng, fu) = Jing::nanchang_pair(t!("9p"));
    /// assert_eq!((zheng, fu), (t!("9p"), t!("1p")));
    /// ```
    pub fn nanchang_pair(indicator: Tile) -> (Tile, Tile) {
        (indicator, indicator.jing_successor())
    }

    /// The wild set from a raw bit mask (bit `i` = kind `i`); bits above 33 are ignored.
    pub const fn from_mask(mask: u64) -> Jing {
        Jing(mask & ((1 << NUM_KINDS) - 1))
    }

    /// The raw bit mask.
    pub const fn mask(self) -> u64 {
        self.0
    }

    /// Whether kind `k` is wild.
    #[inline(always)]
    pub const fn contains(self, k: usize) -> bool {
        self.0 >> k & 1 != 0
    }

    /// Whether no kind is wild.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The wild kinds in index order.
    pub fn kinds(self) -> impl Iterator<Item = usize> {
        (0..NUM_KINDS).filter(move |&k| self.contains(k))
    }
}

/// A hand's concealed tiles split into the plain (non-wild) counts and the wild count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Counts of the tiles that stand only for themselves.
    pub plain: Counts,
    /// How many concealed tiles are wild.
    pub wild: u8,
}

impl Split {
    /// Splits `counts` by the wild set.
    #[inline(always)]
    pub fn new(counts: &Counts, jing: Jing) -> Split {
        if jing.is_empty() {
            return Split {
                plain: *counts,
                wild: 0,
            };
        }
        let mut plain = *counts;
        let mut wild = 0;
        // Visit only the wild kinds (usually one or two set bits).
        let mut bits = jing.0;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            wild += plain[k];
            plain[k] = 0;
            bits &= bits - 1;
        }
        Split { plain, wild }
    }
}

/// The two tile totals a call accepts for `melds` declared melds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandSize {
    /// 14 - 3k tiles: a hand after drawing (complete or to discard from).
    Full,
    /// 13 - 3k tiles: a hand waiting for a tile.
    Waiting,
}

/// Checks counts and melds and tells which size the hand is.
///
/// ```
/// use majiang::hand::{check_hand, HandSize};
/// let mut c = [0u8; 34];
/// c[0] = 4; c[1] = 4; c[2] = 2;
/// assert_eq!(check_hand(&c, 1).unwrap(), HandSize::Waiting); // 10 tiles + 1 meld
/// ```
pub fn check_hand(counts: &Counts, melds: u8) -> Result<HandSize> {
    hand_size(counts, melds).ok_or_else(|| explain_bad_hand(counts, melds))
}

/// The size of a valid hand, `None` for an invalid one: the fast path of [`check_hand`],
/// without building any message.
///
/// Eight counts at a time (SWAR): a byte over 4 is caught by the "has more than" bit trick,
/// valid for every byte value; the byte sums (by multiplication) are only trusted once no
/// byte exceeds 4.
#[inline]
pub fn hand_size(counts: &Counts, melds: u8) -> Option<HandSize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&counts[8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    };
    let mut over = 0u64;
    let mut total = 0u64;
    for w in [word(0), word(1), word(2), word(3)] {
        over |= (w.wrapping_add(LOW * (127 - 4)) | w) & HIGH;
        total += w.wrapping_mul(LOW) >> 56;
    }
    over |= u64::from(counts[32] > 4 || counts[33] > 4 || melds > 4);
    total += u64::from(counts[32]) + u64::from(counts[33]);
    if over != 0 {
        return None;
    }
    let full = 14 - 3 * u64::from(melds);
    if total == full {
        Some(HandSize::Full)
    } else if total + 1 == full {
        Some(HandSize::Waiting)
    } else {
        None
    }
}

/// What is wrong with a hand [`hand_size`] rejected.
#[cold]
fn explain_bad_hand(counts: &Counts, melds: u8) -> Error {
    if melds > 4 {
        return Error::InvalidHand(format!("melds must be 0 to 4, got {melds}"));
    }
    if let Some(k) = counts.iter().position(|&c| c > 4) {
        return Error::InvalidHand(format!(
            "{} copies of {}: a kind has only four",
            counts[k],
            Tile::new(k as u8).map_or(String::from("?"), |t| t.to_string())
        ));
    }
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    let full = 14 - 3 * melds as usize;
    Error::InvalidHand(format!(
        "{total} concealed tiles do not fit {melds} meld(s): expected {} or {full}",
        full - 1
    ))
}

/// Counts tiles into the 34 kinds; flowers are an error (no shape uses them).
pub fn counts_of(tiles: &[Tile]) -> Result<Counts> {
    let mut counts = [0u8; NUM_KINDS];
    for t in tiles {
        if t.is_flower() {
            return Err(Error::InvalidHand(format!(
                "flower {t} in a shape query: flowers are set aside, not part of the hand"
            )));
        }
        counts[t.index()] = counts[t.index()].saturating_add(1);
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_size_check_agrees_with_the_explaining_one() {
        let mut x = 7u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..100_000 {
            let mut c = [0u8; NUM_KINDS];
            let tiles = next() % 16;
            for _ in 0..tiles {
                let k = (next() % 34) as usize;
                c[k] = c[k].saturating_add(1 + (next() % 60 == 0) as u8 * 200);
            }
            let melds = (next() % 6) as u8;
            assert_eq!(
                hand_size(&c, melds),
                check_hand(&c, melds).ok(),
                "{c:?} {melds}"
            );
        }
        let mut c = [0u8; NUM_KINDS];
        c[33] = 5;
        assert!(check_hand(&c, 0)
            .unwrap_err()
            .to_string()
            .contains("5 copies of 7z"));
    }
}
