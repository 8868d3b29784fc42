//! Tenpai and win chances within `n` draws under the best play.
//!
//! The model (docs/advice.md): the seat draws `n` times and no one claims or wins before
//! it; each draw is uniform over its pool, and after a draw that does not reach the goal it
//! discards. The pool of a hand `h` is `unseen[k] - max(0, h[k] - start[k])`: the unseen
//! tiles less those the seat has drawn and still holds. Tiles drawn and discarded again are
//! not taken out (the model forgets them), which makes the state the hand alone, so the
//! search memoises hands; with a wall of 60-100 tiles and a few such discards this moves the
//! figures little, and on short walls it is the model's stated limit.
//!
//! Play is the policy that maximises the chance among the discards that keep the lowest
//! shanten (a discard that raises the shanten is never considered); after a draw that does
//! not lower the shanten the drawn tile is kept only for a discard that leaves strictly
//! more effective tiles in the pool (改良), and one step from tenpai at most once, so the
//! memo stays small (a ready hand may improve its wait any number of times). The chance is exact
//! (expectimax over memoised hands) for a hand within one step of tenpai (shanten 1 or 0);
//! further off it is a Monte Carlo estimate with the same pool model, playing greedily
//! (the discard leaving most effective tiles in the pool; a swap only for strictly more),
//! which is one policy of the class and so estimates a lower bound of the best play.
//! Sampling a hand within one step of tenpai (forced, for comparison) plays by the exact
//! search's decisions.

use super::{pack, Draws, Map, WinCheck};
use crate::algo::Evaluator;
use crate::error::{Error, Result};
use crate::hand::{check_hand, HandSize, Jing};
use crate::tiles::{Counts, NUM_KINDS};

/// What the chance is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Reaching a ready hand (shanten 0 after a discard); 1 for a hand already ready.
    Tenpai,
    /// Drawing a complete hand.
    Win,
}

/// A chance: exact (`samples` = 0, `std_error` = 0) or a Monte Carlo estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The chance, in [0, 1].
    pub value: f64,
    /// The estimate's standard error, `sqrt(p (1 - p) / samples)` (0 when exact; also 0
    /// for an estimate of exactly 0 or 1, which then says little).
    pub std_error: f64,
    /// How many games were simulated; 0 for an exact figure.
    pub samples: u32,
}

impl Estimate {
    /// Whether the figure is exact.
    pub fn is_exact(&self) -> bool {
        self.samples == 0
    }
}

/// Bounds on the work of [`Evaluator::chance`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The most games Monte Carlo simulates (at least 1 is played).
    pub samples: u32,
    /// Monte Carlo stops early once its standard error is at or below this (after at
    /// least 100 games); 0 never stops early.
    pub target_error: f64,
    /// The most memoised states the exact search keeps; past it an exact request becomes a
    /// Monte Carlo estimate and the search's decisions fall back to the greedy play.
    pub states: usize,
    /// The Monte Carlo seed (same seed, same figure).
    pub seed: u64,
    /// Force Monte Carlo even where the exact search applies (for tests and comparison).
    pub force_sampling: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            samples: 2000,
            target_error: 0.0,
            states: 200_000,
            seed: 0x5EED,
            force_sampling: false,
        }
    }
}

/// The most draws a chance is asked for: the wall never has more (136 tiles less a hand).
pub const MAX_DRAWS: u32 = 122;

struct Search<'a> {
    draws: Draws<'a>,
    start: Counts,
    unseen: Counts,
    memo: Map<f64>,
    /// Effective tiles of hands in their own pool (the 改良 test of every swap).
    effective: Map<u32>,
    /// The greedy discard after each (hand, draw): a sampled game mostly draws and throws
    /// back, so the same pair comes again and again (one lookup instead of fourteen).
    greedy: Map<u8>,
    cap: usize,
    over: bool,
}

