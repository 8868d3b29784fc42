//! The calculator's input and its checks.

use super::calc::{Flags, Hand, Pack, PackKind};
use super::error::GbError;
use super::tiles::{counts_to_gb, held_to_gb, to_gb};
use crate::tiles::{Counts, Tile, NUM_KINDS};

/// What a declared meld is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// 吃: a run claimed from the seat before.
    Chow,
    /// 碰.
    Pung,
    /// 明杠: an exposed kong (claimed, or added to a pung).
    Kong,
    /// 暗杠.
    ConcealedKong,
}

/// A declared meld: its kind, its tile (a chow's lowest) as an MPSZ index, and where the
/// claimed tile came from, as a seat offset: 1 the next seat (下家), 2 the one opposite (对家),
/// 3 the one before (上家); 0 for a concealed kong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    /// Chow, pung, kong or concealed kong.
    pub kind: MeldKind,
    /// The meld's tile (a chow's lowest).
    pub tile: u8,
    /// Seat offset the claimed tile came from (0 for a concealed kong).
    pub from: u8,
}

impl Meld {
    /// A meld (not checked until the hand is scored).
    pub const fn new(kind: MeldKind, tile: u8, from: u8) -> Meld {
        Meld { kind, tile, from }
    }

    /// Its tiles, MPSZ indices; None for a tile that does not exist or a chow that is no run.
    pub fn tiles(&self) -> Option<Vec<u8>> {
        self.tile_array().map(|(t, n)| t[..n].to_vec())
    }

    /// [`Self::tiles`] without the heap: the tiles and how many of the four count.
    fn tile_array(&self) -> Option<([u8; 4], usize)> {
        let t = self.tile;
        if usize::from(t) >= NUM_KINDS {
            return None;
        }
        match self.kind {
            MeldKind::Chow => (t < 27 && t % 9 <= 6).then_some(([t, t + 1, t + 2, 0], 3)),
            MeldKind::Pung => Some(([t; 4], 3)),
            MeldKind::Kong | MeldKind::ConcealedKong => Some(([t; 4], 4)),
        }
    }
}

/// The declared melds of a hand, kept inline (a hand has at most four; no heap allocation per
/// hand). Reads as a slice of the melds pushed; pushing a fifth or later keeps counting them,
/// so the check reports how many were given, but stores no more than four.
///
/// ```
/// use majiang::gb::{Meld, MeldKind, Melds};
/// let mut m = Melds::new();
/// m.push(Meld::new(MeldKind::Pung, 31, 1));
/// assert_eq!((m.len(), m[0].tile), (1, 31));
/// ```
#[derive(Clone, Copy)]
pub struct Melds {
    /// The first `min(given, 4)` are the melds; the rest are never read.
    items: [Meld; 4],
    given: usize,
}

/// What fills the unused slots of [`Melds`] (never read).
const UNUSED: Meld = Meld::new(MeldKind::Pung, 0, 1);

impl Melds {
    /// No melds.
    pub const fn new() -> Melds {
        Melds {
            items: [UNUSED; 4],
            given: 0,
        }
    }

    /// Adds a meld (a fifth or later is counted, not stored: the hand then fails its check).
    pub fn push(&mut self, meld: Meld) {
        if let Some(slot) = self.items.get_mut(self.given) {
            *slot = meld;
        }
        self.given += 1;
    }

    /// How many melds were pushed (more than four when too many were; the slice holds four).
    pub fn given(&self) -> usize {
        self.given
    }
}

impl Default for Melds {
    fn default() -> Melds {
        Melds::new()
    }
}

impl FromIterator<Meld> for Melds {
    fn from_iter<I: IntoIterator<Item = Meld>>(iter: I) -> Melds {
        let mut melds = Melds::new();
        iter.into_iter().for_each(|m| melds.push(m));
        melds
    }
}

impl std::fmt::Debug for Melds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Melds {
    fn eq(&self, other: &Melds) -> bool {
        self.given == other.given && **self == **other
    }
}

impl Eq for Melds {}

impl std::ops::Deref for Melds {
    type Target = [Meld];

    fn deref(&self) -> &[Meld] {
        &self.items[..self.given.min(4)]
    }
}

impl std::ops::DerefMut for Melds {
    fn deref_mut(&mut self) -> &mut [Meld] {
        &mut self.items[..self.given.min(4)]
    }
}

