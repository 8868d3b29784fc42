//! One example hand per 番 (the 81 of the official list and 明暗杠), each its own test:
//! the hand scores that 番, and the whole table is PyMahjongGB's answer for it (the same
//! examples as tests/gb_examples.py).

use super::*;

#[allow(clippy::too_many_arguments)]
fn case(hand: &str, win: &str, melds: &[(&str, &str, u8)], flags: &str) -> FanResult {
    let counts = crate::counts_from_str(hand).unwrap();
    let win = crate::tiles::Tile::from_mpsz(win).unwrap().index() as u8;
    let mut input = HandInput::new(&counts, win);
    for &(kind, tiles, from) in melds {
        let c = crate::counts_from_str(tiles).unwrap();
        let tile = c.iter().position(|&n| n > 0).unwrap() as u8;
        let kind = match kind {
            "chi" => MeldKind::Chow,
            "peng" => MeldKind::Pung,
            "ming_gang" => MeldKind::Kong,
            _ => MeldKind::ConcealedKong,
        };
        input.melds.push(Meld::new(kind, tile, from));
    }
    for f in flags.split_whitespace() {
        let (k, v) = f.split_once('=').unwrap_or((f, "1"));
        let n: u8 = v.parse().unwrap();
        match k {
            "self_drawn" => input.self_drawn = true,
            "last_copy" => input.last_copy = true,
            "replacement" => input.replacement = true,
            "robbing" => input.robbing = true,
            "last_draw" => input.last_draw = true,
            "last_claim" => input.last_claim = true,
            "seat_wind" => input.seat_wind = n,
            "prevalent_wind" => input.prevalent_wind = n,
            "flowers" => input.flowers = n,
            _ => panic!("flag {k}"),
        }
    }
    fan(&input).unwrap()
}

fn numbers(r: &FanResult) -> Vec<(u8, u16)> {
    r.fans().map(|(f, c)| (f as u8, c)).collect()
}

/// 大四喜 Big Four Winds
#[test]
fn fan_01_big_four_winds() {
    let r = case("111222333444z5m", "5m", &[], "");
    assert!(r.count(Fan::BigFourWinds) >= 1);
    assert_eq!(numbers(&r), vec![(1, 1), (12, 1), (49, 1), (79, 1)]);
    assert_eq!(r.total, 159);
}

/// 大三元 Big Three Dragons
#[test]
fn fan_02_big_three_dragons() {
    let r = case("555666777z123m4p", "4p", &[], "");
    assert!(r.count(Fan::BigThreeDragons) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(2, 1), (33, 1), (62, 1), (75, 1), (79, 1)]
    );
    assert_eq!(r.total, 108);
}

/// 绿一色 All Green
#[test]
fn fan_03_all_green() {
    let r = case("223344666888s6z", "6z", &[], "");
    assert!(r.count(Fan::AllGreen) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(3, 1), (62, 1), (66, 1), (69, 1), (79, 1)]
    );
    assert_eq!(r.total, 94);
}

/// 九莲宝灯 Nine Gates
#[test]
fn fan_04_nine_gates() {
    let r = case("1112345678999m", "5m", &[], "");
    assert!(r.count(Fan::NineGates) >= 1);
    assert_eq!(numbers(&r), vec![(4, 1), (66, 1), (73, 1)]);
    assert_eq!(r.total, 91);
}

/// 四杠 Four Kongs
#[test]
fn fan_05_four_kongs() {
    let r = case(
        "5z",
        "5z",
        &[
            ("ming_gang", "1111m", 1),
            ("ming_gang", "2222p", 2),
            ("an_gang", "3333s", 0),
            ("ming_gang", "4444z", 3),
        ],
        "",
    );
    assert!(r.count(Fan::FourKongs) >= 1);
    assert_eq!(numbers(&r), vec![(5, 1), (42, 1), (51, 1), (73, 2)]);
    assert_eq!(r.total, 104);
}

/// 连七对 Seven Shifted Pairs
#[test]
fn fan_06_seven_shifted_pairs() {
    let r = case("1122334455667m", "7m", &[], "");
    assert!(r.count(Fan::SevenShiftedPairs) >= 1);
    assert_eq!(numbers(&r), vec![(6, 1)]);
    assert_eq!(r.total, 88);
}

