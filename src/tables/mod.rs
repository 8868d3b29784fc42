//! Replacement-number tables, generated on first use and shared by every call.
//!
//! Suits use a compact index over count vectors with at most 14 tiles (405,350 rows, 6.5 MB),
//! the honors a plain base-5 index (78,125 rows). See [`generate`] for how rows are computed.

pub mod generate;
pub mod stats;

use crate::tiles::Counts;
use generate::{GroupSpec, Row};
use std::sync::OnceLock;

/// Largest number of tiles one suit can hold in a 14-tile hand.
const MAX_SUIT_TILES: usize = 14;

/// A suit table in compact form: only vectors with at most 14 tiles are stored.
pub struct SuitTable {
    rows: Vec<Row>,
    index: &'static CompactIndex,
}

/// The split compact index: `base[hi] + lo_rank[lo]`, where `lo` is the base-5 value of
/// numbers 5-8 and `hi` of numbers 1-4 plus 625 x the count of 9s. (Every weight of a
/// four-number group fits a signed byte, which lets [`ShapeTables::group_indices`] compute
/// all of them with two SIMD multiply-adds.) The `lo` vectors are ranked by tile count, so
/// those that fit beside a given `hi` form a prefix of the ranking.
/// Both tables are padded to a power of two so a masked index needs no bounds check.
struct CompactIndex {
    base: Box<[u32; 4096]>,
    lo_rank: Box<[u32; 1024]>,
    /// How many rows it indexes.
    rows: usize,
}

fn digit_sum(mut v: usize) -> usize {
    let mut s = 0;
    while v > 0 {
        s += v % 5;
        v /= 5;
    }
    s
}

fn compact_index() -> &'static CompactIndex {
    static INDEX: OnceLock<CompactIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut lo: Vec<usize> = (0..625).collect();
        lo.sort_by_key(|&v| (digit_sum(v), v));
        let mut lo_rank = Box::new([0u32; 1024]);
        for (rank, &v) in lo.iter().enumerate() {
            lo_rank[v] = rank as u32;
        }
        // fits[r] = how many lo vectors hold at most r tiles.
        let mut fits = [0u32; MAX_SUIT_TILES + 1];
        for (r, f) in fits.iter_mut().enumerate() {
            *f = (0..625).filter(|&v| digit_sum(v) <= r).count() as u32;
        }
        let mut base = Box::new([u32::MAX; 4096]);
        let mut next = 0u32;
        for (hi, b) in base.iter_mut().enumerate().take(3125) {
            let s = digit_sum(hi);
            if s <= MAX_SUIT_TILES {
                *b = next;
                next += fits[MAX_SUIT_TILES - s];
            }
        }
        CompactIndex {
            base,
            lo_rank,
            rows: next as usize,
        }
    })
}

/// The compact index of a suit's nine counts (0-4 each, at most 14 tiles in all): the row
/// of that suit in every table built on this index, below [`compact_rows`]. For tables kept
/// elsewhere (the 国标 calculator's 独听 rows).
pub(crate) fn compact_row(c: &[u8; 9]) -> usize {
    let four = |i: usize| {
        c[i] as usize + 5 * c[i + 1] as usize + 25 * c[i + 2] as usize + 125 * c[i + 3] as usize
    };
    let index = compact_index();
    index.base[(four(0) + 625 * c[8] as usize) & 4095] as usize
        + index.lo_rank[four(4) & 1023] as usize
}

/// How many rows the compact index has (405,350).
pub(crate) fn compact_rows() -> usize {
    compact_index().rows
}

impl SuitTable {
    fn build(pair_258_only: bool) -> SuitTable {
        let full = generate::generate(&GroupSpec::suit(pair_258_only));
        let index = compact_index();
        let len = index.base.iter().filter(|&&b| b != u32::MAX).count();
        let mut rows = Vec::with_capacity(len * 16);
        for (hi, &b) in index.base.iter().enumerate() {
            if b == u32::MAX {
                continue;
            }
            debug_assert_eq!(b as usize, rows.len());
            let room = MAX_SUIT_TILES - digit_sum(hi);
            let mut lo_fit: Vec<usize> = (0..625).filter(|&v| digit_sum(v) <= room).collect();
            lo_fit.sort_by_key(|&v| index.lo_rank[v]);
            // back to the generator's plain base-5 index: 1-4 low, then 5-8, then the 9s
            let full_index = |lo: usize| hi % 625 + 625 * lo + 390_625 * (hi / 625);
            rows.extend(lo_fit.iter().map(|&lo| full[full_index(lo)]));
        }
        SuitTable { rows, index }
    }

    /// Number of stored rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table is empty (never, once built).
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The row of a suit given as 9 counts holding at most 14 tiles in all.
    #[inline(always)]
    pub fn row(&self, c: &[u8]) -> &Row {
        let four = |i: usize| {
            c[i] as usize + 5 * c[i + 1] as usize + 25 * c[i + 2] as usize + 125 * c[i + 3] as usize
        };
        self.row_at(four(0) + 625 * c[8] as usize, four(4))
    }

