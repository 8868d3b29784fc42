//! Reference implementations by exhaustive search, independent of the tables and of the
//! closed formulas. Slow; they exist so tests can check the fast paths against them.
//!
//! * [`is_winning`] decomposes the hand block by block, placing each wild tile explicitly.
//! * [`shanten`] enumerates target hands block by block (branch and bound) and counts the
//!   tiles each target lacks; wild tiles then cover as many of those as they can.

use super::blocks::{all_single_targets, three_tile_blocks};
use crate::hand::{Jing, Split};
use crate::rules::{PairRule, SevenPairs, ShapeRules, ThirteenRotten};
use crate::tiles::{Counts, NUM_KINDS, ORPHANS};

fn pair_allowed(rules: &ShapeRules, k: usize) -> bool {
    match rules.pair {
        PairRule::Any => true,
        PairRule::TwoFiveEight => k < 27 && matches!(k % 9, 1 | 4 | 7),
    }
}

fn is_258(k: usize) -> bool {
    k < 27 && matches!(k % 9, 1 | 4 | 7)
}

/// Whether the hand is complete, by explicit decomposition with wild placement.
pub fn is_winning(counts: &Counts, jing: Jing, melds: u8, rules: &ShapeRules) -> bool {
    let split = Split::new(counts, jing);
    let mut plain = split.plain;
    let mut reading = split.plain; // tiles read as each kind, plain and wild (max 4)
    let blocks = three_tile_blocks(rules);
    regular(
        &mut plain,
        &mut reading,
        split.wild,
        4 - melds as usize,
        true,
        rules,
        &blocks,
    ) || melds == 0 && special_win(&split, rules)
        || rules.knitted_straight && melds <= 1 && knitted_straight_win(&split, melds, rules)
        || rules.all_258 && (0..NUM_KINDS).all(|k| split.plain[k] == 0 || is_258(k))
}

fn regular(
    plain: &mut Counts,
    reading: &mut Counts,
    wild: u8,
    blocks_left: usize,
    pair_left: bool,
    rules: &ShapeRules,
    all_blocks: &[[usize; 3]],
) -> bool {
    let Some(first) = (0..NUM_KINDS).find(|&k| plain[k] > 0) else {
        // Only wild tiles remain: they must make up exactly the missing blocks and pair.
        return wild as usize == 3 * blocks_left + 2 * usize::from(pair_left);
    };
    // The pair containing `first`: a second plain copy, or a wild tile read as `first`.
    if pair_left && pair_allowed(rules, first) {
        plain[first] -= 1;
        if plain[first] > 0 {
            plain[first] -= 1;
            if regular(plain, reading, wild, blocks_left, false, rules, all_blocks) {
                return true;
            }
            plain[first] += 1;
        }
        if wild > 0 && reading[first] < 4 {
            reading[first] += 1;
            let ok = regular(
                plain,
                reading,
                wild - 1,
                blocks_left,
                false,
                rules,
                all_blocks,
            );
            reading[first] -= 1;
            if ok {
                return true;
            }
        }
        plain[first] += 1;
    }
    if blocks_left == 0 {
        return false;
    }
    // A block of three containing `first`: each slot takes a plain tile if one is left,
    // else a wild tile read as that kind.
    for block in all_blocks.iter().filter(|b| b.contains(&first)) {
        let mut used_plain = Vec::with_capacity(3);
        let mut used_wild = Vec::with_capacity(3);
        let mut ok = true;
        for &k in block {
            if plain[k] > 0 {
                plain[k] -= 1;
                used_plain.push(k);
            } else if reading[k] < 4 && (used_wild.len() as u8) < wild {
                reading[k] += 1;
                used_wild.push(k);
            } else {
                ok = false;
                break;
            }
        }
        // `first` itself must come from the plain tiles (it is the tile being placed).
        ok &= used_plain.contains(&first);
        let found = ok
            && regular(
                plain,
                reading,
                wild - used_wild.len() as u8,
                blocks_left - 1,
                pair_left,
                rules,
                all_blocks,
            );
        for k in used_plain {
            plain[k] += 1;
        }
        for k in used_wild {
            reading[k] -= 1;
        }
        if found {
            return true;
        }
    }
    false
}

/// The nine kinds of each 组合龙: 147, 258 and 369 over man, pin and sou in every order.
fn knitted_straights() -> Vec<[usize; 9]> {
    let mut out = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                if a != b && b != c && a != c {
                    let mut kinds = [0; 9];
                    for (i, k) in kinds.iter_mut().enumerate() {
                        let (suit, start) = (i / 3, [a, b, c][i / 3]);
                        *k = 9 * suit + start + 3 * (i % 3);
                    }
                    out.push(kinds);
                }
            }
        }
    }
    out
}

