//! Hands as the shape engine sees them: counts of the concealed tiles, the wild kinds, and
//! how many melds were declared (their tiles are not passed and are never wild).

use crate::error::{Error, Result};
use crate::tiles::{Counts, Tile, NUM_KINDS};

/// A set of wild (精) kinds, as a bit mask over the 34 kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Jing(u64);

impl Jing {
    /// No wild tiles.
    pub const NONE: Jing = Jing(0);

    /// The wild set of the given kinds. Flowers cannot be wild.
    pub fn from_tiles(tiles: &[Tile]) -> Result<Jing> {
        let mut mask = 0u64;
        for t in tiles {
            if t.is_flower() {
                return Err(Error::InvalidHand(format!(
                    "a flower ({t}) cannot be a wild tile"
                )));
            }
            mask |= 1 << t.index();
        }
        Ok(Jing(mask))
    }

    /// Nanchang's jing pair from the flipped indicator: 正精 = the indicator, 副精 = its
    /// successor (1→…→9→1 in a suit; E→S→W→N→E; 中→发→白→中).
    ///
    /// ```
    /// use majiang::{hand::Jing, t};
    /// let (zheng, fu) = Jing::nanchang_pair(t!("9p"));
    /// assert_eq!((zheng, fu), (t!("9p"), t!("1p")));
    /// ```
    pub fn nanchang_pair(indicator: Tile) -> (Tile, Tile) {
        (indicator, indicator.jing_successor())
    }

    /// The wild set from a raw bit mask (bit `i` = kind `i`); bits above 33 are ignored.
    pub const fn from_mask(mask: u64) -> Jing {
        Jing(mask & ((1 << NUM_KINDS) - 1))
    }

    /// The raw bit mask.
    pub const fn mask(self) -> u64 {
        self.0
    }

    /// Whether kind `k` is wild.
    #[inline(always)]
    pub const fn contains(self, k: usize) -> bool {
        self.0 >> k & 1 != 0
    }

    /// Whether no kind is wild.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The wild kinds in index order.
    pub fn kinds(self) -> impl Iterator<Item = usize> {
        (0..NUM_KINDS).filter(move |&k| self.contains(k))
    }
}

/// A hand's concealed tiles split into the plain (non-wild) counts and the wild count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Counts of the tiles that stand only for themselves.
    pub plain: Counts,
    /// How many concealed tiles are wild.
    pub wild: u8,
}

impl Split {
    /// Splits `counts` by the wild set.
    #[inline(always)]
    pub fn new(counts: &Counts, jing: Jing) -> Split {
        if jing.is_empty() {
            return Split {
                plain: *counts,
                wild: 0,
            };
        }
        #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
        {
            simd::split(counts, jing)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
        {
            Split::new_scalar(counts, jing)
        }
    }

    /// The portable reference of [`Split::new`]; tests compare the SIMD version with it.
    #[cfg_attr(
        all(target_arch = "x86_64", target_feature = "ssse3"),
        allow(dead_code)
    )]
    fn new_scalar(counts: &Counts, jing: Jing) -> Split {
        let mut plain = *counts;
        let mut wild = 0u8;
        // Visit only the wild kinds (usually one or two set bits).
        let mut bits = jing.0;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            wild = wild.wrapping_add(plain[k]);
            plain[k] = 0;
            bits &= bits - 1;
        }
        Split { plain, wild }
    }
}

/// The two tile totals a call accepts for `melds` declared melds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandSize {
    /// 14 - 3k tiles: a hand after drawing (complete or to discard from).
    Full,
    /// 13 - 3k tiles: a hand waiting for a tile.
    Waiting,
}

/// Checks counts and melds and tells which size the hand is.
///
/// ```
/// use majiang::hand::{check_hand, HandSize};
/// let mut c = [0u8; 34];
/// c[0] = 4; c[1] = 4; c[2] = 2;
/// assert_eq!(check_hand(&c, 1).unwrap(), HandSize::Waiting); // 10 tiles + 1 meld
/// ```
pub fn check_hand(counts: &Counts, melds: u8) -> Result<HandSize> {
    hand_size(counts, melds).ok_or_else(|| explain_bad_hand(counts, melds))
}

/// The size of a valid hand, `None` for an invalid one: the fast path of [`check_hand`],
/// without building any message.
///
/// On x86-64 (SSSE3) 16 counts at a time: one unsigned maximum finds a count over 4 and one
/// `psadbw` sums the bytes; elsewhere eight at a time in a `u64` (SWAR).
#[inline]
pub fn hand_size(counts: &Counts, melds: u8) -> Option<HandSize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    let (over, total) = simd::over_and_total(counts);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    let (over, total) = over_and_total_scalar(counts);
    if over || melds > 4 {
        return None;
    }
    // `full - total` is 0 for a full hand, 1 for a waiting one (wrapping: huge otherwise).
    match (14 - 3 * u64::from(melds)).wrapping_sub(total) {
        0 => Some(HandSize::Full),
        1 => Some(HandSize::Waiting),
        _ => None,
    }
}