/// 十三幺 Thirteen Orphans
#[test]
fn fan_07_thirteen_orphans() {
    let r = case("19m19p19s1234567z", "1m", &[], "");
    assert!(r.count(Fan::ThirteenOrphans) >= 1);
    assert_eq!(numbers(&r), vec![(7, 1)]);
    assert_eq!(r.total, 88);
}

/// 清幺九 All Terminals
#[test]
fn fan_08_all_terminals() {
    let r = case("111999m111999p1s", "1s", &[], "");
    assert!(r.count(Fan::AllTerminals) >= 1);
    assert_eq!(numbers(&r), vec![(8, 1), (12, 1), (79, 1)]);
    assert_eq!(r.total, 129);
}

/// 小四喜 Little Four Winds
#[test]
fn fan_09_little_four_winds() {
    let r = case("234m111222333z4z", "4z", &[], "");
    assert!(r.count(Fan::LittleFourWinds) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(9, 1), (33, 1), (49, 1), (60, 1), (61, 1), (62, 1), (79, 1)]
    );
    assert_eq!(r.total, 93);
}

/// 小三元 Little Three Dragons
#[test]
fn fan_10_little_three_dragons() {
    let r = case("555666z7z123m456p", "7z", &[], "");
    assert!(r.count(Fan::LittleThreeDragons) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(10, 1), (62, 1), (66, 1), (75, 1), (79, 1)]
    );
    assert_eq!(r.total, 70);
}

/// 字一色 All Honors
#[test]
fn fan_11_all_honors() {
    let r = case("111222555666z7z", "7z", &[], "");
    assert!(r.count(Fan::AllHonors) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(10, 1), (11, 1), (12, 1), (60, 1), (61, 1), (79, 1)]
    );
    assert_eq!(r.total, 197);
}

/// 四暗刻 Four Concealed Pungs
#[test]
fn fan_12_four_concealed_pungs() {
    let r = case("111m222p333s555z6z", "6z", &[], "self_drawn");
    assert!(r.count(Fan::FourConcealedPungs) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(12, 1), (42, 1), (59, 1), (73, 1), (79, 1), (80, 1)]
    );
    assert_eq!(r.total, 77);
}

/// 一色双龙会 Pure Terminal Chows
#[test]
fn fan_13_pure_terminal_chows() {
    let r = case("1122337788995m", "5m", &[], "");
    assert!(r.count(Fan::PureTerminalChows) >= 1);
    assert_eq!(numbers(&r), vec![(13, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 67);
}

/// 一色四同顺 Quadruple Chow
#[test]
fn fan_14_quadruple_chow() {
    let r = case("111122223333m5p", "5p", &[], "");
    assert!(r.count(Fan::QuadrupleChow) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(14, 1), (62, 1), (63, 1), (75, 1), (79, 1)]
    );
    assert_eq!(r.total, 54);
}

/// 一色四节高 Four Pure Shifted Pungs
#[test]
fn fan_15_four_pure_shifted_pungs() {
    let r = case("111222333444m5p", "5p", &[], "self_drawn");
    assert!(r.count(Fan::FourPureShiftedPungs) >= 1);
    assert_eq!(
        numbers(&r),
        vec![
            (12, 1),
            (15, 1),
            (73, 1),
            (75, 1),
            (76, 1),
            (79, 1),
            (80, 1)
        ]
    );
    assert_eq!(r.total, 117);
}

/// 一色四步高 Four Pure Shifted Chows
#[test]
fn fan_16_four_pure_shifted_chows() {
    let r = case("122333444556m9p", "9p", &[], "");
    assert!(r.count(Fan::FourPureShiftedChows) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(16, 1), (62, 1), (63, 1), (75, 1), (79, 1)]
    );
    assert_eq!(r.total, 38);
}

