//! The special shapes (seven pairs, thirteen orphans, thirteen-rotten, knitted, all-2-5-8) by
//! closed formulas over per-group statistics.
//!
//! Each shape's replacement number is "tiles of a 14-tile target the plain tiles cannot
//! supply". The statistics it needs are additive over the four groups (three suits and the
//! honors), so the table generator stores each group's share in the six spare lanes of its
//! row (see [`crate::tables::stats`]): a hand's statistics are four row lookups the
//! regular shape makes anyway, plus a few byte additions. No per-kind loop runs at query time.

use crate::rules::{SevenPairs, ShapeRules, ThirteenRotten};
use crate::tables::generate::Row;
use crate::tables::stats::lane;

/// Suit sizes (numbers taken from each suit) of a 14-tile thirteen-rotten hand: the honors
/// supply at most 7, so the suits supply 7 to 9.
const ROTTEN_SPLITS: [[usize; 3]; 10] = [
    [3, 3, 3],
    [2, 3, 3],
    [3, 2, 3],
    [3, 3, 2],
    [1, 3, 3],
    [3, 1, 3],
    [3, 3, 1],
    [2, 2, 3],
    [2, 3, 2],
    [3, 2, 2],
];

/// For the three suits' packed rotten lanes (5 bits each, see `tables::stats`), the most
/// numbers the suits keep when they give 9, 8 and 7 numbers in all. A suit's best keep is
/// not monotone in the size asked (3 and 7 fit a size-2 subset, no size-3 one), so every
/// split of sizes is tried, once, at compile time.
static ROTTEN_SUITS: [[u8; 3]; 1 << 15] = rotten_suits();

const fn rotten_suits() -> [[u8; 3]; 1 << 15] {
    let mut out = [[0u8; 3]; 1 << 15];
    let mut key = 0usize;
    while key < 1 << 15 {
        let mut keep = [[0u8; 4]; 3];
        let mut s = 0;
        while s < 3 {
            let p = (key >> (5 * s)) as u8 & 31;
            keep[s] = [0, p & 1, p >> 1 & 3, p >> 3 & 3];
            s += 1;
        }
        let mut i = 0;
        while i < ROTTEN_SPLITS.len() {
            let split = ROTTEN_SPLITS[i];
            let kept = keep[0][split[0]] + keep[1][split[1]] + keep[2][split[2]];
            let slot = 9 - (split[0] + split[1] + split[2]);
            if kept > out[key][slot] {
                out[key][slot] = kept;
            }
            i += 1;
        }
        key += 1;
    }
    out
}

const KNIT_ORDERS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// What the special shapes need to know of a hand, gathered from its four group rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    sums: [u8; 4],
    rotten: [u8; 3],
    knits: [u8; 3],
    honors: u8,
}

impl Stats {
    /// Gathers the statistics of the rows of man, pin, sou and honors.
    #[inline(always)]
    pub fn of(rows: [&Row; 4]) -> Stats {
        let lanes = |l: usize| rows[0].0[l] + rows[1].0[l] + rows[2].0[l] + rows[3].0[l];
        Stats {
            sums: [
                lanes(lane::PAIRED_SINGLE),
                lanes(lane::PAIRS_ODD),
                lanes(lane::T258_ORPHAN_PAIRS),
                lanes(lane::ORPHANS),
            ],
            rotten: [0, 1, 2].map(|s| rows[s].0[lane::ROTTEN_KEEP]),
            knits: [0, 1, 2].map(|s| rows[s].0[lane::KNITS]),
            honors: rows[3].0[lane::ORPHANS],
        }
    }

    /// Seven pairs: tiles missing from the best 7-pair target.
    #[inline]
    pub fn seven_pairs(&self, rule: SevenPairs) -> Option<u8> {
        let (have, singles) = match rule {
            SevenPairs::Off => return None,
            SevenPairs::Distinct => (self.sums[0] & 15, self.sums[0] >> 4),
            SevenPairs::FourAsTwo => (self.sums[1] & 15, self.sums[1] >> 4),
        };
        let need = 7u8.saturating_sub(have);
        let completed_by_one = singles.min(need);
        Some(completed_by_one + 2 * (need - completed_by_one))
    }

