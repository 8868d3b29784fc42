//! The building blocks the rules allow: blocks of three, and the 14-kind targets of the
//! all-single shapes. Definitions shared by the decomposition search and the brute force.

use crate::rules::{KnittedHonors, ShapeRules, ThirteenRotten};
use crate::tiles::NUM_KINDS;
use std::sync::OnceLock;

/// Every block of three the rules allow, as kind triples.
pub fn three_tile_blocks(rules: &ShapeRules) -> Vec<[usize; 3]> {
    let mut out: Vec<[usize; 3]> = (0..NUM_KINDS).map(|k| [k, k, k]).collect();
    for suit in 0..3 {
        for n in 0..7 {
            let k = suit * 9 + n;
            out.push([k, k + 1, k + 2]);
        }
    }
    if rules.honor_sequences {
        out.extend([
            [27, 28, 29],
            [27, 28, 30],
            [27, 29, 30],
            [28, 29, 30],
            [31, 32, 33],
        ]);
    }
    out
}

/// Every 14-kind target of the all-single shape the rules enable (`thirteen_rotten`, and
/// for knitted hands `knitted_honors`), as kind bit masks (built once).
pub fn all_single_targets(rules: &ShapeRules) -> &'static [u64] {
    static NANCHANG: OnceLock<Vec<u64>> = OnceLock::new();
    static KNITTED: OnceLock<Vec<u64>> = OnceLock::new();
    static KNITTED_FIVE: OnceLock<Vec<u64>> = OnceLock::new();
    let kind = rules.thirteen_rotten;
    match (kind, rules.knitted_honors) {
        (ThirteenRotten::Off, _) => &[],
        (ThirteenRotten::Nanchang, _) => NANCHANG.get_or_init(|| build_single_targets(kind, 7)),
        (ThirteenRotten::Knitted, KnittedHonors::AtLeastFive) => {
            KNITTED.get_or_init(|| build_single_targets(kind, 7))
        }
        (ThirteenRotten::Knitted, KnittedHonors::ExactlyFive) => {
            KNITTED_FIVE.get_or_init(|| build_single_targets(kind, 5))
        }
    }
}

/// The targets of `kind` holding at most `most_honors` honors (each target has 14 kinds).
///
/// A suit takes any spaced set of numbers (Nanchang: any two at least 3 apart) or any part
/// of one of 147, 258, 369 (knitted, a different pattern in each suit); the honors fill the
/// rest of the 14 kinds.
fn build_single_targets(kind: ThirteenRotten, most_honors: u32) -> Vec<u64> {
    let numbers = |s: u16| -> Vec<usize> { (0..9).filter(|i| s >> i & 1 != 0).collect() };
    // (pattern, numbers): knitted suits must take different patterns
    let per_suit: Vec<(usize, Vec<usize>)> = match kind {
        ThirteenRotten::Off => return Vec::new(),
        ThirteenRotten::Nanchang => (0u16..512)
            .map(numbers)
            .filter(|nums| nums.windows(2).all(|w| w[1] - w[0] >= 3))
            .enumerate()
            .collect(),
        ThirteenRotten::Knitted => (0..3)
            .flat_map(|p| {
                let pattern = 0o111u16 << p; // numbers p, p + 3, p + 6
                (0u16..512)
                    .filter(move |s| s & !pattern == 0)
                    .map(move |s| (p, numbers(s)))
            })
            .collect(),
    };
    let mut out = Vec::new();
    for (pa, a) in &per_suit {
        for (pb, b) in &per_suit {
            for (pc, c) in &per_suit {
                if kind == ThirteenRotten::Knitted && (pa == pb || pb == pc || pa == pc) {
                    continue;
                }
                let suits = a.len() + b.len() + c.len();
                if suits + 7 < 14 || suits > 14 {
                    continue;
                }
                for h in 0u8..128 {
                    if suits + h.count_ones() as usize != 14 || h.count_ones() > most_honors {
                        continue;
                    }
                    let mut t = (h as u64) << 27;
                    for (s, nums) in [a, b, c].into_iter().enumerate() {
                        for &n in nums {
                            t |= 1 << (s * 9 + n);
                        }
                    }
                    out.push(t);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knitted_targets_by_honor_rule() {
        let at_least = ShapeRules::PINGXIANG;
        let exactly = ShapeRules {
            knitted_honors: KnittedHonors::ExactlyFive,
            ..at_least
        };
        let honors = |t: u64| (t >> 27).count_ones();
        // any 14 of the 16 kinds of each of the 6 orders of 147/258/369
        let all = all_single_targets(&at_least);
        assert_eq!(all.len(), 6 * 120);
        assert!(all.iter().all(|&t| t.count_ones() == 14 && honors(t) >= 5));
        // the nine numbers and 5 of the 7 honors
        let five = all_single_targets(&exactly);
        assert_eq!(five.len(), 6 * 21);
        assert!(five.iter().all(|&t| t.count_ones() == 14 && honors(t) == 5));
        assert!(five.iter().all(|t| all.contains(t)));
        for targets in [all, five, all_single_targets(&ShapeRules::NANCHANG)] {
            let mut distinct = targets.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), targets.len());
        }
        // the honor rule plays no part in Nanchang's 十三烂
        let nanchang = ShapeRules {
            knitted_honors: KnittedHonors::ExactlyFive,
            ..ShapeRules::NANCHANG
        };
        assert_eq!(
            all_single_targets(&nanchang),
            all_single_targets(&ShapeRules::NANCHANG)
        );
    }
}
