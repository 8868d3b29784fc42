//! The special shapes (seven pairs, thirteen orphans, thirteen-rotten, knitted, all-2-5-8) by
//! closed formulas over per-group statistics.
//!
//! Each shape's replacement number is "tiles of a 14-tile target the plain tiles cannot
//! supply". The statistics it needs are additive over the four groups (three suits and the
//! honors), so the table generator stores each group's share in the six spare lanes of its
//! row (see [`crate::tables::stats`]): a hand's statistics are four row lookups the
//! regular shape makes anyway, plus a few byte additions. No per-kind loop runs at query time.

use crate::rules::{KnittedHonors, SevenPairs, ShapeRules, ThirteenRotten};
use crate::tables::generate::Row;
use crate::tables::stats::{lane, ROTTEN_CLASSES};

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

/// Nanchang 十三烂 by `class_man | class_pin << 3 | class_sou << 6 | honors << 9` (rotten
/// classes from [`lane::ROTTEN_KEEP`], distinct honors held): 14 minus the most tiles a
/// target keeps, the suits giving 7 to 9 numbers and the honors the rest. A suit's best
/// keep is not monotone in the size asked (3 and 7 fit a size-2 subset, no size-3 one), so
/// every split of sizes is tried, once, at compile time.
static ROTTEN: [u8; 4096] = rotten_table();

const fn rotten_table() -> [u8; 4096] {
    let mut out = [0u8; 4096];
    let mut key = 0usize;
    while key < 4096 {
        let mut keep = [[0u8; 4]; 3];
        let mut s = 0;
        while s < 3 {
            let class = (key >> (3 * s)) & 7;
            if class < ROTTEN_CLASSES.len() {
                let c = ROTTEN_CLASSES[class];
                keep[s] = [0, c[0], c[1], c[2]];
            }
            s += 1;
        }
        let honors = (key >> 9) as u8;
        let mut best = 0u8;
        let mut i = 0;
        while i < ROTTEN_SPLITS.len() {
            let split = ROTTEN_SPLITS[i];
            let kept = keep[0][split[0]] + keep[1][split[1]] + keep[2][split[2]];
            let room = (14 - (split[0] + split[1] + split[2])) as u8;
            let total = kept + if honors < room { honors } else { room };
            if total > best {
                best = total;
            }
            i += 1;
        }
        out[key] = 14 - best;
        key += 1;
    }
    out
}

/// For the knit lanes of man and pin (`knits_man | knits_pin << 6`), nibble `c` (0: 147,
/// 1: 258, 2: 369) is the most numbers man and pin hold when sou takes pattern `c` and they
/// take the other two, one each.
static KNIT_PAIRS: [u16; 4096] = knit_pairs();

const fn knit_pairs() -> [u16; 4096] {
    let mut out = [0u16; 4096];
    let mut key = 0usize;
    while key < 4096 {
        let mut c = 0;
        while c < 3 {
            let (a, b) = ((c + 1) % 3, (c + 2) % 3);
            let x = knit_field(key, 0, a) + knit_field(key, 1, b);
            let y = knit_field(key, 0, b) + knit_field(key, 1, a);
            out[key] |= (if x > y { x } else { y }) << (4 * c);
            c += 1;
        }
        key += 1;
    }
    out
}

const fn knit_field(key: usize, suit: usize, pattern: usize) -> u16 {
    (key >> (6 * suit + 2 * pattern)) as u16 & 3
}

/// The largest of the three nibbles of a 12-bit value.
static MAX_NIBBLE: [u8; 4096] = {
    let mut out = [0u8; 4096];
    let mut v = 0usize;
    while v < 4096 {
        let (a, b, c) = (v & 15, v >> 4 & 15, v >> 8);
        let m = if a > b { a } else { b };
        out[v] = if m > c { m } else { c } as u8;
        v += 1;
    }
    out
};

/// What the special shapes need to know of a hand, gathered from its four group rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Sums over the four rows of lanes 10-13 (see [`lane`]).
    sums: [u8; 4],
    rotten: [u8; 3],
    knits: [u8; 3],
    /// Distinct honors held.
    honors: u8,
}

impl Stats {
    /// Gathers the statistics of the rows of man, pin, sou and honors.
    #[inline(always)]
    pub fn of(rows: [&Row; 4]) -> Stats {
        let lanes = |l: usize| rows[0].0[l] + rows[1].0[l] + rows[2].0[l] + rows[3].0[l];
        Stats {
            sums: [
                lanes(lane::SEVEN_DISTINCT),
                lanes(lane::SEVEN_FOUR_AS_TWO),
                lanes(lane::ORPHANS),
                lanes(lane::T258),
            ],
            rotten: [0, 1, 2].map(|s| rows[s].0[lane::ROTTEN_KEEP]),
            knits: [0, 1, 2].map(|s| rows[s].0[lane::KNITS]),
            honors: rows[3].0[lane::ORPHANS] & 15,
        }
    }

