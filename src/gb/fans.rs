//! The 番 table: every fan of the Chinese Official (国标) list with its number, points, and
//! Chinese and English names, plus 明暗杠 (a later official ruling PyMahjongGB counts) and the
//! seed's non-GB extras (off by default). Numbers 1-81 follow the order of the 2006
//! competition rulebook, from 88 番 down to 1 番.

/// One 番 (scoring element). `Fan as u8` is its number in the official list (1-81), 82 for
/// 明暗杠, 83-86 for the non-GB extras.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Fan {
    BigFourWinds = 1,
    BigThreeDragons,
    AllGreen,
    NineGates,
    FourKongs,
    SevenShiftedPairs,
    ThirteenOrphans,
    AllTerminals,
    LittleFourWinds,
    LittleThreeDragons,
    AllHonors,
    FourConcealedPungs,
    PureTerminalChows,
    QuadrupleChow,
    FourPureShiftedPungs,
    FourPureShiftedChows,
    ThreeKongs,
    AllTerminalsAndHonors,
    SevenPairs,
    GreaterHonorsAndKnittedTiles,
    AllEvenPungs,
    FullFlush,
    PureTripleChow,
    PureShiftedPungs,
    UpperTiles,
    MiddleTiles,
    LowerTiles,
    PureStraight,
    ThreeSuitedTerminalChows,
    PureShiftedChows,
    AllFive,
    TriplePung,
    ThreeConcealedPungs,
    LesserHonorsAndKnittedTiles,
    KnittedStraight,
    UpperFour,
    LowerFour,
    BigThreeWinds,
    MixedStraight,
    ReversibleTiles,
    MixedTripleChow,
    MixedShiftedPungs,
    ChickenHand,
    LastTileDraw,
    LastTileClaim,
    OutWithReplacementTile,
    RobbingTheKong,
    AllPungs,
    HalfFlush,
    MixedShiftedChows,
    AllTypes,
    MeldedHand,
    TwoConcealedKongs,
    TwoDragonPungs,
    OutsideHand,
    FullyConcealedHand,
    TwoMeldedKongs,
    LastTile,
    DragonPung,
    PrevalentWind,
    SeatWind,
    ConcealedHand,
    AllChows,
    TileHog,
    DoublePung,
    TwoConcealedPungs,
    ConcealedKong,
    AllSimples,
    PureDoubleChow,
    MixedDoubleChow,
    ShortStraight,
    TwoTerminalChows,
    PungOfTerminalsOrHonors,
    MeldedKong,
    OneVoidedSuit,
    NoHonors,
    EdgeWait,
    ClosedWait,
    SingleWait,
    SelfDrawn,
    FlowerTiles,
    ConcealedKongAndMeldedKong,
    BlessingOfHeaven,
    BlessingOfEarth,
    BlessingOfHuman,
    BigFourWindsWithGreen,
}

/// Number of entries of a fan table (index 0 unused, 1-86).
pub const TABLE_SIZE: usize = 87;

/// One row of [`FANS`]: points, Chinese name, English name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanInfo {
    /// The fan.
    pub fan: Fan,
    /// Points (番数) per occurrence.
    pub points: u16,
    /// Chinese name (简体).
    pub zh: &'static str,
    /// English name (the usual translation of the rulebook's list).
    pub en: &'static str,
}

macro_rules! table {
    ($($fan:ident $pts:literal $zh:literal $en:literal;)*) => {
        /// Every fan in number order (`FANS[n - 1]` is fan number `n`).
        pub const FANS: [FanInfo; TABLE_SIZE - 1] = [
            $(FanInfo { fan: Fan::$fan, points: $pts, zh: $zh, en: $en },)*
        ];
    };
}