    /// Thirteen orphans: one of each of the 13 orphans plus one more of them.
    #[inline]
    pub fn thirteen_orphans(&self) -> u8 {
        13 - self.sums[3] + u8::from(self.sums[2] >> 4 == 0)
    }

    /// Nanchang 十三烂: the best 14-kind spaced target. The suits give 7 to 9 numbers (the
    /// honors at most 7): one table lookup gives the most numbers the three suits keep for
    /// each total, the honors fill the rest.
    #[inline]
    pub fn thirteen_rotten(&self) -> u8 {
        let key = self.rotten[0] as usize
            | (self.rotten[1] as usize) << 5
            | (self.rotten[2] as usize) << 10;
        let [nine, eight, seven] = ROTTEN_SUITS[key];
        let best = (nine + self.honors.min(5))
            .max(eight + self.honors.min(6))
            .max(seven + self.honors.min(7));
        14 - best
    }

    /// The smallest replacement number over the special shapes the rules enable (`u8::MAX`
    /// if none): only the enabled shapes are computed.
    #[inline(always)]
    pub fn best(&self, rules: &ShapeRules, melds: u8) -> u8 {
        let mut best = u8::MAX;
        if rules.all_258 {
            best = self.all_258(14 - 3 * melds);
        }
        if melds != 0 {
            return best;
        }
        if let Some(r) = self.seven_pairs(rules.seven_pairs) {
            best = best.min(r);
        }
        if rules.thirteen_orphans {
            best = best.min(self.thirteen_orphans());
        }
        match rules.thirteen_rotten {
            ThirteenRotten::Off => {}
            ThirteenRotten::Nanchang => best = best.min(self.thirteen_rotten()),
            ThirteenRotten::Knitted => best = best.min(self.knitted()),
        }
        best
    }

    /// Knitted 147/258/369 in three suits plus honors, 14 of the 16 kinds.
    #[inline]
    pub fn knitted(&self) -> u8 {
        let held = |s: usize, pattern: u8| self.knits[s] >> (2 * pattern) & 3;
        let mut best = 0u8;
        for order in KNIT_ORDERS {
            let suits = held(0, order[0]) + held(1, order[1]) + held(2, order[2]);
            best = best.max((suits + self.honors).min(14));
        }
        14 - best
    }

    /// All 2/5/8: every tile of the `target`-tile hand a 2, 5 or 8.
    #[inline]
    pub fn all_258(&self, target: u8) -> u8 {
        target - (self.sums[2] & 15).min(target)
    }

    /// The replacement number of every special shape the rules enable.
    #[inline]
    pub fn replacements(&self, rules: &ShapeRules, melds: u8) -> SpecialReplacements {
        let closed = melds == 0;
        SpecialReplacements {
            seven_pairs: if closed {
                self.seven_pairs(rules.seven_pairs)
            } else {
                None
            },
            thirteen_orphans: (closed && rules.thirteen_orphans).then(|| self.thirteen_orphans()),
            thirteen_rotten: match rules.thirteen_rotten {
                ThirteenRotten::Nanchang if closed => Some(self.thirteen_rotten()),
                _ => None,
            },
            knitted: match rules.thirteen_rotten {
                ThirteenRotten::Knitted if closed => Some(self.knitted()),
                _ => None,
            },
            all_258: rules.all_258.then(|| self.all_258(14 - 3 * melds)),
        }
    }
}

/// Replacement numbers of the special shapes; `None` where the shape is off or impossible.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpecialReplacements {
    /// Seven pairs.
    pub seven_pairs: Option<u8>,
    /// Thirteen orphans.
    pub thirteen_orphans: Option<u8>,
    /// Nanchang thirteen-rotten.
    pub thirteen_rotten: Option<u8>,
    /// Knitted thirteen-rotten.
    pub knitted: Option<u8>,
    /// All 2/5/8.
    pub all_258: Option<u8>,
}
