//! The 番 calculation over a checked hand (GB-order indices): the special shapes, the
//! regular decompositions, the 番 of each, the best one.

use super::fans::{apply_exclusions, Fan, Fan::*, FanTable, POINTS, TABLE_SIZE};
use super::tiles::{
    dragon, green, numbered, rank, reversible, suit, terminal, terminal_or_honor, wind, KNITTED,
    ORPHANS,
};
use super::waits::{unique_wait, unique_wait_divided};

/// A block of a decomposition, GB order; a chow is named by its middle tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pack {
    pub kind: PackKind,
    /// The tile (GB order), a byte: packs are copied with every reading.
    pub tile8: u8,
    /// Declared from another seat (a concealed kong and every concealed block: false).
    pub melded: bool,
}

impl Pack {
    /// The tile (GB order); a chow's middle one.
    pub fn tile(&self) -> usize {
        usize::from(self.tile8)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PackKind {
    Chow,
    Pung,
    Kong,
    Pair,
}

/// Win flags after the corrections the hand implies.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Flags {
    pub self_drawn: bool,
    pub last_tile: bool,
    pub kong: bool,
    pub wall_last: bool,
}

/// A checked hand, GB order.
pub(crate) struct Hand<'a> {
    /// Concealed tiles with the winning tile.
    pub standing: [u16; 34],
    /// Tiles of the declared melds (a kong 4).
    pub fixed_table: [u16; 34],
    pub fixed: &'a [Pack],
    pub win: usize,
    pub flags: Flags,
    pub seat_wind: usize,
    pub prevalent_wind: usize,
    pub mingan_gang: bool,
    /// Bit k set where `standing[k]` is not 0.
    pub held_standing: u64,
    /// Bit k set for each kind the hand holds (concealed or declared).
    pub held: u64,
}

/// Which shape scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Four melds and a pair.
    Regular,
    /// 七对 (and 连七对).
    SevenPairs,
    /// 十三幺.
    ThirteenOrphans,
    /// 全不靠 / 七星不靠.
    HonorsAndKnitted,
    /// 组合龙 with one meld and a pair.
    KnittedStraight,
    /// 九莲宝灯.
    NineGates,
}

/// What scored: the shape, its blocks (regular and 组合龙) and the fan counts.
pub(crate) struct Scored {
    pub table: FanTable,
    /// Sum of points × count of `table`.
    pub total: u32,
    pub shape: Shape,
    /// Regular: the five blocks (declared first); 组合龙: the meld and the pair, and which
    /// knitted straight. The first `n_packs` count.
    pub packs: [Pack; 5],
    pub n_packs: usize,
    pub knitted: Option<usize>,
}

const NO_PACK: Pack = Pack {
    kind: PackKind::Pair,
    tile8: 0,
    melded: false,
};

fn total(t: &FanTable) -> u32 {
    t.iter()
        .zip(POINTS.iter())
        .map(|(&c, &p)| u32::from(c) * u32::from(p))
        .sum()
}

fn set(t: &mut FanTable, f: Fan) {
    t[f as usize] = 1;
}

fn inc(t: &mut FanTable, f: Fan) {
    t[f as usize] += 1;
}

fn has(t: &FanTable, f: Fan) -> bool {
    t[f as usize] != 0
}

fn clear(t: &mut FanTable, f: Fan) {
    t[f as usize] = 0;
}

/// The distinct kinds of the whole hand, in GB order, and the same as a mask (bit k: kind k).
fn distinct(h: &Hand) -> ([usize; 34], usize, u64) {
    let mut held = h.held;
    debug_assert_eq!(
        held,
        (0..34).fold(0u64, |m, k| m | u64::from(
            (h.standing[k] | h.fixed_table[k]) != 0
        ) << k)
    );
    let mask = held;
    let mut out = [0; 34];
    let mut n = 0;
    while held != 0 {
        out[n] = held.trailing_zeros() as usize;
        n += 1;
        held &= held - 1;
    }
    (out, n, mask)
}

/// The kinds (GB order) a tile class holds, as a mask over bit k = kind k.
macro_rules! class_mask {
    ($class:ident) => {{
        let mut m = 0u64;
        let mut g = 0;
        while g < 34 {
            if $class(g) {
                m |= 1 << g;
            }
            g += 1;
        }
        m
    }};
}

const NUMBERED_MASK: u64 = class_mask!(numbered);
const WIND_MASK: u64 = class_mask!(wind);
const DRAGON_MASK: u64 = class_mask!(dragon);
const TERMINAL_MASK: u64 = class_mask!(terminal);
const TERMINAL_OR_HONOR_MASK: u64 = class_mask!(terminal_or_honor);
const GREEN_MASK: u64 = class_mask!(green);
const REVERSIBLE_MASK: u64 = class_mask!(reversible);
/// Each knitted straight of [`KNITTED`] as a mask of its nine kinds.
const KNITTED_MASKS: [u64; 6] = {
    let mut out = [0u64; 6];
    let mut i = 0;
    while i < 6 {
        let mut j = 0;
        while j < 9 {
            out[i] |= 1 << KNITTED[i][j];
            j += 1;
        }
        i += 1;
    }
    out
};
/// The thirteen orphans as a mask.
const ORPHANS_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < 13 {
        m |= 1 << ORPHANS[i];
        i += 1;
    }
    m
};
const SUIT_MASKS: [u64; 4] = [0x1FF, 0x1FF << 9, 0x1FF << 18, WIND_MASK | DRAGON_MASK];

fn win_flag_fans(f: Flags, t: &mut FanTable) {
    if f.last_tile {
        set(t, LastTile);
    }
    if f.self_drawn {
        set(t, SelfDrawn);
        if f.wall_last {
            set(t, LastTileDraw);
            clear(t, SelfDrawn);
        }
        if f.kong {
            set(t, OutWithReplacementTile);
            clear(t, SelfDrawn);
        }
    } else {
        if f.wall_last {
            set(t, LastTileClaim);
        }
        if f.kong {
            set(t, RobbingTheKong);
            clear(t, LastTile);
        }
    }
}