/// Everything the 番 of a complete hand depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandInput {
    /// Concealed tiles before the winning tile (13 less three per meld).
    pub concealed: Counts,
    /// Declared melds, concealed kongs included (at most four).
    pub melds: Melds,
    /// The winning tile (MPSZ index).
    pub win_tile: u8,
    /// Self-drawn (自摸); else won on a discard or a robbed kong.
    pub self_drawn: bool,
    /// 和绝张: the winning tile is the last of its kind (three already shown).
    pub last_copy: bool,
    /// 杠上开花: self-drawn on a kong's replacement draw.
    pub replacement: bool,
    /// 抢杠和: won on the tile another seat added to its pung.
    pub robbing: bool,
    /// 妙手回春: self-drawn on the wall's last tile.
    pub last_draw: bool,
    /// 海底捞月: won on the last discard.
    pub last_claim: bool,
    /// Seat wind, 0-3 = East South West North.
    pub seat_wind: u8,
    /// Prevalent (round) wind, 0-3.
    pub prevalent_wind: u8,
    /// Flowers laid aside (0-8), one 番 each.
    pub flowers: u8,
    /// Score one concealed and one exposed kong as 明暗杠 (5 番, the later ruling
    /// PyMahjongGB follows; default) rather than 暗杠 + 明杠 (3).
    pub mingan_gang: bool,
}

impl HandInput {
    /// A concealed hand won on a discard of `win_tile`, East seat in the East round, no
    /// flowers; set the other fields as needed.
    pub fn new(concealed: &Counts, win_tile: u8) -> HandInput {
        HandInput {
            concealed: *concealed,
            melds: Melds::new(),
            win_tile,
            self_drawn: false,
            last_copy: false,
            replacement: false,
            robbing: false,
            last_draw: false,
            last_claim: false,
            seat_wind: 0,
            prevalent_wind: 0,
            flowers: 0,
            mingan_gang: true,
        }
    }
}

/// A checked input, GB order.
pub(crate) struct Checked<'a> {
    input: &'a HandInput,
    standing: [u16; 34],
    fixed_table: [u16; 34],
    fixed: [Pack; 4],
    n_fixed: usize,
    flags: Flags,
    /// Bit k set where `standing[k]` is not 0, and where the hand holds kind k at all.
    held_standing: u64,
    held: u64,
}

impl Checked<'_> {
    pub(crate) fn hand(&self) -> Hand<'_> {
        Hand {
            standing: self.standing,
            fixed_table: self.fixed_table,
            fixed: &self.fixed[..self.n_fixed],
            win: to_gb(usize::from(self.input.win_tile)),
            flags: self.flags,
            seat_wind: usize::from(self.input.seat_wind),
            prevalent_wind: usize::from(self.input.prevalent_wind),
            mingan_gang: self.input.mingan_gang,
            held_standing: self.held_standing,
            held: self.held,
        }
    }
}

fn name(k: usize) -> String {
    Tile::new(k as u8).map_or_else(|| format!("#{k}"), |t| t.to_string())
}

fn flags_error(msg: &str) -> GbError {
    GbError::BadFlags(msg.to_string())
}