table! {
    BigFourWinds 88 "大四喜" "Big Four Winds";
    BigThreeDragons 88 "大三元" "Big Three Dragons";
    AllGreen 88 "绿一色" "All Green";
    NineGates 88 "九莲宝灯" "Nine Gates";
    FourKongs 88 "四杠" "Four Kongs";
    SevenShiftedPairs 88 "连七对" "Seven Shifted Pairs";
    ThirteenOrphans 88 "十三幺" "Thirteen Orphans";
    AllTerminals 64 "清幺九" "All Terminals";
    LittleFourWinds 64 "小四喜" "Little Four Winds";
    LittleThreeDragons 64 "小三元" "Little Three Dragons";
    AllHonors 64 "字一色" "All Honors";
    FourConcealedPungs 64 "四暗刻" "Four Concealed Pungs";
    PureTerminalChows 64 "一色双龙会" "Pure Terminal Chows";
    QuadrupleChow 48 "一色四同顺" "Quadruple Chow";
    FourPureShiftedPungs 48 "一色四节高" "Four Pure Shifted Pungs";
    FourPureShiftedChows 32 "一色四步高" "Four Pure Shifted Chows";
    ThreeKongs 32 "三杠" "Three Kongs";
    AllTerminalsAndHonors 32 "混幺九" "All Terminals and Honors";
    SevenPairs 24 "七对" "Seven Pairs";
    GreaterHonorsAndKnittedTiles 24 "七星不靠" "Greater Honors and Knitted Tiles";
    AllEvenPungs 24 "全双刻" "All Even Pungs";
    FullFlush 24 "清一色" "Full Flush";
    PureTripleChow 24 "一色三同顺" "Pure Triple Chow";
    PureShiftedPungs 24 "一色三节高" "Pure Shifted Pungs";
    UpperTiles 24 "全大" "Upper Tiles";
    MiddleTiles 24 "全中" "Middle Tiles";
    LowerTiles 24 "全小" "Lower Tiles";
    PureStraight 16 "清龙" "Pure Straight";
    ThreeSuitedTerminalChows 16 "三色双龙会" "Three-Suited Terminal Chows";
    PureShiftedChows 16 "一色三步高" "Pure Shifted Chows";
    AllFive 16 "全带五" "All Five";
    TriplePung 16 "三同刻" "Triple Pung";
    ThreeConcealedPungs 16 "三暗刻" "Three Concealed Pungs";
    LesserHonorsAndKnittedTiles 12 "全不靠" "Lesser Honors and Knitted Tiles";
    KnittedStraight 12 "组合龙" "Knitted Straight";
    UpperFour 12 "大于五" "Upper Four";
    LowerFour 12 "小于五" "Lower Four";
    BigThreeWinds 12 "三风刻" "Big Three Winds";
    MixedStraight 8 "花龙" "Mixed Straight";
    ReversibleTiles 8 "推不倒" "Reversible Tiles";
    MixedTripleChow 8 "三色三同顺" "Mixed Triple Chow";
    MixedShiftedPungs 8 "三色三节高" "Mixed Shifted Pungs";
    ChickenHand 8 "无番和" "Chicken Hand";
    LastTileDraw 8 "妙手回春" "Last Tile Draw";
    LastTileClaim 8 "海底捞月" "Last Tile Claim";
    OutWithReplacementTile 8 "杠上开花" "Out with Replacement Tile";
    RobbingTheKong 8 "抢杠和" "Robbing the Kong";
    AllPungs 6 "碰碰和" "All Pungs";
    HalfFlush 6 "混一色" "Half Flush";
    MixedShiftedChows 6 "三色三步高" "Mixed Shifted Chows";
    AllTypes 6 "五门齐" "All Types";
    MeldedHand 6 "全求人" "Melded Hand";
    TwoConcealedKongs 6 "双暗杠" "Two Concealed Kongs";
    TwoDragonPungs 6 "双箭刻" "Two Dragon Pungs";
    OutsideHand 4 "全带幺" "Outside Hand";
    FullyConcealedHand 4 "不求人" "Fully Concealed Hand";
    TwoMeldedKongs 4 "双明杠" "Two Melded Kongs";
    LastTile 4 "和绝张" "Last Tile";
    DragonPung 2 "箭刻" "Dragon Pung";
    PrevalentWind 2 "圈风刻" "Prevalent Wind";
    SeatWind 2 "门风刻" "Seat Wind";
    ConcealedHand 2 "门前清" "Concealed Hand";
    AllChows 2 "平和" "All Chows";
    TileHog 2 "四归一" "Tile Hog";
    DoublePung 2 "双同刻" "Double Pung";
    TwoConcealedPungs 2 "双暗刻" "Two Concealed Pungs";
    ConcealedKong 2 "暗杠" "Concealed Kong";
    AllSimples 2 "断幺" "All Simples";
    PureDoubleChow 1 "一般高" "Pure Double Chow";
    MixedDoubleChow 1 "喜相逢" "Mixed Double Chow";
    ShortStraight 1 "连六" "Short Straight";
    TwoTerminalChows 1 "老少副" "Two Terminal Chows";
    PungOfTerminalsOrHonors 1 "幺九刻" "Pung of Terminals or Honors";
    MeldedKong 1 "明杠" "Melded Kong";
    OneVoidedSuit 1 "缺一门" "One Voided Suit";
    NoHonors 1 "无字" "No Honors";
    EdgeWait 1 "边张" "Edge Wait";
    ClosedWait 1 "嵌张" "Closed Wait";
    SingleWait 1 "单钓将" "Single Wait";
    SelfDrawn 1 "自摸" "Self-Drawn";
    FlowerTiles 1 "花牌" "Flower Tiles";
    ConcealedKongAndMeldedKong 5 "明暗杠" "Concealed Kong and Melded Kong";
    BlessingOfHeaven 168 "天和" "Blessing of Heaven";
    BlessingOfEarth 158 "地和" "Blessing of Earth";
    BlessingOfHuman 108 "人和" "Blessing of Human";
    BigFourWindsWithGreen 168 "四方大发" "Big Four Winds with Green";
}