/// 无字, 缺一门, 混一色, 清一色, 五门齐 from the mask of the kinds the hand holds.
fn suit_fans(held: u64, t: &mut FanTable) {
    let present = SUIT_MASKS.map(|m| held & m != 0);
    if !present[3] {
        set(t, NoHonors);
    }
    let voided = present[..3].iter().filter(|&&p| !p).count() as u8;
    t[OneVoidedSuit as usize] += voided;
    if t[OneVoidedSuit as usize] == 2 {
        clear(t, OneVoidedSuit);
        if !has(t, NoHonors) {
            set(t, HalfFlush);
        } else {
            set(t, FullFlush);
            clear(t, NoHonors);
        }
    }
    if present.iter().all(|&p| p) && held & WIND_MASK != 0 && held & DRAGON_MASK != 0 {
        set(t, AllTypes);
    }
}

/// 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 from the mask of the kinds held.
fn tile_trait_fans(held: u64, t: &mut FanTable) {
    if held & TERMINAL_OR_HONOR_MASK == 0 {
        set(t, AllSimples);
    }
    if held & !REVERSIBLE_MASK == 0 {
        set(t, ReversibleTiles);
    }
    if held & !GREEN_MASK == 0 {
        set(t, AllGreen);
    }
    if has(t, AllSimples) {
        return;
    }
    if held & NUMBERED_MASK == 0 {
        set(t, AllHonors);
    } else if held & !TERMINAL_MASK == 0 {
        set(t, AllTerminals);
    } else if held & !TERMINAL_OR_HONOR_MASK == 0 {
        set(t, AllTerminalsAndHonors);
    }
}

/// 全大, 全中, 全小, 大于五, 小于五 from the mask of the kinds held.
fn rank_range_fans(held: u64, t: &mut FanTable) {
    if held & !NUMBERED_MASK != 0 {
        return;
    }
    // bit r (1-9) for each rank held in any suit
    let ranks = (((held | held >> 9 | held >> 18) & 0x1FF) << 1) as u16;
    if ranks & 0xFFE1 == 0 {
        set(
            t,
            if ranks & 0x10 != 0 {
                LowerFour
            } else {
                LowerTiles
            },
        );
    } else if ranks & 0xFC3F == 0 {
        set(
            t,
            if ranks & 0x40 != 0 {
                UpperFour
            } else {
                UpperTiles
            },
        );
    } else if ranks & 0xFF8F == 0 {
        set(t, MiddleTiles);
    }
}

#[cfg(test)]
fn suit_fans_by_tiles(tiles: &[usize], t: &mut FanTable) {
    let mut present = [false; 4];
    for &k in tiles {
        present[suit(k)] = true;
    }
    if !present[3] {
        set(t, NoHonors);
    }
    let voided = present[..3].iter().filter(|&&p| !p).count() as u8;
    t[OneVoidedSuit as usize] += voided;
    if t[OneVoidedSuit as usize] == 2 {
        clear(t, OneVoidedSuit);
        if !has(t, NoHonors) {
            set(t, HalfFlush);
        } else {
            set(t, FullFlush);
            clear(t, NoHonors);
        }
    }
    if present.iter().all(|&p| p)
        && tiles.iter().any(|&k| wind(k))
        && tiles.iter().any(|&k| dragon(k))
    {
        set(t, AllTypes);
    }
}

#[cfg(test)]
fn tile_trait_fans_by_tiles(tiles: &[usize], t: &mut FanTable) {
    if !tiles.iter().any(|&k| terminal_or_honor(k)) {
        set(t, AllSimples);
    }
    if tiles.iter().all(|&k| reversible(k)) {
        set(t, ReversibleTiles);
    }
    if tiles.iter().all(|&k| green(k)) {
        set(t, AllGreen);
    }
    if has(t, AllSimples) {
        return;
    }
    if tiles.iter().all(|&k| !numbered(k)) {
        set(t, AllHonors);
    } else if tiles.iter().all(|&k| terminal(k)) {
        set(t, AllTerminals);
    } else if tiles.iter().all(|&k| terminal_or_honor(k)) {
        set(t, AllTerminalsAndHonors);
    }
}

/// The reference of [`rank_range_fans`], by the lowest and highest rank held (not masks).
#[cfg(test)]
fn rank_range_fans_by_tiles(tiles: &[usize], t: &mut FanTable) {
    if tiles.is_empty() || tiles.iter().any(|&k| !numbered(k)) {
        return;
    }
    let lo = tiles.iter().map(|&k| rank(k)).min().unwrap_or(1);
    let hi = tiles.iter().map(|&k| rank(k)).max().unwrap_or(9);
    let fan = match (lo, hi) {
        (_, ..=3) => LowerTiles,
        (_, 4) => LowerFour,
        (7.., _) => UpperTiles,
        (6, _) => UpperFour,
        (4.., ..=6) => MiddleTiles,
        _ => return,
    };
    set(t, fan);
}

fn tile_hog(merged: &[u16; 34], kongs: usize, t: &mut FanTable) {
    let fours = merged.iter().filter(|&&c| c == 4).count();
    t[TileHog as usize] = (fours - kongs) as u8;
}

fn wind_fans(tile: usize, h: &Hand, t: &mut FanTable) {
    let deducted = has(t, BigThreeWinds)
        || has(t, AllTerminalsAndHonors)
        || has(t, AllHonors)
        || has(t, LittleFourWinds);
    let w = tile - 27;
    let tk = PungOfTerminalsOrHonors as usize;
    if w == h.prevalent_wind {
        set(t, PrevalentWind);
        if !deducted {
            t[tk] = t[tk].saturating_sub(1);
        }
    }
    if w == h.seat_wind {
        set(t, SeatWind);
        if h.seat_wind != h.prevalent_wind && !deducted {
            t[tk] = t[tk].saturating_sub(1);
        }
    }
}

// ---- chow and pung sets -----------------------------------------------------------------

