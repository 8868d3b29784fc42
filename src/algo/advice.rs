//! Discard advice: for each discard of a hand, its shanten, effective tiles (进张) with their
//! unseen counts, improving tiles (改良), the average effective count one step ahead and, for
//! a ready hand, each wait's chance to be drawn within `n` draws. The chances to reach tenpai
//! or to win within `n` draws under the best play are in [`chance`].
//!
//! Definitions (docs/advice.md has worked examples). `unseen[k]` is how many tiles of kind `k`
//! the seat has not seen; drawn tiles come from those. For a 13-3k hand `h` of shanten `s`:
//!
//! * a kind is **effective** when drawing it makes a 14-3k hand of shanten below `s`; the
//!   effective total is the sum of their unseen counts;
//! * a kind is **improving** (改良) when it is not effective, is unseen, and drawing it then
//!   discarding the best tile keeps shanten `s` with a larger effective total (counted with
//!   that tile one fewer unseen);
//! * the **average one step ahead** is, over the effective draws weighted by their unseen
//!   counts, the largest effective total reachable after the draw by a discard that keeps
//!   the lowered shanten (`None` for a ready hand, whose effective draws win).

pub mod chance;

use super::shanten::Evaluator;
use crate::error::{Error, Result};
use crate::hand::{check_hand, HandSize, Jing};
use crate::tiles::{Counts, Tile, NUM_KINDS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// One kind a draw of which helps, with its unseen count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindCount {
    /// The kind (0-33).
    pub kind: usize,
    /// How many of it are unseen.
    pub unseen: u8,
}

/// An improving (改良) kind: its unseen count and the effective total it raises the hand to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Improving {
    /// The kind (0-33).
    pub kind: usize,
    /// How many of it are unseen.
    pub unseen: u8,
    /// The effective total after drawing it and the best discard.
    pub raises_to: u32,
}

/// A wait of a ready hand and the chance to draw one of it within the given draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wait {
    /// The kind (0-33).
    pub kind: usize,
    /// How many of it are unseen.
    pub unseen: u8,
    /// The chance (0 to 1) that `draws` draws without replacement from the unseen tiles
    /// include at least one of this kind (hypergeometric; `None` when no draws were given).
    pub chance: Option<f64>,
}

/// The advice for one discard (or for a 13-3k hand as it is, `discard` = `None`).
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The kind discarded, `None` for a 13-3k hand.
    pub discard: Option<usize>,
    /// Shanten of the 13-3k hand (0 = ready).
    pub shanten: i8,
    /// Effective kinds in index order (kinds the hand holds four of are left out).
    pub effective: Vec<KindCount>,
    /// The sum of the effective kinds' unseen counts.
    pub effective_total: u32,
    /// Improving kinds in index order.
    pub improving: Vec<Improving>,
    /// The sum of the improving kinds' unseen counts.
    pub improving_total: u32,
    /// The average effective total one step ahead (between 0 and the number of unseen
    /// tiles); `None` for a ready hand or when no effective tile is unseen.
    pub next_average: Option<f64>,
    /// For a ready hand, its waits (the effective kinds) with their chances; empty otherwise.
    pub waits: Vec<Wait>,
    /// For a ready hand, the chance that the draws include any wait (`None` otherwise or
    /// when no draws were given).
    pub wait_chance: Option<f64>,
}

/// A fast hasher for the packed hand keys (never exposed to input an attacker picks the
/// hash of: the keys are counts the core built).
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

pub(crate) type Map<V> = HashMap<u128, V, BuildHasherDefault<MixHasher>>;

/// The counts packed three bits a kind (102 bits): a memo key.
#[inline]
pub(crate) fn pack(c: &Counts) -> u128 {
    c.iter().fold(0u128, |k, &x| k << 3 | u128::from(x))
}

/// Shanten and shanten after each draw of 13-3k (and, for the discard look-ahead, 12-3k)
/// hands, memoised: one advice call asks about the same hand from several paths.
///
/// A draw lowers a hand's shanten by one or leaves it (the replacement number drops by at
/// most one, a wild tile by exactly one), so a hand's draws are its shanten and the mask of
/// the kinds that lower it: the memo keeps those 9 bytes, not 35, and an effective total is
/// a sum over the mask's bits.
pub(crate) struct Draws<'a> {
    pub(crate) eval: &'a Evaluator,
    pub(crate) jing: Jing,
    pub(crate) melds: u8,
    memo: Map<(i8, u64)>,
    /// The variant's word on each wait of a shape-ready 13-3k hand (see [`WinCheck`]).
    accept: WinCheck<'a>,
}

