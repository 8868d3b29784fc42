//! Waits and discards: which tiles complete a hand, and what each discard leaves.

use super::shanten::Evaluator;
use crate::error::{Error, Result};
use crate::hand::{check_hand, HandSize, Jing, Split};
use crate::tiles::{Counts, Tile, NUM_KINDS};

/// One discard choice of a 14-3k hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscardOption {
    /// The kind discarded.
    pub discard: usize,
    /// Shanten of the 13-3k hand left.
    pub shanten: i8,
    /// Kinds whose draw lowers that shanten, in index order.
    pub effective: Vec<usize>,
    /// How many tiles of those kinds are still unseen (not in the hand, not visible).
    pub unseen: u32,
}

fn expect_size(counts: &Counts, melds: u8, want: HandSize, call: &str) -> Result<()> {
    let size = check_hand(counts, melds)?;
    if size != want {
        let n = 14 - 3 * melds as usize - usize::from(want == HandSize::Waiting);
        return Err(Error::InvalidHand(format!(
            "{call} needs {n} concealed tiles with {melds} meld(s)"
        )));
    }
    Ok(())
}

fn check_visible(counts: &Counts, visible: &Counts) -> Result<()> {
    for k in 0..NUM_KINDS {
        if u16::from(counts[k]) + u16::from(visible[k]) > 4 {
            let name = Tile::new(k as u8).map_or(String::new(), |t| t.to_string());
            return Err(Error::InvalidHand(format!(
                "{name} is held {} times and visible {} times: more than four in all",
                counts[k], visible[k]
            )));
        }
    }
    Ok(())
}

impl Evaluator {
    /// The kinds that complete a 13-3k hand (kinds already held four times excluded).
    ///
    /// ```
    /// use majiang::{algo::Evaluator, hand::Jing, rules::ShapeRules};
    /// let eval = Evaluator::new(&ShapeRules::STANDARD);
    /// let c = majiang::counts_from_str("1112345678999m").unwrap();
    /// assert_eq!(eval.winning_tiles(&c, Jing::NONE, 0).unwrap().len(), 9); // 九莲宝灯
    /// ```
    pub fn winning_tiles(&self, counts: &Counts, jing: Jing, melds: u8) -> Result<Vec<usize>> {
        expect_size(counts, melds, HandSize::Waiting, "winning_tiles")?;
        // One draw lowers shanten by one at most: only a tenpai hand has winning tiles.
        if self.shanten_split(&Split::new(counts, jing), melds) > 0 {
            return Ok(Vec::new());
        }
        let (_, after) = self.shanten_with_draws(counts, jing, melds);
        Ok((0..NUM_KINDS).filter(|&k| after[k] == -1).collect())
    }

    /// Every distinct discard of a 14-3k hand with the shanten it leaves, its effective
    /// kinds and how many of them are unseen; best first (lowest shanten, then most unseen
    /// effective tiles, then most effective kinds). `visible` counts tiles seen outside the
    /// hand (ponds, melds, indicators).
    ///
    /// ```
    /// use majiang::{algo::Evaluator, hand::Jing, rules::ShapeRules};
    /// let eval = Evaluator::new(&ShapeRules::STANDARD);
    /// let c = majiang::counts_from_str("123m456p789s1122z5z").unwrap();
    /// let best = &eval.discard_options(&c, Jing::NONE, 0, None).unwrap()[0];
    /// assert_eq!((best.discard, best.shanten, best.unseen), (31, 0, 4)); // cut 5z, wait on 1z/2z
    /// ```
    pub fn discard_options(
        &self,
        counts: &Counts,
        jing: Jing,
        melds: u8,
        visible: Option<&Counts>,
    ) -> Result<Vec<DiscardOption>> {
        expect_size(counts, melds, HandSize::Full, "discard_options")?;
        let none = [0u8; NUM_KINDS];
        let visible = visible.unwrap_or(&none);
        check_visible(counts, visible)?;
        let mut out = Vec::new();
        let mut hand = *counts;
        for d in 0..NUM_KINDS {
            if counts[d] == 0 {
                continue;
            }
            hand[d] -= 1;
            let (shanten, after) = self.shanten_with_draws(&hand, jing, melds);
            hand[d] += 1;
            let effective: Vec<usize> = (0..NUM_KINDS).filter(|&k| after[k] < shanten).collect();
            let unseen = effective
                .iter()
                .map(|&k| 4u32.saturating_sub(u32::from(counts[k]) + u32::from(visible[k])))
                .sum();
            out.push(DiscardOption {
                discard: d,
                shanten,
                effective,
                unseen,
            });
        }
        out.sort_by(|a, b| {
            (
                a.shanten,
                std::cmp::Reverse(a.unseen),
                std::cmp::Reverse(a.effective.len()),
                a.discard,
            )
                .cmp(&(
                    b.shanten,
                    std::cmp::Reverse(b.unseen),
                    std::cmp::Reverse(b.effective.len()),
                    b.discard,
                ))
        });
        Ok(out)
    }