/// Points of each fan by number (index 0: 0).
pub const POINTS: [u16; TABLE_SIZE] = {
    let mut out = [0; TABLE_SIZE];
    let mut i = 0;
    while i < TABLE_SIZE - 1 {
        out[i + 1] = FANS[i].points;
        i += 1;
    }
    out
};

impl Fan {
    /// The fan numbered `n` (1-86).
    pub fn from_number(n: usize) -> Option<Fan> {
        (1..TABLE_SIZE).contains(&n).then(|| FANS[n - 1].fan)
    }

    /// Its row of [`FANS`].
    pub fn info(self) -> &'static FanInfo {
        &FANS[self as usize - 1]
    }

    /// Points per occurrence.
    pub fn points(self) -> u16 {
        self.info().points
    }
}

/// What an exclusion rule does to the fans it names when its fan is present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// 不计: the named fans are not counted.
    Drop(&'static [Fan]),
    /// 三风刻 holds three 幺九刻: take three off (unless 字一色 or 混幺九 already dropped them).
    TakeThreeTerminalPungs,
    /// 四暗刻 不计门前清: its 不求人 becomes a plain 自摸.
    ConcealedToSelfDrawn,
}

use Fan::*;

/// The 不计 rules that remain once every fan a hand's shape implies has been found, applied in
/// this order (an earlier rule can remove a later rule's fan). The other exclusions of the
/// rulebook are structural (a fan the calculator never adds beside the bigger one: 清一色 is
/// never also 缺一门, a 3-chow fan uses its chows up, and so on); docs/rules/gb.md lists both.
pub const EXCLUSIONS: &[(Fan, Effect)] = &[
    (
        BigFourWinds,
        Effect::Drop(&[AllPungs, PungOfTerminalsOrHonors]),
    ),
    (BigThreeDragons, Effect::Drop(&[DragonPung])),
    (AllGreen, Effect::Drop(&[HalfFlush, OneVoidedSuit])),
    (FourKongs, Effect::Drop(&[SingleWait])),
    (
        AllTerminals,
        Effect::Drop(&[
            AllPungs,
            OutsideHand,
            PungOfTerminalsOrHonors,
            NoHonors,
            DoublePung,
        ]),
    ),
    (LittleFourWinds, Effect::Drop(&[PungOfTerminalsOrHonors])),
    (LittleThreeDragons, Effect::Drop(&[DragonPung])),
    (
        AllHonors,
        Effect::Drop(&[
            AllPungs,
            OutsideHand,
            PungOfTerminalsOrHonors,
            OneVoidedSuit,
        ]),
    ),
    (FourConcealedPungs, Effect::Drop(&[AllPungs, ConcealedHand])),
    (FourConcealedPungs, Effect::ConcealedToSelfDrawn),
    (
        PureTerminalChows,
        Effect::Drop(&[FullFlush, AllChows, NoHonors]),
    ),
    (FourPureShiftedPungs, Effect::Drop(&[AllPungs])),
    (
        AllTerminalsAndHonors,
        Effect::Drop(&[AllPungs, OutsideHand, PungOfTerminalsOrHonors]),
    ),
    (
        AllEvenPungs,
        Effect::Drop(&[AllPungs, AllSimples, NoHonors]),
    ),
    (UpperTiles, Effect::Drop(&[NoHonors])),
    (MiddleTiles, Effect::Drop(&[AllSimples, NoHonors])),
    (LowerTiles, Effect::Drop(&[NoHonors])),
    (
        ThreeSuitedTerminalChows,
        Effect::Drop(&[AllChows, NoHonors]),
    ),
    (AllFive, Effect::Drop(&[AllSimples, NoHonors])),
    (UpperFour, Effect::Drop(&[NoHonors])),
    (LowerFour, Effect::Drop(&[NoHonors])),
    (BigThreeWinds, Effect::TakeThreeTerminalPungs),
    (ReversibleTiles, Effect::Drop(&[OneVoidedSuit])),
    (LastTileDraw, Effect::Drop(&[SelfDrawn])),
    (OutWithReplacementTile, Effect::Drop(&[SelfDrawn])),
    (MeldedHand, Effect::Drop(&[SingleWait])),
    (TwoDragonPungs, Effect::Drop(&[DragonPung])),
    (FullyConcealedHand, Effect::Drop(&[SelfDrawn])),
    (AllChows, Effect::Drop(&[NoHonors])),
    (AllSimples, Effect::Drop(&[NoHonors])),
];

