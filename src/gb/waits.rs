//! 独听 (a single winning tile): whether the hand before its winning tile waited on one kind
//! only, which 边张, 嵌张 and 单钓将 need.
//!
//! The search follows the wait the way PyMahjongGB computes it, counts as 16-bit numbers
//! included: for the 组合龙 shape the caller asks about the five tiles outside the knitted
//! straight, which need not hold the winning tile; its count then wraps below zero, and the
//! answer that gives is the one PyMahjongGB reports (tests cross-check it on random hands).

use super::tiles::{numbered, rank};
use crate::tables::{compact_row, compact_rows};

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
///
/// Each suit is looked at once: for a numbered suit its [`wait_row`] says which ranks, added,
/// leave it melds only or melds and a pair; the honors are checked kind by kind. A kind is a
/// wait when the suit it joins becomes what the suits' tile counts then require of it (the one
/// suit whose count is two more than a multiple of three holds the pair) and every other suit
/// already is.
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
    // seven pairs (asked only at 13): with one kind of odd count, that kind
    let mut waits = 0u64;
    if n == 13 {
        let odd = (0..34).fold(0u64, |m, k| m | u64::from(t[k] % 2 == 1) << k);
        if odd.count_ones() == 1 {
            waits |= odd;
        }
    }
    // per suit: its tile count, whether it is melds only / melds and a pair as it is, and the
    // kinds (bit = rank, 0-8) whose addition makes it melds only / melds and a pair
    let mut sums = [0u16; 4];
    let mut ok = [[false; 2]; 4];
    let mut adds = [[0u32; 2]; 4];
    for s in 0..3 {
        let suit: &[u16; 9] = t[s * 9..s * 9 + 9].try_into().unwrap_or(&[0; 9]);
        sums[s] = suit.iter().sum();
        let row = if sums[s] == 0 {
            EMPTY_SUIT_ROW
        } else {
            wait_row(suit)
        };
        adds[s] = [row & 0x1FF, row >> 9 & 0x1FF];
        ok[s] = [row >> 18 & 1 == 1, row >> 19 & 1 == 1];
    }
    let honors: &[u16; 7] = t[27..34].try_into().unwrap_or(&[0; 7]);
    sums[3] = honors.iter().sum();
    let row = honor_row(honors);
    adds[3] = [row & 0x7F, row >> 9 & 0x7F];
    ok[3] = [row >> 18 & 1 == 1, row >> 19 & 1 == 1];
    // a tile added to suit `sw` moves its count's remainder by three up by one; the counts
    // must then be multiples of three but one, two more (the suit of the pair)
    let rem = sums.map(|x| x % 3);
    let ones = rem.iter().filter(|&&r| r == 1).count();
    let twos = rem.iter().filter(|&&r| r == 2).count();
    for sw in 0..4 {
        let pair = match rem[sw] {
            1 if ones == 1 && twos == 0 => sw,
            2 if ones == 0 && twos == 2 => match (0..4).find(|&s| s != sw && rem[s] == 2) {
                Some(s) => s,
                None => continue,
            },
            _ => continue,
        };
        let others_fit = (0..4).all(|s| s == sw || ok[s][usize::from(s == pair)]);
        if others_fit {
            waits |= u64::from(adds[sw][usize::from(pair == sw)]) << (sw * 9);
        }
    }
    waits.count_ones() == 1
}

/// The [`wait_row`] of a suit with no tiles: melds only (none), and no single tile completes it.
const EMPTY_SUIT_ROW: u32 = 1 << 18;