/// 三杠 Three Kongs
#[test]
fn fan_17_three_kongs() {
    let r = case(
        "456s5z",
        "5z",
        &[
            ("ming_gang", "1111m", 1),
            ("ming_gang", "2222p", 2),
            ("ming_gang", "3333z", 3),
        ],
        "",
    );
    assert!(r.count(Fan::ThreeKongs) >= 1);
    assert_eq!(numbers(&r), vec![(17, 1), (51, 1), (73, 2), (79, 1)]);
    assert_eq!(r.total, 41);
}

/// 混幺九 All Terminals and Honors
#[test]
fn fan_18_all_terminals_and_honors() {
    let r = case("111m999p111222z3z", "3z", &[], "");
    assert!(r.count(Fan::AllTerminalsAndHonors) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(12, 1), (18, 1), (60, 1), (61, 1), (75, 1), (79, 1)]
    );
    assert_eq!(r.total, 102);
}

/// 七对 Seven Pairs
#[test]
fn fan_19_seven_pairs() {
    let r = case("1133m5577p2244s6z", "6z", &[], "");
    assert!(r.count(Fan::SevenPairs) >= 1);
    assert_eq!(numbers(&r), vec![(19, 1)]);
    assert_eq!(r.total, 24);
}

/// 七星不靠 Greater Honors and Knitted Tiles
#[test]
fn fan_20_greater_honors_and_knitted_tiles() {
    let r = case("147m25p3s1234567z", "8p", &[], "");
    assert!(r.count(Fan::GreaterHonorsAndKnittedTiles) >= 1);
    assert_eq!(numbers(&r), vec![(20, 1)]);
    assert_eq!(r.total, 24);
}

/// 全双刻 All Even Pungs
#[test]
fn fan_21_all_even_pungs() {
    let r = case("222444m666p888s2s", "2s", &[], "");
    assert!(r.count(Fan::AllEvenPungs) >= 1);
    assert_eq!(numbers(&r), vec![(12, 1), (21, 1), (79, 1)]);
    assert_eq!(r.total, 89);
}

/// 清一色 Full Flush
#[test]
fn fan_22_full_flush() {
    let r = case("1112334556778m", "9m", &[], "");
    assert!(r.count(Fan::FullFlush) >= 1);
    assert_eq!(numbers(&r), vec![(16, 1), (22, 1), (62, 1), (63, 1)]);
    assert_eq!(r.total, 60);
}

/// 一色三同顺 Pure Triple Chow
#[test]
fn fan_23_pure_triple_chow() {
    let r = case(
        "456p7z",
        "7z",
        &[("chi", "123m", 3), ("chi", "123m", 3), ("chi", "123m", 3)],
        "",
    );
    assert!(r.count(Fan::PureTripleChow) >= 1);
    assert_eq!(numbers(&r), vec![(23, 1), (75, 1), (79, 1)]);
    assert_eq!(r.total, 26);
}

/// 一色三节高 Pure Shifted Pungs
#[test]
fn fan_24_pure_shifted_pungs() {
    let r = case(
        "567p7z",
        "7z",
        &[
            ("peng", "222m", 1),
            ("peng", "333m", 2),
            ("peng", "444m", 3),
        ],
        "",
    );
    assert!(r.count(Fan::PureShiftedPungs) >= 1);
    assert_eq!(numbers(&r), vec![(24, 1), (75, 1), (79, 1)]);
    assert_eq!(r.total, 26);
}

/// 全大 Upper Tiles
#[test]
fn fan_25_upper_tiles() {
    let r = case("789m789p789s888m9s", "9s", &[], "");
    assert!(r.count(Fan::UpperTiles) >= 1);
    assert_eq!(numbers(&r), vec![(25, 1), (41, 1), (62, 1), (64, 1)]);
    assert_eq!(r.total, 36);
}

/// 全中 Middle Tiles
#[test]
fn fan_26_middle_tiles() {
    let r = case("456m456p456s555m6s", "6s", &[], "");
    assert!(r.count(Fan::MiddleTiles) >= 1);
    assert_eq!(numbers(&r), vec![(26, 1), (41, 1), (62, 1), (64, 1)]);
    assert_eq!(r.total, 36);
}

/// 全小 Lower Tiles
#[test]
fn fan_27_lower_tiles() {
    let r = case("123m123p123s111m2s", "2s", &[], "");
    assert!(r.count(Fan::LowerTiles) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(27, 1), (41, 1), (62, 1), (64, 1), (73, 1), (78, 1)]
    );
    assert_eq!(r.total, 38);
}

