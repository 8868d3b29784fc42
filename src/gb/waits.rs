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
/// 13; at 13 seven pairs count too). A kind counts as waited on even when all four of it are
/// already held (as PyMahjongGB counts it).
///
/// Fast form of [`unique_wait_search`] for counts that do not wrap: a kind is waited on when
/// adding it completes the tiles (melds and a pair, or at 13 seven pairs), each suit checked
/// on its own and the suits the candidate leaves alone checked once.
pub fn unique_wait(tiles: &Table, n: usize, win: usize) -> bool {
    let held = (0..34).fold(0u64, |m, k| m | u64::from(tiles[k] != 0) << k);
    unique_wait_held(tiles, held, n, win)
}

/// [`unique_wait`] with `held` the mask of the kinds `tiles` holds (bit k: `tiles[k]` is not
/// 0), which the caller has at hand.
pub fn unique_wait_held(tiles: &Table, held: u64, n: usize, win: usize) -> bool {
    debug_assert_eq!(
        held,
        (0..34).fold(0u64, |m, k| m | u64::from(tiles[k] != 0) << k)
    );
    let mut t = *tiles;
    if t[win] == 0 {
        return unique_wait_search(tiles, n, win);
    }
    t[win] -= 1;
    if n == 1 {
        return true; // one tile left: it waits on its own kind only
    }
    // seven pairs: 13 tiles with one odd count (asked only at 13)
    let odd = if n == 13 {
        t.iter().filter(|&&c| c % 2 == 1).count()
    } else {
        0
    };
    // each suit's tile count, and each numbered suit's base-5 key (its counts, 0-4 each)
    let mut sums = [0u16; 4];
    let mut keys = [0usize; 3];
    for (s, sum) in sums.iter_mut().enumerate() {
        let (lo, hi) = bounds(s);
        *sum = t[lo..hi].iter().sum();
        if s < 3 {
            keys[s] = t[lo..hi]
                .iter()
                .zip(POW5)
                .map(|(&c, p)| usize::from(c) * p)
                .sum();
        }
    }
    let table = suit_table();
    let numbered_ok =
        |key: usize, pair: bool| (table[key / 4] >> (2 * (key % 4))) & (1 + u8::from(pair)) != 0;
    // each suit's answer without the candidate (melds only, melds and the pair), when asked
    let mut memo: [[Option<bool>; 2]; 4] = [[None; 2]; 4];
    let mut found = 0;
    let held_t = if t[win] == 0 {
        held & !(1 << win)
    } else {
        held
    };
    // for a candidate in suit `sw`: whether the suits' tile counts can then be four melds and
    // a pair (each a multiple of three but one, which is two more), and which suit has the pair
    let mut sums_ok = [false; 4];
    let mut pair_suit = [[false; 4]; 4];
    for sw in 0..4 {
        let mut pairs = 0;
        let mut ok = true;
        for (s, &base) in sums.iter().enumerate() {
            match (base + u16::from(s == sw)) % 3 {
                0 => {}
                2 => {
                    pairs += 1;
                    pair_suit[sw][s] = true;
                }
                _ => ok = false,
            }
        }
        sums_ok[sw] = ok && pairs == 1;
    }
    let mut candidates = near_kinds(held_t);
    while candidates != 0 {
        let w = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let sw = if w < 27 { w / 9 } else { 3 };
        let seven = n == 13 && odd == 1 && (t[w] + 1).is_multiple_of(2);
        let wins = seven
            || sums_ok[sw]
                && (0..4).all(|s| {
                    let pair = pair_suit[sw][s];
                    let (lo, hi) = bounds(s);
                    if s == sw {
                        if s < 3 && t[w] < 4 {
                            // the suit with the candidate added: its key plus one of that rank
                            numbered_ok(keys[s] + POW5[w % 9], pair)
                        } else {
                            t[w] += 1;
                            let ok = suit_ok(&t[lo..hi], s == 3, pair);
                            t[w] -= 1;
                            ok
                        }
                    } else {
                        *memo[s][usize::from(pair)].get_or_insert_with(|| {
                            if s < 3 {
                                numbered_ok(keys[s], pair)
                            } else {
                                suit_ok(&t[lo..hi], true, pair)
                            }
                        })
                    }
                });
        if wins {
            found += 1;
            if found > 1 {
                return false;
            }
        }
    }
    found == 1
}

