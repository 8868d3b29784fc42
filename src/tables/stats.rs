//! Per-group statistics of the special shapes, stored in the six spare lanes (10-15) of each
//! table row. The special-shape formulas in `algo::special` read them back.
//!
//! The fields are chosen so that every formula is a saturating subtraction from a constant
//! and a maximum of two such terms (see `algo::special`), which SIMD code evaluates for all
//! shapes at once after one sum of the four rows.

/// Lane layout of the spare row bytes. Sums over four groups never overflow a nibble field:
/// a hand has at most 14 tiles.
pub mod lane {
    /// `2 x kinds held at least twice + kinds held once` (low nibble, at most the tile count)
    /// and kinds held at least twice (high nibble): seven distinct pairs.
    pub const SEVEN_DISTINCT: usize = 10;
    /// Tiles (low nibble) and the sum of `count / 2` (high nibble): seven pairs, four as two.
    pub const SEVEN_FOUR_AS_TWO: usize = 11;
    /// Orphan kinds held (low nibble; 1 and 9 of a suit, every honor) and orphan kinds held
    /// twice or more (high nibble).
    pub const ORPHANS: usize = 12;
    /// Tiles that are 2, 5 or 8 (honors: 0).
    pub const T258: usize = 13;
    /// Suits: the class (0-4, an index into [`super::ROTTEN_CLASSES`]) of the most numbers a
    /// spaced (Nanchang 十三烂) subset of size 1, 2 and 3 keeps. Honors: 0.| keep2 << 1 | keep3 << 3`. Honors: 0.
    pub const ROTTEN_KEEP: usize = 14;
    /// Suits: numbers held among 147, 258, 369, packed 2 bits each. Honors: 0.
    pub const KNITS: usize = 15;
}

/// Spaced subsets of 1-9 (pairwise differences at least 3): `ROTTEN_KEEP[mask][s]` is the
/// most numbers of `mask` a spaced subset of size `s` can contain (no spaced subset has more
/// than 3 numbers).
const ROTTEN_KEEP: [[u8; 4]; 512] = rotten_keep();

const fn spaced(set: u16) -> bool {
    let mut last: i32 = -10;
    let mut i = 0;
    while i < 9 {
        if set >> i & 1 != 0 {
            if i - last < 3 {
                return false;
            }
            last = i;
        }
        i += 1;
    }
    true
}

const fn rotten_keep() -> [[u8; 4]; 512] {
    let mut out = [[0u8; 4]; 512];
    let mut set = 0u16;
    while set < 512 {
        if spaced(set) {
            let size = set.count_ones() as usize;
            let mut mask = 0usize;
            while mask < 512 {
                let kept = (set & mask as u16).count_ones() as u8;
                if kept > out[mask][size] {
                    out[mask][size] = kept;
                }
                mask += 1;
            }
        }
        set += 1;
    }
    out
}

/// The most numbers of a suit that spaced subsets of size 1, 2 and 3 keep, as they occur: a
/// suit holding anything keeps 1 with one number, 1 or 2 with two (3 and 7 keep 2 with two
/// numbers but only 1 with three), and no more with three than with two, plus one. Lane
/// [`lane::ROTTEN_KEEP`] holds the index of the suit's row here.
pub const ROTTEN_CLASSES: [[u8; 3]; 5] = [[0, 0, 0], [1, 1, 1], [1, 2, 1], [1, 2, 2], [1, 2, 3]];

/// 147, 258, 369 as 9-bit masks.
const KNITS: [u16; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];

/// The spare-lane statistics of one group, from its counts (suits: 9 counts, honors: 7).
pub fn group_stats(counts: &[u8]) -> [u8; 6] {
    let suit = counts.len() == 9;
    let (mut paired, mut single, mut pairs, mut tiles) = (0u8, 0u8, 0u8, 0u8);
    let (mut t258, mut orphan_pairs, mut orphans) = (0u8, 0u8, 0u8);
    let mut mask = 0u16;
    for (i, &c) in counts.iter().enumerate() {
        paired += u8::from(c >= 2);
        single += u8::from(c == 1);
        pairs += c / 2;
        tiles += c;
        mask |= u16::from(c > 0) << i;
        let orphan = !suit || i == 0 || i == 8;
        if orphan {
            orphans += u8::from(c > 0);
            orphan_pairs += u8::from(c >= 2);
        }
        if suit && i % 3 == 1 {
            t258 += c;
        }
    }
    let (rotten, knits) = if suit {
        let k = ROTTEN_KEEP[mask as usize];
        let class = ROTTEN_CLASSES
            .iter()
            .position(|c| *c == [k[1], k[2], k[3]])
            .expect("every suit's spaced keeps are one of the rotten classes");
        let kn = KNITS.map(|p| (mask & p).count_ones() as u8);
        (class as u8, kn[0] | kn[1] << 2 | kn[2] << 4)
    } else {
        (0, 0)
    };
    [
        (2 * paired + single) | paired << 4,
        tiles | pairs << 4,
        orphans | orphan_pairs << 4,
        t258,
        rotten,
        knits,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaced_subsets() {
        assert!(spaced(0b001_001_001)); // 147
        assert!(spaced(0b100_010_001)); // 159
        assert!(!spaced(0b000_000_101)); // 13
        assert_eq!(ROTTEN_KEEP[0b001_001_001][3], 3);
        // 3 and 7 (bits 2, 6) fit together but no third number fits beside both.
        assert_eq!(ROTTEN_KEEP[0b001_000_100][2], 2);
        assert_eq!(ROTTEN_KEEP[0b001_000_100][3], 1);
        assert_eq!(ROTTEN_KEEP[0b111_111_111][3], 3);
    }

    #[test]
    fn group_stats_fields() {
        // 1199m: two pairs of orphans, no single
        let s = group_stats(&[2, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(s[0], 4 | 2 << 4); // 2 x paired 2 + single 0, paired 2
        assert_eq!(s[1], 4 | 2 << 4); // 4 tiles, 2 pairs
        assert_eq!(s[2], 2 | 2 << 4); // orphans held 2, orphan pairs 2
                                      // 1111m: four as two pairs
        let s = group_stats(&[4, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(s[0], 2 | 1 << 4);
        assert_eq!(s[1], 4 | 2 << 4);
        // 258m: all 2/5/8, knitted 258 = 3
        let s = group_stats(&[0, 1, 0, 0, 1, 0, 0, 1, 0]);
        assert_eq!(s[3], 3);
        assert_eq!(s[5] >> 2 & 3, 3);
        assert_eq!(ROTTEN_CLASSES[s[4] as usize], [1, 2, 3]); // 2-5-8 is spaced
    }
}
