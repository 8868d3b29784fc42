//! Property tests: the table-driven engine against the brute force, on random hands for
//! every preset, 0-8 wild tiles and 0-4 melds.

use super::brute;
use super::shanten::Evaluator;
use crate::hand::{check_hand, HandSize, Jing};
use crate::rules::{KnittedHonors, ShapeRules};
use crate::tiles::{Counts, NUM_KINDS};

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random hand of `size` tiles with about `wild` wild tiles among them: sometimes drawn
/// from the full wall, sometimes built from blocks then spoiled a little, so that complete
/// and nearly complete hands are common.
pub(crate) fn random_hand(
    rng: &mut Rng,
    rules: &ShapeRules,
    size: usize,
    wild: usize,
) -> (Counts, Jing) {
    let jing_kinds = [rng.below(NUM_KINDS), rng.below(NUM_KINDS)];
    let jing = if wild == 0 {
        Jing::NONE
    } else {
        Jing::from_mask(jing_kinds.iter().fold(0, |m, &k| m | 1 << k))
    };
    let mut c = [0u8; NUM_KINDS];
    let mut total = 0;
    // wild tiles first
    let mut tries = 0;
    while total < wild.min(size) && tries < 100 {
        tries += 1;
        let k = jing_kinds[rng.below(2)];
        if c[k] < 4 {
            c[k] += 1;
            total += 1;
        }
    }
    let mode = rng.below(4);
    if mode == 3 && size == 14 {
        // built from a special shape's target: seven pairs, orphans or all-single kinds
        let singles = super::blocks::all_single_targets(rules);
        let target: Vec<usize> = if !singles.is_empty() && rng.below(2) == 0 {
            let t = singles[rng.below(singles.len())];
            (0..NUM_KINDS).filter(|&k| t >> k & 1 != 0).collect()
        } else if rules.thirteen_orphans && rng.below(2) == 0 {
            let mut t = crate::tiles::ORPHANS.to_vec();
            t.push(t[rng.below(13)]);
            t
        } else {
            (0..7)
                .flat_map(|_| {
                    let k = rng.below(NUM_KINDS);
                    [k, k]
                })
                .collect()
        };
        for k in target {
            if total < size && c[k] < 4 && !jing.contains(k) {
                c[k] += 1;
                total += 1;
            }
        }
    } else if mode > 0 {
        if rules.knitted_straight && size >= 10 && rng.below(2) == 0 {
            // a 组合龙 first (the blocks and the spoiling below then do the rest)
            let order = crate::tiles::KNIT_ORDERS[rng.below(6)];
            for (s, start) in order.into_iter().enumerate() {
                for r in [start, start + 3, start + 6] {
                    let k = 9 * s + r;
                    if total < size && c[k] < 4 && !jing.contains(k) {
                        c[k] += 1;
                        total += 1;
                    }
                }
            }
        }
        // built from blocks
        let blocks = super::blocks::three_tile_blocks(rules);
        let mut guard = 0;
        while total + 3 <= size && guard < 50 {
            guard += 1;
            let b = blocks[rng.below(blocks.len())];
            if b.iter()
                .all(|&k| c[k] + b.iter().filter(|&&x| x == k).count() as u8 <= 4)
            {
                for k in b {
                    c[k] += 1;
                }
                total += 3;
            }
        }
        if rng.below(4) == 0 {
            // spoil: remove a random tile
            if let Some(k) = (0..NUM_KINDS)
                .cycle()
                .skip(rng.below(NUM_KINDS))
                .take(NUM_KINDS)
                .find(|&k| c[k] > 0)
            {
                c[k] -= 1;
                total -= 1;
            }
        }
    }
    while total < size {
        let k = rng.below(NUM_KINDS);
        if c[k] < 4 {
            c[k] += 1;
            total += 1;
        }
    }
    while total > size {
        let k = rng.below(NUM_KINDS);
        if c[k] > 0 && !jing.contains(k) {
            c[k] -= 1;
            total -= 1;
        }
    }
    (c, jing)
}

/// Pingxiang with option `shisanlan_honors = "exactly_5"`: 十三烂 holds exactly five honors.
pub(crate) const PINGXIANG_FIVE_HONORS: ShapeRules = ShapeRules {
    knitted_honors: KnittedHonors::ExactlyFive,
    ..ShapeRules::PINGXIANG
};

const PRESETS: [ShapeRules; 6] = [
    ShapeRules::STANDARD,
    ShapeRules::NANCHANG,
    ShapeRules::PINGXIANG,
    PINGXIANG_FIVE_HONORS,
    ShapeRules::NANJING,
    ShapeRules::GB,
];

#[test]
fn shanten_agrees_with_brute_force() {
    let mut rng = Rng::new(7);
    for rules in &PRESETS {
        let eval = Evaluator::new(rules);
        for i in 0..1500 {
            let melds = [0, 0, 0, 1, 2, 3, 4][i % 7];
            let size = 14 - 3 * melds - (i / 7) % 2;
            let wild = rng.below(9);
            let (c, jing) = random_hand(&mut rng, rules, size, wild);
            let fast = eval.shanten(&c, jing, melds as u8).unwrap();
            let slow = brute::shanten(&c, jing, melds as u8, rules);
            assert_eq!(
                fast,
                slow,
                "{rules:?} {} jing={jing:?} melds={melds}",
                crate::tiles::format_counts(&c)
            );
        }
    }
}