fn mixed(a: usize, b: usize, c: usize) -> bool {
    let (x, y, z) = (suit(a), suit(b), suit(c));
    x != y && x != z && y != z
}

fn shifted_unordered(a: usize, b: usize, c: usize) -> bool {
    let mut r = [rank(a), rank(b), rank(c)];
    r.sort_unstable();
    r[0] + 1 == r[1] && r[1] + 1 == r[2]
}

fn four_chows_fan(m: &[usize; 4]) -> Option<Fan> {
    let step = |d: usize| m[0] + d == m[1] && m[1] + d == m[2] && m[2] + d == m[3];
    if step(2) || step(1) {
        Some(FourPureShiftedChows)
    } else if step(0) {
        Some(QuadrupleChow)
    } else {
        None
    }
}

fn three_chows_rule(a: usize, b: usize, c: usize) -> Option<Fan> {
    if mixed(a, b, c) {
        let (ra, rb, rc) = (rank(a), rank(b), rank(c));
        if shifted_unordered(a, b, c) {
            return Some(MixedShiftedChows);
        }
        if ra == rb && rb == rc {
            return Some(MixedTripleChow);
        }
        let mut r = [ra, rb, rc];
        r.sort_unstable();
        if r == [2, 5, 8] {
            return Some(MixedStraight);
        }
        return None;
    }
    if suit(a) != suit(b) || suit(b) != suit(c) {
        return None;
    }
    if a + 3 == b && b + 3 == c {
        Some(PureStraight)
    } else if (a + 2 == b && b + 2 == c) || (a + 1 == b && b + 1 == c) {
        Some(PureShiftedChows)
    } else if a == b && a == c {
        Some(PureTripleChow)
    } else {
        None
    }
}

fn two_chows_rule(a: usize, b: usize) -> Option<Fan> {
    if suit(a) != suit(b) {
        return (rank(a) == rank(b)).then_some(MixedDoubleChow);
    }
    if a + 3 == b || b + 3 == a {
        Some(ShortStraight)
    } else if (rank(a), rank(b)) == (2, 8) || (rank(a), rank(b)) == (8, 2) {
        Some(TwoTerminalChows)
    } else if a == b {
        Some(PureDoubleChow)
    } else {
        None
    }
}

/// The chow-set and pung-pair rules above for every combination of tiles, looked up in the
/// hot path (the rules branch on suits and ranks, which a random hand makes unpredictable).
/// Cells hold a fan number, 0 for none. Built once, on first use, from the rules themselves.
struct SetTables {
    two_chows: [[u8; 27]; 27],
    three_chows: Box<[[[u8; 27]; 27]; 27]>,
    two_pungs: [[u8; 34]; 34],
}

fn set_tables() -> &'static SetTables {
    static TABLES: std::sync::OnceLock<SetTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let code = |f: Option<Fan>| f.map_or(0, |f| f as u8);
        let mut t = SetTables {
            two_chows: [[0; 27]; 27],
            three_chows: Box::new([[[0; 27]; 27]; 27]),
            two_pungs: [[0; 34]; 34],
        };
        for a in 0..27 {
            for b in 0..27 {
                t.two_chows[a][b] = code(two_chows_rule(a, b));
                for c in 0..27 {
                    t.three_chows[a][b][c] = code(three_chows_rule(a, b, c));
                }
            }
        }
        for a in 0..34 {
            for b in 0..34 {
                t.two_pungs[a][b] = code(two_pungs_rule(a, b));
            }
        }
        t
    })
}

fn decode(n: u8) -> Option<Fan> {
    Fan::from_number(usize::from(n))
}

/// [`three_chows_rule`] for chows named by their middle tiles (all numbered).
fn three_chows_fan(a: usize, b: usize, c: usize) -> Option<Fan> {
    decode(set_tables().three_chows[a][b][c])
}

/// [`two_chows_rule`], looked up.
fn two_chows_fan(a: usize, b: usize) -> Option<Fan> {
    decode(set_tables().two_chows[a][b])
}

/// [`two_pungs_rule`], looked up.
fn two_pungs_fan(a: usize, b: usize) -> Option<Fan> {
    decode(set_tables().two_pungs[a][b])
}

/// The one 1-番 chow pair the fourth chow may still make beside a 3-chow fan (套算一次).
fn extra_chow_fan(a: usize, b: usize, c: usize, extra: usize) -> Option<Fan> {
    let fans = [
        two_chows_fan(a, extra),
        two_chows_fan(b, extra),
        two_chows_fan(c, extra),
    ];
    [
        PureDoubleChow,
        MixedDoubleChow,
        ShortStraight,
        TwoTerminalChows,
    ]
    .into_iter()
    .find(|f| fans.contains(&Some(*f)))
}

/// The 1-番 chow pairs of three or four chows no bigger fan uses: at most `max` of them,
/// repeats of one kind cut first (不得相同, 套算一次), 老少副 before 连六 before 喜相逢
/// before 一般高.
fn pair_fans_limited(fans: &[Option<Fan>], max: usize, t: &mut FanTable) {
    const ORDER: [Fan; 4] = [
        PureDoubleChow,
        MixedDoubleChow,
        ShortStraight,
        TwoTerminalChows,
    ];
    let mut n = [0u8; 4];
    for f in fans.iter().flatten() {
        n[ORDER.iter().position(|o| o == f).unwrap_or(0)] += 1;
    }
    let mut cnt: usize = n.iter().map(|&x| usize::from(x)).sum();
    let mut limit: i32 = 1;
    while cnt > max && limit >= 0 {
        let mut idx = 4;
        while cnt > max && idx > 0 {
            idx -= 1;
            while i32::from(n[idx]) > limit && cnt > max {
                n[idx] -= 1;
                cnt -= 1;
            }
        }
        limit -= 1;
    }
    for (f, c) in ORDER.iter().zip(n) {
        t[*f as usize] = c;
    }
}