impl Search<'_> {
    fn pool(&self, h: &Counts) -> (Counts, u32) {
        let mut total = 0;
        let pool = std::array::from_fn(|k| {
            let p = self.unseen[k].saturating_sub(h[k].saturating_sub(self.start[k]));
            total += u32::from(p);
            p
        });
        (pool, total)
    }

    /// Whether drawing `k` onto `h` (draw shanten `after_k`) reaches the goal.
    fn reached(&mut self, goal: Goal, h: &Counts, k: usize, after_k: i8) -> bool {
        match goal {
            Goal::Win => after_k == -1,
            Goal::Tenpai => self.draws.draw_reaches_ready(h, k, after_k),
        }
    }

    /// The chance from the 13-3k hand `h` with `t` draws left, under the best play.
    fn value(&mut self, goal: Goal, h: &Counts, t: u32, swapped: bool) -> f64 {
        let (_, after) = self.draws.of(h);
        if goal == Goal::Tenpai && self.draws.ready(h) {
            return 1.0;
        }
        if t == 0 {
            return 0.0;
        }
        let key = pack(h) << 10
            | u128::from(swapped) << 9
            | u128::from(goal == Goal::Win) << 8
            | u128::from(t);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        if self.memo.len() >= self.cap {
            self.over = true;
            return 0.0;
        }
        let (pool, total) = self.pool(h);
        let mut acc = 0.0;
        if total > 0 {
            let swaps = (t > 1).then(|| self.draws.swaps(h));
            for k in 0..NUM_KINDS {
                if pool[k] == 0 {
                    continue;
                }
                let p = f64::from(pool[k]) / f64::from(total);
                if self.reached(goal, h, k, after[k]) {
                    acc += p;
                    continue;
                }
                let Some(swaps) = &swaps else { continue };
                let best = self.best_after(goal, h, k, &after, swaps, t - 1, swapped).1;
                acc += p * best;
            }
        }
        self.memo.insert(key, acc);
        acc
    }

    /// After drawing `k` onto `h` (not reaching the goal), the discard that keeps the lowest
    /// shanten with the highest chance with `t` draws left: `(discard, chance)`.
    #[allow(clippy::too_many_arguments)]
    fn best_after(
        &mut self,
        goal: Goal,
        h: &Counts,
        k: usize,
        after: &[i8; NUM_KINDS],
        swaps: &[[i8; NUM_KINDS]; NUM_KINDS],
        t: u32,
        swapped: bool,
    ) -> (usize, f64) {
        let s = self.draws.of(h).0;
        let target = after[k];
        let mut best = (k, -1.0);
        // A draw that keeps the shanten may only be kept for a tile whose discard leaves
        // strictly more effective tiles (改良): chains of such swaps end, which keeps the
        // memo small.
        // One step from tenpai, at most one such swap (else the swaps' reach is thousands
        // of hands): `swapped` marks a hand that has taken it.
        let floor = if target == s {
            best = (k, self.value(goal, h, t, swapped));
            if s >= 1 && swapped {
                return best;
            }
            Some(self.effective(h))
        } else {
            None
        };
        let next_swapped = floor.is_some() && s >= 1;
        let mut h2 = *h;
        h2[k] += 1;
        for d in 0..NUM_KINDS {
            if d == k || h[d] == 0 || swaps[d][k] != target {
                continue;
            }
            h2[d] -= 1;
            if floor.is_some_and(|f| self.effective(&h2) <= f) {
                h2[d] += 1;
                continue;
            }
            let v = self.value(goal, &h2, t, next_swapped);
            h2[d] += 1;
            if v > best.1 {
                best = (d, v);
            }
        }
        best
    }

    /// The effective tiles of a 13-3k hand in its own pool.
    fn effective(&mut self, h: &Counts) -> u32 {
        let key = pack(h);
        if let Some(&e) = self.effective.get(&key) {
            return e;
        }
        let mask = self.draws.lowering(h).1;
        let (pool, _) = self.pool(h);
        let e = super::mask_total(mask, &pool);
        self.effective.insert(key, e);
        e
    }

    /// The greedy discard after drawing `k` (most effective tiles in the pool, among those
    /// keeping the lowest shanten; the lowest kind on ties).
    fn greedy_after(&mut self, h: &Counts, k: usize, after: &[i8; NUM_KINDS]) -> usize {
        let key = pack(h) << 6 | k as u128;
        if let Some(&d) = self.greedy.get(&key) {
            return usize::from(d);
        }
        let d = self.greedy_search(h, k, after);
        self.greedy.insert(key, d as u8);
        d
    }

    /// [`Self::greedy_after`] without the memo.
    fn greedy_search(&mut self, h: &Counts, k: usize, after: &[i8; NUM_KINDS]) -> usize {
        let target = after[k];
        let s = self.draws.of(h).0;
        // Keeping the hand as it was (the drawn tile thrown) wins ties: a swap must bring
        // strictly more effective tiles, as in the exact search.
        let mut best = (k, -1i64);
        if target == s {
            best.1 = i64::from(self.effective(h));
        }
        let mut h2 = *h;
        h2[k] += 1;
        for d in 0..NUM_KINDS {
            if h2[d] == 0 || d == k {
                continue;
            }
            h2[d] -= 1;
            if self.draws.of(&h2).0 == target {
                let eff = i64::from(self.effective(&h2));
                if eff > best.1 {
                    best = (d, eff);
                }
            }
            h2[d] += 1;
        }
        best.0
    }

    /// One simulated game from `h` with `t` draws: whether it reaches the goal.
    fn play(&mut self, goal: Goal, h: &Counts, t: u32, exact: bool, rng: &mut SplitMix) -> bool {
        let mut h = *h;
        let mut swapped = false;
        for left in (0..t).rev() {
            let (s, after) = self.draws.of(&h);
            if goal == Goal::Tenpai && self.draws.ready(&h) {
                return true;
            }
            let (pool, total) = self.pool(&h);
            if total == 0 {
                return false;
            }
            let mut r = (rng.next() % u64::from(total)) as u32;
            let mut k = 0;
            while r >= u32::from(pool[k]) {
                r -= u32::from(pool[k]);
                k += 1;
            }
            if self.reached(goal, &h, k, after[k]) {
                return true;
            }
            if left == 0 {
                return false;
            }
            let d = if exact && s <= 1 && !self.over {
                let swaps = self.draws.swaps(&h);
                let d = self
                    .best_after(goal, &h, k, &after, &swaps, left, swapped)
                    .0;
                if self.over {
                    self.greedy_after(&h, k, &after)
                } else {
                    d
                }
            } else {
                self.greedy_after(&h, k, &after)
            };
            if s == 1 && after[k] == 1 && d != k {
                swapped = true;
            }
            h[k] += 1;
            h[d] -= 1;
        }
        goal == Goal::Tenpai && self.draws.ready(&h)
    }
}

