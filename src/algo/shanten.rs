//! Shanten (向听) by replacement numbers, with wild tiles.
//!
//! The replacement number `r` of a hand is the fewest tiles it must draw (discarding others)
//! to be complete. Wild tiles can stand for any tile, so they are simply taken out of the
//! hand: with `w` wild tiles, `shanten = r(plain tiles) - w - 1`, where `r` is measured
//! against a full 14 - 3k tile target. No table needs to know about wild tiles.

use super::special::{LanePlan, Stats};
use crate::error::Result;
use crate::hand::{check_hand, hand_size, Jing, Split};
use crate::rules::{PairRule, ShapeRules};
use crate::tables::generate::{lane, Row, INF};
use crate::tables::stats::lane as stat_lane;
use crate::tables::ShapeTables;
use crate::tiles::{Counts, KNIT_ORDERS, NUM_KINDS};
use std::sync::OnceLock;

/// Per-shape shanten; `None` where the rules turn a shape off or the melds rule it out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShantenDetail {
    /// Four blocks (minus melds) and a pair.
    pub regular: Option<i8>,
    /// Seven pairs.
    pub seven_pairs: Option<i8>,
    /// Thirteen orphans.
    pub thirteen_orphans: Option<i8>,
    /// Nanchang thirteen-rotten.
    pub thirteen_rotten: Option<i8>,
    /// Knitted thirteen-rotten.
    pub knitted: Option<i8>,
    /// All 2/5/8.
    pub all_258: Option<i8>,
    /// GB 组合龙 (knitted straight) with a block and a pair (at most one meld declared).
    pub knitted_straight: Option<i8>,
}

impl ShantenDetail {
    /// The smallest shanten over the enabled shapes.
    pub fn min(&self) -> i8 {
        [
            self.regular,
            self.seven_pairs,
            self.thirteen_orphans,
            self.thirteen_rotten,
            self.knitted,
            self.all_258,
            self.knitted_straight,
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(i8::MAX)
    }
}

/// Min-plus product of two group rows over every (blocks, pair) cell:
/// `out[m][p] = min over j of a[j][p1] + b[m - j][p2]` with `p1 + p2 = p`.
///
/// Lanes 0-9 of the result hold the product ([`crate::tables::generate::lane`] layout); a
/// value of [`INF`] or more means "unreachable" (the SIMD version does not clamp: sums of
/// table values stay far below 255 and [`merge_final`] clamps). Lanes 10-15 are unspecified.
#[inline(always)]
fn merge(a: &Row, b: &Row) -> Row {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    {
        simd::merge(a, b)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    {
        merge_scalar(a, b)
    }
}

/// The (blocks, pair = 1) cell of the product of two rows, at most [`INF`].
#[inline(always)]
fn merge_final(a: &Row, b: &Row, blocks: usize) -> u8 {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    {
        simd::merge_final(a, b, blocks)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    {
        merge_final_scalar(a, b, blocks)
    }
}

/// The portable reference of [`merge`]; tests check the SIMD version against it.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    allow(dead_code)
)]
fn merge_scalar(a: &Row, b: &Row) -> Row {
    let mut out = [INF; 16];
    for m in 0..5 {
        let mut no_pair = INF;
        let mut pair = INF;
        for j in 0..=m {
            let k = m - j;
            no_pair = no_pair.min(a.get(j, 0).saturating_add(b.get(k, 0)));
            pair = pair
                .min(a.get(j, 0).saturating_add(b.get(k, 1)))
                .min(a.get(j, 1).saturating_add(b.get(k, 0)));
        }
        out[lane(m, 0)] = no_pair;
        out[lane(m, 1)] = pair;
    }
    Row(out)
}

/// The portable reference of [`merge_final`].
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    allow(dead_code)
)]
fn merge_final_scalar(a: &Row, b: &Row, blocks: usize) -> u8 {
    let mut best = INF;
    for j in 0..=blocks {
        let k = blocks - j;
        best = best
            .min(a.get(j, 0).saturating_add(b.get(k, 1)))
            .min(a.get(j, 1).saturating_add(b.get(k, 0)));
    }
    best
}