    /// Seven pairs: tiles missing from the best 7-pair target.
    ///
    /// With `have` pairs and `singles` kinds held once, `need = 7 - have` pairs are missing;
    /// a single completes one for one tile, the rest cost two: `2 need - min(singles, need)`,
    /// which is `max(14 - (2 have + singles), 7 - have)`. The tables store `2 have + singles`
    /// (for four-as-two, where a kind held four times is two pairs, that is the tile count).
    #[inline]
    pub fn seven_pairs(&self, rule: SevenPairs) -> Option<u8> {
        let field = match rule {
            SevenPairs::Off => return None,
            SevenPairs::Distinct => self.sums[0],
            SevenPairs::FourAsTwo => self.sums[1],
        };
        let (weighted, have) = (field & 15, field >> 4);
        Some(14u8.saturating_sub(weighted).max(7u8.saturating_sub(have)))
    }

    /// Thirteen orphans: one of each of the 13 orphans plus one more of them.
    #[inline]
    pub fn thirteen_orphans(&self) -> u8 {
        13 - (self.sums[2] & 15) + u8::from(self.sums[2] >> 4 == 0)
    }

    /// Nanchang 十三烂: the best 14-kind spaced target. The suits give 7 to 9 numbers (the
    /// honors at most 7): one table lookup gives the most numbers the three suits keep for
    /// each total, the honors fill the rest.
    #[inline]
    pub fn thirteen_rotten(&self) -> u8 {
        rotten(self.rotten, self.honors)
    }

    /// The smallest replacement number over the special shapes the rules enable (`u8::MAX`
    /// if none): only the enabled shapes are computed.
    #[inline(always)]
    pub fn best(&self, rules: &ShapeRules, melds: u8) -> u8 {
        let mut best = self.best_summed(rules, melds);
        if melds == 0 {
            match rules.thirteen_rotten {
                ThirteenRotten::Off => {}
                ThirteenRotten::Nanchang => best = best.min(self.thirteen_rotten()),
                ThirteenRotten::Knitted => best = best.min(self.knitted(rules.knitted_honors)),
            }
        }
        best
    }

    /// [`Stats::best`] over the shapes read from the summed lanes alone (seven pairs,
    /// thirteen orphans, all 2/5/8): the part [`lanes_simd`] computes.
    #[inline(always)]
    pub fn best_summed(&self, rules: &ShapeRules, melds: u8) -> u8 {
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
        best
    }

    /// Knitted 147/258/369 in three suits plus honors: 14 of the 16 kinds, or with
    /// [`KnittedHonors::ExactlyFive`] all nine numbers and five honors.
    #[inline]
    pub fn knitted(&self, honors: KnittedHonors) -> u8 {
        knitted(self.knits, self.honors, honors.most())
    }

    /// All 2/5/8: every tile of the `target`-tile hand a 2, 5 or 8.
    #[inline]
    pub fn all_258(&self, target: u8) -> u8 {
        target - self.sums[3].min(target)
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
                ThirteenRotten::Knitted if closed => Some(self.knitted(rules.knitted_honors)),
                _ => None,
            },
            all_258: rules.all_258.then(|| self.all_258(14 - 3 * melds)),
        }
    }
}

/// Nanchang 十三烂 from the three suits' rotten classes and the distinct honors held.
#[inline(always)]
fn rotten(classes: [u8; 3], honors: u8) -> u8 {
    let key = classes[0] as usize
        | (classes[1] as usize) << 3
        | (classes[2] as usize) << 6
        | (honors as usize) << 9;
    ROTTEN[key & 4095]
}

/// Knitted 十三烂 from the three suits' knit lanes and the distinct honors held: man and
/// pin's best for each pattern left to sou (one lookup), plus sou's count of that pattern
/// (its lane spread to nibbles), the best of the three (one lookup), plus the honors, of
/// which a target holds at most `most` (7, or 5 under [`KnittedHonors::ExactlyFive`]: the
/// suits then supply all nine numbers, and the 14-kind cap never binds).
#[inline(always)]
fn knitted(knits: [u8; 3], honors: u8, most: u8) -> u8 {
    let pairs = KNIT_PAIRS[(knits[0] as usize | (knits[1] as usize) << 6) & 4095];
    let sou = knits[2] as u16;
    let sou = (sou & 3) | (sou & 0xC) << 2 | (sou & 0x30) << 4;
    // nibbles at most 3 + 3 + 3: no carries
    let best = MAX_NIBBLE[(pairs + sou) as usize & 4095];
    14 - (best + honors.min(most)).min(14)
}