/// SplitMix64: a small, fast, seedable generator (the figures are reproducible).
pub(crate) struct SplitMix(u64);

impl SplitMix {
    pub(crate) fn new(seed: u64) -> Self {
        SplitMix(seed)
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Evaluator {
    /// The chance that a 13-3k hand reaches `goal` within `draws` draws under the model of
    /// [this module](self): exact for shanten 0 or 1 (unless the state cap is reached or
    /// sampling is forced), a Monte Carlo estimate otherwise. `unseen`: tiles the seat has
    /// not seen (default `4 - held`), checked against the hand; `draws` at most
    /// [`MAX_DRAWS`].
    ///
    /// ```
    /// use majiang::{algo::Evaluator, algo::advice::chance::{Goal, Limits}, hand::Jing};
    /// let eval = Evaluator::preset("standard").unwrap();
    /// let c = majiang::counts_from_str("123m456p789s1112z").unwrap();
    /// let e = eval.chance(&c, Jing::NONE, 0, None, 1, Goal::Win, &Limits::default()).unwrap();
    /// // one draw from the 123 unseen, three of them 2z
    /// assert!(e.is_exact() && (e.value - 3.0 / 123.0).abs() < 1e-12);
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn chance(
        &self,
        counts: &Counts,
        jing: Jing,
        melds: u8,
        unseen: Option<&Counts>,
        draws: u32,
        goal: Goal,
        limits: &Limits,
    ) -> Result<Estimate> {
        self.chance_with(counts, jing, melds, unseen, draws, goal, limits, None)
    }

    /// [`Self::chance`] with a variant's win check ([`WinCheck`]): a complete hand it
    /// refuses is no win, and a hand is ready only with a wait it accepts.
    #[allow(clippy::too_many_arguments)]
    pub fn chance_with(
        &self,
        counts: &Counts,
        jing: Jing,
        melds: u8,
        unseen: Option<&Counts>,
        draws: u32,
        goal: Goal,
        limits: &Limits,
        accept: WinCheck<'_>,
    ) -> Result<Estimate> {
        if check_hand(counts, melds)? != HandSize::Waiting {
            return Err(Error::InvalidHand(format!(
                "chance needs {} concealed tiles with {melds} meld(s)",
                13 - 3 * melds
            )));
        }
        if draws > MAX_DRAWS {
            return Err(Error::InvalidHand(format!(
                "draws must be 0 to {MAX_DRAWS}, got {draws}"
            )));
        }
        let own = super::unseen_from_hand(counts);
        let unseen = unseen.unwrap_or(&own);
        super::check_unseen(counts, unseen)?;
        let mut search = Search {
            draws: Draws::new(self, jing, melds, accept),
            start: *counts,
            unseen: *unseen,
            memo: Map::default(),
            effective: Map::default(),
            greedy: Map::default(),
            cap: limits.states,
            over: false,
        };
        let s = search.draws.of(counts).0;
        if s <= 1 && !limits.force_sampling {
            let v = search.value(goal, counts, draws, false);
            if !search.over {
                return Ok(Estimate {
                    value: v,
                    std_error: 0.0,
                    samples: 0,
                });
            }
        }
        // Sampling a hand the exact search covers (forced, or past the state cap) plays by
        // that search where it can; further off, greedily throughout: exact decisions at
        // every 1-shanten state a game passes through cost seconds.
        let exact = s <= 1;
        let mut rng = SplitMix::new(limits.seed);
        let (mut hits, mut n) = (0u32, 0u32);
        let max = limits.samples.max(1);
        while n < max {
            hits += u32::from(search.play(goal, counts, draws, exact, &mut rng));
            n += 1;
            if limits.target_error > 0.0 && n >= 100 && n % 50 == 0 {
                let p = f64::from(hits) / f64::from(n);
                if (p * (1.0 - p) / f64::from(n)).sqrt() <= limits.target_error {
                    break;
                }
            }
        }
        let p = f64::from(hits) / f64::from(n);
        Ok(Estimate {
            value: p,
            std_error: (p * (1.0 - p) / f64::from(n)).sqrt(),
            samples: n,
        })
    }
}

#[cfg(test)]
mod tests;