/// Row products with SSSE3 on the planar row layout (no-pair cells in lanes 0-4, pair cells
/// in lanes 5-9).
///
/// [`merge`] lays `b` out three times over lanes 0-14 — no-pair, pair, no-pair — with 255 in
/// lane 15. For each split `j` (blocks taken from `a`), one shuffle broadcasts `a`'s no-pair
/// value for `j` over lanes 0-9 and its pair value over lanes 10-14, and one shuffles `b`
/// up by `j` within each five-lane segment, lane 15 (255) filling the gap; a saturating add
/// and a minimum then give, in one go, the three one-dimensional products
/// `no-pair x no-pair` (lanes 0-4), `no-pair x pair` (5-9) and `pair x no-pair` (10-14).
/// A last shuffle folds lanes 10-14 onto 5-9. Five shuffle pairs instead of the ten
/// broadcasts and ten shifts of the interleaved layout.
///
/// The module is compiled only when the build enables SSSE3 for every CPU it targets (the
/// crate's `.cargo/config.toml` selects x86-64-v2), which is the one condition the SSSE3
/// and SSE2 intrinsics below need to be sound; that is the SAFETY argument of every
/// `unsafe` block in it. Plain (not `#[target_feature]`) functions, so they inline.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
mod simd {
    use super::{Row, INF};
    use std::arch::x86_64::*;