    /// The row at split index (`hi`, `lo`); see [`CompactIndex`].
    #[inline(always)]
    pub fn row_at(&self, hi: usize, lo: usize) -> &Row {
        // Counts are at most 4, so hi < 3125 and lo < 625: the masks change nothing.
        &self.rows[self.index.base[hi & 4095] as usize + self.index.lo_rank[lo & 1023] as usize]
    }
}

/// The tables one rule set needs: a suit table and an honor table.
#[derive(Clone, Copy)]
pub struct ShapeTables {
    /// Table for each of the three suits.
    pub suit: &'static SuitTable,
    /// Table for the seven honors, base-5 indexed.
    pub honors: &'static [Row],
    /// The suit table's rows and index halves, held directly: a lookup loads them from
    /// here instead of following `suit` and its index (three dependent loads).
    suit_rows: &'static [Row],
    base: &'static [u32; 4096],
    lo_rank: &'static [u32; 1024],
}

impl ShapeTables {
    /// The tables for the given honor-sequence and pair rules, built on first use.
    pub fn get(honor_sequences: bool, pair_258_only: bool) -> ShapeTables {
        static SUIT_ANY: OnceLock<SuitTable> = OnceLock::new();
        static SUIT_258: OnceLock<SuitTable> = OnceLock::new();
        static HONORS: [OnceLock<Vec<Row>>; 4] = [const { OnceLock::new() }; 4];
        let suit = if pair_258_only {
            SUIT_258.get_or_init(|| SuitTable::build(true))
        } else {
            SUIT_ANY.get_or_init(|| SuitTable::build(false))
        };
        let slot = usize::from(honor_sequences) * 2 + usize::from(pair_258_only);
        let honors = HONORS[slot].get_or_init(|| {
            generate::generate(&GroupSpec::honors(honor_sequences, !pair_258_only))
        });
        ShapeTables {
            suit,
            honors,
            suit_rows: &suit.rows,
            base: &suit.index.base,
            lo_rank: &suit.index.lo_rank,
        }
    }

    /// The rows of the three suits and the honors of a hand.
    #[inline(always)]
    pub fn rows(&self, counts: &Counts) -> [&Row; 4] {
        let [m, p, s, z] = group_indices(counts);
        [
            self.suit_row_at(m.0, m.1),
            self.suit_row_at(p.0, p.1),
            self.suit_row_at(s.0, s.1),
            &self.honors[z.0],
        ]
    }

    /// The row of group `g` (0-2 suits, 3 honors) at its index pair from
    /// [`ShapeTables::indices`] (`.1` is unused for the honors).
    #[inline(always)]
    pub fn row_of(&self, g: usize, index: (usize, usize)) -> &Row {
        if g < 3 {
            self.suit_row_at(index.0, index.1)
        } else {
            &self.honors[index.0]
        }
    }

    /// [`SuitTable::row_at`] through the directly held pointers.
    #[inline(always)]
    fn suit_row_at(&self, hi: usize, lo: usize) -> &Row {
        // Counts are at most 4, so hi < 3125 and lo < 625: the masks change nothing.
        &self.suit_rows[self.base[hi & 4095] as usize + self.lo_rank[lo & 1023] as usize]
    }

    /// The index pairs of the four groups of a hand (see [`CompactIndex`]).
    #[inline(always)]
    pub fn indices(&self, counts: &Counts) -> [(usize, usize); 4] {
        group_indices(counts)
    }

    /// What one more tile of kind `k` adds to the index pair of its group: the hand's
    /// indices after a draw are its indices plus this, no recomputation needed.
    #[inline(always)]
    pub fn index_step(k: usize) -> (usize, usize) {
        const POW: [usize; 7] = [1, 5, 25, 125, 625, 3125, 15625];
        if k >= 27 {
            (POW[k - 27], 0)
        } else {
            match k % 9 {
                i @ 0..=3 => (POW[i], 0),
                i @ 4..=7 => (0, POW[i - 4]),
                _ => (625, 0),
            }
        }
    }

    /// The honor row of seven counts.
    #[inline(always)]
    pub fn honor_row(&self, c: &[u8]) -> &Row {
        let i = c[0] as usize
            + 5 * c[1] as usize
            + 25 * c[2] as usize
            + 125 * c[3] as usize
            + 625 * c[4] as usize
            + 3125 * c[5] as usize
            + 15625 * c[6] as usize;
        &self.honors[i]
    }
}

/// The (`hi`, `lo`) split index of each suit and the honor index (as `.0`) of a hand.
#[inline(always)]
fn group_indices(counts: &Counts) -> [(usize, usize); 4] {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    {
        simd_indices(counts)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    {
        scalar_indices(counts)
    }
}

/// The portable reference of [`group_indices`].
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    allow(dead_code)
)]
fn scalar_indices(c: &Counts) -> [(usize, usize); 4] {
    let four = |i: usize| {
        c[i] as usize + 5 * c[i + 1] as usize + 25 * c[i + 2] as usize + 125 * c[i + 3] as usize
    };
    let suit = |b: usize| (four(b) + 625 * c[b + 8] as usize, four(b + 4));
    let honors = four(27) + 625 * c[31] as usize + 3125 * c[32] as usize + 15625 * c[33] as usize;
    [suit(0), suit(9), suit(18), (honors, 0)]
}

