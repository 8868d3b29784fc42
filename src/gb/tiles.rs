//! The calculator's own tile order and tile classes.
//!
//! The calculator works on "GB order" indices: `0..9` 1-9m, `9..18` 1-9s, `18..27` 1-9p,
//! `27..31` East South West North, `31` 中, `32` 发, `33` 白. Everything the 番 rules compare
//! ("the first meld in tile order", the order decompositions are tried in, which three chows of
//! four are looked at first) is defined over this order, the one PyMahjongGB's tables use; the
//! public API speaks MPSZ indices and converts at the edge ([`to_gb`] is its own inverse).

/// MPSZ kind index ↔ GB-order index (swaps p and s, and 白 and 中).
///
/// ```
/// use majiang::gb::tiles::to_gb;
/// assert_eq!((to_gb(9), to_gb(18), to_gb(31), to_gb(33)), (18, 9, 33, 31));
/// assert!((0..34).all(|k| to_gb(to_gb(k)) == k));
/// ```
pub const fn to_gb(k: usize) -> usize {
    if k < 34 {
        TO_GB[k] as usize
    } else {
        k
    }
}

/// [`to_gb`] of each kind, looked up rather than branched on in the hot loops.
const TO_GB: [u8; 34] = {
    let mut out = [0u8; 34];
    let mut k = 0;
    while k < 34 {
        out[k] = match k {
            9..=17 => k + 9,
            18..=26 => k - 9,
            31 => 33,
            33 => 31,
            _ => k,
        } as u8;
        k += 1;
    }
    out
};

/// MPSZ counts in GB order (the suits' blocks moved, not each kind looked up).
pub(crate) fn counts_to_gb(c: &[u8; 34]) -> [u16; 34] {
    let mut out = [0u16; 34];
    for r in 0..9 {
        out[r] = u16::from(c[r]);
        out[9 + r] = u16::from(c[18 + r]);
        out[18 + r] = u16::from(c[9 + r]);
    }
    for k in 27..31 {
        out[k] = u16::from(c[k]);
    }
    (out[31], out[32], out[33]) = (u16::from(c[33]), u16::from(c[32]), u16::from(c[31]));
    out
}

/// Bit `to_gb(k)` set for each MPSZ kind k with `c[k]` not 0, where every count is 0-4: eight
/// counts at a time as one word (each byte's three low bits or-ed into its lowest, those
/// gathered by one multiplication), then the suits' bit fields moved as [`to_gb`] moves them.
pub(crate) fn held_to_gb(c: &[u8; 34]) -> u64 {
    debug_assert!(c.iter().all(|&x| x <= 4));
    let mut mpsz = 0u64;
    for (j, chunk) in c.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let x = u64::from_le_bytes(bytes);
        let nonzero = (x | x >> 1 | x >> 2) & 0x0101_0101_0101_0101;
        mpsz |= (nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    const SUIT: u64 = 0x1FF;
    let kept = mpsz & (SUIT | 0xF << 27 | 1 << 32);
    let p_to_s = (mpsz >> 9 & SUIT) << 18;
    let s_to_p = (mpsz >> 18 & SUIT) << 9;
    let dragons = (mpsz >> 31 & 1) << 33 | (mpsz >> 33 & 1) << 31;
    kept | p_to_s | s_to_p | dragons
}

/// Suit of a GB-order index: 0 m, 1 s, 2 p, 3 honors.
pub const fn suit(g: usize) -> usize {
    if g < 27 {
        g / 9
    } else {
        3
    }
}

/// Rank 1-9 of a numbered tile (honors: 1-7 in E S W N 中 发 白 order).
pub const fn rank(g: usize) -> usize {
    if g < 27 {
        g % 9 + 1
    } else {
        g - 26
    }
}

/// A numbered (suited) tile.
pub const fn numbered(g: usize) -> bool {
    g < 27
}

/// A wind.
pub const fn wind(g: usize) -> bool {
    g >= 27 && g <= 30
}

/// A dragon.
pub const fn dragon(g: usize) -> bool {
    g >= 31
}

/// A 1 or 9 of a suit.
pub const fn terminal(g: usize) -> bool {
    g < 27 && (g.is_multiple_of(9) || g % 9 == 8)
}

/// A terminal or an honor (幺九).
pub const fn terminal_or_honor(g: usize) -> bool {
    g >= 27 || terminal(g)
}

/// 绿一色 tiles: 23468s and 发.
pub const fn green(g: usize) -> bool {
    matches!(g, 10 | 11 | 12 | 14 | 16 | 32)
}

/// 推不倒 tiles: 1234589p, 245689s and 白.
pub const fn reversible(g: usize) -> bool {
    matches!(g, 10 | 12 | 13 | 14 | 16 | 17 | 18..=22 | 25 | 26 | 33)
}

/// The six knitted straights (组合龙) of [`crate::tiles::KNITTED_STRAIGHTS`] in GB order (each
/// kind moved by [`to_gb`]; only one of them fits a hand, so their order changes nothing).
pub const KNITTED: [[usize; 9]; 6] = {
    let mut out = [[0; 9]; 6];
    let mut i = 0;
    while i < 6 {
        let mut j = 0;
        while j < 9 {
            out[i][j] = to_gb(crate::tiles::KNITTED_STRAIGHTS[i][j]);
            j += 1;
        }
        i += 1;
    }
    out
};

/// The thirteen orphans in GB order.
pub const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The block moves and the word-wise mask agree with converting kind by kind.
        #[test]
        fn counts_and_held_kinds_convert_as_each_kind_does(
            c in proptest::array::uniform32(0u8..=4), tail in proptest::array::uniform2(0u8..=4),
            sparse in any::<u64>(),
        ) {
            let mut counts = [0u8; 34];
            counts[..32].copy_from_slice(&c);
            counts[32..].copy_from_slice(&tail);
            for (k, x) in counts.iter_mut().enumerate() {
                if sparse >> k & 1 == 1 {
                    *x = 0; // many empty kinds, as in a hand
                }
            }
            let mut want = [0u16; 34];
            let mut held = 0u64;
            for k in 0..34 {
                want[to_gb(k)] = u16::from(counts[k]);
                held |= u64::from(counts[k] != 0) << to_gb(k);
            }
            prop_assert_eq!(counts_to_gb(&counts), want);
            prop_assert_eq!(held_to_gb(&counts), held);
        }
    }
}