    /// `b` three times over lanes 0-14 (no-pair, pair, no-pair); lane 15 zeroed (then 255).
    const LAYOUT_B: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 0x80];
    const LANE15_MAX: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255];
    /// `BROADCAST_A[j]`: `a`'s no-pair value for `j` blocks in lanes 0-9, its pair value in
    /// lanes 10-15.
    const BROADCAST_A: [[u8; 16]; 5] = {
        let mut out = [[0u8; 16]; 5];
        let mut j = 0;
        while j < 5 {
            let mut i = 0;
            while i < 16 {
                out[j][i] = if i < 10 { j } else { 5 + j } as u8;
                i += 1;
            }
            j += 1;
        }
        out
    };
    /// `SHIFT_B[j]`: each five-lane segment moved up by `j` lanes, lane 15 (255) shifted in.
    const SHIFT_B: [[u8; 16]; 5] = {
        let mut out = [[15u8; 16]; 5];
        let mut j = 0;
        while j < 5 {
            let mut i = 0;
            while i < 15 {
                if i % 5 >= j {
                    out[j][i] = (i - j) as u8;
                }
                i += 1;
            }
            j += 1;
        }
        out
    };
    /// Lanes 10-14 onto 5-9; every other lane reads lane 15 (255).
    const FOLD_PAIR: [u8; 16] = [
        15, 15, 15, 15, 15, 10, 11, 12, 13, 14, 15, 15, 15, 15, 15, 15,
    ];
    /// Shuffle indices for `merge_final` with `blocks` blocks: lane j (j <= blocks) reads b's
    /// pair cell for `blocks - j`, lane 5 + j its no-pair cell; zero elsewhere.
    const FINAL_PICK: [[u8; 16]; 5] = {
        let mut out = [[0x80u8; 16]; 5];
        let mut blocks = 0;
        while blocks < 5 {
            let mut j = 0;
            while j <= blocks {
                out[blocks][j] = (5 + blocks - j) as u8;
                out[blocks][5 + j] = (blocks - j) as u8;
                j += 1;
            }
            blocks += 1;
        }
        out
    };
    /// 0 in the lanes `FINAL_PICK` fills, 255 elsewhere (so they never win the minimum).
    const FINAL_PAD: [[u8; 16]; 5] = {
        let mut out = [[255u8; 16]; 5];
        let mut blocks = 0;
        while blocks < 5 {
            let mut j = 0;
            while j <= blocks {
                out[blocks][j] = 0;
                out[blocks][5 + j] = 0;
                j += 1;
            }
            blocks += 1;
        }
        out
    };

    #[inline(always)]
    fn load(bytes: &[u8; 16]) -> __m128i {
        // SAFETY: `bytes` is 16 initialised bytes; the unaligned load has no alignment need.
        unsafe { _mm_loadu_si128(bytes.as_ptr().cast::<__m128i>()) }
    }

    #[inline(always)]
    pub(super) fn merge(a: &Row, b: &Row) -> Row {
        // SAFETY: see the module documentation (SSSE3 enabled for the whole build).
        let out = unsafe {
            let (av, bv) = (load(&a.0), load(&b.0));
            let tripled = _mm_or_si128(_mm_shuffle_epi8(bv, load(&LAYOUT_B)), load(&LANE15_MAX));
            let mut out = _mm_adds_epu8(_mm_shuffle_epi8(av, load(&BROADCAST_A[0])), tripled);
            macro_rules! step {
                ($j:literal) => {{
                    let a_j = _mm_shuffle_epi8(av, load(&BROADCAST_A[$j]));
                    let b_up = _mm_shuffle_epi8(tripled, load(&SHIFT_B[$j]));
                    out = _mm_min_epu8(out, _mm_adds_epu8(a_j, b_up));
                }};
            }
            step!(1);
            step!(2);
            step!(3);
            step!(4);
            _mm_min_epu8(out, _mm_shuffle_epi8(out, load(&FOLD_PAIR)))
        };
        let mut row = Row([0; 16]);
        // SAFETY: `row` is 16 writable bytes; the unaligned store has no alignment need.
        unsafe { _mm_storeu_si128(row.0.as_mut_ptr().cast::<__m128i>(), out) };
        row
    }

    #[inline(always)]
    pub(super) fn merge_final(a: &Row, b: &Row, blocks: usize) -> u8 {
        // SAFETY: see the module documentation (SSSE3 enabled for the whole build).
        merge_final_with(a, b, blocks, unsafe { _mm_set1_epi8(-1) })
    }

    /// [`merge_final`], the minimum also taken over the lanes of `extra` (other shapes'
    /// replacement numbers, 255 in unused lanes): one horizontal minimum for all shapes.
    #[inline(always)]
    pub(super) fn merge_final_with(a: &Row, b: &Row, blocks: usize, extra: __m128i) -> u8 {
        let blocks = blocks.min(4);
        // SAFETY: see the module documentation (SSSE3 enabled for the whole build).
        unsafe {
            let b_rev = _mm_shuffle_epi8(load(&b.0), load(&FINAL_PICK[blocks]));
            let sum = _mm_adds_epu8(load(&a.0), b_rev);
            let m = _mm_min_epu8(_mm_or_si128(sum, load(&FINAL_PAD[blocks])), extra);
            hmin(m).min(INF)
        }
    }

    /// `FINAL3[blocks][t][g]`: for the terms of [`final3_with`] with the pair in `x`
    /// (`t = 0`), `s` (1) or `z` (2), the shuffle of `x` (`g = 0`), `s` (1) and `z` (2) that
    /// puts composition number `c` of `blocks = i + k + l` in lane `c`: `x`'s cell for `i`
    /// blocks, `s`'s for `k`, `z`'s for `l`, the pair cell in the group `t` names. Lanes past
    /// the last composition read `x`'s lane 15 (255, see [`merge`]) and zeros.
    const FINAL3: [[[[u8; 16]; 3]; 3]; 5] = {
        let mut out = [[[[0x80u8; 16]; 3]; 3]; 5];
        let mut blocks = 0;
        while blocks < 5 {
            let mut t = 0;
            while t < 3 {
                out[blocks][t][0] = [15; 16];
                let mut c = 0;
                let mut i = 0;
                while i <= blocks {
                    let mut k = 0;
                    while k <= blocks - i {
                        let l = blocks - i - k;
                        out[blocks][t][0][c] = (i + 5 * (t == 0) as usize) as u8;
                        out[blocks][t][1][c] = (k + 5 * (t == 1) as usize) as u8;
                        out[blocks][t][2][c] = (l + 5 * (t == 2) as usize) as u8;
                        c += 1;
                        k += 1;
                    }
                    i += 1;
                }
                t += 1;
            }
            blocks += 1;
        }
        out
    };

    /// The (blocks, pair) cell of `x ⊗ s ⊗ z` without the full product `s ⊗ z`: every
    /// composition `i + k + l = blocks` (at most 15) with the pair in each of the three rows,
    /// 45 three-way sums in three vectors, then one horizontal minimum, taken with the lanes
    /// of `extra` too (255 where unused). `x` must be a [`merge`] result (lane 15 is 255).
    #[inline(always)]
    pub(super) fn final3_with(x: &Row, s: &Row, z: &Row, blocks: usize, extra: __m128i) -> u8 {
        let pick = &FINAL3[blocks.min(4)];
        // SAFETY: see the module documentation (SSSE3 enabled for the whole build).
        unsafe {
            let (xv, sv, zv) = (load(&x.0), load(&s.0), load(&z.0));
            let term = |t: usize| {
                let xs = _mm_shuffle_epi8(xv, load(&pick[t][0]));
                let ss = _mm_shuffle_epi8(sv, load(&pick[t][1]));
                let zs = _mm_shuffle_epi8(zv, load(&pick[t][2]));
                _mm_adds_epu8(_mm_adds_epu8(xs, ss), zs)
            };
            let m = _mm_min_epu8(_mm_min_epu8(term(0), term(1)), _mm_min_epu8(term(2), extra));
            (hmin(m)).min(INF)
        }
    }

    /// The smallest byte of `v`.
    #[inline(always)]
    fn hmin(v: __m128i) -> u8 {
        // SAFETY: see the module documentation (SSSE3 enabled for the whole build).
        unsafe {
            let mut m = _mm_min_epu8(v, _mm_srli_si128::<8>(v));
            m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
            m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
            m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
            _mm_cvtsi128_si32(m) as u8
        }
    }
}

