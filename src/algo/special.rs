//! The special shapes (seven pairs, thirteen orphans, thirteen-rotten, knitted, all-2-5-8) by
//! closed formulas over a small summary of the hand.
//!
//! Each shape's replacement number is "tiles of a 14-tile target the plain tiles cannot
//! supply"; the summary updates in O(1) when a tile is added, which is what lets
//! `shanten_after_draw` try all 34 draws quickly.

use crate::rules::{SevenPairs, ShapeRules, ThirteenRotten};
use crate::tiles::{Counts, ORPHANS};

/// Spaced subsets of 1-9 (pairwise differences at least 3): `KEEP[mask][s]` is the most
/// numbers of `mask` a spaced subset of size `s` can contain (size 0-3; no spaced subset is
/// larger).
const ROTTEN_KEEP: [[u8; 4]; 512] = rotten_keep();

const fn spaced(set: u16) -> bool {
    let mut last: i32 = -10;
    let mut i = 0;
    while i < 9 {
        if set >> i & 1 != 0 {
            if i - last < 3 {
                return false;
            }
            last = i;
        }
        i += 1;
    }
    true
}

const fn rotten_keep() -> [[u8; 4]; 512] {
    let mut out = [[0u8; 4]; 512];
    let mut set = 0u16;
    while set < 512 {
        if spaced(set) {
            let size = set.count_ones() as usize;
            let mut mask = 0usize;
            while mask < 512 {
                let kept = (set & mask as u16).count_ones() as u8;
                if kept > out[mask][size] {
                    out[mask][size] = kept;
                }
                mask += 1;
            }
        }
        set += 1;
    }
    out
}

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

/// 147, 258, 369 as 9-bit masks.
const KNITS: [u16; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];
const KNIT_ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const IS_ORPHAN: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < ORPHANS.len() {
        m |= 1 << ORPHANS[i];
        i += 1;
    }
    m
};

const IS_258: u64 = {
    let mut m = 0u64;
    let mut s = 0;
    while s < 3 {
        m |= 0b010_010_010 << (9 * s);
        s += 1;
    }
    m
};

/// What the special shapes need to know of the plain tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Kinds held at least twice.
    pub kinds_paired: u8,
    /// Kinds held exactly once.
    pub kinds_single: u8,
    /// Pairs when four of a kind counts as two: sum of `count / 2`.
    pub pairs_any: u8,
    /// Kinds held an odd number of times.
    pub kinds_odd: u8,
    /// Orphan kinds held.
    pub orphans: u8,
    /// Whether some orphan kind is held twice or more.
    pub orphan_pair: bool,
    /// Numbers held, per suit, as 9-bit masks.
    pub suit_masks: [u16; 3],
    /// Honor kinds held, as a 7-bit mask.
    pub honor_mask: u8,
    /// Tiles that are 2, 5 or 8 of a suit.
    pub tiles_258: u8,
}

impl Summary {
    /// Summarises plain counts.
    #[inline]
    pub fn of(plain: &Counts) -> Summary {
        let mut s = Summary::default();
        let mut present = 0u64;
        for (k, &c) in plain.iter().enumerate() {
            s.kinds_paired += u8::from(c >= 2);
            s.kinds_single += u8::from(c == 1);
            s.pairs_any += c / 2;
            s.kinds_odd += c & 1;
            present |= u64::from(c > 0) << k;
            if IS_258 >> k & 1 != 0 {
                s.tiles_258 += c;
            }
            if IS_ORPHAN >> k & 1 != 0 && c >= 2 {
                s.orphan_pair = true;
            }
        }
        s.orphans = (present & IS_ORPHAN).count_ones() as u8;
        s.suit_masks = [
            (present & 0x1FF) as u16,
            (present >> 9 & 0x1FF) as u16,
            (present >> 18 & 0x1FF) as u16,
        ];
        s.honor_mask = (present >> 27 & 0x7F) as u8;
        s
    }