/// 清龙 Pure Straight
#[test]
fn fan_28_pure_straight() {
    let r = case("123456789m234p5p", "5p", &[], "");
    assert!(r.count(Fan::PureStraight) >= 1);
    assert_eq!(numbers(&r), vec![(28, 1), (62, 1), (63, 1), (75, 1)]);
    assert_eq!(r.total, 21);
}

/// 三色双龙会 Three-Suited Terminal Chows
#[test]
fn fan_29_three_suited_terminal_chows() {
    let r = case("123789m123789p5s", "5s", &[], "");
    assert!(r.count(Fan::ThreeSuitedTerminalChows) >= 1);
    assert_eq!(numbers(&r), vec![(29, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 19);
}

/// 一色三步高 Pure Shifted Chows
#[test]
fn fan_30_pure_shifted_chows() {
    let r = case("122333445m567p5z", "5z", &[], "");
    assert!(r.count(Fan::PureShiftedChows) >= 1);
    assert_eq!(numbers(&r), vec![(30, 1), (62, 1), (75, 1), (79, 1)]);
    assert_eq!(r.total, 20);
}

/// 全带五 All Five
#[test]
fn fan_31_all_five() {
    let r = case("345m456p555s567s5m", "5m", &[], "");
    assert!(r.count(Fan::AllFive) >= 1);
    assert_eq!(numbers(&r), vec![(31, 1), (50, 1), (62, 1), (64, 1)]);
    assert_eq!(r.total, 26);
}

/// 三同刻 Triple Pung
#[test]
fn fan_32_triple_pung() {
    let r = case("222m222p222s456m7z", "7z", &[], "");
    assert!(r.count(Fan::TriplePung) >= 1);
    assert_eq!(numbers(&r), vec![(32, 1), (33, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 35);
}

/// 三暗刻 Three Concealed Pungs
#[test]
fn fan_33_three_concealed_pungs() {
    let r = case("111m333p555s789s1z", "1z", &[], "");
    assert!(r.count(Fan::ThreeConcealedPungs) >= 1);
    assert_eq!(numbers(&r), vec![(33, 1), (62, 1), (73, 1), (79, 1)]);
    assert_eq!(r.total, 20);
}

/// 全不靠 Lesser Honors and Knitted Tiles
#[test]
fn fan_34_lesser_honors_and_knitted_tiles() {
    let r = case("147m258p369s1234z", "5z", &[], "");
    assert!(r.count(Fan::LesserHonorsAndKnittedTiles) >= 1);
    assert_eq!(numbers(&r), vec![(34, 1), (35, 1)]);
    assert_eq!(r.total, 24);
}

/// 组合龙 Knitted Straight
#[test]
fn fan_35_knitted_straight() {
    let r = case("147m258p369s123m5z", "5z", &[], "");
    assert!(r.count(Fan::KnittedStraight) >= 1);
    assert_eq!(numbers(&r), vec![(35, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 15);
}

/// 大于五 Upper Four
#[test]
fn fan_36_upper_four() {
    let r = case("678m789p666s789s9m", "9m", &[], "");
    assert!(r.count(Fan::UpperFour) >= 1);
    assert_eq!(numbers(&r), vec![(36, 1), (62, 1), (70, 1)]);
    assert_eq!(r.total, 15);
}

/// 小于五 Lower Four
#[test]
fn fan_37_lower_four() {
    let r = case("123m234p444s234s1m", "1m", &[], "");
    assert!(r.count(Fan::LowerFour) >= 1);
    assert_eq!(numbers(&r), vec![(37, 1), (62, 1), (64, 1), (70, 1)]);
    assert_eq!(r.total, 17);
}

/// 三风刻 Big Three Winds
#[test]
fn fan_38_big_three_winds() {
    let r = case("111222333z123m5p", "5p", &[], "");
    assert!(r.count(Fan::BigThreeWinds) >= 1);
    assert_eq!(
        numbers(&r),
        vec![
            (33, 1),
            (38, 1),
            (60, 1),
            (61, 1),
            (62, 1),
            (75, 1),
            (79, 1)
        ]
    );
    assert_eq!(r.total, 36);
}

/// 花龙 Mixed Straight
#[test]
fn fan_39_mixed_straight() {
    let r = case("123m456p789s234m5z", "5z", &[], "");
    assert!(r.count(Fan::MixedStraight) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 11);
}

/// 推不倒 Reversible Tiles
#[test]
fn fan_40_reversible_tiles() {
    let r = case("123345888p456s5z", "5z", &[], "");
    assert!(r.count(Fan::ReversibleTiles) >= 1);
    assert_eq!(numbers(&r), vec![(40, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 11);
}

/// 三色三同顺 Mixed Triple Chow
#[test]
fn fan_41_mixed_triple_chow() {
    let r = case("123m123p123s456m7z", "7z", &[], "");
    assert!(r.count(Fan::MixedTripleChow) >= 1);
    assert_eq!(numbers(&r), vec![(41, 1), (62, 1), (71, 1), (79, 1)]);
    assert_eq!(r.total, 12);
}

/// 三色三节高 Mixed Shifted Pungs
#[test]
fn fan_42_mixed_shifted_pungs() {
    let r = case("222m333p444s567m7z", "7z", &[], "");
    assert!(r.count(Fan::MixedShiftedPungs) >= 1);
    assert_eq!(numbers(&r), vec![(33, 1), (42, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 27);
}

/// 无番和 Chicken Hand
#[test]
fn fan_43_chicken_hand() {
    let r = case(
        "34p678s11z",
        "5p",
        &[("chi", "234m", 3), ("peng", "777p", 1)],
        "",
    );
    assert!(r.count(Fan::ChickenHand) >= 1);
    assert_eq!(numbers(&r), vec![(43, 1)]);
    assert_eq!(r.total, 8);
}

/// 妙手回春 Last Tile Draw
#[test]
fn fan_44_last_tile_draw() {
    let r = case("123m456p789s45m55z", "6m", &[], "self_drawn last_draw");
    assert!(r.count(Fan::LastTileDraw) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (44, 1), (56, 1), (70, 1)]);
    assert_eq!(r.total, 21);
}

/// 海底捞月 Last Tile Claim
#[test]
fn fan_45_last_tile_claim() {
    let r = case("123m456p789s45m55z", "6m", &[], "last_claim");
    assert!(r.count(Fan::LastTileClaim) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (45, 1), (62, 1), (70, 1)]);
    assert_eq!(r.total, 19);
}

/// 杠上开花 Out with Replacement Tile
#[test]
fn fan_46_out_with_replacement_tile() {
    let r = case(
        "456p789s45m55z",
        "6m",
        &[("an_gang", "1111m", 0)],
        "self_drawn replacement",
    );
    assert!(r.count(Fan::OutWithReplacementTile) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(46, 1), (56, 1), (67, 1), (70, 1), (73, 1)]
    );
    assert_eq!(r.total, 16);
}

/// 抢杠和 Robbing the Kong
#[test]
fn fan_47_robbing_the_kong() {
    let r = case("123m456p789s45m55z", "6m", &[], "robbing");
    assert!(r.count(Fan::RobbingTheKong) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (47, 1), (62, 1), (70, 1)]);
    assert_eq!(r.total, 19);
}

/// 碰碰和 All Pungs
#[test]
fn fan_48_all_pungs() {
    let r = case(
        "777s888s1z",
        "1z",
        &[("peng", "222m", 1), ("peng", "555p", 2)],
        "",
    );
    assert!(r.count(Fan::AllPungs) >= 1);
    assert_eq!(numbers(&r), vec![(48, 1), (66, 1), (79, 1)]);
    assert_eq!(r.total, 9);
}

/// 混一色 Half Flush
#[test]
fn fan_49_half_flush() {
    let r = case("123m345m678m111z2z", "2z", &[], "");
    assert!(r.count(Fan::HalfFlush) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(49, 1), (60, 1), (61, 1), (62, 1), (71, 1), (79, 1)]
    );
    assert_eq!(r.total, 14);
}

/// 三色三步高 Mixed Shifted Chows
#[test]
fn fan_50_mixed_shifted_chows() {
    let r = case("123m234p345s678m5z", "5z", &[], "");
    assert!(r.count(Fan::MixedShiftedChows) >= 1);
    assert_eq!(numbers(&r), vec![(50, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 9);
}

/// 五门齐 All Types
#[test]
fn fan_51_all_types() {
    let r = case("123m456p789s111z5z", "5z", &[], "");
    assert!(r.count(Fan::AllTypes) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(39, 1), (51, 1), (60, 1), (61, 1), (62, 1), (79, 1)]
    );
    assert_eq!(r.total, 21);
}

/// 全求人 Melded Hand
#[test]
fn fan_52_melded_hand() {
    let r = case(
        "9m",
        "9m",
        &[
            ("chi", "123m", 3),
            ("peng", "555p", 1),
            ("peng", "777s", 2),
            ("chi", "345s", 3),
        ],
        "",
    );
    assert!(r.count(Fan::MeldedHand) >= 1);
    assert_eq!(numbers(&r), vec![(52, 1), (76, 1)]);
    assert_eq!(r.total, 7);
}

/// 双暗杠 Two Concealed Kongs
#[test]
fn fan_53_two_concealed_kongs() {
    let r = case(
        "123s456s7z",
        "7z",
        &[("an_gang", "1111m", 0), ("an_gang", "9999p", 0)],
        "",
    );
    assert!(r.count(Fan::TwoConcealedKongs) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(53, 1), (62, 1), (71, 1), (73, 2), (79, 1)]
    );
    assert_eq!(r.total, 12);
}

/// 双箭刻 Two Dragon Pungs
#[test]
fn fan_54_two_dragon_pungs() {
    let r = case("555666z123m456p7s", "7s", &[], "");
    assert!(r.count(Fan::TwoDragonPungs) >= 1);
    assert_eq!(numbers(&r), vec![(54, 1), (62, 1), (66, 1), (79, 1)]);
    assert_eq!(r.total, 11);
}

/// 全带幺 Outside Hand
#[test]
fn fan_55_outside_hand() {
    let r = case("123m789m123p789s1z", "1z", &[], "");
    assert!(r.count(Fan::OutsideHand) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(55, 1), (62, 1), (70, 2), (72, 1), (79, 1)]
    );
    assert_eq!(r.total, 10);
}

/// 不求人 Fully Concealed Hand
#[test]
fn fan_56_fully_concealed_hand() {
    let r = case("123m345p789s234m5z", "5z", &[], "self_drawn");
    assert!(r.count(Fan::FullyConcealedHand) >= 1);
    assert_eq!(numbers(&r), vec![(56, 1), (79, 1)]);
    assert_eq!(r.total, 5);
}

/// 双明杠 Two Melded Kongs
#[test]
fn fan_57_two_melded_kongs() {
    let r = case(
        "123s456s7z",
        "7z",
        &[("ming_gang", "1111m", 1), ("ming_gang", "9999p", 2)],
        "",
    );
    assert!(r.count(Fan::TwoMeldedKongs) >= 1);
    assert_eq!(numbers(&r), vec![(57, 1), (71, 1), (73, 2), (79, 1)]);
    assert_eq!(r.total, 8);
}

/// 和绝张 Last Tile
#[test]
fn fan_58_last_tile() {
    let r = case("123m456p789s45m55z", "6m", &[], "last_copy");
    assert!(r.count(Fan::LastTile) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (58, 1), (62, 1), (70, 1)]);
    assert_eq!(r.total, 15);
}

/// 箭刻 Dragon Pung
#[test]
fn fan_59_dragon_pung() {
    let r = case("555z123m456p789s1z", "1z", &[], "");
    assert!(r.count(Fan::DragonPung) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(39, 1), (51, 1), (59, 1), (62, 1), (79, 1)]
    );
    assert_eq!(r.total, 19);
}

/// 圈风刻 Prevalent Wind
#[test]
fn fan_60_prevalent_wind() {
    let r = case("222z123m456p789m5s", "5s", &[], "prevalent_wind=1");
    assert!(r.count(Fan::PrevalentWind) >= 1);
    assert_eq!(numbers(&r), vec![(60, 1), (62, 1), (72, 1), (79, 1)]);
    assert_eq!(r.total, 6);
}

/// 门风刻 Seat Wind
#[test]
fn fan_61_seat_wind() {
    let r = case("333z123m456p789m5s", "5s", &[], "seat_wind=2");
    assert!(r.count(Fan::SeatWind) >= 1);
    assert_eq!(numbers(&r), vec![(61, 1), (62, 1), (72, 1), (79, 1)]);
    assert_eq!(r.total, 6);
}

/// 门前清 Concealed Hand
#[test]
fn fan_62_concealed_hand() {
    let r = case("123m456p789s45m55z", "6m", &[], "");
    assert!(r.count(Fan::ConcealedHand) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (62, 1), (70, 1)]);
    assert_eq!(r.total, 11);
}

/// 平和 All Chows
#[test]
fn fan_63_all_chows() {
    let r = case("123m456m789p234s5s", "5s", &[], "");
    assert!(r.count(Fan::AllChows) >= 1);
    assert_eq!(numbers(&r), vec![(62, 1), (63, 1), (71, 1)]);
    assert_eq!(r.total, 5);
}

/// 四归一 Tile Hog
#[test]
fn fan_64_tile_hog() {
    let r = case("111123m456p789s5z", "5z", &[], "");
    assert!(r.count(Fan::TileHog) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(39, 1), (62, 1), (64, 1), (73, 1), (79, 1)]
    );
    assert_eq!(r.total, 14);
}