fn four_chows(m: &[usize; 4], t: &mut FanTable) {
    if let Some(f) = four_chows_fan(m) {
        set(t, f);
        return;
    }
    for (a, b, c, e) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_chows_fan(m[a], m[b], m[c]) {
            set(t, f);
            if let Some(x) = extra_chow_fan(m[a], m[b], m[c], m[e]) {
                set(t, x);
            }
            return;
        }
    }
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let fans: [Option<Fan>; 6] = pairs.map(|(i, j)| two_chows_fan(m[i], m[j]));
    let mut max: isize = 3;
    for c in 0..4 {
        let alone = pairs
            .iter()
            .zip(&fans)
            .all(|(&(i, j), f)| (i != c && j != c) || f.is_none());
        if alone {
            max -= 1;
        }
    }
    if max > 0 {
        pair_fans_limited(&fans, max as usize, t);
    }
}

fn three_chows(m: &[usize; 3], t: &mut FanTable) {
    if let Some(f) = three_chows_fan(m[0], m[1], m[2]) {
        set(t, f);
        return;
    }
    let fans = [
        two_chows_fan(m[0], m[1]),
        two_chows_fan(m[0], m[2]),
        two_chows_fan(m[1], m[2]),
    ];
    pair_fans_limited(&fans, 2, t);
}

fn four_pungs_fan(m: &[usize; 4]) -> Option<Fan> {
    let same = m.iter().all(|&k| numbered(k) && suit(k) == suit(m[0]));
    if same && m[0] + 1 == m[1] && m[1] + 1 == m[2] && m[2] + 1 == m[3] {
        Some(FourPureShiftedPungs)
    } else if *m == [27, 28, 29, 30] {
        Some(BigFourWinds)
    } else {
        None
    }
}

fn three_pungs_fan(a: usize, b: usize, c: usize) -> Option<Fan> {
    if numbered(a) && numbered(b) && numbered(c) {
        if mixed(a, b, c) {
            if shifted_unordered(a, b, c) {
                return Some(MixedShiftedPungs);
            }
            if rank(a) == rank(b) && rank(b) == rank(c) {
                return Some(TriplePung);
            }
        } else if suit(a) == suit(b) && suit(b) == suit(c) && a + 1 == b && b + 1 == c {
            return Some(PureShiftedPungs);
        }
        return None;
    }
    if wind(a) && wind(b) && wind(c) {
        return Some(BigThreeWinds);
    }
    ((a, b, c) == (31, 32, 33)).then_some(BigThreeDragons)
}

fn two_pungs_rule(a: usize, b: usize) -> Option<Fan> {
    if numbered(a) && numbered(b) {
        (rank(a) == rank(b)).then_some(DoublePung)
    } else {
        (dragon(a) && dragon(b)).then_some(TwoDragonPungs)
    }
}

fn four_pungs(m: &[usize; 4], t: &mut FanTable) {
    if let Some(f) = four_pungs_fan(m) {
        set(t, f);
        return;
    }
    for (a, b, c, free) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_pungs_fan(m[a], m[b], m[c]) {
            set(t, f);
            for i in (0..4).filter(|&i| i != free) {
                if let Some(x) = two_pungs_fan(m[i], m[free]) {
                    inc(t, x);
                    break;
                }
            }
            return;
        }
    }
    for (i, j) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        if let Some(x) = two_pungs_fan(m[i], m[j]) {
            inc(t, x);
        }
    }
}

fn three_pungs(m: &[usize; 3], t: &mut FanTable) {
    if let Some(f) = three_pungs_fan(m[0], m[1], m[2]) {
        set(t, f);
        return;
    }
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        if let Some(x) = two_pungs_fan(m[i], m[j]) {
            inc(t, x);
        }
    }
}

fn kong_fans(cp: usize, mk: usize, ck: usize, mingan: bool, t: &mut FanTable) {
    let concealed = |t: &mut FanTable, n: usize| match n {
        2 => set(t, TwoConcealedPungs),
        3 => set(t, ThreeConcealedPungs),
        4 => set(t, FourConcealedPungs),
        _ => {}
    };
    match (mk + ck, ck) {
        (0, _) => concealed(t, cp),
        (1, 0) => {
            set(t, MeldedKong);
            if cp < 4 {
                concealed(t, cp);
            }
        }
        (1, _) => {
            set(t, ConcealedKong);
            concealed(t, cp + 1);
        }
        (2, 0) => {
            set(t, TwoMeldedKongs);
            if cp == 2 {
                concealed(t, 2);
            }
        }
        (2, 1) => {
            if mingan {
                set(t, ConcealedKongAndMeldedKong);
            } else {
                set(t, MeldedKong);
                set(t, ConcealedKong);
            }
            if cp < 3 {
                concealed(t, cp + 1);
            }
        }
        (2, _) => {
            set(t, TwoConcealedKongs);
            if cp > 0 {
                concealed(t, cp + 2);
            }
        }
        (3, k) => {
            set(t, ThreeKongs);
            match k {
                1 if cp > 0 => set(t, TwoConcealedPungs),
                2 => concealed(t, 2 + usize::from(cp > 0)),
                3 => concealed(t, 3 + usize::from(cp > 0)),
                _ => {}
            }
        }
        (_, k) => {
            set(t, FourKongs);
            concealed(t, k);
        }
    }
}

fn waiting_form_fans(concealed: &[Pack], win: usize, t: &mut FanTable) {
    if has(t, MeldedHand) || has(t, FourKongs) {
        return;
    }
    let (mut edge, mut closed, mut single) = (false, false, false);
    for p in concealed {
        match p.kind {
            PackKind::Chow if p.tile() == win => closed = true,
            PackKind::Chow if p.tile() + 1 == win || p.tile() == win + 1 => edge = true,
            PackKind::Pair if p.tile() == win => single = true,
            _ => {}
        }
    }
    if edge {
        set(t, EdgeWait);
    } else if closed {
        set(t, ClosedWait);
    } else if single {
        set(t, SingleWait);
    }
}

// ---- the regular shape ------------------------------------------------------------------

