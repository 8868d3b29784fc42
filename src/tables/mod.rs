//! Replacement-number tables, generated at build time, expanded on first use and shared by
//! every call.
//!
//! Suits use a compact index over count vectors with at most 14 tiles (405,350 rows, 6.5 MB),
//! the honors a plain base-5 index (78,125 rows). See [`generate`] for how rows are computed
//! and [`packed`] for how the build embeds them.

pub mod generate;
pub mod packed;
pub mod stats;

use crate::tiles::Counts;
use generate::{Row, INF};
use packed::{digit_sum, MAX_SUIT_TILES};
use std::sync::OnceLock;

/// The packed tables `build.rs` writes (see [`packed`]).
mod embedded {
    use super::packed::Planes;
    /// Suits (compact order), lanes 0-9.
    pub static SUIT_ANY: Planes = Planes::new(
        include_bytes!(concat!(env!("OUT_DIR"), "/suit_any.bin")),
        405_350,
        10,
    );
    /// Suits under the 258 pair rule, lanes 5-9, less [`SUIT_ANY`]'s.
    pub static SUIT_258_PAIRS: Planes = Planes::new(
        include_bytes!(concat!(env!("OUT_DIR"), "/suit_258_pairs.bin")),
        405_350,
        5,
    );
    /// Honors (base 5), lanes 0-9, without and with honor sequences.
    pub static HONORS: Planes = Planes::new(
        include_bytes!(concat!(env!("OUT_DIR"), "/honors.bin")),
        78_125,
        10,
    );
    pub static HONORS_SEQ: Planes = Planes::new(
        include_bytes!(concat!(env!("OUT_DIR"), "/honors_seq.bin")),
        78_125,
        10,
    );
}

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
    /// `fits[r]`: how many `lo` vectors hold at most `r` tiles.
    fits: [u32; MAX_SUIT_TILES + 1],
}