/// [`group_indices`] with two multiply-adds: the first four and next four counts of each suit,
/// and the first four honors, are gathered into 4-byte groups, weighted 1, 5, 25, 125 and
/// summed (`pmaddubsw`, then `pmaddwd`); the 9s are added apart.
/// The last three honors ride in the fourth dword of the second vector, weighted `1, 5 | 1`
/// by `pmaddubsw` and `625 | 15625` by `pmaddwd`.
///
/// Compiled only when the build enables SSSE3 for every CPU it targets (`.cargo/config.toml`
/// selects x86-64-v2): the one condition the intrinsics below need, and the SAFETY argument
/// of each `unsafe` block.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
#[inline(always)]
fn simd_indices(c: &Counts) -> [(usize, usize); 4] {
    use std::arch::x86_64::*;
    const MP: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 0x80];
    const P_LAST: [u8; 16] = [
        0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0,
    ];
    /// Sou 1-4 and 5-8, honors 1-4, then the fifth honor (the sixth and seventh are or-ed
    /// into lanes 13 and 14).
    const SZ: [u8; 16] = [2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80];
    const WEIGHTS: [u8; 16] = [1, 5, 25, 125, 1, 5, 25, 125, 1, 5, 25, 125, 1, 5, 25, 125];
    /// The last four bytes of `SZ` (honors 5-7): `h5 + 5 h6` and `h7` ...
    const SZ_WEIGHTS: [u8; 16] = [1, 5, 25, 125, 1, 5, 25, 125, 1, 5, 25, 125, 1, 5, 1, 0];
    /// ... weighted 625 and 15625 (the other word pairs are summed with weight 1).
    const SZ_PAIRS: [i16; 8] = [1, 1, 1, 1, 1, 1, 625, 15625];
    let load = |b: &[u8]| {
        // SAFETY: `b` holds at least 16 initialised bytes (callers pass 16-byte slices);
        // the unaligned load has no alignment need.
        unsafe { _mm_loadu_si128(b.as_ptr().cast::<__m128i>()) }
    };
    let mut out = [0i32; 8];
    // SAFETY: SSSE3/SSE2 intrinsics under the module-level condition stated above; the
    // stores write 16 bytes into each half of the 32-byte `out`, the load of `SZ_PAIRS`
    // reads its 16 bytes.
    unsafe {
        let (lo16, hi16) = (load(&c[0..16]), load(&c[16..32]));
        let last_two = _mm_cvtsi32_si128(i32::from(c[32]) | i32::from(c[33]) << 8);
        let ones = _mm_set1_epi16(1);
        let mp = _mm_or_si128(
            _mm_shuffle_epi8(lo16, load(&MP)),
            _mm_shuffle_epi8(hi16, load(&P_LAST)),
        );
        let sz = _mm_or_si128(
            _mm_shuffle_epi8(hi16, load(&SZ)),
            _mm_slli_si128::<13>(last_two),
        );
        let mp = _mm_madd_epi16(_mm_maddubs_epi16(mp, load(&WEIGHTS)), ones);
        let sz = _mm_madd_epi16(
            _mm_maddubs_epi16(sz, load(&SZ_WEIGHTS)),
            _mm_loadu_si128(SZ_PAIRS.as_ptr().cast::<__m128i>()),
        );
        _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), mp);
        _mm_storeu_si128(out.as_mut_ptr().add(4).cast::<__m128i>(), sz);
    }
    let [m_a, m_lo, p_a, p_lo, s_a, s_lo, z_a, z_b] = out.map(|v| v as usize);
    [
        (m_a + 625 * c[8] as usize, m_lo),
        (p_a + 625 * c[17] as usize, p_lo),
        (s_a + 625 * c[26] as usize, s_lo),
        (z_a + z_b, 0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simd_indices_match_scalar_indices() {
        let mut x = 3u64;
        for _ in 0..100_000 {
            let mut c = [0u8; 34];
            for v in c.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *v = (x % 5) as u8;
            }
            assert_eq!(group_indices(&c), scalar_indices(&c));
        }
    }

    #[test]
    fn compact_suit_table_matches_full_table() {
        let t = ShapeTables::get(false, false);
        assert_eq!(t.suit.len(), 405_350);
        let full = generate::generate(&GroupSpec::suit(false));
        let mut checked = 0;
        for idx in (0..full.len()).step_by(7) {
            let c: Vec<u8> = (0..9).map(|i| ((idx / 5usize.pow(i)) % 5) as u8).collect();
            if c.iter().map(|&x| x as usize).sum::<usize>() <= MAX_SUIT_TILES {
                assert_eq!(*t.suit.row(&c), full[idx], "{c:?}");
                checked += 1;
            }
        }
        assert!(checked > 50_000);
    }
}