/// A rule set bound to its tables: the object every shape query goes through.
///
/// ```
/// use majiang::{algo::Evaluator, hand::Jing, rules::ShapeRules};
/// let eval = Evaluator::new(&ShapeRules::NANCHANG);
/// let counts = majiang::counts_from_str("123m456p789s123z55m").unwrap();
/// assert_eq!(eval.shanten(&counts, Jing::NONE, 0).unwrap(), -1);
/// ```
#[derive(Clone, Copy)]
pub struct Evaluator {
    rules: ShapeRules,
    tables: ShapeTables,
    /// The summed-lane special shapes for 0 to 4 melds (SIMD path).
    #[cfg_attr(
        not(all(target_arch = "x86_64", target_feature = "ssse3")),
        allow(dead_code)
    )]
    plans: [LanePlan; 5],
}

impl Evaluator {
    /// Binds the rules to their tables (building them on first use).
    pub fn new(rules: &ShapeRules) -> Evaluator {
        Evaluator {
            rules: *rules,
            tables: ShapeTables::get(rules.honor_sequences, rules.pair == PairRule::TwoFiveEight),
            plans: LanePlan::for_rules(rules),
        }
    }

    /// The evaluator of a named preset (`"standard"`, `"nanchang"`, `"pingxiang"`,
    /// `"nanjing"`), built once per process: nearly every query names a preset, and building
    /// the lane plans costs more than a whole shanten.
    ///
    /// ```
    /// use majiang::algo::Evaluator;
    /// let eval = Evaluator::preset("standard").unwrap();
    /// let counts = majiang::counts_from_str("123m456p789s123z55m").unwrap();
    /// assert_eq!(eval.shanten(&counts, majiang::hand::Jing::NONE, 0).unwrap(), 1);
    /// ```
    pub fn preset(name: &str) -> Result<&'static Evaluator> {
        Ok(Evaluator::shared(&ShapeRules::preset(name)?))
    }

    /// The evaluator of any rule set, built once per process and shared (there are only
    /// [`ShapeRules::COMBINATIONS`] rule sets): callers that pass their own rules call after
    /// call pay for the lane plans once, not every call.
    ///
    /// ```
    /// use majiang::{algo::Evaluator, rules::ShapeRules};
    /// let a = Evaluator::shared(&ShapeRules::PINGXIANG);
    /// assert!(std::ptr::eq(a, Evaluator::shared(&ShapeRules::PINGXIANG)));
    /// ```
    pub fn shared(rules: &ShapeRules) -> &'static Evaluator {
        static SHARED: [OnceLock<Evaluator>; ShapeRules::COMBINATIONS] =
            [const { OnceLock::new() }; ShapeRules::COMBINATIONS];
        SHARED[rules.index()].get_or_init(|| Evaluator::new(rules))
    }

    /// The rules this evaluator applies.
    pub fn rules(&self) -> &ShapeRules {
        &self.rules
    }

    #[inline(always)]
    fn group_rows(&self, plain: &Counts) -> [&Row; 4] {
        self.tables.rows(plain)
    }

    /// Replacement number of the regular shape (`4 - melds` blocks and a pair).
    ///
    /// A building block for callers that have checked the hand ([`crate::hand::check_hand`]):
    /// on unchecked counts the result is meaningless and it may panic (never undefined
    /// behaviour). The checked entry points ([`Evaluator::shanten`] and the others) never
    /// panic on any input.
    #[inline]
    pub fn regular_replacement(&self, plain: &Counts, melds: u8) -> u8 {
        let [m, p, s, z] = self.group_rows(plain);
        #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
        // SAFETY: SSE2 (part of every x86-64 target), a register constant.
        let r = simd::final3_with(&merge(m, p), s, z, 4 - melds as usize, unsafe {
            std::arch::x86_64::_mm_set1_epi8(-1)
        });
        #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
        let r = merge_final(&merge(m, p), &merge(s, z), 4 - melds as usize);
        r
    }

    /// Replacement number of GB 组合龙 with the rest (`u8::MAX` if the rules do not have it
    /// or more than one meld is declared): for each of the six knitted straights (147, 258
    /// and 369 over the three suits in some order), the straight's kinds the hand lacks plus
    /// the regular replacement number of what is left once one tile of each held kind is
    /// set aside, against `1 - melds` blocks and a pair. Setting a held kind aside for the
    /// straight is never worse than keeping it for the rest (a swap argument), so this is
    /// the fewest tiles to draw. The rest is read from the same rows as the regular shape:
    /// a suit's row less a pattern is its index less the held kinds' steps.
    ///
    /// A building block for callers that have checked the hand (see
    /// [`Evaluator::regular_replacement`]).
    ///
    /// ```
    /// use majiang::{algo::Evaluator, rules::ShapeRules};
    /// let eval = Evaluator::new(&ShapeRules::GB);
    /// let c = majiang::counts_from_str("147m258p369s11555z").unwrap();
    /// assert_eq!(eval.knitted_straight_replacement(&c, 0), 0);
    /// let c = majiang::counts_from_str("147m258p36s11555z").unwrap();
    /// assert_eq!(eval.knitted_straight_replacement(&c, 0), 1);
    /// ```
    #[inline]
    pub fn knitted_straight_replacement(&self, plain: &Counts, melds: u8) -> u8 {
        self.knitted_straight_below(plain, melds, u8::MAX)
    }

    /// [`Evaluator::knitted_straight_replacement`] where it is below `cap`; `u8::MAX` where
    /// it cannot be (the straight's kinds missing, read from the suits' knit lanes, are
    /// already `cap` or more: most hands, at no more cost than four row look-ups).
    #[inline]
    fn knitted_straight_below(&self, plain: &Counts, melds: u8, cap: u8) -> u8 {
        if !self.rules.knitted_straight || melds > 1 {
            return u8::MAX;
        }
        let indices = self.tables.indices(plain);
        let knits = [0, 1, 2].map(|s| self.tables.row_of(s, indices[s]).0[stat_lane::KNITS]);
        if 9 - super::special::knitted_straight_held(knits) >= cap {
            return u8::MAX;
        }
        // rows[s][c]: suit s less one of each held kind of pattern c (147, 258, 369)
        let mut held = [[0u8; 3]; 3];
        let mut rows: [[&Row; 3]; 3] = [[self.tables.row_of(0, indices[0]); 3]; 3];
        for s in 0..3 {
            for c in 0..3 {
                let mut at = indices[s];
                for r in [c, c + 3, c + 6] {
                    let k = 9 * s + r;
                    if plain[k] > 0 {
                        let step = ShapeTables::index_step(k);
                        at = (at.0 - step.0, at.1 - step.1);
                        held[s][c] += 1;
                    }
                }
                rows[s][c] = self.tables.row_of(s, at);
            }
        }
        let honors = self.tables.row_of(3, indices[3]);
        let blocks = 1 - melds as usize;
        // sou less each pattern with the honors: three products, each shared by two orders
        let sz = [0, 1, 2].map(|c| merge(rows[2][c], honors));
        let mut best = cap;
        for [a, b, c] in KNIT_ORDERS {
            let missing = 9 - held[0][a] - held[1][b] - held[2][c];
            if missing >= best {
                continue;
            }
            #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
            // SAFETY: SSE2 (part of every x86-64 target), a register constant.
            let rest = simd::final3_with(&sz[c], rows[0][a], rows[1][b], blocks, unsafe {
                std::arch::x86_64::_mm_set1_epi8(-1)
            });
            #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
            let rest = merge_final(&sz[c], &merge(rows[0][a], rows[1][b]), blocks);
            best = best.min(missing.saturating_add(rest));
        }
        if best >= cap {
            u8::MAX
        } else {
            best.min(INF)
        }
    }

    /// Shanten of a checked hand given as plain counts and a wild count.
    ///
    /// A building block for callers that have checked the hand ([`crate::hand::check_hand`]):
    /// on unchecked counts the result is meaningless and it may panic (never undefined
    /// behaviour). The checked entry points ([`Evaluator::shanten`] and the others) never
    /// panic on any input.
    #[inline(always)]
    pub fn shanten_split(&self, split: &Split, melds: u8) -> i8 {
        let rows = self.group_rows(&split.plain);
        let [m, p, s, z] = rows;
        let blocks = 4 - melds as usize;
        // The SIMD path folds the summed-lane special shapes into the final minimum of the
        // regular shape; 十三烂 and knitted follow from three bytes of the suit rows.
        #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
        let r = {
            let special = super::special::lanes_simd(rows, &self.plans[(melds as usize).min(4)]);
            let r = simd::final3_with(&merge(m, p), s, z, blocks, special);
            if self.rules.thirteen_rotten == crate::rules::ThirteenRotten::Off {
                r
            } else {
                r.min(super::special::best_unsummed(rows, &self.rules, melds))
            }
        };
        #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
        let r = {
            let r = merge_final(&merge(m, p), &merge(s, z), blocks);
            if self.has_special(melds) {
                r.min(Stats::of(rows).best(&self.rules, melds))
            } else {
                r
            }
        };
        let r = if self.rules.knitted_straight && melds <= 1 {
            r.min(self.knitted_straight_below(&split.plain, melds, r))
        } else {
            r
        };
        to_shanten(r, split.wild)
    }

    #[inline(always)]
    fn has_special(&self, melds: u8) -> bool {
        self.rules.all_258
            || self.rules.knitted_straight && melds <= 1
            || melds == 0
                && (self.rules.seven_pairs != crate::rules::SevenPairs::Off
                    || self.rules.thirteen_orphans
                    || self.rules.thirteen_rotten != crate::rules::ThirteenRotten::Off)
    }

    /// Shanten of a 13-3k or 14-3k concealed hand; -1 means complete.
    #[inline(always)]
    pub fn shanten(&self, counts: &Counts, jing: Jing, melds: u8) -> Result<i8> {
        if hand_size(counts, melds).is_none() {
            check_hand(counts, melds)?;
        }
        Ok(self.shanten_split(&Split::new(counts, jing), melds))
    }

    /// Shanten of each enabled shape.
    pub fn shanten_detail(&self, counts: &Counts, jing: Jing, melds: u8) -> Result<ShantenDetail> {
        check_hand(counts, melds)?;
        let split = Split::new(counts, jing);
        let special = Stats::of(self.group_rows(&split.plain)).replacements(&self.rules, melds);
        let sh = |r: Option<u8>| r.filter(|&r| r < INF).map(|r| to_shanten(r, split.wild));
        Ok(ShantenDetail {
            regular: sh(Some(self.regular_replacement(&split.plain, melds))),
            seven_pairs: sh(special.seven_pairs),
            thirteen_orphans: sh(special.thirteen_orphans),
            thirteen_rotten: sh(special.thirteen_rotten),
            knitted: sh(special.knitted),
            all_258: sh(special.all_258),
            knitted_straight: sh(Some(self.knitted_straight_replacement(&split.plain, melds))
                .filter(|&r| r != u8::MAX)),
        })
    }

    /// Whether a 14-3k hand is complete.
    pub fn is_winning(&self, counts: &Counts, jing: Jing, melds: u8) -> Result<bool> {
        if check_hand(counts, melds)? != crate::hand::HandSize::Full {
            return Err(crate::error::Error::InvalidHand(format!(
                "is_winning needs {} concealed tiles with {melds} meld(s)",
                14 - 3 * melds
            )));
        }
        Ok(self.shanten_split(&Split::new(counts, jing), melds) == -1)
    }

    /// For a checked 13-3k hand, the shanten after drawing each kind (`i8::MAX` where the
    /// hand already holds all four copies). See [`Evaluator::shanten_with_draws`].
    ///
    /// A building block for callers that have checked the hand ([`crate::hand::check_hand`]):
    /// on unchecked counts the result is meaningless and it may panic (never undefined
    /// behaviour). The checked entry points ([`Evaluator::shanten`] and the others) never
    /// panic on any input.
    pub fn shanten_after_draw(&self, counts: &Counts, jing: Jing, melds: u8) -> [i8; NUM_KINDS] {
        self.shanten_with_draws(counts, jing, melds).1
    }

    /// For a checked 13-3k hand, its shanten and the shanten after drawing each kind
    /// (`i8::MAX` where the hand already holds all four copies), in one pass: the rows of
    /// the three groups a draw does not touch are merged once per group, and a draw's row
    /// is found by stepping its group's index, so each draw costs one lookup and one final
    /// merge.
    ///
    /// A building block for callers that have checked the hand ([`crate::hand::check_hand`]):
    /// on unchecked counts the result is meaningless and it may panic (never undefined
    /// behaviour). The checked entry points ([`Evaluator::shanten`] and the others) never
    /// panic on any input.
    pub fn shanten_with_draws(
        &self,
        counts: &Counts,
        jing: Jing,
        melds: u8,
    ) -> (i8, [i8; NUM_KINDS]) {
        let split = Split::new(counts, jing);
        let blocks = 4 - melds as usize;
        let indices = self.tables.indices(&split.plain);
        let rows = [0, 1, 2, 3].map(|g| self.tables.row_of(g, indices[g]));
        let mp = merge(rows[0], rows[1]);
        let sz = merge(rows[2], rows[3]);
        let others = [
            merge(rows[1], &sz),
            merge(rows[0], &sz),
            merge(&mp, rows[3]),
            merge(&mp, rows[2]),
        ];
        let regular_r = merge_final(&mp, &sz, blocks);
        let special_r = if self.has_special(melds) {
            let others = Stats::of(rows).best(&self.rules, melds);
            // exact wherever it may be the hand's number (a draw is then weighed with it)
            let cap = others.min(regular_r).saturating_add(1);
            others.min(self.knitted_straight_below(&split.plain, melds, cap))
        } else {
            u8::MAX
        };
        let base_r = regular_r.min(special_r);
        // A draw lowers each shape's replacement number by one at most, and never raises
        // the hand's: after a draw it is `base_r` or `base_r - 1`, and only shapes now at
        // `base_r` can make it `base_r - 1`. The others need not be looked at.
        let regular_counts = regular_r == base_r;
        let special_counts = special_r == base_r;
        let mut out = [i8::MAX; NUM_KINDS];
        for k in 0..NUM_KINDS {
            if counts[k] >= 4 {
                continue;
            }
            if jing.contains(k) {
                out[k] = to_shanten(base_r, split.wild + 1);
                continue;
            }
            let group = (k / 9).min(3);
            let step = ShapeTables::index_step(k);
            let at = indices[group];
            let row = self.tables.row_of(group, (at.0 + step.0, at.1 + step.1));
            let mut r = base_r;
            if regular_counts {
                r = r.min(merge_final(row, &others[group], blocks));
            }
            if special_counts {
                let mut drawn = rows;
                drawn[group] = row;
                r = r.min(Stats::of(drawn).best(&self.rules, melds));
                if self.rules.knitted_straight && melds <= 1 {
                    let mut plain = split.plain;
                    plain[k] += 1;
                    r = r.min(self.knitted_straight_below(&plain, melds, r));
                }
            }
            out[k] = to_shanten(r, split.wild);
        }
        (to_shanten(base_r, split.wild), out)
    }
}