/// 组合龙 with the rest: each of the straight's nine slots takes a plain tile or a wild one
/// read as that kind, and the rest decomposes into `1 - melds` blocks and a pair.
fn knitted_straight_win(split: &Split, melds: u8, rules: &ShapeRules) -> bool {
    let blocks = three_tile_blocks(rules);
    knitted_straights().into_iter().any(|kinds| {
        let mut plain = split.plain;
        let mut reading = split.plain;
        let mut wild = split.wild;
        for k in kinds {
            if plain[k] > 0 {
                plain[k] -= 1;
            } else if wild > 0 && reading[k] < 4 {
                wild -= 1;
                reading[k] += 1;
            } else {
                return false;
            }
        }
        regular(
            &mut plain,
            &mut reading,
            wild,
            1 - melds as usize,
            true,
            rules,
            &blocks,
        )
    })
}

/// The fewest tiles missing from a 组合龙 target: the straight's nine kinds, a pair and
/// `blocks` blocks, every kind at most four times.
fn knitted_straight_missing(plain: &Counts, blocks: usize, rules: &ShapeRules) -> usize {
    let all_blocks = three_tile_blocks(rules);
    let mut best = usize::MAX;
    for kinds in knitted_straights() {
        let mut target = [0u8; NUM_KINDS];
        for k in kinds {
            target[k] = 1;
        }
        let straight_cost = kinds.iter().filter(|&&k| plain[k] == 0).count();
        for pair in (0..NUM_KINDS).filter(|&k| pair_allowed(rules, k)) {
            let missing = |t: &Counts, k: usize| (t[k] as usize).saturating_sub(plain[k] as usize);
            let before = missing(&target, pair);
            target[pair] += 2;
            let cost = straight_cost + missing(&target, pair) - before;
            search_blocks(plain, &mut target, &all_blocks, 0, blocks, cost, &mut best);
            target[pair] -= 2;
        }
    }
    best
}

fn special_win(split: &Split, rules: &ShapeRules) -> bool {
    let plain = &split.plain;
    let wild = split.wild as usize;
    let seven = match rules.seven_pairs {
        SevenPairs::Off => false,
        SevenPairs::Distinct => {
            plain.iter().all(|&c| c <= 2) && {
                let singles = plain.iter().filter(|&&c| c == 1).count();
                // each single takes one wild; the rest pair up as new kinds
                singles <= wild && (wild - singles).is_multiple_of(2)
            }
        }
        SevenPairs::FourAsTwo => {
            let odd = plain.iter().filter(|&&c| c % 2 == 1).count();
            odd <= wild && (wild - odd).is_multiple_of(2)
        }
    };
    let orphans = rules.thirteen_orphans && {
        let only_orphans = (0..NUM_KINDS).all(|k| plain[k] == 0 || ORPHANS.contains(&k));
        let missing = ORPHANS.iter().filter(|&&k| plain[k] == 0).count();
        let extra: usize = ORPHANS
            .iter()
            .map(|&k| plain[k].saturating_sub(1) as usize)
            .sum();
        // each missing orphan takes a wild; exactly one duplicate, plain or wild
        only_orphans && extra <= 1 && missing + (1 - extra) == wild
    };
    let singles_target = match rules.thirteen_rotten {
        ThirteenRotten::Off => false,
        ThirteenRotten::Nanchang | ThirteenRotten::Knitted => {
            let present = present_mask(plain);
            plain.iter().all(|&c| c <= 1)
                && all_single_targets(rules).iter().any(|&t| present & !t == 0)
        }
    };
    seven || orphans || singles_target
}

fn present_mask(plain: &Counts) -> u64 {
    (0..NUM_KINDS)
        .filter(|&k| plain[k] > 0)
        .fold(0, |m, k| m | 1 << k)
}

/// Shanten by enumerating target hands: `min over targets of (tiles missing) - wild - 1`.
pub fn shanten(counts: &Counts, jing: Jing, melds: u8, rules: &ShapeRules) -> i8 {
    let split = Split::new(counts, jing);
    let plain = &split.plain;
    let mut best = regular_missing(plain, 4 - melds as usize, rules);
    if melds == 0 {
        best = best.min(special_missing(plain, rules));
    }
    if rules.knitted_straight && melds <= 1 {
        best = best.min(knitted_straight_missing(plain, 1 - melds as usize, rules));
    }
    if rules.all_258 {
        let target = 14 - 3 * melds as usize;
        let have: usize = (0..NUM_KINDS)
            .filter(|&k| is_258(k))
            .map(|k| plain[k] as usize)
            .sum();
        best = best.min(target - have.min(target));
    }
    best as i8 - split.wild as i8 - 1
}

fn regular_missing(plain: &Counts, blocks: usize, rules: &ShapeRules) -> usize {
    let all_blocks = three_tile_blocks(rules);
    let mut best = usize::MAX;
    let mut target = [0u8; NUM_KINDS];
    for pair in (0..NUM_KINDS).filter(|&k| pair_allowed(rules, k)) {
        target[pair] = 2;
        let cost = 2usize.saturating_sub(plain[pair] as usize);
        search_blocks(plain, &mut target, &all_blocks, 0, blocks, cost, &mut best);
        target[pair] = 0;
    }
    best
}