fn compact_index() -> &'static CompactIndex {
    static INDEX: OnceLock<CompactIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let lo = packed::lo_by_tiles();
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
            fits,
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
    /// Expands the embedded table: the packed replacement numbers (the 258 rule's own pair
    /// lanes over the plain table's) plus the statistics lanes.
    fn build(pair_258_only: bool) -> SuitTable {
        let index = compact_index();
        let stats = SplitStats::suit();
        let mut rows = vec![Row([0; 16]); index.rows];
        embedded::SUIT_ANY.unpack_all(&mut rows, 0, false);
        if pair_258_only {
            embedded::SUIT_258_PAIRS.unpack_all(&mut rows, 5, true);
        }
        let lo_by_tiles = packed::lo_by_tiles();
        let mut next = rows.iter_mut();
        for (hi, _) in index
            .base
            .iter()
            .enumerate()
            .filter(|(_, &b)| b != u32::MAX)
        {
            let room = MAX_SUIT_TILES - digit_sum(hi);
            for &lo in lo_by_tiles.iter().take(index.fits[room] as usize) {
                let row = next.next().expect("the index counts every row");
                row.0[10..].copy_from_slice(&stats.of(hi, lo));
            }
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

/// The statistics lanes of a group's rows from two halves of its kinds: every lane but the
/// 十三烂 class is a sum over kinds (no field overflows: a group holds at most 14 tiles), and
/// that class depends only on which numbers are held.
struct SplitStats {
    /// Lanes 10-15 of the kinds in the first half (index `hi`), and the kinds it holds.
    hi: Vec<([u8; 6], u16)>,
    /// The same for the second half (index `lo`).
    lo: Vec<([u8; 6], u16)>,
    /// The 十三烂 class lane of each set of held numbers (suits).
    rotten: Option<Box<[u8; 512]>>,
}

impl SplitStats {
    /// `counts(half, index)` gives the group's counts with only that half's kinds set.
    fn new(
        kinds: usize,
        halves: [usize; 2],
        rotten: bool,
        counts: impl Fn(usize, usize) -> [u8; 9],
    ) -> SplitStats {
        let half = |h: usize| -> Vec<([u8; 6], u16)> {
            (0..halves[h])
                .map(|i| {
                    let c = counts(h, i);
                    let mask = (0..kinds).fold(0u16, |m, k| m | u16::from(c[k] > 0) << k);
                    (stats::group_stats(&c[..kinds]), mask)
                })
                .collect()
        };
        let rotten = rotten.then(|| {
            let mut by_mask = Box::new([0u8; 512]);
            for (mask, lane) in by_mask.iter_mut().enumerate() {
                let c: [u8; 9] = std::array::from_fn(|k| (mask >> k & 1) as u8);
                *lane = stats::group_stats(&c)[stats::lane::ROTTEN_KEEP - 10];
            }
            by_mask
        });
        SplitStats {
            hi: half(0),
            lo: half(1),
            rotten,
        }
    }

    /// Suits: `hi` is numbers 1-4 in base 5 plus 625 x the 9s, `lo` numbers 5-8.
    fn suit() -> SplitStats {
        SplitStats::new(9, [3125, 625], true, |half, i| {
            let mut c = [0u8; 9];
            if half == 0 {
                for (k, at) in [0, 1, 2, 3, 8].into_iter().enumerate() {
                    c[at] = (i / 5usize.pow(k as u32) % 5) as u8;
                }
            } else {
                for k in 0..4 {
                    c[4 + k] = (i / 5usize.pow(k as u32) % 5) as u8;
                }
            }
            c
        })
    }

    /// Honors: `hi` is the three dragons, `lo` the four winds (index `lo + 625 hi`).
    fn honors() -> SplitStats {
        SplitStats::new(7, [125, 625], false, |half, i| {
            let mut c = [0u8; 9];
            let (first, len) = if half == 0 { (4, 3) } else { (0, 4) };
            for k in 0..len {
                c[first + k] = (i / 5usize.pow(k as u32) % 5) as u8;
            }
            c
        })
    }

    #[inline(always)]
    fn of(&self, hi: usize, lo: usize) -> [u8; 6] {
        let ((a, ma), (b, mb)) = (self.hi[hi], self.lo[lo]);
        let mut lanes: [u8; 6] = std::array::from_fn(|k| a[k] + b[k]);
        if let Some(by_mask) = &self.rotten {
            lanes[stats::lane::ROTTEN_KEEP - 10] = by_mask[usize::from(ma | mb) & 511];
        }
        lanes
    }
}

/// The honor table (base-5 over the seven honors) from the embedded one: honor pairs
/// forbidden (258 rules) is the same table with every pair lane unreachable. Rows of more
/// than 14 tiles keep INF statistics, as [`generate::generate`] leaves them.
fn honor_table(sequences: bool, pairs: bool) -> Vec<Row> {
    let packed_rows = if sequences {
        &embedded::HONORS_SEQ
    } else {
        &embedded::HONORS
    };
    let stats = SplitStats::honors();
    let mut rows = vec![Row([INF; 16]); 78_125];
    packed_rows.unpack_all(&mut rows, 0, false);
    for (i, row) in rows.iter_mut().enumerate() {
        if !pairs {
            row.0[5..10].fill(INF);
        }
        if digit_sum(i) <= 14 {
            row.0[10..].copy_from_slice(&stats.of(i / 625, i % 625));
        }
    }
    rows
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
        let honors = HONORS[slot].get_or_init(|| honor_table(honor_sequences, !pair_258_only));
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

    /// The embedded tables, expanded, are the generator's output row for row: every suit of at
    /// most 14 tiles and every honor vector, under each honor-sequence and pair rule.
    #[test]
    fn embedded_tables_are_the_generated_tables() {
        use generate::GroupSpec;
        for pair_258 in [false, true] {
            let full = generate::generate(&GroupSpec::suit(pair_258));
            let t = ShapeTables::get(false, pair_258);
            assert_eq!(t.suit.len(), 405_350);
            let mut checked = 0;
            for (idx, expected) in full.iter().enumerate() {
                let c: Vec<u8> = (0..9).map(|i| ((idx / 5usize.pow(i)) % 5) as u8).collect();
                if c.iter().map(|&x| x as usize).sum::<usize>() <= MAX_SUIT_TILES {
                    assert_eq!(t.suit.row(&c), expected, "{c:?} 258 {pair_258}");
                    checked += 1;
                }
            }
            assert_eq!(checked, 405_350);
        }
        for sequences in [false, true] {
            for pair_258 in [false, true] {
                let full = generate::generate(&GroupSpec::honors(sequences, !pair_258));
                let t = ShapeTables::get(sequences, pair_258);
                assert_eq!(t.honors, &full[..], "sequences {sequences} 258 {pair_258}");
            }
        }
    }
}