/// Bit k set for the kinds that can complete melds with the kinds of `held` (bit k: kind k
/// held): those held and, in a numbered
/// suit, those one or two ranks from a held one (the same suit). Walking its set bits visits
/// the candidates in kind order, as the loop over all 34 did, without a branch per kind.
fn near_kinds(held: u64) -> u64 {
    // rank r of a suit is bit 9s + r - 1; masks of the numbered suits' ranks 1, 2, 8, 9
    const NUMBERED: u64 = (1 << 27) - 1;
    const R1: u64 = 1 | 1 << 9 | 1 << 18;
    const R2: u64 = R1 << 1;
    const R8: u64 = R1 << 7;
    const R9: u64 = R1 << 8;
    let n = held & NUMBERED;
    let up = ((n << 1) & !R1) | ((n << 2) & !(R1 | R2)); // a held tile one or two below
    let down = ((n >> 1) & !R9) | ((n >> 2) & !(R8 | R9)); // one or two above
    held | ((up | down) & NUMBERED)
}

fn bounds(s: usize) -> (usize, usize) {
    if s < 3 {
        (s * 9, s * 9 + 9)
    } else {
        (27, 34)
    }
}

/// Powers of five: a numbered suit's counts (0-4 each) as one base-5 number.
const POW5: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/// How many base-5 keys a numbered suit has (5^9).
const SUIT_KEYS: usize = 5 * POW5[8];

/// Two bits per numbered-suit key: bit 0 "melds only", bit 1 "melds and a pair", for every
/// suit of at most 14 tiles (four melds and a pair; a hand holds no more). 488 KB, built once
/// on first use from the melds themselves (a few tens of thousands of steps), never grown.
fn suit_table() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Box<[u8]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut bits = vec![0u8; SUIT_KEYS.div_ceil(4)].into_boxed_slice();
        let mut c = [0u8; 9];
        fill_suit(&mut c, 0, 0, 1, &mut bits);
        for pair in 0..9 {
            c[pair] = 2;
            fill_suit(&mut c, 0, 0, 2, &mut bits);
            c[pair] = 0;
        }
        bits
    })
}

/// Marks `c` and every suit made from it by adding up to `4 - depth` more melds (meld types
/// from `start` on: 0-8 the pung of that rank, 9-15 the chow from rank `type - 9`).
fn fill_suit(c: &mut [u8; 9], start: usize, depth: usize, bit: u8, bits: &mut [u8]) {
    let key: usize = c.iter().zip(POW5).map(|(&x, p)| usize::from(x) * p).sum();
    bits[key / 4] |= bit << (2 * (key % 4));
    if depth == 4 {
        return;
    }
    for m in start..16 {
        let (first, len, each) = if m < 9 { (m, 1, 3) } else { (m - 9, 3, 1) };
        if c[first..first + len].iter().any(|&x| x + each > 4) {
            continue;
        }
        c[first..first + len].iter_mut().for_each(|x| *x += each);
        fill_suit(c, m, depth + 1, bit, bits);
        c[first..first + len].iter_mut().for_each(|x| *x -= each);
    }
}

/// Whether one suit's counts are melds (and a pair, with `pair`).
fn suit_ok(counts: &[u16], honors: bool, pair: bool) -> bool {
    if !honors && counts.len() == 9 && counts.iter().all(|&c| c <= 4) {
        let key: usize = counts
            .iter()
            .zip(POW5)
            .map(|(&x, p)| usize::from(x) * p)
            .sum();
        let tiles: u16 = counts.iter().sum();
        if tiles <= 14 {
            let mask = if pair { 2 } else { 1 };
            return (suit_table()[key / 4] >> (2 * (key % 4))) & mask != 0;
        }
    }
    suit_ok_by_search(counts, honors, pair)
}

/// [`suit_ok`] by taking melds from the lowest tile up (counts above four, honors).
fn suit_ok_by_search(counts: &[u16], honors: bool, pair: bool) -> bool {
    let mut c = [0u16; 9];
    c[..counts.len()].copy_from_slice(counts);
    let c = &mut c[..counts.len()];
    if !pair {
        return melds_only(c, honors);
    }
    (0..c.len()).any(|p| {
        if c[p] < 2 {
            return false;
        }
        let mut d = [0u16; 9];
        d[..c.len()].copy_from_slice(c);
        d[p] -= 2;
        melds_only(&mut d[..c.len()], honors)
    })
}