/// What every regular reading of a hand shares: the 番 of its tiles alone (suits, tile traits,
/// rank ranges: they depend on which kinds the hand holds, not on how it divides), those of
/// its win flags, and its 四归一 count. Found once per hand, not once per reading.
struct Common {
    table: FanTable,
    hog: u8,
}

impl Common {
    /// `held`: the mask of the kinds the hand holds (concealed and declared).
    fn new(h: &Hand, held: u64) -> Common {
        let mut table = [0u8; TABLE_SIZE];
        suit_fans(held, &mut table);
        tile_trait_fans(held, &mut table);
        rank_range_fans(held, &mut table);
        win_flag_fans(h.flags, &mut table);
        let mut merged = h.standing;
        for (m, f) in merged.iter_mut().zip(&h.fixed_table) {
            *m += f;
        }
        let kongs = h.fixed.iter().filter(|p| p.kind == PackKind::Kong).count();
        let mut hog = [0u8; TABLE_SIZE];
        tile_hog(&merged, kongs, &mut hog);
        Common {
            table,
            hog: hog[TileHog as usize],
        }
    }
}

fn regular_fans(packs: &[Pack; 5], h: &Hand, common: &Common, unique: bool) -> FanTable {
    // the tile and win-flag fans first: what follows sets 自摸 again where it counts and
    // otherwise neither reads nor changes them before the exclusions
    let mut t = common.table;
    let mut chow_buf = [packs[0]; 4];
    let mut pung_buf = [packs[0]; 4];
    let (mut n_chows, mut n_pungs) = (0, 0);
    let (mut cp, mut mk, mut ck) = (0usize, 0usize, 0usize);
    let mut pair = 0;
    for p in packs {
        match p.kind {
            PackKind::Chow => {
                chow_buf[n_chows] = *p;
                n_chows += 1;
            }
            PackKind::Pung => {
                pung_buf[n_pungs] = *p;
                n_pungs += 1;
                cp += usize::from(!p.melded);
            }
            PackKind::Kong => {
                pung_buf[n_pungs] = *p;
                n_pungs += 1;
                if p.melded {
                    mk += 1;
                } else {
                    ck += 1;
                }
            }
            PackKind::Pair => pair = p.tile(),
        }
    }
    let chows = &chow_buf[..n_chows];
    let pungs = &pung_buf[..n_pungs];
    let win = h.win;
    // A discard that no concealed chow can take completes a pung: that pung is exposed.
    if !h.flags.self_drawn
        && !chows
            .iter()
            .any(|c| !c.melded && (c.tile() + 1 == win || c.tile() == win || c.tile() == win + 1))
    {
        let taken = pungs
            .iter()
            .filter(|p| p.tile() == win && !p.melded)
            .count();
        cp = cp.saturating_sub(taken);
    }
    if !pungs.is_empty() {
        kong_fans(cp, mk, ck, h.mingan_gang, &mut t);
        if pungs.len() == 4 && !has(&t, FourKongs) && !has(&t, FourConcealedPungs) {
            set(&mut t, AllPungs);
        }
        for p in pungs {
            if dragon(p.tile()) {
                inc(&mut t, DragonPung);
            } else if terminal_or_honor(p.tile()) {
                inc(&mut t, PungOfTerminalsOrHonors);
            }
        }
    }
    let mut cm = [0usize; 4];
    for (m, c) in cm.iter_mut().zip(chows) {
        *m = c.tile();
    }
    let cm = &mut cm[..n_chows];
    cm.sort_unstable();
    let mut pm = [0usize; 4];
    for (m, p) in pm.iter_mut().zip(pungs) {
        *m = p.tile();
    }
    let pm = &mut pm[..n_pungs];
    match cm.len() {
        4 => {
            if three_suited_terminal_chows(chows, pair) {
                set(&mut t, ThreeSuitedTerminalChows);
            } else if pure_terminal_chows(chows, pair) {
                set(&mut t, PureTerminalChows);
            } else {
                four_chows(&[cm[0], cm[1], cm[2], cm[3]], &mut t);
            }
        }
        3 => three_chows(&[cm[0], cm[1], cm[2]], &mut t),
        2 => {
            if let Some(f) = two_chows_fan(cm[0], cm[1]) {
                inc(&mut t, f);
            }
            if let Some(f) = two_pungs_fan(pm[0], pm[1]) {
                inc(&mut t, f);
            }
        }
        1 => {
            pm.sort_unstable();
            three_pungs(&[pm[0], pm[1], pm[2]], &mut t);
        }
        _ => {
            pm.sort_unstable();
            four_pungs(&[pm[0], pm[1], pm[2], pm[3]], &mut t);
        }
    }
    // 不求人 / 门前清 / 全求人
    let melded = h.fixed.iter().filter(|p| p.melded).count();
    match melded {
        0 => set(
            &mut t,
            if h.flags.self_drawn {
                FullyConcealedHand
            } else {
                ConcealedHand
            },
        ),
        4 => set(
            &mut t,
            if h.flags.self_drawn {
                SelfDrawn
            } else {
                MeldedHand
            },
        ),
        _ if h.flags.self_drawn => set(&mut t, SelfDrawn),
        _ => {}
    }
    // the pair: 平和, 小三元, 小四喜
    if cm.len() == 4 {
        if numbered(pair) {
            set(&mut t, AllChows);
        }
    } else if has(&t, TwoDragonPungs) {
        if dragon(pair) {
            set(&mut t, LittleThreeDragons);
            clear(&mut t, TwoDragonPungs);
        }
    } else if has(&t, BigThreeWinds) && wind(pair) {
        set(&mut t, LittleFourWinds);
        clear(&mut t, BigThreeWinds);
    }
    pack_trait_fans(packs, &mut t);
    if !has(&t, QuadrupleChow) {
        t[TileHog as usize] = common.hog;
    }
    if unique {
        waiting_form_fans(&packs[h.fixed.len()..], win, &mut t);
    }
    apply_exclusions(&mut t);
    if !has(&t, BigFourWinds) {
        for p in pungs {
            if wind(p.tile()) {
                wind_fans(p.tile(), h, &mut t);
            }
        }
    }
    // 无番和 (no other fan) is set by the caller, which sums the table anyway: every fan is
    // worth at least one point, so a zero total is an empty table
    t
}

