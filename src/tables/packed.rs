//! The shape tables as the build embeds them: the replacement numbers of chosen lanes, four
//! bits each, row after row.
//!
//! `build.rs` runs [`super::generate`] and writes the packed lanes; the library expands them on
//! first use (a few milliseconds, where generating takes 150) and adds the statistics lanes,
//! which are sums over kinds. Every replacement number is at most 14 (a group's largest target
//! is 4 blocks and a pair), so a nibble holds it, with 15 standing for INF.
//!
//! This file is also compiled into the build script: it uses nothing else of the crate.

use super::generate::{Row, INF};

/// Largest number of tiles one suit can hold in a 14-tile hand.
pub const MAX_SUIT_TILES: usize = 14;

/// The sum of the base-5 digits of `v`: the tiles of a count vector's index.
pub const fn digit_sum(mut v: usize) -> usize {
    let mut s = 0;
    while v > 0 {
        s += v % 5;
        v /= 5;
    }
    s
}

/// The 625 vectors of numbers 5-8 (base-5 values), fewest tiles first.
pub fn lo_by_tiles() -> Vec<usize> {
    let mut lo: Vec<usize> = (0..625).collect();
    lo.sort_by_key(|&v| (digit_sum(v), v));
    lo
}

/// The row order of a compact suit table: every split index (`hi`: numbers 1-4 in base 5 plus
/// 625 x the 9s; `lo`: numbers 5-8) of a suit holding at most 14 tiles, by `hi`, then `lo`
/// fewest tiles first (see `CompactIndex` in the parent module).
pub fn compact_order() -> impl Iterator<Item = (usize, usize)> {
    let lo = lo_by_tiles();
    (0..3125)
        .filter(|&hi| digit_sum(hi) <= MAX_SUIT_TILES)
        .flat_map(move |hi| {
            let room = MAX_SUIT_TILES - digit_sum(hi);
            let fit: Vec<usize> = lo
                .iter()
                .copied()
                .take_while(|&v| digit_sum(v) <= room)
                .collect();
            fit.into_iter().map(move |v| (hi, v))
        })
}

/// The plain base-5 index (numbers 1-9, 1 lowest) of split index (`hi`, `lo`).
pub const fn full_index(hi: usize, lo: usize) -> usize {
    hi % 625 + 625 * lo + 390_625 * (hi / 625)
}

/// The nibble written for INF.
const NIBBLE_INF: u8 = 15;

/// Packs lanes `lanes` of `rows` as planes, four bits a value: all rows' first lane, then
/// all rows' second lane, and so on, each plane starting on a byte (low nibble first). Planes
/// compress about a third better than rows in the wheel's zip. With `minus`, each value is
/// stored less that row's value in `minus` (which must be no larger): the 258 table's pair
/// lanes are the plain table's plus 0-2.
pub fn pack(rows: &[Row], lanes: std::ops::Range<usize>, minus: Option<&[Row]>) -> Vec<u8> {
    let plane = rows.len().div_ceil(2);
    let mut out = vec![0u8; plane * lanes.len()];
    for (k, lane) in lanes.enumerate() {
        for (i, row) in rows.iter().enumerate() {
            let mut v = row.0[lane];
            if let Some(base) = minus {
                let b = base[i].0[lane];
                assert!(b <= v && b != INF, "row {i} lane {lane}: {v} less {b}");
                v -= b;
            } else if v == INF {
                v = NIBBLE_INF;
            }
            assert!(
                v < NIBBLE_INF || (minus.is_none() && v == NIBBLE_INF),
                "lane {lane}: {v}"
            );
            out[k * plane + i / 2] |= v << (4 * (i % 2));
        }
    }
    out
}

/// Tables packed by [`pack`]: `rows` rows of `width` lanes.
pub struct Planes {
    bytes: &'static [u8],
    plane: usize,
    width: usize,
}

impl Planes {
    /// The packed bytes of a table of `rows` rows and `width` lanes.
    pub const fn new(bytes: &'static [u8], rows: usize, width: usize) -> Planes {
        assert!(
            bytes.len() == rows.div_ceil(2) * width,
            "packed table of another size"
        );
        Planes {
            bytes,
            plane: rows.div_ceil(2),
            width,
        }
    }

    /// Writes the packed lanes of every row into `rows` from lane `first` on (with `add`, adds
    /// them: a table packed with `minus`). Two rows share each byte of a plane.
    pub fn unpack_all(&self, rows: &mut [Row], first: usize, add: bool) {
        assert_eq!(
            rows.len().div_ceil(2),
            self.plane,
            "a table of another size"
        );
        let lane = |v: u8| if v == NIBBLE_INF { INF } else { v };
        for (pair, two) in rows.chunks_mut(2).enumerate() {
            for k in 0..self.width {
                let b = self.bytes[k * self.plane + pair];
                let (a, c) = (b & 15, b >> 4);
                if add {
                    two[0].0[first + k] += a;
                    if let Some(second) = two.get_mut(1) {
                        second.0[first + k] += c;
                    }
                } else {
                    two[0].0[first + k] = lane(a);
                    if let Some(second) = two.get_mut(1) {
                        second.0[first + k] = lane(c);
                    }
                }
            }
        }
    }
}
