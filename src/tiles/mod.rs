//! Tiles: the 34 kinds in MPSZ order plus the 8 flowers, their names and glyphs.
//!
//! Index layout (the convention of the whole crate):
//! `0..9` = 1-9m (万), `9..18` = 1-9p (筒), `18..27` = 1-9s (条/索),
//! `27..31` = 1z-4z East South West North, `31` = 5z white 白, `32` = 6z green 发, `33` = 7z red 中,
//! `34..42` = flowers 1f-8f (春夏秋冬梅兰竹菊).

mod parse;

pub use parse::{parse_tiles, ParseError};

use std::fmt;

/// Number of distinct non-flower tile kinds.
pub const NUM_KINDS: usize = 34;
/// Number of distinct flower tiles.
pub const NUM_FLOWERS: usize = 8;

/// Counts of each of the 34 kinds in a hand.
pub type Counts = [u8; NUM_KINDS];

/// One tile kind (0-33) or flower (34-41).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

/// The suit of a tile, as its MPSZ letter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Suit {
    /// 万 characters, `m`.
    Man,
    /// 筒 dots, `p`.
    Pin,
    /// 条/索 bamboo, `s`.
    Sou,
    /// 字 honors, `z`.
    Honor,
    /// 花 flowers, `f`.
    Flower,
}

impl Suit {
    /// The MPSZ letter of this suit.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
            Suit::Flower => 'f',
        }
    }
}

const CHINESE: [&str; 42] = [
    "一万", "二万", "三万", "四万", "五万", "六万", "七万", "八万", "九万", //
    "一筒", "二筒", "三筒", "四筒", "五筒", "六筒", "七筒", "八筒", "九筒", //
    "一条", "二条", "三条", "四条", "五条", "六条", "七条", "八条", "九条", //
    "东", "南", "西", "北", "白", "发", "中", //
    "春", "夏", "秋", "冬", "梅", "兰", "竹", "菊",
];

/// Code points of the Unicode mahjong block (U+1F000..) for each tile index.
/// The block orders winds, dragons (red, green, white), characters, bamboo, dots,
/// plants then seasons: not MPSZ order, hence the explicit table.
const GLYPHS: [u32; 42] = [
    0x1F007, 0x1F008, 0x1F009, 0x1F00A, 0x1F00B, 0x1F00C, 0x1F00D, 0x1F00E, 0x1F00F, // m
    0x1F019, 0x1F01A, 0x1F01B, 0x1F01C, 0x1F01D, 0x1F01E, 0x1F01F, 0x1F020, 0x1F021, // p
    0x1F010, 0x1F011, 0x1F012, 0x1F013, 0x1F014, 0x1F015, 0x1F016, 0x1F017, 0x1F018, // s
    0x1F000, 0x1F001, 0x1F002, 0x1F003, // E S W N
    0x1F006, 0x1F005, 0x1F004, // white green red
    0x1F026, 0x1F027, 0x1F028, 0x1F029, // spring summer autumn winter
    0x1F022, 0x1F023, 0x1F025, 0x1F024, // plum orchid bamboo chrysanthemum
];

impl Tile {
    /// The tile with this index, if it is in `0..42`.
    pub const fn new(index: u8) -> Option<Tile> {
        if (index as usize) < NUM_KINDS + NUM_FLOWERS {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// The tile's index: 0-33 for kinds, 34-41 for flowers.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is one of the 8 flowers.
    pub const fn is_flower(self) -> bool {
        self.0 as usize >= NUM_KINDS
    }

    /// Whether this is an honor (winds and dragons).
    pub const fn is_honor(self) -> bool {
        self.0 >= 27 && (self.0 as usize) < NUM_KINDS
    }

    /// The tile's suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ if (self.0 as usize) < NUM_KINDS => Suit::Honor,
            _ => Suit::Flower,
        }
    }

    /// The digit of the tile in MPSZ notation (1-9 for suits, 1-7 honors, 1-8 flowers).
    pub const fn number(self) -> u8 {
        match self.suit() {
            Suit::Man | Suit::Pin | Suit::Sou => self.0 % 9 + 1,
            Suit::Honor => self.0 - 27 + 1,
            Suit::Flower => self.0 - NUM_KINDS as u8 + 1,
        }
    }

    /// Parses one tile in MPSZ notation (`"5m"`, `"7z"`, `"3f"`); usable in const context,
    /// which is what makes [`t!`](crate::t) literals checked at compile time.
    pub const fn from_mpsz(s: &str) -> Option<Tile> {
        let b = s.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_digit() {
            return None;
        }
        let d = b[0] - b'0';
        let (base, max) = match b[1] {
            b'm' => (0u8, 9u8),
            b'p' => (9, 9),
            b's' => (18, 9),
            b'z' => (27, 7),
            b'f' => (NUM_KINDS as u8, 8),
            _ => return None,
        };
        if d == 0 || d > max {
            return None;
        }
        Some(Tile(base + d - 1))
    }