/// Whether some count is over 4, and the tile total (meaningful only when none is), eight
/// counts at a time (SWAR): a byte over 4 is caught by the "has more than" bit trick, valid
/// for every byte value; the byte sums (by multiplication) are only trusted once no byte
/// exceeds 4. The portable reference of the SIMD version.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    allow(dead_code)
)]
fn over_and_total_scalar(counts: &Counts) -> (bool, u64) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&counts[8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    };
    let mut over = 0u64;
    let mut total = 0u64;
    for w in [word(0), word(1), word(2), word(3)] {
        over |= (w.wrapping_add(LOW * (127 - 4)) | w) & HIGH;
        total += w.wrapping_mul(LOW) >> 56;
    }
    let over = over != 0 || counts[32] > 4 || counts[33] > 4;
    (over, total + u64::from(counts[32]) + u64::from(counts[33]))
}

/// What is wrong with a hand [`hand_size`] rejected.
#[cold]
fn explain_bad_hand(counts: &Counts, melds: u8) -> Error {
    if melds > 4 {
        return Error::InvalidHand(format!("melds must be 0 to 4, got {melds}"));
    }
    if let Some(k) = counts.iter().position(|&c| c > 4) {
        return Error::InvalidHand(format!(
            "{} copies of {}: a kind has only four",
            counts[k],
            Tile::new(k as u8).map_or(String::from("?"), |t| t.to_string())
        ));
    }
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    let full = 14 - 3 * melds as usize;
    Error::InvalidHand(format!(
        "{total} concealed tiles do not fit {melds} meld(s): expected {} or {full}",
        full - 1
    ))
}

/// Counts tiles into the 34 kinds; flowers are an error (no shape uses them).
pub fn counts_of(tiles: &[Tile]) -> Result<Counts> {
    let mut counts = [0u8; NUM_KINDS];
    for t in tiles {
        if t.is_flower() {
            return Err(Error::InvalidHand(format!(
                "flower {t} in a shape query: flowers are set aside, not part of the hand"
            )));
        }
        counts[t.index()] = counts[t.index()].saturating_add(1);
    }
    Ok(counts)
}

/// The hand check and the wild split, 16 counts at a time with SSSE3.
///
/// Compiled only when the build enables SSSE3 for every CPU it targets (`.cargo/config.toml`
/// selects x86-64-v2): the one condition the SSE2/SSSE3 intrinsics below need, and the
/// SAFETY argument of each `unsafe` block that calls them.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
mod simd {
    use super::{Jing, Split};
    use crate::tiles::Counts;
    use std::arch::x86_64::*;

    #[inline(always)]
    fn load(b: &[u8]) -> __m128i {
        assert!(b.len() >= 16);
        // SAFETY: `b` holds at least 16 initialised bytes (checked above, a constant-length
        // slice in every caller, so the check folds away); unaligned loads need no alignment.
        unsafe { _mm_loadu_si128(b.as_ptr().cast::<__m128i>()) }
    }