fn search_blocks(
    plain: &Counts,
    target: &mut Counts,
    all_blocks: &[[usize; 3]],
    from: usize,
    left: usize,
    cost: usize,
    best: &mut usize,
) {
    // Any block can cost at most 3 (all tiles missing); that bounds what is left.
    *best = (*best).min(cost + 3 * left);
    if left == 0 {
        return;
    }
    for (i, block) in all_blocks.iter().enumerate().skip(from) {
        let mut extra = 0;
        let mut fits = true;
        for &k in block {
            target[k] += 1;
            fits &= target[k] <= 4;
            extra += usize::from(target[k] > plain[k]);
        }
        // A block missing all three tiles is no better than the bound already counted.
        if fits && extra < 3 && cost + extra < *best {
            search_blocks(plain, target, all_blocks, i, left - 1, cost + extra, best);
        }
        for &k in block {
            target[k] -= 1;
        }
    }
}

fn special_missing(plain: &Counts, rules: &ShapeRules) -> usize {
    let mut best = usize::MAX;
    if rules.seven_pairs != SevenPairs::Off {
        // Choose how many pairs each kind provides; kinds with no tile provide none here
        // (a pair of them costs 2, counted when pairs are short).
        let per_kind_max = if rules.seven_pairs == SevenPairs::FourAsTwo {
            2
        } else {
            1
        };
        let held: Vec<usize> = (0..NUM_KINDS).filter(|&k| plain[k] > 0).collect();
        let mut choice = vec![0usize; held.len()];
        loop {
            let pairs: usize = choice.iter().sum();
            if pairs <= 7 {
                let missing: usize = held
                    .iter()
                    .zip(&choice)
                    .map(|(&k, &n)| (2 * n).saturating_sub(plain[k] as usize))
                    .sum();
                best = best.min(missing + 2 * (7 - pairs));
            }
            // next choice (odometer)
            let mut i = 0;
            while i < choice.len() && choice[i] == per_kind_max {
                choice[i] = 0;
                i += 1;
            }
            if i == choice.len() {
                break;
            }
            choice[i] += 1;
        }
    }
    if rules.thirteen_orphans {
        for &pair in &ORPHANS {
            let missing: usize = ORPHANS
                .iter()
                .map(|&k| (1 + usize::from(k == pair)).saturating_sub(plain[k] as usize))
                .sum();
            best = best.min(missing);
        }
    }
    let present = present_mask(plain);
    for &t in all_single_targets(rules) {
        best = best.min(14 - (t & present).count_ones() as usize);
    }
    best
}

/// The advice figures of a 13-3k hand by the definitions, with nothing but the single-hand
/// [`crate::algo::Evaluator::shanten`] on every hand one draw and one discard away:
/// `(shanten, effective (kind, unseen), improving (kind, unseen, raises_to), average one
/// step ahead)`. The reference of [`crate::algo::advice`].
#[allow(clippy::type_complexity)]
pub fn advice_13(
    eval: &crate::algo::Evaluator,
    h: &Counts,
    jing: Jing,
    melds: u8,
    unseen: &Counts,
) -> (i8, Vec<(usize, u8)>, Vec<(usize, u8, u32)>, Option<f64>) {
    let sh = |c: &Counts| eval.shanten(c, jing, melds).expect("checked hand");
    let s = sh(h);
    let effective_of = |c: &Counts, u: &Counts| -> u32 {
        let s = sh(c);
        let mut total = 0;
        for k in 0..NUM_KINDS {
            if c[k] < 4 {
                let mut d = *c;
                d[k] += 1;
                if sh(&d) < s {
                    total += u32::from(u[k]);
                }
            }
        }
        total
    };
    let total = effective_of(h, unseen);
    let mut effective = Vec::new();
    let mut improving = Vec::new();
    let mut weighted = 0u64;
    for k in 0..NUM_KINDS {
        if h[k] >= 4 {
            continue;
        }
        let mut h14 = *h;
        h14[k] += 1;
        let lowers = sh(&h14) < s;
        if lowers {
            effective.push((k, unseen[k]));
        }
        if unseen[k] == 0 || lowers && s == 0 {
            continue;
        }
        let mut next = *unseen;
        next[k] -= 1;
        let target = sh(&h14);
        let mut best = 0;
        for d in 0..NUM_KINDS {
            if h14[d] == 0 {
                continue;
            }
            let mut h13 = h14;
            h13[d] -= 1;
            if sh(&h13) == target {
                best = best.max(effective_of(&h13, &next));
            }
        }
        if lowers {
            weighted += u64::from(unseen[k]) * u64::from(best);
        } else if best > total {
            improving.push((k, unseen[k], best));
        }
    }
    let average = (s > 0 && total > 0).then(|| weighted as f64 / f64::from(total));
    (s, effective, improving, average)
}