/// 双同刻 Double Pung
#[test]
fn fan_65_double_pung() {
    let r = case("222m222p123s456s7z", "7z", &[], "");
    assert!(r.count(Fan::DoublePung) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(62, 1), (65, 1), (66, 1), (71, 1), (79, 1)]
    );
    assert_eq!(r.total, 8);
}

/// 双暗刻 Two Concealed Pungs
#[test]
fn fan_66_two_concealed_pungs() {
    let r = case("222m333p123s456s7z", "7z", &[], "");
    assert!(r.count(Fan::TwoConcealedPungs) >= 1);
    assert_eq!(numbers(&r), vec![(62, 1), (66, 1), (71, 1), (79, 1)]);
    assert_eq!(r.total, 6);
}

/// 暗杠 Concealed Kong
#[test]
fn fan_67_concealed_kong() {
    let r = case("123p456s789s7z", "7z", &[("an_gang", "1111m", 0)], "");
    assert!(r.count(Fan::ConcealedKong) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(62, 1), (67, 1), (71, 1), (73, 1), (79, 1)]
    );
    assert_eq!(r.total, 7);
}

/// 断幺 All Simples
#[test]
fn fan_68_all_simples() {
    let r = case("234m456p678s345m2s", "2s", &[], "");
    assert!(r.count(Fan::AllSimples) >= 1);
    assert_eq!(numbers(&r), vec![(62, 1), (63, 1), (68, 1), (79, 1)]);
    assert_eq!(r.total, 7);
}