pub(crate) fn check(input: &HandInput) -> Result<Checked<'_>, GbError> {
    let win = usize::from(input.win_tile);
    if win >= NUM_KINDS {
        return Err(GbError::TileCount(format!(
            "win_tile must be a tile index 0-33, got {win}"
        )));
    }
    if input.melds.given() > 4 {
        return Err(GbError::TileCount(format!(
            "at most 4 melds, got {}",
            input.melds.given()
        )));
    }
    let held: usize = input.concealed.iter().map(|&c| usize::from(c)).sum();
    let want = 13 - 3 * input.melds.len();
    if held != want {
        return Err(GbError::TileCount(format!(
            "{} meld(s) need {want} concealed tiles before the winning tile, got {held}",
            input.melds.len()
        )));
    }
    let mut total: [u16; NUM_KINDS] = input.concealed.map(u16::from);
    total[win] += 1;
    let mut fixed = [Pack {
        kind: PackKind::Pair,
        tile8: 0,
        melded: false,
    }; 4];
    let mut fixed_table = [0u16; 34];
    let mut has_kong = false;
    let mut held_fixed = 0u64;
    for (i, m) in input.melds.iter().enumerate() {
        let (tiles, n_tiles) = m.tile_array().ok_or_else(|| {
            GbError::BadMeld(format!(
                "melds[{i}]: {:?} on tile {} is no meld",
                m.kind,
                name(usize::from(m.tile))
            ))
        })?;
        match (m.kind, m.from) {
            (MeldKind::Chow, 3) | (MeldKind::Pung | MeldKind::Kong, 1..=3) => {}
            (MeldKind::ConcealedKong, 0) => {}
            (MeldKind::Chow, f) => {
                return Err(GbError::BadMeld(format!(
                    "melds[{i}]: a chow is claimed from the seat before (offset 3), not {f}"
                )))
            }
            (MeldKind::ConcealedKong, f) => {
                return Err(GbError::BadMeld(format!(
                    "melds[{i}]: a concealed kong comes from no seat (offset 0), not {f}"
                )))
            }
            (_, f) => {
                return Err(GbError::BadMeld(format!(
                    "melds[{i}]: a claimed tile comes from another seat (offset 1-3), not {f}"
                )))
            }
        }
        for &t in &tiles[..n_tiles] {
            total[usize::from(t)] += 1;
            fixed_table[to_gb(usize::from(t))] += 1;
        }
        let g = to_gb(usize::from(m.tile));
        held_fixed |= match m.kind {
            MeldKind::Chow => 0b111 << g,
            _ => 1 << g,
        };
        let pack = match m.kind {
            MeldKind::Chow => Pack {
                kind: PackKind::Chow,
                tile8: (g + 1) as u8,
                melded: true,
            },
            MeldKind::Pung => Pack {
                kind: PackKind::Pung,
                tile8: g as u8,
                melded: true,
            },
            MeldKind::Kong => Pack {
                kind: PackKind::Kong,
                tile8: g as u8,
                melded: true,
            },
            MeldKind::ConcealedKong => Pack {
                kind: PackKind::Kong,
                tile8: g as u8,
                melded: false,
            },
        };
        has_kong |= pack.kind == PackKind::Kong;
        fixed[i] = pack;
    }
    if let Some(k) = total
        .iter()
        .any(|&t| t > 4)
        .then(|| (0..NUM_KINDS).find(|&k| total[k] > 4))
        .flatten()
    {
        return Err(GbError::TooManyCopies(format!(
            "{} copies of {} in hand, melds and winning tile (at most 4)",
            total[k],
            name(k)
        )));
    }
    if input.seat_wind > 3 || input.prevalent_wind > 3 {
        return Err(flags_error(
            "seat_wind and prevalent_wind must be 0-3 (East South West North)",
        ));
    }
    if input.flowers > 8 {
        return Err(GbError::BadFlags(format!(
            "flowers must be 0-8, got {}",
            input.flowers
        )));
    }
    if input.last_draw && !input.self_drawn {
        return Err(flags_error(
            "妙手回春 (last_draw) is a self-drawn win; this one is on a discard",
        ));
    }
    if input.last_claim && input.self_drawn {
        return Err(flags_error(
            "海底捞月 (last_claim) is a win on the last discard, not self-drawn",
        ));
    }
    if input.replacement && !input.self_drawn {
        return Err(flags_error(
            "杠上开花 (replacement) is self-drawn; this win is on a discard",
        ));
    }
    if input.replacement && !has_kong {
        return Err(flags_error(
            "杠上开花 (replacement) needs a kong among the melds",
        ));
    }
    if input.robbing && input.self_drawn {
        return Err(flags_error("抢杠和 (robbing) cannot be self-drawn"));
    }
    if input.robbing && input.last_claim {
        return Err(flags_error(
            "抢杠和 (robbing) and 海底捞月 (last_claim): a robbed kong is no discard",
        ));
    }
    let g = to_gb(win);
    if input.robbing && (input.concealed[win] != 0 || fixed_table[g] != 0) {
        return Err(GbError::BadFlags(format!(
            "抢杠和 (robbing): three {} are in the robbed pung, so this hand cannot hold another",
            name(win)
        )));
    }
    if input.last_copy && input.concealed[win] != 0 {
        return Err(GbError::BadFlags(format!(
            "和绝张 (last_copy): the hand holds another {} concealed, so three cannot be shown",
            name(win)
        )));
    }
    let mut standing = counts_to_gb(&input.concealed);
    let held_standing = held_to_gb(&input.concealed) | 1 << g;
    standing[g] += 1;
    let flags = Flags {
        self_drawn: input.self_drawn,
        // three shown in one's own melds: the winning tile is the last of its kind.
        last_tile: input.last_copy || fixed_table[g] == 3,
        kong: input.replacement || input.robbing,
        wall_last: input.last_draw || input.last_claim,
    };
    Ok(Checked {
        input,
        standing,
        fixed_table,
        fixed,
        n_fixed: input.melds.len(),
        flags,
        held_standing,
        held: held_standing | held_fixed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gb::fan;

    fn input(hand: &str, win: &str) -> HandInput {
        let c = crate::counts_from_str(hand).unwrap();
        HandInput::new(&c, Tile::from_mpsz(win).unwrap().index() as u8)
    }

    fn err(i: &HandInput) -> GbError {
        fan(i).unwrap_err()
    }

    #[test]
    fn a_hand_that_does_not_win() {
        assert_eq!(err(&input("123m456m789m234p6p", "5s")), GbError::NotWinning);
    }

    #[test]
    fn wrong_counts_and_fifth_copies() {
        assert!(matches!(
            err(&input("123m456m789m234p", "5p")),
            GbError::TileCount(_)
        ));
        assert!(matches!(
            err(&input("11112345678999m", "1m")),
            GbError::TileCount(_)
        ));
        let mut i = input("1m456m789m234p", "1m");
        i.melds.push(Meld::new(MeldKind::Pung, 0, 1));
        assert!(matches!(err(&i), GbError::TooManyCopies(m) if m.contains("5 copies")));
        let mut i = input("1m", "1m");
        i.win_tile = 40;
        assert!(matches!(err(&i), GbError::TileCount(_)));
    }

    #[test]
    fn melds_that_are_no_melds() {
        let mut i = input("456m789m234p5p", "5p");
        i.melds.push(Meld::new(MeldKind::Chow, 8, 3)); // 9m10m11m is no run
        assert!(matches!(err(&i), GbError::BadMeld(_)));
        i.melds[0] = Meld::new(MeldKind::Chow, 0, 1); // a chow from 下家
        assert!(matches!(err(&i), GbError::BadMeld(m) if m.contains("seat before")));
        i.melds[0] = Meld::new(MeldKind::Pung, 0, 0); // a pung from one's own seat
        assert!(matches!(err(&i), GbError::BadMeld(_)));
        i.melds[0] = Meld::new(MeldKind::ConcealedKong, 0, 2);
        assert!(matches!(err(&i), GbError::BadMeld(_)));
        i.melds[0] = Meld::new(MeldKind::Pung, 34, 1);
        assert!(matches!(err(&i), GbError::BadMeld(_)));
        i.melds[0] = Meld::new(MeldKind::Chow, 0, 3);
        assert!(fan(&i).is_ok());
    }

    #[test]
    fn flags_that_cannot_hold_together() {
        let base = input("123m456p789s45m55z", "6m");
        type Case = (fn(&mut HandInput), &'static str);
        let cases: [Case; 8] = [
            (|i| i.last_draw = true, "妙手回春"),
            (
                |i| {
                    i.self_drawn = true;
                    i.last_claim = true
                },
                "海底捞月",
            ),
            (|i| i.replacement = true, "杠上开花"),
            (
                |i| {
                    i.self_drawn = true;
                    i.replacement = true
                },
                "needs a kong",
            ),
            (
                |i| {
                    i.self_drawn = true;
                    i.robbing = true
                },
                "抢杠和",
            ),
            (
                |i| {
                    i.robbing = true;
                    i.last_claim = true
                },
                "no discard",
            ),
            (|i| i.seat_wind = 4, "seat_wind"),
            (|i| i.flowers = 9, "flowers"),
        ];
        for (set, word) in cases {
            let mut i = base.clone();
            set(&mut i);
            assert!(
                matches!(err(&i), GbError::BadFlags(m) if m.contains(word)),
                "{word}"
            );
        }
        let mut i = input("123m456p789s55z66m", "6m"); // holds the robbed tile
        i.robbing = true;
        assert!(matches!(err(&i), GbError::BadFlags(m) if m.contains("抢杠和")));
        i.robbing = false;
        i.last_copy = true;
        assert!(matches!(err(&i), GbError::BadFlags(m) if m.contains("和绝张")));
    }

    #[test]
    fn three_shown_in_own_melds_is_the_last_copy() {
        let mut i = input("46p123m789s11z", "5p");
        i.melds.push(Meld::new(MeldKind::Pung, 13, 1)); // 555p shown: the 5p won is the 4th
        assert_eq!(fan(&i).unwrap().count(crate::gb::Fan::LastTile), 1);
        i.melds[0] = Meld::new(MeldKind::Pung, 14, 1);
        assert_eq!(fan(&i).unwrap().count(crate::gb::Fan::LastTile), 0);
    }
}