/// A variant's win check: whether the 13-3k hand `h` may win on a drawn `k` that the
/// core's shapes complete (Sichuan's 缺一门, a minimum 番, ...). `None`: every complete
/// hand wins. A refused wait is no wait: it is left out of the ready hand's effective
/// tiles, and drawing it is no win (the 14-3k hand is then one of shanten 0).
pub type WinCheck<'a> = Option<&'a dyn Fn(&Counts, usize) -> bool>;

/// The kinds whose draw shanten `after` is below `s`, as a bit mask.
#[inline]
fn lowering_mask(s: i8, after: &[i8; NUM_KINDS]) -> u64 {
    let mut mask = 0u64;
    for (k, &a) in after.iter().enumerate() {
        debug_assert!(
            a == i8::MAX || a == s || a == s - 1,
            "a draw moves shanten by one"
        );
        if a < s {
            mask |= 1 << k;
        }
    }
    mask
}

/// The sum of `unseen` over the kinds of `mask`.
#[inline]
pub(crate) fn mask_total(mut mask: u64, unseen: &Counts) -> u32 {
    let mut t = 0u32;
    while mask != 0 {
        t += u32::from(unseen[mask.trailing_zeros() as usize]);
        mask &= mask - 1;
    }
    t
}

impl<'a> Draws<'a> {
    pub(crate) fn new(eval: &'a Evaluator, jing: Jing, melds: u8, accept: WinCheck<'a>) -> Self {
        let mut memo = Map::default();
        memo.reserve(4096);
        Draws {
            eval,
            jing,
            melds,
            memo,
            accept,
        }
    }

    /// `(shanten, mask of the kinds whose draw lowers it)` of a checked hand, memoised.
    #[inline]
    pub(crate) fn lowering(&mut self, h: &Counts) -> (i8, u64) {
        let (eval, jing, melds, accept) = (self.eval, self.jing, self.melds, self.accept);
        *self.memo.entry(pack(h)).or_insert_with(|| {
            let (s, after) = eval.shanten_with_draws(h, jing, melds);
            let mut mask = lowering_mask(s, &after);
            if let Some(accept) = accept {
                let size: u32 = h.iter().map(|&c| u32::from(c)).sum();
                if s == 0 && size + 3 * u32::from(melds) == 13 {
                    for k in 0..NUM_KINDS {
                        if mask >> k & 1 == 1 && !accept(h, k) {
                            mask &= !(1 << k);
                        }
                    }
                }
            }
            (s, mask)
        })
    }

    /// Whether a 13-3k hand is ready: shape-ready, and with a variant check, with some
    /// wait the variant accepts.
    pub(crate) fn ready(&mut self, h: &Counts) -> bool {
        let (s, mask) = self.lowering(h);
        s <= 0 && (self.accept.is_none() || mask != 0)
    }

    /// Whether drawing `k` onto the 13-3k hand `h` makes a hand that some discard leaves
    /// ready (the shape alone without a variant check; [`Self::ready`] for each discard
    /// with one).
    pub(crate) fn draw_reaches_ready(&mut self, h: &Counts, k: usize, after_k: i8) -> bool {
        if after_k > 0 {
            return false;
        }
        if self.accept.is_none() {
            return true;
        }
        let mut h2 = *h;
        h2[k] += 1;
        (0..NUM_KINDS).any(|d| {
            if h2[d] == 0 {
                return false;
            }
            h2[d] -= 1;
            let ready = self.ready(&h2);
            h2[d] += 1;
            ready
        })
    }

    /// `(shanten, shanten after drawing each kind)` of a checked hand (`i8::MAX` where all
    /// four are held). For a hand one tile short of 13-3k the entries are the shanten of
    /// the 13-3k hands a draw makes (the first value is then meaningless).
    #[inline]
    pub(crate) fn of(&mut self, h: &Counts) -> (i8, [i8; NUM_KINDS]) {
        let (s, mask) = self.lowering(h);
        let after = std::array::from_fn(|k| {
            if h[k] >= 4 {
                i8::MAX
            } else if mask >> k & 1 == 1 {
                s - 1
            } else {
                s
            }
        });
        (s, after)
    }

