//! Replacement-number tables, generated on first use and shared by every call.
//!
//! Suits use a compact index over count vectors with at most 14 tiles (405,350 rows, 6.5 MB),
//! the honors a plain base-5 index (78,125 rows). See [`generate`] for how rows are computed.

pub mod generate;
pub mod stats;

use generate::{GroupSpec, Row};
use std::sync::OnceLock;

/// Largest number of tiles one suit can hold in a 14-tile hand.
const MAX_SUIT_TILES: usize = 14;

/// A suit table in compact form: only vectors with at most 14 tiles are stored.
pub struct SuitTable {
    rows: Vec<Row>,
    index: &'static CompactIndex,
}

/// The split compact index: `base[hi] + lo_rank[lo]`, where `hi` is the base-5 value of
/// numbers 1-5 and `lo` of numbers 6-9. The `lo` vectors are ranked by tile count, so those
/// that fit beside a given `hi` form a prefix of the ranking.
/// Both tables are padded to a power of two so a masked index needs no bounds check.
struct CompactIndex {
    base: Box<[u32; 4096]>,
    lo_rank: Box<[u32; 1024]>,
}

fn digit_sum(mut v: usize) -> usize {
    let mut s = 0;
    while v > 0 {
        s += v % 5;
        v /= 5;
    }
    s
}

fn compact_index() -> &'static CompactIndex {
    static INDEX: OnceLock<CompactIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut lo: Vec<usize> = (0..625).collect();
        lo.sort_by_key(|&v| (digit_sum(v), v));
        let mut lo_rank = Box::new([0u32; 1024]);
        for (rank, &v) in lo.iter().enumerate() {
            lo_rank[v] = rank as u32;
        }
        // fits[r] = how many lo vectors hold at most r tiles.
        let mut fits = [0u32; MAX_SUIT_TILES + 1];
        for (r, f) in fits.iter_mut().enumerate() {
            *f = (0..625).filter(|&v| digit_sum(v) <= r).count() as u32;
        }
        let mut base = Box::new([u32::MAX; 4096]);
        let mut next = 0u32;
        for (hi, b) in base.iter_mut().enumerate().take(3125) {
            let s = digit_sum(hi);
            if s <= MAX_SUIT_TILES {
                *b = next;
                next += fits[MAX_SUIT_TILES - s];
            }
        }
        CompactIndex { base, lo_rank }
    })
}

impl SuitTable {
    fn build(pair_258_only: bool) -> SuitTable {
        let full = generate::generate(&GroupSpec::suit(pair_258_only));
        let index = compact_index();
        let len = index.base.iter().filter(|&&b| b != u32::MAX).count();
        let mut rows = Vec::with_capacity(len * 16);
        for (hi, &b) in index.base.iter().enumerate() {
            if b == u32::MAX {
                continue;
            }
            debug_assert_eq!(b as usize, rows.len());
            let room = MAX_SUIT_TILES - digit_sum(hi);
            let mut lo_fit: Vec<usize> = (0..625).filter(|&v| digit_sum(v) <= room).collect();
            lo_fit.sort_by_key(|&v| index.lo_rank[v]);
            rows.extend(lo_fit.iter().map(|&lo| full[hi + 3125 * lo]));
        }
        SuitTable { rows, index }
    }

    /// Number of stored rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table is empty (never, once built).
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The row of a suit given as 9 counts holding at most 14 tiles in all.
    #[inline(always)]
    pub fn row(&self, c: &[u8]) -> &Row {
        let hi = c[0] as usize
            + 5 * c[1] as usize
            + 25 * c[2] as usize
            + 125 * c[3] as usize
            + 625 * c[4] as usize;
        let lo = c[5] as usize + 5 * c[6] as usize + 25 * c[7] as usize + 125 * c[8] as usize;
        // Counts are at most 4, so hi < 3125 and lo < 625: the masks change nothing.
        &self.rows[self.index.base[hi & 4095] as usize + self.index.lo_rank[lo & 1023] as usize]
    }
}

/// The tables one rule set needs: a suit table and an honor table.
#[derive(Clone, Copy)]
pub struct ShapeTables {
    /// Table for each of the three suits.
    pub suit: &'static SuitTable,
    /// Table for the seven honors, base-5 indexed.
    pub honors: &'static [Row],
}

impl ShapeTables {
    /// The tables for the given honor-sequence and pair rules, built on first use.
    pub fn get(honor_sequences: bool, pair_258_only: bool) -> ShapeTables {
        static SUIT_ANY: OnceLock<SuitTable> = OnceLock::new();
        static SUIT_258: OnceLock<SuitTable> = OnceLock::new();
        static HONORS: [OnceLock<Vec<Row>>; 4] = [const { OnceLock::new() }; 4];
        let suit = if pair_258_only {
            SUIT_258.get_or_init(|| SuitTable::build(true))
        } else {
            SUIT_ANY.get_or_init(|| SuitTable::build(false))
        };
        let slot = usize::from(honor_sequences) * 2 + usize::from(pair_258_only);
        let honors = HONORS[slot].get_or_init(|| {
            generate::generate(&GroupSpec::honors(honor_sequences, !pair_258_only))
        });
        ShapeTables { suit, honors }
    }

    /// The honor row of seven counts.
    #[inline(always)]
    pub fn honor_row(&self, c: &[u8]) -> &Row {
        let i = c[0] as usize
            + 5 * c[1] as usize
            + 25 * c[2] as usize
            + 125 * c[3] as usize
            + 625 * c[4] as usize
            + 3125 * c[5] as usize
            + 15625 * c[6] as usize;
        &self.honors[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_suit_table_matches_full_table() {
        let t = ShapeTables::get(false, false);
        assert_eq!(t.suit.len(), 405_350);
        let full = generate::generate(&GroupSpec::suit(false));
        let mut checked = 0;
        for idx in (0..full.len()).step_by(7) {
            let c: Vec<u8> = (0..9).map(|i| ((idx / 5usize.pow(i)) % 5) as u8).collect();
            if c.iter().map(|&x| x as usize).sum::<usize>() <= MAX_SUIT_TILES {
                assert_eq!(*t.suit.row(&c), full[idx], "{c:?}");
                checked += 1;
            }
        }
        assert!(checked > 50_000);
    }
}