fn pure_terminal_chows(chows: &[Pack], pair: usize) -> bool {
    if !numbered(pair) || rank(pair) != 5 {
        return false;
    }
    let (mut low, mut high) = (0, 0);
    for c in chows {
        if suit(c.tile()) != suit(pair) {
            return false;
        }
        match rank(c.tile()) {
            2 => low += 1,
            8 => high += 1,
            _ => return false,
        }
    }
    low == 2 && high == 2
}

fn three_suited_terminal_chows(chows: &[Pack], pair: usize) -> bool {
    if !numbered(pair) || rank(pair) != 5 {
        return false;
    }
    let mut low = [false; 3];
    let mut high = [false; 3];
    for c in chows {
        let s = suit(c.tile());
        if s == suit(pair) {
            return false;
        }
        match rank(c.tile()) {
            2 => low[s] = true,
            8 => high[s] = true,
            _ => return false,
        }
    }
    (0..3)
        .filter(|&s| s != suit(pair))
        .all(|s| low[s] && high[s])
}

/// Per block, bit 0: it has a terminal or honor (全带幺), bit 1: a five (全带五), bit 2: it is
/// an even pung or pair (全双刻); row 0 for a pung, kong or pair, row 1 for a chow (by its
/// middle tile). Looked up rather than branched on: the ranks of a random hand's blocks are
/// unpredictable.
const PACK_TRAITS: [[u8; 34]; 2] = {
    let mut out = [[0u8; 34]; 2];
    let mut g = 0;
    while g < 34 {
        if !numbered(g) {
            out[0][g] = 1;
            out[1][g] = 1;
        } else {
            out[0][g] = match rank(g) {
                1 | 9 => 1,
                5 => 2,
                2 | 4 | 6 | 8 => 4,
                _ => 0,
            };
            out[1][g] = match rank(g) {
                2 | 8 => 1,
                4..=6 => 2,
                _ => 0,
            };
        }
        g += 1;
    }
    out
};

fn pack_trait_fans(packs: &[Pack; 5], t: &mut FanTable) {
    let all = packs.iter().fold(7u8, |all, p| {
        all & PACK_TRAITS[usize::from(p.kind == PackKind::Chow)][p.tile()]
    });
    if all & 1 != 0 {
        set(t, OutsideHand);
    } else if all & 2 != 0 {
        set(t, AllFive);
    } else if all & 4 != 0 {
        set(t, AllEvenPungs);
    }
}

/// Calls `f` with every division of `tab` into `4 - done` melds and a pair, in the order
/// PyMahjongGB tries them: by the (tile, tile, tile) keys of the melds, lowest first (the
/// order its ties are broken in). At each tile the choices go pung first, then chows, then
/// the pair, which is that order. Each multiset of melds once.
fn divide(tab: &mut [u16; 34], done: usize, work: &mut [Pack; 5], f: &mut impl FnMut(&[Pack; 5])) {
    let held = (0..34).fold(0u64, |m, k| m | u64::from(tab[k] != 0) << k);
    divide_held(tab, held, done, work, f);
}

/// [`divide`] with `held` the mask of the kinds `tab` holds (bit k: `tab[k]` is not 0).
fn divide_held(
    tab: &mut [u16; 34],
    held: u64,
    done: usize,
    work: &mut [Pack; 5],
    f: &mut impl FnMut(&[Pack; 5]),
) {
    debug_assert_eq!(
        held,
        (0..34).fold(0u64, |m, k| m | u64::from(tab[k] != 0) << k)
    );
    divide_from(tab, held, 0, done, None, work, f);
}

/// Melds from tile `t` up (a tile's count less its pung is chows starting there), with the
/// pair taken at some tile. `held` has bit k set where `tab[k]` is not 0 (from `t` on): the
/// next held tile is found from it rather than by walking the zeros.
fn divide_from(
    tab: &mut [u16; 34],
    held: u64,
    mut t: usize,
    done: usize,
    pair: Option<usize>,
    work: &mut [Pack; 5],
    f: &mut impl FnMut(&[Pack; 5]),
) {
    let ahead = held >> t;
    t = if ahead == 0 {
        34
    } else {
        t + ahead.trailing_zeros() as usize
    };
    if t == 34 {
        if let (Some(p), 4) = (pair, done) {
            work[4] = Pack {
                kind: PackKind::Pair,
                tile8: p as u8,
                melded: false,
            };
            f(work);
        }
        return;
    }
    let c = tab[t];
    for use_pair in [false, true] {
        if use_pair && (pair.is_some() || c < 2) {
            continue;
        }
        let c1 = c - 2 * u16::from(use_pair);
        let pair_now = if use_pair { Some(t) } else { pair };
        for pungs in [1u16, 0] {
            if pungs == 1 && c1 < 3 {
                continue;
            }
            let chows = c1 - 3 * pungs;
            let melds = done + usize::from(pungs) + usize::from(chows);
            if melds > 4 {
                continue;
            }
            if chows > 0
                && !(numbered(t) && rank(t) <= 7 && tab[t + 1] >= chows && tab[t + 2] >= chows)
            {
                continue;
            }
            let mut d = done;
            if pungs == 1 {
                work[d] = Pack {
                    kind: PackKind::Pung,
                    tile8: t as u8,
                    melded: false,
                };
                d += 1;
            }
            for _ in 0..chows {
                work[d] = Pack {
                    kind: PackKind::Chow,
                    tile8: (t + 1) as u8,
                    melded: false,
                };
                d += 1;
            }
            let saved = tab[t];
            tab[t] = 0;
            let mut rest = held & !(1 << t);
            if chows > 0 {
                tab[t + 1] -= chows;
                tab[t + 2] -= chows;
                rest &= !(u64::from(tab[t + 1] == 0) << (t + 1));
                rest &= !(u64::from(tab[t + 2] == 0) << (t + 2));
            }
            divide_from(tab, rest, t + 1, d, pair_now, work, f);
            tab[t] = saved;
            if chows > 0 {
                tab[t + 1] += chows;
                tab[t + 2] += chows;
            }
        }
    }
}