    /// Counts 32 and 33 in lanes 14 and 15 (from an overlapping load of 18-33), zeros elsewhere.
    #[inline(always)]
    fn tail(counts: &Counts) -> __m128i {
        const LAST_TWO: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255];
        // SAFETY: SSE2 (see the module documentation).
        unsafe { _mm_and_si128(load(&counts[18..34]), load(&LAST_TWO)) }
    }

    /// Whether some count is over 4, and the tile total (meaningful only when none is).
    #[inline(always)]
    pub(super) fn over_and_total(counts: &Counts) -> (bool, u64) {
        let (lo, hi, tail) = (load(&counts[0..16]), load(&counts[16..32]), tail(counts));
        // SAFETY: SSE2 (see the module documentation).
        unsafe {
            let max = _mm_max_epu8(_mm_max_epu8(lo, hi), tail);
            let over = _mm_movemask_epi8(_mm_cmpeq_epi8(
                _mm_subs_epu8(max, _mm_set1_epi8(4)),
                _mm_setzero_si128(),
            )) != 0xFFFF;
            // Each byte of the sum is at most 12 once no count is over 4.
            let sums = _mm_sad_epu8(
                _mm_add_epi8(_mm_add_epi8(lo, hi), tail),
                _mm_setzero_si128(),
            );
            let total = _mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums));
            (over, _mm_cvtsi128_si64(total) as u64)
        }
    }

    /// 16 bytes, 0xFF where bit `i` of `bits` is set.
    #[inline(always)]
    fn expand(bits: u16) -> __m128i {
        const SPREAD: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1];
        const BIT: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
        // SAFETY: SSE2/SSSE3 (see the module documentation).
        unsafe {
            let spread = _mm_shuffle_epi8(_mm_cvtsi32_si128(bits as i32), load(&SPREAD));
            let bit = load(&BIT);
            _mm_cmpeq_epi8(_mm_and_si128(spread, bit), bit)
        }
    }

    /// [`Split::new`] without a per-kind loop: the wild mask is expanded to bytes, the plain
    /// counts are the others, and the wild count is a byte sum. (Writing zeros byte by byte
    /// and reading the counts back 16 at a time would stall store forwarding.)
    #[inline(always)]
    pub(super) fn split(counts: &Counts, jing: Jing) -> Split {
        let bits = jing.mask();
        let (m_lo, m_hi) = (expand(bits as u16), expand((bits >> 16) as u16));
        let mut plain = [0u8; 34];
        // SAFETY: SSE2 (see the module documentation); each store writes 16 bytes inside
        // the 34-byte `plain` (offsets 0 and 16).
        let wild = unsafe {
            let (lo, hi) = (load(&counts[0..16]), load(&counts[16..32]));
            _mm_storeu_si128(
                plain.as_mut_ptr().cast::<__m128i>(),
                _mm_andnot_si128(m_lo, lo),
            );
            _mm_storeu_si128(
                plain.as_mut_ptr().add(16).cast::<__m128i>(),
                _mm_andnot_si128(m_hi, hi),
            );
            let wild = _mm_add_epi8(_mm_and_si128(m_lo, lo), _mm_and_si128(m_hi, hi));
            let sums = _mm_sad_epu8(wild, _mm_setzero_si128());
            _mm_cvtsi128_si32(_mm_add_epi32(sums, _mm_unpackhi_epi64(sums, sums))) as u8
        };
        let (w32, w33) = (jing.contains(32), jing.contains(33));
        plain[32] = if w32 { 0 } else { counts[32] };
        plain[33] = if w33 { 0 } else { counts[33] };
        let wild = wild
            .wrapping_add(if w32 { counts[32] } else { 0 })
            .wrapping_add(if w33 { counts[33] } else { 0 });
        Split { plain, wild }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_size_check_agrees_with_the_explaining_one() {
        let mut x = 7u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..100_000 {
            let mut c = [0u8; NUM_KINDS];
            let tiles = next() % 16;
            for _ in 0..tiles {
                let k = (next() % 34) as usize;
                c[k] = c[k].saturating_add(1 + (next() % 60 == 0) as u8 * 200);
            }
            let melds = (next() % 6) as u8;
            assert_eq!(
                hand_size(&c, melds),
                check_hand(&c, melds).ok(),
                "{c:?} {melds}"
            );
        }
        let mut c = [0u8; NUM_KINDS];
        c[33] = 5;
        assert!(check_hand(&c, 0)
            .unwrap_err()
            .to_string()
            .contains("5 copies of 7z"));
    }
}

#[cfg(test)]
mod simd_tests {
    use super::*;

    fn random_counts(x: &mut u64) -> Counts {
        let mut next = || {
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            *x
        };
        let mut c = [0u8; NUM_KINDS];
        let tiles = next() % 16;
        for _ in 0..tiles {
            let k = (next() % 34) as usize;
            c[k] = c[k].saturating_add(1 + (next() % 60 == 0) as u8 * 200);
        }
        if next() % 8 == 0 {
            c[32 + (next() % 2) as usize] = (next() % 7) as u8;
        }
        c
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    #[test]
    fn simd_size_check_matches_scalar() {
        let mut x = 11u64;
        for _ in 0..100_000 {
            let c = random_counts(&mut x);
            let (over, total) = simd::over_and_total(&c);
            let (over_s, total_s) = over_and_total_scalar(&c);
            assert_eq!(over, over_s, "{c:?}");
            if !over {
                assert_eq!(total, total_s, "{c:?}");
            }
        }
    }

    #[test]
    fn split_matches_scalar_split() {
        let mut x = 5u64;
        for i in 0..100_000u64 {
            let c = random_counts(&mut x);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // one to four wild kinds, often among 32 and 33 (the tail outside the vectors)
            let mut mask = 0u64;
            for j in 0..=(i % 4) {
                mask |= 1 << ((x >> (8 * j)) % 34);
            }
            if i % 5 == 0 {
                mask |= 1 << (32 + i % 2);
            }
            let jing = Jing::from_mask(mask);
            assert_eq!(
                Split::new(&c, jing),
                Split::new_scalar(&c, jing),
                "{c:?} {mask:b}"
            );
        }
    }
}