/// 一般高 Pure Double Chow
#[test]
fn fan_69_pure_double_chow() {
    let r = case("112233m456p789s5z", "5z", &[], "");
    assert!(r.count(Fan::PureDoubleChow) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (62, 1), (69, 1), (79, 1)]);
    assert_eq!(r.total, 12);
}

/// 喜相逢 Mixed Double Chow
#[test]
fn fan_70_mixed_double_chow() {
    let r = case("123m123p456s789s5z", "5z", &[], "");
    assert!(r.count(Fan::MixedDoubleChow) >= 1);
    assert_eq!(numbers(&r), vec![(62, 1), (70, 1), (71, 1), (79, 1)]);
    assert_eq!(r.total, 5);
}

/// 连六 Short Straight
#[test]
fn fan_71_short_straight() {
    let r = case("123m456m789p345s5z", "5z", &[], "");
    assert!(r.count(Fan::ShortStraight) >= 1);
    assert_eq!(numbers(&r), vec![(62, 1), (71, 1), (79, 1)]);
    assert_eq!(r.total, 4);
}

/// 老少副 Two Terminal Chows
#[test]
fn fan_72_two_terminal_chows() {
    let r = case("123m789m456p456s5z", "5z", &[], "");
    assert!(r.count(Fan::TwoTerminalChows) >= 1);
    assert_eq!(numbers(&r), vec![(62, 1), (70, 1), (72, 1), (79, 1)]);
    assert_eq!(r.total, 5);
}