/// [`unique_wait_held`] for tiles that divide into melds and a pair (the caller holds a
/// reading of them): every suit the winning tile leaves alone then fits as it is, so only the
/// winning tile's suit is looked up, and the pair's suit when that is another one.
///
/// Taking the winning tile away leaves its suit one tile short of what it was. If it held the
/// pair, that suit alone is short, and the waits are the ranks that give it back melds and a
/// pair. Otherwise its suit and the pair's are both two over a multiple of three: a wait is
/// either a rank that makes the winning tile's suit melds only (the pair staying where it was),
/// or, when that suit is now melds and a pair, a rank that makes the pair's suit melds only.
pub fn unique_wait_divided(tiles: &Table, n: usize, win: usize) -> bool {
    debug_assert!(tiles[win] > 0);
    if n == 1 {
        return true; // one tile left: it waits on its own kind only
    }
    let mut t = *tiles;
    t[win] -= 1;
    // seven pairs (asked only at 13): with one kind of odd count, that kind
    let mut waits = 0u64;
    if n == 13 {
        let odd = (0..34).fold(0u64, |m, k| m | u64::from(t[k] % 2 == 1) << k);
        if odd.count_ones() == 1 {
            waits |= odd;
        }
    }
    let suit_of = |k: usize| if k < 27 { k / 9 } else { 3 };
    let w = suit_of(win);
    let (adds_w, ok_w) = suit_row(&t, w);
    let sums: [u16; 4] = std::array::from_fn(|s| {
        let range = if s < 3 { s * 9..s * 9 + 9 } else { 27..34 };
        t[range].iter().sum()
    });
    if sums[w] % 3 == 1 {
        waits |= u64::from(adds_w[1]) << (w * 9);
    } else if let Some(p) = (0..4).find(|&s| s != w && sums[s] % 3 == 2) {
        waits |= u64::from(adds_w[0]) << (w * 9);
        if ok_w[1] {
            let (adds_p, _) = suit_row(&t, p);
            waits |= u64::from(adds_p[0]) << (p * 9);
        }
    }
    waits.count_ones() == 1
}

/// Suit `s` (3: the honors) of `t`: the ranks whose addition leaves it melds only / melds and a
/// pair, and whether it is melds only / melds and a pair as it is ([`wait_row`],
/// [`honor_row`]).
fn suit_row(t: &Table, s: usize) -> ([u32; 2], [bool; 2]) {
    let row = if s == 3 {
        let honors: &[u16; 7] = t[27..34].try_into().unwrap_or(&[0; 7]);
        honor_row(honors)
    } else {
        let suit: &[u16; 9] = t[s * 9..s * 9 + 9].try_into().unwrap_or(&[0; 9]);
        if suit.iter().all(|&c| c == 0) {
            EMPTY_SUIT_ROW
        } else {
            wait_row(suit)
        }
    };
    (
        [row & 0x1FF, row >> 9 & 0x1FF],
        [row >> 18 & 1 == 1, row >> 19 & 1 == 1],
    )
}

/// [`wait_row`] for the honors (bits 0-6 the kinds E S W N 中 发 白, GB order), from each
/// count's remainder by three: honors make pungs and a pair only, so the honors are melds only
/// when every count is a multiple of three, melds and a pair when one count is two more than
/// one (2 or 5) and the rest are multiples; one added tile moves its kind's remainder up by
/// one. Held kinds only are ever added (an unheld one completes nothing).
fn honor_row(h: &[u16; 7]) -> u32 {
    let (mut m0, mut m1, mut m2) = (0u32, 0u32, 0u32);
    for (k, &c) in h.iter().enumerate() {
        match c % 3 {
            0 => m0 |= 1 << k,
            1 => m1 |= 1 << k,
            _ => m2 |= 1 << k,
        }
    }
    let all = 0x7F;
    let ok0 = m0 == all;
    let ok1 = m2.count_ones() == 1 && m0 | m2 == all;
    // melds only after the addition: the one kind two over a multiple becomes a multiple
    let add0 = if ok1 { m2 } else { 0 };
    // melds and a pair after it: the one kind one over becomes two over, the rest multiples;
    // or one of two kinds two over becomes a multiple, leaving the other as the pair
    let add1 = if m1.count_ones() == 1 && m2 == 0 {
        m1
    } else if m2.count_ones() == 2 && m1 == 0 {
        m2
    } else {
        0
    };
    add0 | add1 << 9 | u32::from(ok0) << 18 | u32::from(ok1) << 19
}

/// Rows of [`wait_row`], filled on first use of each (0: not yet; bit 31 set once filled), so
/// that no call waits for the whole table.
fn wait_rows() -> &'static [std::sync::atomic::AtomicU32] {
    static ROWS: std::sync::OnceLock<Box<[std::sync::atomic::AtomicU32]>> =
        std::sync::OnceLock::new();
    ROWS.get_or_init(|| {
        (0..compact_rows())
            .map(|_| std::sync::atomic::AtomicU32::new(0))
            .collect()
    })
}