    /// For each held kind `d` of a 13-3k hand, the shanten of `h - d + k` for every `k`
    /// (rows of kinds not held are all `i8::MAX`).
    pub(crate) fn swaps(&mut self, h: &Counts) -> [[i8; NUM_KINDS]; NUM_KINDS] {
        let mut out = [[i8::MAX; NUM_KINDS]; NUM_KINDS];
        let mut less = *h;
        for d in 0..NUM_KINDS {
            if h[d] == 0 {
                continue;
            }
            less[d] -= 1;
            out[d] = self.of(&less).1;
            less[d] += 1;
        }
        out
    }
}

/// The effective total of a 13-3k hand whose draw shanten are `after`, against `unseen`.
#[inline]
fn total(s: i8, after: &[i8; NUM_KINDS], unseen: &Counts) -> u32 {
    (0..NUM_KINDS)
        .filter(|&k| after[k] < s)
        .map(|k| u32::from(unseen[k]))
        .sum()
}

/// Checks the unseen counts against the hand: none over four, and none above what the
/// hand leaves (`4 - held`).
pub fn check_unseen(counts: &Counts, unseen: &Counts) -> Result<()> {
    for k in 0..NUM_KINDS {
        if u16::from(counts[k]) + u16::from(unseen[k]) > 4 {
            let name = Tile::new(k as u8).map_or(String::new(), |t| t.to_string());
            return Err(Error::InvalidHand(format!(
                "unseen: {} of {name} unseen but the hand holds {}: more than four in all",
                unseen[k], counts[k]
            )));
        }
    }
    Ok(())
}

/// The unseen counts a seat that has seen nothing but its hand has: `4 - held`.
pub fn unseen_from_hand(counts: &Counts) -> Counts {
    std::array::from_fn(|k| 4u8.saturating_sub(counts[k]))
}

/// The chance that `draws` draws without replacement from `pool` tiles include at least one
/// of `good` of them: `1 - C(pool - good, draws) / C(pool, draws)`, by the product form
/// (each factor in [0, 1], so no overflow; error about one ulp a factor). Draws beyond the
/// pool are the whole pool.
pub fn hypergeometric_any(pool: u32, good: u32, draws: u32) -> f64 {
    let n = draws.min(pool);
    let good = good.min(pool);
    let mut none = 1.0f64;
    for i in 0..n {
        let left = pool - i;
        if left <= good {
            return 1.0;
        }
        none *= f64::from(left - good) / f64::from(left);
    }
    1.0 - none
}

/// Advice for a checked 13-3k hand.
fn advise_13(
    draws_memo: &mut Draws<'_>,
    h: &Counts,
    unseen: &Counts,
    draws: Option<u32>,
    discard: Option<usize>,
) -> Advice {
    let (s, after) = draws_memo.of(h);
    let effective: Vec<KindCount> = (0..NUM_KINDS)
        .filter(|&k| after[k] < s)
        .map(|k| KindCount {
            kind: k,
            unseen: unseen[k],
        })
        .collect();
    let effective_total: u32 = effective.iter().map(|e| u32::from(e.unseen)).sum();
    let swaps = draws_memo.swaps(h);
    let mut improving = Vec::new();
    let mut weighted = 0u64;
    let mut next = unseen.to_owned();
    for k in 0..NUM_KINDS {
        if unseen[k] == 0 || after[k] == i8::MAX {
            continue;
        }
        let lowers = after[k] < s;
        if lowers && s == 0 {
            continue; // the draw wins: nothing to look ahead at
        }
        // The best discard keeping the shanten the draw leaves (`after[k]`); discarding
        // the drawn tile itself gives back `h`, which only a non-effective draw keeps.
        let target = after[k];
        next[k] -= 1;
        let mut best = if lowers { 0 } else { total(s, &after, &next) };
        let mut h2 = *h;
        h2[k] += 1;
        for d in 0..NUM_KINDS {
            if d == k || h[d] == 0 || swaps[d][k] != target {
                continue;
            }
            h2[d] -= 1;
            let mask2 = draws_memo.lowering(&h2).1;
            h2[d] += 1;
            best = best.max(mask_total(mask2, &next));
        }
        next[k] += 1;
        if lowers {
            weighted += u64::from(unseen[k]) * u64::from(best);
        } else if best > effective_total {
            improving.push(Improving {
                kind: k,
                unseen: unseen[k],
                raises_to: best,
            });
        }
    }
    let improving_total = improving.iter().map(|i| u32::from(i.unseen)).sum();
    let next_average =
        (s > 0 && effective_total > 0).then(|| weighted as f64 / f64::from(effective_total));
    let pool: u32 = unseen.iter().map(|&u| u32::from(u)).sum();
    let (waits, wait_chance) = if s == 0 {
        let waits = effective
            .iter()
            .map(|e| Wait {
                kind: e.kind,
                unseen: e.unseen,
                chance: draws.map(|n| hypergeometric_any(pool, u32::from(e.unseen), n)),
            })
            .collect();
        (
            waits,
            draws.map(|n| hypergeometric_any(pool, effective_total, n)),
        )
    } else {
        (Vec::new(), None)
    };
    Advice {
        discard,
        shanten: s,
        effective,
        effective_total,
        improving,
        improving_total,
        next_average,
        waits,
        wait_chance,
    }
}