#[inline(always)]
fn to_shanten(replacement: u8, wild: u8) -> i8 {
    // A replacement number of a full target is never below the wild count: the plain tiles
    // are fewer than the target by at least that many.
    (replacement.min(INF) as i16 - wild as i16 - 1) as i8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counts_from_str;

    #[test]
    fn simd_merge_matches_scalar_merge() {
        let mut x = 12345u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            // lanes 0-9 values (INF = unreachable), lanes 10-15 statistics-like bytes
            let mut a = Row([0; 16]);
            let mut b = Row([0; 16]);
            for i in 0..16 {
                let cap = if i < 10 { INF as u64 } else { 255 };
                a.0[i] = (next() % 70).min(cap) as u8;
                b.0[i] = (next() % 70).min(cap) as u8;
            }
            let clamp = |r: Row| r.0[..10].iter().map(|&v| v.min(INF)).collect::<Vec<_>>();
            let fast = merge(&a, &b);
            let slow = merge_scalar(&a, &b);
            assert_eq!(clamp(fast), clamp(slow));
            // products of products, as the evaluator chains them
            let (fast2, slow2) = (merge(&fast, &a), merge_scalar(&slow, &a));
            assert_eq!(clamp(fast2), clamp(slow2));
            for blocks in 0..5 {
                assert_eq!(
                    merge_final(&b, &fast2, blocks),
                    merge_final_scalar(&b, &slow2, blocks).min(INF)
                );
            }
            for blocks in 0..5 {
                assert_eq!(
                    merge_final(&a, &b, blocks),
                    merge_final_scalar(&a, &b, blocks).min(INF)
                );
            }
            // the three-row final against the two products it replaces
            #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
            for blocks in 0..5 {
                // SAFETY: SSE2 (part of every x86-64 target), a register constant.
                let none = unsafe { std::arch::x86_64::_mm_set1_epi8(-1) };
                let x = merge(&b, &a);
                let want = merge_final_scalar(&merge_scalar(&b, &a), &merge_scalar(&a, &b), blocks);
                assert_eq!(simd::final3_with(&x, &a, &b, blocks, none), want.min(INF));
            }
        }
    }
    use crate::rules::ShapeRules;

    fn sh(rules: &ShapeRules, hand: &str, jing: &str, melds: u8) -> i8 {
        let jing = Jing::from_tiles(&crate::tiles::parse_tiles(jing).unwrap()).unwrap();
        Evaluator::new(rules)
            .shanten(&counts_from_str(hand).unwrap(), jing, melds)
            .unwrap()
    }

    #[test]
    fn standard_examples() {
        let std = ShapeRules::STANDARD;
        assert_eq!(sh(&std, "123m456p789s11122z", "", 0), -1);
        assert_eq!(sh(&std, "123m456p789s1112z", "", 0), 0);
        assert_eq!(sh(&std, "19m19p19s1234567z", "", 0), 0); // thirteen orphans, 13-sided
        assert_eq!(sh(&std, "19m19p19s12345677z", "", 0), -1);
        assert_eq!(sh(&std, "1133557799m1133p", "", 0), -1); // seven pairs
        assert_eq!(sh(&std, "11112222333344m", "", 0), -1); // regular: 123 123 123 123 44? 1111 2222 3333 44 → yes
    }

    #[test]
    fn nanchang_honor_sequences() {
        let nc = ShapeRules::NANCHANG;
        // 东南西 and 中发白 are sequences in Nanchang, not in the standard rules.
        assert_eq!(sh(&nc, "123m456p11s123z567z", "", 0), -1);
        assert!(sh(&ShapeRules::STANDARD, "123m456p11s123z567z", "", 0) > 0);
        // 东西北 too (any three different winds).
        assert_eq!(sh(&nc, "123m456p11s134z567z", "", 0), -1);
    }

    #[test]
    fn wild_tiles_fill_gaps() {
        let nc = ShapeRules::NANCHANG;
        // 3p is wild: it completes 1-2m into a sequence.
        assert_eq!(sh(&nc, "12m3p456p789s11122z", "3p", 0), -1);
        // Eight wild tiles and six loose tiles: complete.
        assert_eq!(sh(&nc, "1m5p9s1z3z6z33334444p", "3p4p", 0), -1);
        // Four melds declared: a lone wild tile plus any draw is a pair.
        assert_eq!(sh(&nc, "3p", "3p", 4), 0);
        assert_eq!(sh(&nc, "3p5m", "3p", 4), -1);
    }

    #[test]
    fn nanchang_rotten_and_pairs() {
        let nc = ShapeRules::NANCHANG;
        assert_eq!(sh(&nc, "147m258p369s12345z", "", 0), -1); // 十三烂
        assert_eq!(sh(&nc, "147m159p3s1234567z", "", 0), -1); // 七星十三烂
        assert!(sh(&nc, "147m156p3s1234567z", "", 0) >= 0); // 5 and 6 are neighbours
        assert_eq!(sh(&nc, "11112233445566m", "", 0), -1); // 1111 as two pairs
        assert!(sh(&ShapeRules::STANDARD, "11113355779999m", "", 0) >= 0);
    }
}