/// For one numbered suit's counts (at most 14 tiles, 0-4 each): bits 0-8, the ranks whose
/// addition leaves the suit melds only; bits 9-17, melds and a pair; bit 18, the suit is melds
/// only as it is; bit 19, melds and a pair (a rank held four times counts as added too: five
/// are a pung and a pair, as PyMahjongGB's search has it). Suits outside that range are worked
/// out on the spot.
fn wait_row(c: &[u16; 9]) -> u32 {
    let tiles: u16 = c.iter().sum();
    if tiles > 14 || c.iter().any(|&x| x > 4) {
        return wait_row_of(c);
    }
    // the shape tables' compact index of suits of at most 14 tiles
    let i = compact_row(&c.map(|x| x as u8));
    let cell = &wait_rows()[i];
    let row = cell.load(std::sync::atomic::Ordering::Relaxed);
    if row != 0 {
        return row & !(1 << 31);
    }
    let row = wait_row_of(c);
    cell.store(row | 1 << 31, std::sync::atomic::Ordering::Relaxed);
    row
}

/// [`wait_row`] worked out from [`suit_ok`].
fn wait_row_of(c: &[u16; 9]) -> u32 {
    let mut row =
        u32::from(suit_ok(c, false, false)) << 18 | u32::from(suit_ok(c, false, true)) << 19;
    let mut d = *c;
    for r in 0..9 {
        d[r] += 1;
        row |= u32::from(suit_ok(&d, false, false)) << r
            | u32::from(suit_ok(&d, false, true)) << (9 + r);
        d[r] -= 1;
    }
    row
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

    /// `n + 1` tiles (GB order) that divide into melds and a pair, and one of them as the
    /// winning tile: melds and the pair drawn near one another so that waits overlap.
    fn divided_hand() -> impl Strategy<Value = (Table, usize, usize)> {
        (
            prop_oneof![Just(1usize), Just(4), Just(7), Just(10), Just(13)],
            proptest::collection::vec((0usize..34, any::<bool>()), 5),
            0usize..14,
        )
            .prop_filter_map("a fifth copy", |(n, blocks, pick)| {
                let mut t = [0u16; 34];
                let (pair, melds) = (blocks[0].0, &blocks[1..=(n - 1) / 3]);
                t[pair] += 2;
                for &(k, chow) in melds {
                    if chow && k < 27 && k % 9 <= 6 {
                        (k..k + 3).for_each(|x| t[x] += 1);
                    } else {
                        t[k] += 3;
                    }
                }
                if t.iter().any(|&c| c > 4) {
                    return None;
                }
                let held: Vec<usize> = (0..34).filter(|&k| t[k] > 0).collect();
                Some((t, n, held[pick % held.len()]))
            })
    }

    proptest! {
        #![proptest_config(Config { cases: 20_000, failure_persistence: None, ..Config::default() })]

        /// On tiles that divide, looking up only the winning tile's suit (and the pair's)
        /// finds what looking at every suit finds.
        #[test]
        fn unique_wait_divided_matches_every_suit((t, n, win) in divided_hand()) {
            let held = (0..34).fold(0u64, |m, k| m | u64::from(t[k] != 0) << k);
            prop_assert_eq!(unique_wait_divided(&t, n, win), unique_wait_held(&t, held, n, win));
        }

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

        /// A suit's wait row, looked up, is the one worked out from its melds.
        #[test]
        fn wait_rows_match_their_working(ranks in proptest::collection::vec(0usize..9, 0..=14)) {
            let mut c = [0u16; 9];
            for r in ranks {
                c[r] = (c[r] + 1).min(4);
            }
            prop_assert_eq!(wait_row(&c), wait_row_of(&c));
            prop_assert_eq!(wait_row(&c), wait_row_of(&c)); // filled now: read back
        }

        /// The honors' row from remainders is the one worked out from their melds, held kinds
        /// added (and a suit with no tiles has the constant row).
        #[test]
        fn honor_rows_match_their_working(counts in proptest::array::uniform7(0u16..=4)) {
            let mut h = counts;
            let mut want = u32::from(suit_ok(&h, true, false)) << 18
                | u32::from(suit_ok(&h, true, true)) << 19;
            for k in 0..7 {
                if h[k] == 0 {
                    continue;
                }
                h[k] += 1;
                want |= u32::from(suit_ok(&h, true, false)) << k
                    | u32::from(suit_ok(&h, true, true)) << (9 + k);
                h[k] -= 1;
            }
            prop_assert_eq!(honor_row(&counts), want);
            prop_assert_eq!(wait_row_of(&[0; 9]), EMPTY_SUIT_ROW);
        }

        /// The per-suit check agrees with PyMahjongGB's search wherever the winning tile is held.
        #[test]
        fn unique_wait_matches_the_search((t, n, win) in hand()) {
            prop_assert_eq!(unique_wait(&t, n, win), unique_wait_search(&t, n, win));
        }
    }
}