    /// The first of [`Evaluator::discard_options`] whose discard is not in `keep` (kinds a
    /// player keeps unless forced, such as its wild tiles), or the first of all when every
    /// held kind is in `keep`. Only the discards leaving the lowest shanten have their
    /// effective kinds computed, so this costs a fraction of the full list.
    ///
    /// ```
    /// use majiang::{algo::Evaluator, hand::Jing, rules::ShapeRules};
    /// let eval = Evaluator::new(&ShapeRules::STANDARD);
    /// let c = majiang::counts_from_str("123m456p789s1122z5z").unwrap();
    /// let best = eval.best_discard(&c, Jing::NONE, 0, None, &[false; 34]).unwrap();
    /// assert_eq!((best.discard, best.shanten, best.unseen), (31, 0, 4));
    /// ```
    pub fn best_discard(
        &self,
        counts: &Counts,
        jing: Jing,
        melds: u8,
        visible: Option<&Counts>,
        keep: &[bool; NUM_KINDS],
    ) -> Result<DiscardOption> {
        expect_size(counts, melds, HandSize::Full, "best_discard")?;
        let none = [0u8; NUM_KINDS];
        let visible = visible.unwrap_or(&none);
        check_visible(counts, visible)?;
        let free = (0..NUM_KINDS).any(|k| counts[k] > 0 && !keep[k]);
        let mut hand = *counts;
        let mut left = [i8::MAX; NUM_KINDS];
        let mut low = i8::MAX;
        for d in 0..NUM_KINDS {
            if counts[d] == 0 || (free && keep[d]) {
                continue;
            }
            hand[d] -= 1;
            left[d] = self.shanten_split(&Split::new(&hand, jing), melds);
            hand[d] += 1;
            low = low.min(left[d]);
        }
        let mut best: Option<DiscardOption> = None;
        for d in 0..NUM_KINDS {
            if left[d] != low {
                continue;
            }
            hand[d] -= 1;
            let (shanten, after) = self.shanten_with_draws(&hand, jing, melds);
            hand[d] += 1;
            let effective: Vec<usize> = (0..NUM_KINDS).filter(|&k| after[k] < shanten).collect();
            let unseen = effective
                .iter()
                .map(|&k| 4u32.saturating_sub(u32::from(counts[k]) + u32::from(visible[k])))
                .sum();
            // The ranking of discard_options: most unseen, then most kinds, then the lowest
            // index (d rises, so only a strictly better one replaces the best so far).
            let better = best
                .as_ref()
                .is_none_or(|b| (unseen, effective.len()) > (b.unseen, b.effective.len()));
            if better {
                best = Some(DiscardOption {
                    discard: d,
                    shanten,
                    effective,
                    unseen,
                });
            }
        }
        best.ok_or_else(|| Error::InvalidHand("best_discard: no tile to discard".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ShapeRules;

    #[test]
    fn nine_gates_waits_on_all_nine() {
        let eval = Evaluator::new(&ShapeRules::STANDARD);
        let c = crate::counts_from_str("1112345678999m").unwrap();
        assert_eq!(
            eval.winning_tiles(&c, Jing::NONE, 0).unwrap(),
            (0..9).collect::<Vec<_>>()
        );
    }

    #[test]
    fn lone_jing_waits_on_everything() {
        // 精钓: four blocks and one wild tile; any draw pairs with it.
        let eval = Evaluator::new(&ShapeRules::NANCHANG);
        let c = crate::counts_from_str("123m456p789s123z3p").unwrap();
        let jing = Jing::from_tiles(&crate::tiles::parse_tiles("3p4p").unwrap()).unwrap();
        let waits = eval.winning_tiles(&c, jing, 0).unwrap();
        assert_eq!(waits.len(), 34);
    }

    #[test]
    fn best_discard_is_the_first_option_not_kept() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for rules in [
            ShapeRules::STANDARD,
            ShapeRules::NANCHANG,
            ShapeRules::PINGXIANG,
        ] {
            let eval = Evaluator::new(&rules);
            for _ in 0..3000 {
                let melds = (next() % 5) as u8;
                let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
                let mut c = [0u8; NUM_KINDS];
                for _ in 0..14 - 3 * melds as usize {
                    let i = (next() % wall.len() as u64) as usize;
                    c[wall.swap_remove(i)] += 1;
                }
                let mut visible = [0u8; NUM_KINDS];
                for _ in 0..(next() % 40) {
                    let i = (next() % wall.len() as u64) as usize;
                    visible[wall.swap_remove(i)] += 1;
                }
                let jing = if next() % 2 == 0 {
                    Jing::NONE
                } else {
                    Jing::from_mask((1u64 << (next() % 34)) | (1u64 << (next() % 34)))
                };
                let keep: [bool; NUM_KINDS] =
                    std::array::from_fn(|k| jing.contains(k) || next() % 9 == 0);
                let all = eval
                    .discard_options(&c, jing, melds, Some(&visible))
                    .unwrap();
                let want = all.iter().find(|o| !keep[o.discard]).unwrap_or(&all[0]);
                let got = eval
                    .best_discard(&c, jing, melds, Some(&visible), &keep)
                    .unwrap();
                assert_eq!(&got, want, "{c:?} melds {melds} keep {keep:?}");
            }
        }
    }

    #[test]
    fn wrong_sizes_are_errors() {
        let eval = Evaluator::new(&ShapeRules::STANDARD);
        let c = crate::counts_from_str("123m456p789s11122z").unwrap();
        assert!(eval.winning_tiles(&c, Jing::NONE, 0).is_err());
        let c13 = crate::counts_from_str("123m456p789s1112z").unwrap();
        assert!(eval.discard_options(&c13, Jing::NONE, 0, None).is_err());
        let mut vis = [0u8; 34];
        vis[0] = 4;
        assert!(eval.discard_options(&c, Jing::NONE, 0, Some(&vis)).is_err());
        assert!(eval
            .best_discard(&c13, Jing::NONE, 0, None, &[false; 34])
            .is_err());
        assert!(eval
            .best_discard(&c, Jing::NONE, 0, Some(&vis), &[false; 34])
            .is_err());
    }
}
