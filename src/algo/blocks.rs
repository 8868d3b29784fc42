//! The building blocks the rules allow: blocks of three, and the 14-kind targets of the
//! all-single shapes. Definitions shared by the decomposition search and the brute force.

use crate::rules::{ShapeRules, ThirteenRotten};
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

/// Every 14-kind target of the all-single shapes, as kind bit masks (built once).
pub fn all_single_targets(kind: ThirteenRotten) -> &'static [u64] {
    static NANCHANG: OnceLock<Vec<u64>> = OnceLock::new();
    static KNITTED: OnceLock<Vec<u64>> = OnceLock::new();
    match kind {
        ThirteenRotten::Off => &[],
        ThirteenRotten::Nanchang => NANCHANG.get_or_init(|| build_single_targets(kind)),
        ThirteenRotten::Knitted => KNITTED.get_or_init(|| build_single_targets(kind)),
    }
}

fn build_single_targets(kind: ThirteenRotten) -> Vec<u64> {
    let per_suit: Vec<Vec<usize>> = match kind {
        ThirteenRotten::Off => return Vec::new(),
        ThirteenRotten::Nanchang => (0u16..512)
            .filter(|s| {
                let nums: Vec<i32> = (0..9).filter(|i| s >> i & 1 != 0).collect();
                nums.windows(2).all(|w| w[1] - w[0] >= 3)
            })
            .map(|s| (0..9).filter(|i| s >> i & 1 != 0).collect())
            .collect(),
        ThirteenRotten::Knitted => vec![vec![0, 3, 6], vec![1, 4, 7], vec![2, 5, 8]],
    };
    let mut out = Vec::new();
    let honors: Vec<u8> = (0u8..128).collect();
    for a in &per_suit {
        for b in &per_suit {
            for c in &per_suit {
                if kind == ThirteenRotten::Knitted && (a == b || b == c || a == c) {
                    continue;
                }
                let suits = a.len() + b.len() + c.len();
                if suits + 7 < 14 {
                    continue;
                }
                for &h in &honors {
                    if suits + h.count_ones() as usize != 14 {
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