/// The most kinds of one 组合龙 (147, 258, 369 over the three suits in some order) the
/// suits' knit lanes hold: the numbers part of [`knitted`].
#[inline(always)]
pub(crate) fn knitted_straight_held(knits: [u8; 3]) -> u8 {
    let pairs = KNIT_PAIRS[(knits[0] as usize | (knits[1] as usize) << 6) & 4095];
    let sou = knits[2] as u16;
    let sou = (sou & 3) | (sou & 0xC) << 2 | (sou & 0x30) << 4;
    MAX_NIBBLE[(pairs + sou) as usize & 4095]
}

/// The reference of [`knitted`]: every order of the three patterns over the suits, and
/// every honor count a target may hold.
#[cfg(test)]
fn knitted_by_orders(knits: [u8; 3], honors: u8, most: u8) -> u8 {
    let held = |s: usize, pattern: usize| knits[s] >> (2 * pattern) & 3;
    let mut best = 0u8;
    for order in crate::tiles::KNIT_ORDERS {
        let suits = held(0, order[0]) + held(1, order[1]) + held(2, order[2]);
        // a target of `h` honors (5..=most) has 14 - h numbers, at most the nine
        for h in 5..=most {
            best = best.max(suits.min(14 - h) + honors.min(h));
        }
    }
    14 - best
}

/// The special shapes not read from the summed lanes (十三烂, knitted), straight from the
/// rows: the rest of [`Stats::best`] beside [`Stats::best_summed`].
#[inline(always)]
pub fn best_unsummed(rows: [&Row; 4], rules: &ShapeRules, melds: u8) -> u8 {
    if melds != 0 {
        return u8::MAX;
    }
    let honors = rows[3].0[lane::ORPHANS] & 15;
    match rules.thirteen_rotten {
        ThirteenRotten::Off => u8::MAX,
        ThirteenRotten::Nanchang => rotten([0, 1, 2].map(|s| rows[s].0[lane::ROTTEN_KEEP]), honors),
        ThirteenRotten::Knitted => knitted(
            [0, 1, 2].map(|s| rows[s].0[lane::KNITS]),
            honors,
            rules.knitted_honors.most(),
        ),
    }
}

/// What [`lanes_simd`] needs of a rule set for one meld count: the constants the summed low
/// nibbles are subtracted from, and 255 in every lane that is not an enabled shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanePlan {
    low_from: [u8; 16],
    off: [u8; 16],
}

impl LanePlan {
    /// The plans of a rule set for 0 to 4 melds.
    pub fn for_rules(rules: &ShapeRules) -> [LanePlan; 5] {
        let mut out = [LanePlan {
            low_from: [0; 16],
            off: [255; 16],
        }; 5];
        for (melds, plan) in out.iter_mut().enumerate() {
            let closed = melds == 0;
            plan.low_from[lane::SEVEN_DISTINCT] = 14;
            plan.low_from[lane::SEVEN_FOUR_AS_TWO] = 14;
            plan.low_from[lane::ORPHANS] = 13;
            plan.low_from[lane::T258] = 14 - 3 * melds as u8;
            let on = [
                (
                    lane::SEVEN_DISTINCT,
                    closed && rules.seven_pairs == SevenPairs::Distinct,
                ),
                (
                    lane::SEVEN_FOUR_AS_TWO,
                    closed && rules.seven_pairs == SevenPairs::FourAsTwo,
                ),
                (lane::ORPHANS, closed && rules.thirteen_orphans),
                (lane::T258, rules.all_258),
            ];
            for (l, enabled) in on {
                if enabled {
                    plan.off[l] = 0;
                }
            }
        }
        out
    }

    /// Whether no shape of the plan is enabled.
    pub fn is_empty(&self) -> bool {
        self.off == [255; 16]
    }
}