/// Counts of each fan (index = fan number).
pub type FanTable = [u8; TABLE_SIZE];

/// Applies [`EXCLUSIONS`] to a table, in order.
pub fn apply_exclusions(table: &mut FanTable) {
    for &(fan, effect) in EXCLUSIONS {
        if table[fan as usize] == 0 {
            continue;
        }
        match effect {
            Effect::Drop(fans) => fans.iter().for_each(|&f| table[f as usize] = 0),
            Effect::TakeThreeTerminalPungs => {
                if table[AllHonors as usize] == 0 && table[AllTerminalsAndHonors as usize] == 0 {
                    let t = &mut table[PungOfTerminalsOrHonors as usize];
                    *t = t.saturating_sub(3);
                }
            }
            Effect::ConcealedToSelfDrawn => {
                if table[FullyConcealedHand as usize] != 0 {
                    table[FullyConcealedHand as usize] = 0;
                    table[SelfDrawn as usize] = 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_the_table() {
        for (i, row) in FANS.iter().enumerate() {
            assert_eq!(row.fan as usize, i + 1, "{}", row.zh);
            assert_eq!(Fan::from_number(i + 1), Some(row.fan));
        }
        assert_eq!(Fan::from_number(0), None);
        // the calculator reads a zero total as an empty table (无番和): every fan has points
        assert_eq!(POINTS[0], 0);
        assert!(POINTS[1..].iter().all(|&p| p > 0));
        assert_eq!(Fan::from_number(TABLE_SIZE), None);
        // 81 official fans: 7 of 88, 6 of 64, 2 of 48, 3 of 32, 9 of 24, 6 of 16, 5 of 12,
        // 9 of 8, 7 of 6, 4 of 4, 10 of 2, 13 of 1.
        let mut by_points = std::collections::BTreeMap::new();
        for row in &FANS[..81] {
            *by_points.entry(row.points).or_insert(0) += 1;
        }
        let want = [
            (88, 7),
            (64, 6),
            (48, 2),
            (32, 3),
            (24, 9),
            (16, 6),
            (12, 5),
            (8, 9),
        ];
        for (p, n) in want {
            assert_eq!(by_points[&p], n, "{p}");
        }
        assert_eq!(
            (by_points[&6], by_points[&4], by_points[&2], by_points[&1]),
            (7, 4, 10, 13)
        );
    }
}