fn concealed_tiles(h: &Hand) -> usize {
    h.standing.iter().map(|&c| usize::from(c)).sum()
}

// ---- the special shapes -----------------------------------------------------------------

fn seven_shifted(tab: &[u16; 34], s: usize) -> bool {
    if s == 3 {
        return false;
    }
    let t3 = s * 9 + 2;
    if (0..5).all(|d| tab[t3 + d] == 2) {
        if tab[t3 - 1] == 2 {
            return tab[t3 - 2] == 2 || tab[t3 + 5] == 2;
        }
        return tab[t3 + 5] == 2 && tab[t3 + 6] == 2;
    }
    false
}

fn special_fans(h: &Hand, held: u64) -> Option<(FanTable, Shape)> {
    let mut t = [0u8; TABLE_SIZE];
    let tab = &h.standing;
    if tab.iter().all(|&c| c % 2 == 0) {
        let s = suit(h.win);
        if seven_shifted(tab, s) {
            set(&mut t, SevenShiftedPairs);
            if tab[s * 9] == 0 && tab[s * 9 + 8] == 0 {
                set(&mut t, AllSimples);
            }
            win_flag_fans(h.flags, &mut t);
        } else {
            set(&mut t, SevenPairs);
            suit_fans(held, &mut t);
            tile_trait_fans(held, &mut t);
            rank_range_fans(held, &mut t);
            tile_hog(tab, 0, &mut t);
            win_flag_fans(h.flags, &mut t);
            apply_exclusions(&mut t);
        }
        return Some((t, Shape::SevenPairs));
    }
    if held.count_ones() == 14 {
        let (kinds, _, _) = distinct(h);
        let tiles = &kinds[..14];
        let honors = tiles.iter().position(|&k| !numbered(k)).unwrap_or(14);
        if (7..=9).contains(&honors)
            && KNITTED
                .iter()
                .any(|seq| tiles[..honors].iter().all(|k| seq.contains(k)))
        {
            if honors == 7 {
                set(&mut t, GreaterHonorsAndKnittedTiles);
            } else {
                set(&mut t, LesserHonorsAndKnittedTiles);
                if honors == 9 {
                    set(&mut t, KnittedStraight);
                }
            }
            win_flag_fans(h.flags, &mut t);
            return Some((t, Shape::HonorsAndKnitted));
        }
    }
    if held == ORPHANS_MASK {
        set(&mut t, ThirteenOrphans);
        win_flag_fans(h.flags, &mut t);
        return Some((t, Shape::ThirteenOrphans));
    }
    None
}

fn knitted_fans(h: &Hand) -> Option<(FanTable, Pack, Pack, usize)> {
    // the nine kinds first: most hands hold no knitted straight (six mask tests)
    let which = KNITTED_MASKS
        .iter()
        .position(|&m| h.held_standing & m == m)?;
    if !h.standing.iter().any(|&c| c >= 2) {
        return None;
    }
    let mut rest = h.standing;
    for &k in &KNITTED[which] {
        rest[k] -= 1;
    }
    let mut work = [Pack {
        kind: PackKind::Pair,
        tile8: 0,
        melded: false,
    }; 5];
    let fixed = h.fixed.len();
    if fixed == 1 {
        work[3] = h.fixed[0];
    }
    let mut found = 0;
    let mut division = work;
    divide(&mut rest.clone(), fixed + 3, &mut work, &mut |d| {
        found += 1;
        division = *d;
    });
    if found != 1 {
        return None;
    }
    let (meld, pair) = (division[3], division[4]);
    let mut t = [0u8; TABLE_SIZE];
    set(&mut t, KnittedStraight);
    let merged = |k: usize| h.fixed_table[k] + h.standing[k];
    if meld.kind == PackKind::Chow {
        if numbered(pair.tile()) {
            set(&mut t, AllChows);
        }
        if merged(pair.tile()) == 4 {
            set(&mut t, TileHog);
        }
    } else if !numbered(meld.tile()) {
        if wind(meld.tile()) {
            set(&mut t, PungOfTerminalsOrHonors);
            wind_fans(meld.tile(), h, &mut t);
            if dragon(pair.tile()) {
                set(&mut t, AllTypes);
            }
        } else {
            set(&mut t, DragonPung);
            if wind(pair.tile()) {
                set(&mut t, AllTypes);
            }
        }
    } else {
        if terminal(meld.tile()) {
            set(&mut t, PungOfTerminalsOrHonors);
        }
        if numbered(pair.tile()) {
            set(&mut t, NoHonors);
        }
        if meld.kind != PackKind::Kong && merged(meld.tile()) == 4 {
            set(&mut t, TileHog);
        }
    }
    win_flag_fans(h.flags, &mut t);
    if meld.melded {
        if meld.kind == PackKind::Kong {
            set(&mut t, MeldedKong);
        }
    } else {
        if meld.kind == PackKind::Kong {
            set(&mut t, ConcealedKong);
        }
        if h.flags.self_drawn {
            set(&mut t, FullyConcealedHand);
            clear(&mut t, SelfDrawn);
        } else {
            set(&mut t, ConcealedHand);
        }
    }
    if fixed == 0 {
        if unique_wait(&rest, 4, h.win) {
            waiting_form_fans(&[meld, pair], h.win, &mut t);
        }
    } else if !KNITTED[which].contains(&h.win) || h.standing[h.win] == 3 {
        set(&mut t, SingleWait);
    }
    apply_exclusions(&mut t);
    Some((t, meld, pair, which))
}