/// Seven pairs (both rules), thirteen orphans and all 2/5/8 for every lane at once: the four
/// rows are summed, the nibbles split, and each shape is `max(a - x, b - y)` (saturating)
/// in its own lane ([`lane`]); lanes the plan turns off, and lanes 0-9, hold 255. The
/// minimum over the lanes is [`Stats::best_summed`] (tests check it).
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
#[inline(always)]
pub(crate) fn lanes_simd(rows: [&Row; 4], plan: &LanePlan) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::*;
    /// 7 for the seven-pairs lanes (`7 - have`), 0 elsewhere.
    const HIGH_FROM: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 0, 0, 0, 0];
    /// The orphans lane, where "no orphan pair" costs one more tile.
    const ORPHAN_LANE: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0];
    let load = |b: &[u8; 16]| {
        // SAFETY: `b` is 16 initialised bytes; the unaligned load has no alignment need.
        // (SSE2 is part of every x86-64 target.)
        unsafe { _mm_loadu_si128(b.as_ptr().cast::<__m128i>()) }
    };
    // SAFETY: SSE2 intrinsics only, compiled under the SSSE3 condition above.
    unsafe {
        let sum = _mm_add_epi8(
            _mm_add_epi8(load(&rows[0].0), load(&rows[1].0)),
            _mm_add_epi8(load(&rows[2].0), load(&rows[3].0)),
        );
        let nibble = _mm_set1_epi8(15);
        let low = _mm_and_si128(sum, nibble);
        let high = _mm_and_si128(_mm_srli_epi16::<4>(sum), nibble);
        let no_orphan_pair = _mm_and_si128(
            _mm_cmpeq_epi8(high, _mm_setzero_si128()),
            load(&ORPHAN_LANE),
        );
        // subtracting 255 (-1) adds the tile an orphan pair would have given
        let a = _mm_sub_epi8(_mm_subs_epu8(load(&plan.low_from), low), no_orphan_pair);
        let b = _mm_subs_epu8(load(&HIGH_FROM), high);
        _mm_or_si128(_mm_max_epu8(a, b), load(&plan.off))
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

#[cfg(all(test, target_arch = "x86_64", target_feature = "ssse3"))]
mod tests {
    use super::*;
    use crate::algo::tests::{random_hand, Rng};
    use crate::hand::Split;
    use crate::rules::PairRule;
    use crate::tables::ShapeTables;
    use std::arch::x86_64::*;

    fn lane_min(v: __m128i) -> u8 {
        let mut b = [0u8; 16];
        // SAFETY: SSE2 store of 16 bytes into a 16-byte array.
        unsafe { _mm_storeu_si128(b.as_mut_ptr().cast::<__m128i>(), v) };
        b.into_iter().min().unwrap()
    }

    #[test]
    fn simd_lanes_match_scalar_formulas() {
        let mut rng = Rng::new(99);
        for rules in [
            ShapeRules::STANDARD,
            ShapeRules::NANCHANG,
            ShapeRules::PINGXIANG,
            ShapeRules::NANJING,
        ] {
            let tables =
                ShapeTables::get(rules.honor_sequences, rules.pair == PairRule::TwoFiveEight);
            let plans = LanePlan::for_rules(&rules);
            for i in 0..20_000 {
                let melds = (i % 7).min(4) as u8;
                let size = 14 - 3 * melds as usize - (i / 7 % 2);
                let (counts, jing) = random_hand(&mut rng, &rules, size, i % 4);
                let split = Split::new(&counts, jing);
                let rows = tables.rows(&split.plain);
                let fast = lane_min(lanes_simd(rows, &plans[melds as usize]));
                assert_eq!(
                    fast,
                    Stats::of(rows).best_summed(&rules, melds),
                    "{counts:?} {melds}"
                );
                let slow = Stats::of(rows).best(&rules, melds);
                assert_eq!(fast.min(best_unsummed(rows, &rules, melds)), slow);
            }
        }
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;

    #[test]
    fn knitted_tables_match_every_order() {
        for key in 0..1 << 18 {
            let f = |s: usize| (key >> (6 * s)) as u8 & 63;
            // fields hold 0-3 numbers each (all values of the 2-bit fields occur)
            for honors in [0, 3, 5, 6, 7] {
                let knits = [f(0), f(1), f(2)];
                for most in [5, 7] {
                    assert_eq!(
                        knitted(knits, honors, most),
                        knitted_by_orders(knits, honors, most),
                        "{knits:?} {honors} {most}"
                    );
                }
            }
        }
    }

    #[test]
    fn knitted_straight_held_is_the_best_order() {
        for key in 0..1 << 18 {
            let knits = [0, 1, 2].map(|s| (key >> (6 * s)) as u8 & 63);
            let held = |s: usize, pattern: usize| knits[s] >> (2 * pattern) & 3;
            let best = crate::tiles::KNIT_ORDERS
                .iter()
                .map(|o| held(0, o[0]) + held(1, o[1]) + held(2, o[2]))
                .max()
                .unwrap();
            assert_eq!(knitted_straight_held(knits), best, "{knits:?}");
        }
    }

    #[test]
    fn rotten_table_examples() {
        // 147 258 369 and five honors: complete
        assert_eq!(rotten([4, 4, 4], 5), 0);
        // 147 258 36 and six honors: 14 kinds, complete
        assert_eq!(rotten([4, 4, 3], 6), 0);
        // nothing at all: 14 missing
        assert_eq!(rotten([0, 0, 0], 0), 14);
        // seven honors and one number in each suit: 10 kept
        assert_eq!(rotten([1, 1, 1], 7), 4);
    }
}