/// 幺九刻 Pung of Terminals or Honors
#[test]
fn fan_73_pung_of_terminals_or_honors() {
    let r = case("111m234p567s789s5s", "5s", &[], "");
    assert!(r.count(Fan::PungOfTerminalsOrHonors) >= 1);
    assert_eq!(numbers(&r), vec![(62, 1), (73, 1), (76, 1)]);
    assert_eq!(r.total, 4);
}

/// 明杠 Melded Kong
#[test]
fn fan_74_melded_kong() {
    let r = case("123p456s789s7z", "7z", &[("ming_gang", "5555m", 1)], "");
    assert!(r.count(Fan::MeldedKong) >= 1);
    assert_eq!(numbers(&r), vec![(71, 1), (74, 1), (79, 1)]);
    assert_eq!(r.total, 3);
}

/// 缺一门 One Voided Suit
#[test]
fn fan_75_one_voided_suit() {
    let r = case("123m456m789p111p5z", "5z", &[], "");
    assert!(r.count(Fan::OneVoidedSuit) >= 1);
    assert_eq!(
        numbers(&r),
        vec![(62, 1), (71, 1), (73, 1), (75, 1), (79, 1)]
    );
    assert_eq!(r.total, 6);
}

/// 无字 No Honors
#[test]
fn fan_76_no_honors() {
    let r = case("222m456p789s234m5m", "5m", &[], "");
    assert!(r.count(Fan::NoHonors) >= 1);
    assert_eq!(numbers(&r), vec![(62, 1), (64, 1), (76, 1)]);
    assert_eq!(r.total, 5);
}