    /// The next tile in Nanchang's jing order: 1→…→9→1 within a suit, E→S→W→N→E,
    /// 中→发→白→中. Flowers have no successor and map to themselves.
    pub const fn jing_successor(self) -> Tile {
        match self.suit() {
            Suit::Man | Suit::Pin | Suit::Sou => {
                let base = self.0 / 9 * 9;
                Tile(base + (self.0 - base + 1) % 9)
            }
            Suit::Honor if self.0 < 31 => Tile(27 + (self.0 - 27 + 1) % 4),
            // Dragons: red 中 (33) → green 发 (32) → white 白 (31) → red 中.
            Suit::Honor => {
                if self.0 == 31 {
                    Tile(33)
                } else {
                    Tile(self.0 - 1)
                }
            }
            Suit::Flower => self,
        }
    }

    /// The Chinese name (`"五万"`, `"东"`, `"春"`).
    pub const fn chinese(self) -> &'static str {
        CHINESE[self.0 as usize]
    }

    /// The Unicode mahjong glyph.
    pub fn glyph(self) -> char {
        char::from_u32(GLYPHS[self.0 as usize]).unwrap_or('?')
    }

    /// The tile whose glyph is `c`, if any.
    pub fn from_glyph(c: char) -> Option<Tile> {
        let code = c as u32;
        GLYPHS
            .iter()
            .position(|&g| g == code)
            .map(|i| Tile(i as u8))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A tile literal checked at compile time: `t!("5m")`.
///
/// ```
/// use majiang::t;
/// assert_eq!(t!("1z").index(), 27);
/// ```
#[macro_export]
macro_rules! t {
    ($s:literal) => {
        const {
            match $crate::tiles::Tile::from_mpsz($s) {
                Some(t) => t,
                None => panic!(concat!("invalid tile literal: ", $s)),
            }
        }
    };
}

/// Formats counts as a compact MPSZ string (`"123m55z"`), suits in m, p, s, z order.
pub fn format_counts(counts: &Counts) -> String {
    let mut out = String::new();
    for (suit, range) in [('m', 0..9), ('p', 9..18), ('s', 18..27), ('z', 27..34)] {
        let start = out.len();
        for i in range.clone() {
            for _ in 0..counts[i] {
                out.push(char::from(b'1' + (i - range.start) as u8));
            }
        }
        if out.len() > start {
            out.push(suit);
        }
    }
    out
}

/// Formats tiles in the given order as MPSZ, grouping runs of the same suit (`"55m1z"`).
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut out = String::new();
    for (i, t) in tiles.iter().enumerate() {
        out.push(char::from(b'0' + t.number()));
        let next_same = tiles.get(i + 1).is_some_and(|n| n.suit() == t.suit());
        if !next_same {
            out.push(t.suit().letter());
        }
    }
    out
}

/// The 13 terminal and honor kinds (1m 9m 1p 9p 1s 9s and the seven honors).
pub const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// The six knitted straights (组合龙) as patterns (0: 147, 1: 258, 2: 369) of man, pin and
/// sou, in the order the GB tables list them.
pub const KNIT_ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The nine kinds of each knitted straight of [`KNIT_ORDERS`], man first.
pub const KNITTED_STRAIGHTS: [[usize; 9]; 6] = {
    let mut out = [[0; 9]; 6];
    let mut o = 0;
    while o < 6 {
        let mut i = 0;
        while i < 9 {
            out[o][i] = 9 * (i / 3) + KNIT_ORDERS[o][i / 3] + 3 * (i % 3);
            i += 1;
        }
        o += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_names() {
        assert_eq!(t!("1m").index(), 0);
        assert_eq!(t!("9s").index(), 26);
        assert_eq!(t!("5z").chinese(), "白");
        assert_eq!(t!("7z").chinese(), "中");
        assert_eq!(t!("1f").chinese(), "春");
        assert_eq!(t!("3p").to_string(), "3p");
        assert_eq!(Tile::from_mpsz("0m"), None);
        assert_eq!(Tile::from_mpsz("8z"), None);
    }

    #[test]
    fn glyph_round_trip_covers_every_tile() {
        for i in 0..42u8 {
            let t = Tile::new(i).unwrap();
            assert_eq!(Tile::from_glyph(t.glyph()), Some(t), "{t}");
        }
        assert_eq!(t!("1z").glyph(), '🀀');
        assert_eq!(t!("7z").glyph(), '🀄');
        assert_eq!(t!("1s").glyph(), '🀐');
        assert_eq!(t!("1p").glyph(), '🀙');
    }

    #[test]
    fn jing_successor_cycles() {
        assert_eq!(t!("3p").jing_successor(), t!("4p"));
        assert_eq!(t!("9m").jing_successor(), t!("1m"));
        assert_eq!(t!("4z").jing_successor(), t!("1z"));
        assert_eq!(t!("7z").jing_successor(), t!("6z"));
        assert_eq!(t!("6z").jing_successor(), t!("5z"));
        assert_eq!(t!("5z").jing_successor(), t!("7z"));
    }

    #[test]
    fn formatting() {
        let mut c = [0u8; 34];
        c[0] = 1;
        c[1] = 1;
        c[2] = 1;
        c[31] = 2;
        assert_eq!(format_counts(&c), "123m55z");
        assert_eq!(format_tiles(&[t!("5m"), t!("5m"), t!("1z")]), "55m1z");
    }
}
