//! Parsing tiles from text: MPSZ runs, Chinese names and Unicode glyphs, freely mixed.

use super::{Tile, NUM_KINDS};
use crate::error::QUOTE_CHARS;
use std::fmt;

/// Why a piece of text is not a list of tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Character position (0-based) where the bad token starts.
    pub position: usize,
    /// The offending token (at most [`QUOTE_CHARS`] characters of it, then "…").
    pub token: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad tile {:?} at position {}: {}",
            self.token, self.position, self.reason
        )
    }
}

impl std::error::Error for ParseError {}

fn suit_base(c: char) -> Option<(u8, u8)> {
    // (index of the suit's 1, how many numbers it has)
    match c {
        'm' | '万' | '萬' => Some((0, 9)),
        'p' | '筒' | '饼' | '餅' => Some((9, 9)),
        's' | '条' | '條' | '索' => Some((18, 9)),
        'z' => Some((27, 7)),
        'f' => Some((NUM_KINDS as u8, 8)),
        _ => None,
    }
}

fn chinese_digit(c: char) -> Option<u8> {
    "一二三四五六七八九"
        .chars()
        .position(|d| d == c)
        .map(|i| i as u8 + 1)
}

/// A named honor or flower, possibly two characters long (红中, 白板, 发财).
fn honor_word(chars: &[char], i: usize) -> Option<(u8, usize)> {
    let two = |second: char| chars.get(i + 1) == Some(&second);
    let idx = match chars[i] {
        '东' | '東' => 27,
        '南' => 28,
        '西' => 29,
        '北' => 30,
        '白' => return Some((31, if two('板') { 2 } else { 1 })),
        '发' | '發' => {
            let long = two('财') || two('財');
            return Some((32, if long { 2 } else { 1 }));
        }
        '中' => 33,
        '红' | '紅' => return if two('中') { Some((33, 2)) } else { None },
        '春' => 34,
        '夏' => 35,
        '秋' => 36,
        '冬' => 37,
        '梅' => 38,
        '兰' | '蘭' => 39,
        '竹' => 40,
        '菊' => 41,
        _ => return None,
    };
    Some((idx, 1))
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '，' | '、' | '|' | '\u{FE0E}' | '\u{FE0F}')
}

/// Parses tiles from text mixing MPSZ runs (`"123m 456p"`), Chinese names
/// (`"五万 红中"`, `"一条"`, `"发财"`) and glyphs (`"🀇🀈"`).
///
/// ```
/// use majiang::tiles::parse_tiles;
/// let tiles = parse_tiles("123m 五筒 🀄").unwrap();
/// assert_eq!(majiang::tiles::format_tiles(&tiles), "123m5p7z");
/// ```
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, ParseError> {
    if let Some(tiles) = parse_plain_mpsz(text.as_bytes()) {
        return Ok(tiles);
    }
    parse_mixed(text)
}

/// The common case without allocation of a character buffer: ASCII digits runs each
/// followed by a suit letter, spaces allowed. `None` sends anything else (including every
/// error) to the general parser, which reports it precisely.
fn parse_plain_mpsz(b: &[u8]) -> Option<Vec<Tile>> {
    let mut out = Vec::with_capacity(b.len());
    let mut run_start = out.len();
    for &c in b {
        match c {
            b'1'..=b'9' => out.push(Tile(c - b'1')), // number for now; suit fixed below
            b' ' => {
                if run_start != out.len() {
                    return None; // digits with no suit letter
                }
            }
            b'm' | b'p' | b's' | b'z' | b'f' => {
                let (base, max) = match c {
                    b'm' => (0u8, 9u8),
                    b'p' => (9, 9),
                    b's' => (18, 9),
                    b'z' => (27, 7),
                    _ => (NUM_KINDS as u8, 8),
                };
                if run_start == out.len() {
                    return None;
                }
                for t in &mut out[run_start..] {
                    if t.0 >= max {
                        return None;
                    }
                    t.0 += base;
                }
                run_start = out.len();
            }
            _ => return None,
        }
    }
    (run_start == out.len()).then_some(out)
}