/// The order advice is shown in: lowest shanten, then most effective tiles, then the
/// highest average one step ahead, then most improving tiles, then the lowest kind.
pub fn rank(a: &Advice, b: &Advice) -> std::cmp::Ordering {
    a.shanten
        .cmp(&b.shanten)
        .then(b.effective_total.cmp(&a.effective_total))
        .then(
            b.next_average
                .unwrap_or(0.0)
                .total_cmp(&a.next_average.unwrap_or(0.0)),
        )
        .then(b.improving_total.cmp(&a.improving_total))
        .then(a.discard.cmp(&b.discard))
}

impl Evaluator {
    /// Discard advice for a 14-3k hand (one [`Advice`] per distinct discard, ranked by
    /// [`rank`]) or a 13-3k hand (one, `discard` = `None`). `unseen`: the 34 counts of tiles
    /// the seat has not seen (default `4 - held`); `draws`: draws left, for the waits'
    /// chances.
    ///
    /// ```
    /// use majiang::{algo::Evaluator, hand::Jing, rules::ShapeRules};
    /// let eval = Evaluator::new(&ShapeRules::STANDARD);
    /// let c = majiang::counts_from_str("123m456p789s1122z5z").unwrap();
    /// let best = &eval.advise(&c, Jing::NONE, 0, None, Some(10)).unwrap()[0];
    /// assert_eq!((best.discard, best.shanten, best.effective_total), (Some(31), 0, 4));
    /// ```
    pub fn advise(
        &self,
        counts: &Counts,
        jing: Jing,
        melds: u8,
        unseen: Option<&Counts>,
        draws: Option<u32>,
    ) -> Result<Vec<Advice>> {
        self.advise_with(counts, jing, melds, unseen, draws, None)
    }

    /// [`Self::advise`] with a variant's win check (see [`WinCheck`]): the waits and
    /// effective tiles of ready hands are the ones it accepts, and the 改良 and look-ahead
    /// figures count those.
    ///
    /// ```
    /// use majiang::{algo::Evaluator, hand::Jing, tiles::Counts};
    /// let eval = Evaluator::preset("standard").unwrap();
    /// let c = majiang::counts_from_str("123m456p789s1122z").unwrap();
    /// let no_2z = |_: &Counts, k: usize| k != 28;
    /// let a = &eval.advise_with(&c, Jing::NONE, 0, None, None, Some(&no_2z)).unwrap()[0];
    /// assert_eq!((a.shanten, a.effective_total), (0, 2)); // 1z only
    /// ```
    pub fn advise_with(
        &self,
        counts: &Counts,
        jing: Jing,
        melds: u8,
        unseen: Option<&Counts>,
        draws: Option<u32>,
        accept: WinCheck<'_>,
    ) -> Result<Vec<Advice>> {
        let size = check_hand(counts, melds)?;
        let own = unseen_from_hand(counts);
        let unseen = unseen.unwrap_or(&own);
        check_unseen(counts, unseen)?;
        let mut memo = Draws::new(self, jing, melds, accept);
        Ok(match size {
            HandSize::Waiting => vec![advise_13(&mut memo, counts, unseen, draws, None)],
            HandSize::Full => {
                let mut out = Vec::with_capacity(14);
                let mut h = *counts;
                for d in 0..NUM_KINDS {
                    if counts[d] == 0 {
                        continue;
                    }
                    h[d] -= 1;
                    out.push(advise_13(&mut memo, &h, unseen, draws, Some(d)));
                    h[d] += 1;
                }
                out.sort_by(rank);
                out
            }
        })
    }
}

#[cfg(test)]
mod tests;