/// 边张 Edge Wait
#[test]
fn fan_77_edge_wait() {
    let r = case("12m456p789s234m55z", "3m", &[], "");
    assert!(r.count(Fan::EdgeWait) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (62, 1), (77, 1)]);
    assert_eq!(r.total, 11);
}

/// 嵌张 Closed Wait
#[test]
fn fan_78_closed_wait() {
    let r = case("13m456p789s567m55z", "2m", &[], "");
    assert!(r.count(Fan::ClosedWait) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (62, 1), (78, 1)]);
    assert_eq!(r.total, 11);
}

/// 单钓将 Single Wait
#[test]
fn fan_79_single_wait() {
    let r = case("123m456p789s234m5z", "5z", &[], "");
    assert!(r.count(Fan::SingleWait) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (62, 1), (79, 1)]);
    assert_eq!(r.total, 11);
}

/// 自摸 Self-Drawn
#[test]
fn fan_80_self_drawn() {
    let r = case("456p789s45m55z", "6m", &[("chi", "123m", 3)], "self_drawn");
    assert!(r.count(Fan::SelfDrawn) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (70, 1), (80, 1)]);
    assert_eq!(r.total, 10);
}

/// 花牌 Flower Tiles
#[test]
fn fan_81_flower_tiles() {
    let r = case("123m456p789s45m55z", "6m", &[], "flowers=2");
    assert!(r.count(Fan::FlowerTiles) >= 1);
    assert_eq!(numbers(&r), vec![(39, 1), (62, 1), (70, 1), (81, 2)]);
    assert_eq!(r.total, 13);
}

/// 明暗杠 Concealed Kong and Melded Kong
#[test]
fn fan_82_concealed_kong_and_melded_kong() {
    let r = case(
        "123s456s7z",
        "7z",
        &[("ming_gang", "1111m", 1), ("an_gang", "9999p", 0)],
        "",
    );
    assert!(r.count(Fan::ConcealedKongAndMeldedKong) >= 1);
    assert_eq!(numbers(&r), vec![(71, 1), (73, 2), (79, 1), (82, 1)]);
    assert_eq!(r.total, 9);
}