    /// The summary after adding one plain tile of kind `k`, held `held` times before.
    #[inline]
    pub fn with_tile(mut self, k: usize, held: u8) -> Summary {
        match held {
            0 => self.kinds_single += 1,
            1 => {
                self.kinds_single -= 1;
                self.kinds_paired += 1;
            }
            _ => {}
        }
        if held & 1 == 1 {
            self.pairs_any += 1;
            self.kinds_odd -= 1;
        } else {
            self.kinds_odd += 1;
        }
        if IS_ORPHAN >> k & 1 != 0 {
            self.orphans += u8::from(held == 0);
            self.orphan_pair |= held >= 1;
        }
        if IS_258 >> k & 1 != 0 {
            self.tiles_258 += 1;
        }
        if k < 27 {
            self.suit_masks[k / 9] |= 1 << (k % 9);
        } else {
            self.honor_mask |= 1 << (k - 27);
        }
        self
    }

    /// Seven pairs: tiles missing from the best 7-pair target.
    pub fn seven_pairs(&self, rule: SevenPairs) -> Option<u8> {
        let (have, singles) = match rule {
            SevenPairs::Off => return None,
            SevenPairs::Distinct => (self.kinds_paired, self.kinds_single),
            SevenPairs::FourAsTwo => (self.pairs_any, self.kinds_odd),
        };
        let need = 7u8.saturating_sub(have);
        let completed_by_one = singles.min(need);
        Some(completed_by_one + 2 * (need - completed_by_one))
    }

    /// Thirteen orphans: one of each of the 13 orphans plus one more of them.
    pub fn thirteen_orphans(&self) -> u8 {
        13 - self.orphans + u8::from(!self.orphan_pair)
    }

    /// Nanchang 十三烂: the best 14-kind spaced target.
    pub fn thirteen_rotten(&self) -> u8 {
        let honors = self.honor_mask.count_ones() as u8;
        let mut best = 0u8;
        for split in ROTTEN_SPLITS {
            let suits: u8 = (0..3)
                .map(|s| ROTTEN_KEEP[self.suit_masks[s] as usize][split[s]])
                .sum();
            let honor_room = 14 - (split[0] + split[1] + split[2]) as u8;
            best = best.max(suits + honors.min(honor_room));
        }
        14 - best
    }

    /// Knitted 147/258/369 in three suits plus honors, 14 of the 16 kinds.
    pub fn knitted(&self) -> u8 {
        let honors = self.honor_mask.count_ones() as u8;
        let mut best = 0u8;
        for order in KNIT_ORDERS {
            let suits: u8 = (0..3)
                .map(|s| (self.suit_masks[s] & KNITS[order[s]]).count_ones() as u8)
                .sum();
            best = best.max((suits + honors).min(14));
        }
        14 - best
    }

    /// All 2/5/8: every tile of the `target`-tile hand a 2, 5 or 8.
    pub fn all_258(&self, target: u8) -> u8 {
        target - self.tiles_258.min(target)
    }

    /// The replacement number of every special shape the rules enable, for a hand with no
    /// melds, as `(seven_pairs, thirteen_orphans, rotten_or_knitted, all_258)`.
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

impl SpecialReplacements {
    /// The smallest of the enabled shapes, or `u8::MAX` if none.
    #[inline]
    pub fn min(&self) -> u8 {
        [
            self.seven_pairs,
            self.thirteen_orphans,
            self.thirteen_rotten,
            self.knitted,
            self.all_258,
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(u8::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaced_subsets() {
        assert!(spaced(0b001_001_001)); // 147
        assert!(spaced(0b100_010_001)); // 159
        assert!(!spaced(0b000_000_101)); // 13
        assert_eq!(ROTTEN_KEEP[0b001_001_001][3], 3);
        // 3 and 7 (bits 2, 6) fit together but no third number fits beside both.
        assert_eq!(ROTTEN_KEEP[0b001_000_100][2], 2);
        assert_eq!(ROTTEN_KEEP[0b001_000_100][3], 1);
        assert_eq!(ROTTEN_KEEP[0b111_111_111][3], 3);
    }

    #[test]
    fn with_tile_matches_recount() {
        let mut c = [0u8; 34];
        for (k, n) in [(0, 1), (4, 2), (8, 3), (27, 1), (31, 2), (19, 1)] {
            c[k] = n;
        }
        for k in 0..34 {
            if c[k] < 4 {
                let mut d = c;
                d[k] += 1;
                assert_eq!(Summary::of(&c).with_tile(k, c[k]), Summary::of(&d), "kind {k}");
            }
        }
    }
}