#[test]
fn winning_agrees_with_explicit_wild_placement() {
    let mut rng = Rng::new(11);
    let mut wins = 0;
    for rules in &PRESETS {
        let eval = Evaluator::new(rules);
        for i in 0..4000 {
            let melds = [0, 0, 1, 2, 3, 4][i % 6];
            let wild = rng.below(9);
            let (c, jing) = random_hand(&mut rng, rules, 14 - 3 * melds, wild);
            let fast = eval.is_winning(&c, jing, melds as u8).unwrap();
            let slow = brute::is_winning(&c, jing, melds as u8, rules);
            assert_eq!(
                fast,
                slow,
                "{rules:?} {} jing={jing:?} melds={melds}",
                crate::tiles::format_counts(&c)
            );
            wins += usize::from(fast);
        }
    }
    assert!(
        wins > 1000,
        "the generator should produce many complete hands, got {wins}"
    );
}

#[test]
fn full_hand_shanten_is_best_discard() {
    let mut rng = Rng::new(13);
    for rules in &PRESETS {
        let eval = Evaluator::new(rules);
        for i in 0..2000 {
            let melds = [0, 0, 1, 2, 3, 4][i % 6];
            let wild = rng.below(9);
            let (c, jing) = random_hand(&mut rng, rules, 14 - 3 * melds, wild);
            let full = eval.shanten(&c, jing, melds as u8).unwrap();
            let best = (0..NUM_KINDS)
                .filter(|&k| c[k] > 0)
                .map(|k| {
                    let mut d = c;
                    d[k] -= 1;
                    eval.shanten(&d, jing, melds as u8).unwrap()
                })
                .min()
                .unwrap();
            if full == -1 {
                assert_eq!(best, 0);
            } else {
                assert_eq!(full, best);
            }
        }
    }
}

#[test]
fn after_draw_agrees_with_single_calls() {
    let mut rng = Rng::new(17);
    for rules in &PRESETS {
        let eval = Evaluator::new(rules);
        for i in 0..1500 {
            let melds = [0, 0, 1, 2, 3, 4][i % 6];
            let wild = rng.below(9);
            let (c, jing) = random_hand(&mut rng, rules, 13 - 3 * melds, wild);
            assert_eq!(check_hand(&c, melds as u8).unwrap(), HandSize::Waiting);
            let after = eval.shanten_after_draw(&c, jing, melds as u8);
            for k in 0..NUM_KINDS {
                if c[k] == 4 {
                    assert_eq!(after[k], i8::MAX);
                    continue;
                }
                let mut d = c;
                d[k] += 1;
                assert_eq!(
                    after[k],
                    eval.shanten(&d, jing, melds as u8).unwrap(),
                    "kind {k}"
                );
            }
        }
    }
}

#[test]
fn knitted_honor_rule_examples() {
    let at_least = Evaluator::new(&ShapeRules::PINGXIANG);
    let exactly = Evaluator::new(&PINGXIANG_FIVE_HONORS);
    let hand = |s: &str| crate::counts_from_str(s).unwrap();
    let none = Jing::NONE;
    // five honors: knitted under both rules
    for eval in [&at_least, &exactly] {
        let c = hand("147m258p369s12345z");
        assert!(eval.is_winning(&c, none, 0).unwrap());
        assert_eq!(eval.decompositions(&c, none, 0, 10).unwrap().len(), 1);
    }
    // six honors, one number short: only "at least five"; its decomposition is found too
    // (the targets once held only the five-honor ones)
    let six = hand("147m258p36s123456z");
    assert!(at_least.is_winning(&six, none, 0).unwrap());
    let ds = at_least.decompositions(&six, none, 0, 10).unwrap();
    assert_eq!(ds.len(), 1);
    assert_eq!(ds[0].shape, super::Shape::Knitted);
    assert!(!exactly.is_winning(&six, none, 0).unwrap());
    assert!(exactly
        .decompositions(&six, none, 0, 10)
        .unwrap()
        .is_empty());
    let detail = exactly.shanten_detail(&six, none, 0).unwrap();
    assert_eq!(detail.knitted, Some(0));
    assert_eq!(
        brute::shanten(&six, none, 0, &PINGXIANG_FIVE_HONORS),
        detail.min()
    );
    // seven honors and seven numbers: at least five only
    let seven = hand("147m258p3s1234567z");
    assert!(at_least.is_winning(&seven, none, 0).unwrap());
    assert_eq!(
        exactly.shanten_detail(&seven, none, 0).unwrap().knitted,
        Some(1)
    );
    // wild tiles (both 1m) stand for the 1m and the missing 9s under "exactly five"; with a
    // sixth honor held they cannot
    let jing = Jing::from_tiles(&crate::tiles::parse_tiles("1m").unwrap()).unwrap();
    let five = hand("1147m258p36s12345z");
    let six = hand("1147m258p3s123456z");
    for (c, at_least_wins, exactly_wins) in [(five, true, true), (six, true, false)] {
        assert_eq!(at_least.is_winning(&c, jing, 0).unwrap(), at_least_wins);
        assert_eq!(exactly.is_winning(&c, jing, 0).unwrap(), exactly_wins);
        assert_eq!(
            brute::is_winning(&c, jing, 0, &PINGXIANG_FIVE_HONORS),
            exactly_wins
        );
        let ds = exactly.decompositions(&c, jing, 0, 10).unwrap();
        assert_eq!(
            ds.iter().any(|d| d.shape == super::Shape::Knitted),
            exactly_wins
        );
    }
}
