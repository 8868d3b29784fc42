//! 独听 (a single winning tile): whether the hand before its winning tile waited on one kind
//! only, which 边张, 嵌张 and 单钓将 need.
//!
//! The search follows the wait the way PyMahjongGB computes it, counts as 16-bit numbers
//! included: for the 组合龙 shape the caller asks about the five tiles outside the knitted
//! straight, which need not hold the winning tile; its count then wraps below zero, and the
//! answer that gives is the one PyMahjongGB reports (tests cross-check it on random hands).

use super::tiles::{numbered, rank};

type Table = [u16; 34];

fn eigen(a: usize, b: usize, c: usize) -> u32 {
    ((a as u32 + 1) << 16) | ((b as u32 + 1) << 8) | (c as u32 + 1)
}

fn seven_pairs_wait(t: &Table, waits: &mut [bool; 34]) {
    let pairs: u32 = t
        .iter()
        .map(|&c| match c {
            2 | 3 => 1,
            4 => 2,
            _ => 0,
        })
        .sum();
    if pairs == 6 {
        if let Some(k) = (0..34).find(|&k| t[k] == 1 || t[k] == 3) {
            waits[k] = true;
        }
    }
}

/// The two tiles left after a pair: a pair of them, or a partial chow.
fn partial_wait(t: &Table, waits: &mut [bool; 34]) {
    for k in 0..34 {
        if t[k] < 1 {
            continue;
        }
        if t[k] > 1 {
            waits[k] = true;
            return;
        }
        if numbered(k) {
            let r = rank(k);
            if r > 1 && t[k - 1] != 0 {
                if r < 9 {
                    waits[k + 1] = true;
                }
                if r > 2 {
                    waits[k - 2] = true;
                }
                return;
            }
            if r > 2 && t[k - 2] != 0 {
                waits[k - 1] = true;
                return;
            }
        }
    }
}

fn regular_waits(t: &mut Table, n: isize, prev: u32, waits: &mut [bool; 34]) {
    if n == 1 {
        if let Some(k) = (0..34).find(|&k| t[k] == 1) {
            waits[k] = true;
        }
        return;
    }
    if n == 4 {
        for k in 0..34 {
            if t[k] < 2 {
                continue;
            }
            t[k] = t[k].wrapping_sub(2);
            partial_wait(t, waits);
            t[k] = t[k].wrapping_add(2);
        }
    }
    for k in 0..34 {
        if t[k] < 1 {
            continue;
        }
        if t[k] > 2 {
            let e = eigen(k, k, k);
            if e > prev {
                t[k] = t[k].wrapping_sub(3);
                regular_waits(t, n - 3, e, waits);
                t[k] = t[k].wrapping_add(3);
            }
        }
        if numbered(k) && rank(k) < 8 && t[k + 1] != 0 && t[k + 2] != 0 {
            let e = eigen(k, k + 1, k + 2);
            if e >= prev {
                for d in 0..3 {
                    t[k + d] = t[k + d].wrapping_sub(1);
                }
                regular_waits(t, n - 3, e, waits);
                for d in 0..3 {
                    t[k + d] = t[k + d].wrapping_add(1);
                }
            }
        }
    }
}

/// Whether `tiles` (the concealed tiles with the winning tile, GB order) less the winning
/// tile waited on exactly one kind; `n` is the count without the winning tile (1, 4, 7, 10 or
/// 13; at 13 seven pairs count too).
pub fn unique_wait(tiles: &Table, n: usize, win: usize) -> bool {
    let mut t = *tiles;
    t[win] = t[win].wrapping_sub(1);
    let mut waits = [false; 34];
    if n == 13 {
        seven_pairs_wait(&t, &mut waits);
    }
    regular_waits(&mut t, n as isize, 0, &mut waits);
    waits.iter().filter(|&&w| w).count() == 1
}