/// Melds only, from the lowest tile up: its count less the pungs it starts are chows.
fn melds_only(c: &mut [u16], honors: bool) -> bool {
    for i in 0..c.len() {
        let n = c[i] % 3;
        if n == 0 {
            continue;
        }
        if honors || i + 2 >= c.len() || c[i + 1] < n || c[i + 2] < n {
            return false;
        }
        c[i + 1] -= n;
        c[i + 2] -= n;
    }
    true
}

/// The wait search as PyMahjongGB runs it (16-bit counts that may wrap), for the tiles left
/// beside a 组合龙, which need not hold the winning tile.
pub fn unique_wait_search(tiles: &Table, n: usize, win: usize) -> bool {
    let mut t = *tiles;
    t[win] = t[win].wrapping_sub(1);
    let mut waits = [false; 34];
    if n == 13 {
        seven_pairs_wait(&t, &mut waits);
    }
    regular_waits(&mut t, n as isize, 0, &mut waits);
    waits.iter().filter(|&&w| w).count() == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::Config;

    /// `n + 1` tiles (GB order, at most four of a kind) and one of them as the winning tile.
    fn hand() -> impl Strategy<Value = (Table, usize, usize)> {
        (
            prop_oneof![Just(1usize), Just(4), Just(7), Just(10), Just(13)],
            any::<u64>(),
        )
            .prop_map(|(n, seed)| {
                let mut state = seed | 1;
                let mut next = move |m: usize| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % m as u64) as usize
                };
                // bias towards few kinds (one or two suits) so that waits are often close
                let span = [9, 18, 27, 34][next(4)];
                let base = if span == 34 {
                    0
                } else {
                    9 * next(4 - span / 9)
                };
                let mut t = [0u16; 34];
                let mut placed = 0;
                while placed < n + 1 {
                    let k = (base + next(span)).min(33);
                    if t[k] < 4 {
                        t[k] += 1;
                        placed += 1;
                    }
                }
                let held: Vec<usize> = (0..34).filter(|&k| t[k] > 0).collect();
                let win = held[next(held.len())];
                (t, n, win)
            })
    }

    proptest! {
        #![proptest_config(Config { cases: 20_000, failure_persistence: None, ..Config::default() })]

        /// The suit table agrees with taking melds from the lowest tile up, for every suit of
        /// at most 14 tiles.
        #[test]
        fn suit_table_matches_the_search(
            ranks in proptest::collection::vec(0usize..9, 0..=14),
            pair in any::<bool>(),
        ) {
            let mut c = [0u16; 9];
            for r in ranks {
                c[r] = (c[r] + 1).min(4);
            }
            prop_assert_eq!(suit_ok(&c, false, pair), suit_ok_by_search(&c, false, pair));
        }

        /// The candidate mask holds exactly the kinds held or one or two ranks from a held
        /// one in the same numbered suit (the per-kind test it replaced).
        #[test]
        fn near_kinds_match_the_per_kind_test(bits in any::<u64>()) {
            let mut t = [0u16; 34];
            for (k, c) in t.iter_mut().enumerate() {
                *c = u16::from(bits >> k & 1 == 1);
            }
            let want = (0..34).fold(0u64, |m, w| {
                let near = t[w] != 0
                    || (w < 27 && {
                        let r = w % 9;
                        (r >= 1 && t[w - 1] != 0)
                            || (r >= 2 && t[w - 2] != 0)
                            || (r <= 7 && t[w + 1] != 0)
                            || (r <= 6 && t[w + 2] != 0)
                    });
                m | u64::from(near) << w
            });
            prop_assert_eq!(near_kinds(bits & ((1 << 34) - 1)), want);
        }

        /// The per-suit check agrees with PyMahjongGB's search wherever the winning tile is held.
        #[test]
        fn unique_wait_matches_the_search((t, n, win) in hand()) {
            prop_assert_eq!(unique_wait(&t, n, win), unique_wait_search(&t, n, win));
        }
    }
}