fn parse_mixed(text: &str) -> Result<Vec<Tile>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    // The token is quoted in the message: at most `QUOTE_CHARS` characters of it, "…" marking
    // a cut (a run of a million digits must not make a megabyte message).
    let err = |position: usize, end: usize, reason| {
        let end = end.min(chars.len());
        let cut = end.min(position + QUOTE_CHARS);
        let mut token: String = chars[position..cut].iter().collect();
        if cut < end {
            token.push('…');
        }
        ParseError {
            position,
            token,
            reason,
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if is_separator(c) {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let Some(&suit) = chars.get(i) else {
                return Err(err(
                    start,
                    i,
                    "digits without a suit letter (m, p, s, z or f)",
                ));
            };
            let Some((base, max)) = suit_base(suit) else {
                return Err(err(
                    start,
                    i + 1,
                    "digits without a suit letter (m, p, s, z or f)",
                ));
            };
            for (k, d) in chars[start..i].iter().enumerate() {
                let n = *d as u8 - b'0';
                if n == 0 || n > max {
                    return Err(err(
                        start + k,
                        start + k + 1,
                        "number out of range for its suit",
                    ));
                }
                out.push(Tile(base + n - 1));
            }
            i += 1;
        } else if let Some(n) = chinese_digit(c) {
            match chars.get(i + 1).and_then(|&s| suit_base(s)) {
                Some((base, 9)) => out.push(Tile(base + n - 1)),
                _ => {
                    return Err(err(
                        i,
                        i + 2,
                        "a Chinese number must be followed by 万, 筒 or 条",
                    ))
                }
            }
            i += 2;
        } else if let Some((idx, len)) = honor_word(&chars, i) {
            out.push(Tile(idx));
            i += len;
        } else if let Some(t) = Tile::from_glyph(c) {
            out.push(t);
            i += 1;
        } else {
            return Err(err(i, i + 1, "not a tile"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::format_tiles;

    fn fmt(s: &str) -> String {
        format_tiles(&parse_tiles(s).unwrap())
    }

    #[test]
    fn mpsz_runs_and_spaces() {
        assert_eq!(fmt("123m456p789s1234567z"), "123m456p789s1234567z");
        assert_eq!(fmt(" 1m 1m ,2p"), "11m2p");
        assert_eq!(fmt("12f"), "12f");
    }

    #[test]
    fn chinese_names() {
        assert_eq!(fmt("一万九万一筒一饼一条一索"), "19m11p11s");
        assert_eq!(fmt("东南西北中发白"), "1234765z");
        assert_eq!(fmt("红中 发财 白板"), "765z");
        assert_eq!(fmt("紅中發財東一萬"), "761z1m");
        assert_eq!(fmt("春菊"), "18f");
    }

    #[test]
    fn glyphs() {
        assert_eq!(fmt("🀇🀙🀐🀀🀆🀅🀄"), "1m1p1s1567z");
    }

    #[test]
    fn plain_fast_path_agrees_with_general_parser() {
        let alphabet = b"0123456789mpszf  ";
        let mut x = 99u64;
        for _ in 0..50_000 {
            let len = (x % 12) as usize;
            let text: String = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    alphabet[(x % alphabet.len() as u64) as usize] as char
                })
                .collect();
            x = x.wrapping_add(1);
            if let Some(fast) = parse_plain_mpsz(text.as_bytes()) {
                assert_eq!(Ok(fast), parse_mixed(&text), "{text:?}");
            }
        }
        assert!(parse_plain_mpsz(b"123m 456p").is_some());
    }

    #[test]
    fn errors_name_token_and_position() {
        let e = parse_tiles("123m4x").unwrap_err();
        assert_eq!((e.position, e.token.as_str()), (4, "4x"));
        let e = parse_tiles("8z").unwrap_err();
        assert_eq!((e.position, e.token.as_str()), (0, "8"));
        let e = parse_tiles("12m 0p").unwrap_err();
        assert_eq!(e.position, 4);
        let e = parse_tiles("11").unwrap_err();
        assert_eq!(e.reason, "digits without a suit letter (m, p, s, z or f)");
        let e = parse_tiles("五x").unwrap_err();
        assert_eq!(e.token, "五x");
        assert!(parse_tiles("红").is_err());
        assert!(parse_tiles("a").is_err());
    }
}