fn nine_gates_fans(h: &Hand) -> Option<FanTable> {
    let (win, tab) = (h.win, &h.standing);
    if !numbered(win) {
        return None;
    }
    let (base, r) = (suit(win) * 9, rank(win));
    let ones = |range: std::ops::Range<usize>| range.clone().all(|x| tab[base + x - 1] == 1);
    let ok = match r {
        1 => tab[win] == 4 && tab[base + 8] == 3 && ones(2..9),
        9 => tab[win] == 4 && tab[base] == 3 && ones(2..9),
        _ => tab[win] == 2 && tab[base] == 3 && tab[base + 8] == 3 && ones(2..r) && ones(r + 1..9),
    };
    if !ok {
        return None;
    }
    let mut t = [0u8; TABLE_SIZE];
    set(&mut t, NineGates);
    match r {
        1 | 9 => {
            set(&mut t, PureStraight);
            set(&mut t, TileHog);
        }
        2 | 8 => {
            set(&mut t, TwoConcealedPungs);
            set(&mut t, ShortStraight);
            set(&mut t, PungOfTerminalsOrHonors);
        }
        5 => {
            set(&mut t, TwoConcealedPungs);
            set(&mut t, PungOfTerminalsOrHonors);
        }
        _ => set(&mut t, ShortStraight),
    }
    win_flag_fans(h.flags, &mut t);
    Some(t)
}

/// Scores a checked hand; None when it does not win.
pub(crate) fn score(h: &Hand) -> Option<Scored> {
    let held = h.held;
    let fixed = h.fixed.len();
    let mut best: Option<Scored> = None;
    let mut max = 0;
    if fixed == 0 {
        if let Some((t, shape)) = special_fans(h, held) {
            best = Some(Scored {
                table: t,
                total: 0,
                shape,
                packs: [NO_PACK; 5],
                n_packs: 0,
                knitted: None,
            });
        } else if let Some((t, meld, pair, which)) = knitted_fans(h) {
            best = Some(Scored {
                table: t,
                total: 0,
                shape: Shape::KnittedStraight,
                packs: [meld, pair, meld, meld, meld],
                n_packs: 2,
                knitted: Some(which),
            });
        } else if let Some(t) = nine_gates_fans(h) {
            best = Some(Scored {
                table: t,
                total: 0,
                shape: Shape::NineGates,
                packs: [NO_PACK; 5],
                n_packs: 0,
                knitted: None,
            });
        }
    } else if fixed == 1 {
        if let Some((t, meld, pair, which)) = knitted_fans(h) {
            best = Some(Scored {
                table: t,
                total: 0,
                shape: Shape::KnittedStraight,
                packs: [meld, pair, meld, meld, meld],
                n_packs: 2,
                knitted: Some(which),
            });
        }
    }
    if let Some(b) = &best {
        max = total(&b.table);
    }
    let seven_pairs = best.as_ref().is_some_and(|b| has(&b.table, SevenPairs));
    if max == 0 || seven_pairs {
        let n = concealed_tiles(h) - 1;
        let mut unique: Option<bool> = None;
        if h.standing.iter().any(|&c| c >= 2) {
            let mut work = [Pack {
                kind: PackKind::Pair,
                tile8: 0,
                melded: false,
            }; 5];
            work[..fixed].copy_from_slice(h.fixed);
            let mut tab = h.standing;
            let common = Common::new(h, held);
            divide_held(&mut tab, h.held_standing, fixed, &mut work, &mut |d| {
                // 独听 matters only where the winning tile sits in a concealed chow or the pair
                let wait_matters = d[fixed..].iter().any(|p| match p.kind {
                    PackKind::Chow => p.tile() + 1 >= h.win && p.tile() <= h.win + 1,
                    PackKind::Pair => p.tile() == h.win,
                    _ => false,
                });
                let u = wait_matters
                    && *unique.get_or_insert_with(|| unique_wait_divided(&h.standing, n, h.win));
                let mut t = regular_fans(d, h, &common, u);
                let mut v = total(&t);
                if v == 0 {
                    set(&mut t, ChickenHand);
                    v = u32::from(POINTS[ChickenHand as usize]);
                }
                let take = v > max
                    || (v == max
                        && (t[PureTripleChow as usize] == 1 || seven_pairs || has(&t, TriplePung)));
                if v > max {
                    max = v;
                }
                if take {
                    best = Some(Scored {
                        table: t,
                        total: 0,
                        shape: Shape::Regular,
                        packs: *d,
                        n_packs: 5,
                        knitted: None,
                    });
                }
            });
        }
    }
    if max == 0 {
        return None;
    }
    if let Some(b) = &mut best {
        b.total = max;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::Config;

    proptest! {
        #![proptest_config(Config { cases: 20_000, failure_persistence: None, ..Config::default() })]

        /// The tile-class 番 read from the mask of the kinds held agree with the same rules
        /// read tile by tile, for every nonempty set of kinds (biased towards few suits).
        #[test]
        fn held_mask_fans_match_the_tile_by_tile_rules(bits in any::<u64>(), narrow in 0u8..8) {
            let keep = [
                (1u64 << 34) - 1, 0x1FF, 0x1FF << 9, 0x1FF << 18, SUIT_MASKS[3],
                0x1FF | SUIT_MASKS[3], TERMINAL_OR_HONOR_MASK, REVERSIBLE_MASK | GREEN_MASK,
            ][usize::from(narrow)];
            let held = bits & keep;
            prop_assume!(held != 0);
            let tiles: Vec<usize> = (0..34).filter(|&k| held >> k & 1 == 1).collect();
            let (mut a, mut b) = ([0u8; TABLE_SIZE], [0u8; TABLE_SIZE]);
            suit_fans(held, &mut a);
            tile_trait_fans(held, &mut a);
            rank_range_fans(held, &mut a);
            suit_fans_by_tiles(&tiles, &mut b);
            tile_trait_fans_by_tiles(&tiles, &mut b);
            rank_range_fans_by_tiles(&tiles, &mut b);
            prop_assert_eq!(a.to_vec(), b.to_vec());
        }
    }
}
