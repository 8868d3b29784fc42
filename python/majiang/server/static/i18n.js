// Every string the page shows, in Chinese and English; the choice is kept in localStorage.
export const LABELS = {
  zh: {
    title: "麻将 majiang", new_room: "新房间", variant: "玩法", hands: "局数", time_limit: "限时（秒，0 不限）",
    claim_window: "吃碰窗口（秒）", people: "真人座位", create: "开房间（其余座位由机器人打）", options: "房间选项",
    open_rooms: "房间", stored_hands: "已存牌局（回放）", none: "暂无", join: "加入", rejoin: "回到座位",
    free: "空位", room: "房间", share: "分享房间号", lobby: "大厅", lang: "English",
    seat: "座位", you: "你", bot: "机器人", person: "玩家", score: "分", wall: "余牌", dealer: "庄",
    round: "第{n}/{m}局", wilds: "精", indicator: "翻精", lower_indicator: "下精", your_turn: "轮到你出牌",
    waiting: "等待玩家（{k}/{n}）", auto: "托管中", auto_on: "托管", auto_off: "取消托管", match_over: "比赛结束",
    discard: "打", chow: "吃", pong: "碰", kong: "杠", win: "胡", pass: "过", declare: "报",
    void: "定缺", ready: "报听", exchange: "换三张", m: "万", p: "筒", s: "条",
    concealed: "暗杠", exposed: "明杠", added: "补杠", settlement: "结算", delta: "本局", total: "总分",
    payer: "付", payee: "收", amount: "分", reason: "原因", detail: "说明", next_hand: "下一局",
    draw_game: "流局（荒庄）", horses: "马", won: "胡", winning_tile: "胡的牌", hands_shown: "各家手牌",
    back: "后退", step: "前进", play: "播放", pause: "暂停", replay: "回放", hand_no: "第{n}局",
    deal: "发牌", draws: "摸牌", discards: "打出", wins: "胡了", flowers: "花", reveal: "亮牌",
    shows: "亮出", payment: "即时付分", link: "链接", seconds: "秒", claim_tile: "可吃碰的牌",
    seats_n: "座位数", log: "记录", shape: "牌型", seat_wind: "门风",
  },
  en: {
    title: "majiang 麻将", new_room: "New room", variant: "Variant", hands: "Hands", time_limit: "Time limit (s, 0 none)",
    claim_window: "Claim window (s)", people: "People seats", create: "Create the room (bots take the other seats)",
    options: "Room options", open_rooms: "Rooms", stored_hands: "Stored hands (replay)", none: "none yet",
    join: "Join", rejoin: "Rejoin", free: "free seats", room: "Room", share: "Room id to share", lobby: "Lobby",
    lang: "中文", seat: "Seat", you: "you", bot: "bot", person: "player", score: "score", wall: "wall",
    dealer: "dealer", round: "hand {n}/{m}", wilds: "jing (wild)", indicator: "indicator",
    lower_indicator: "lower jing", your_turn: "your turn: discard", waiting: "waiting for players ({k}/{n})",
    auto: "auto-play", auto_on: "Auto-play", auto_off: "Take back", match_over: "match over",
    discard: "Discard", chow: "Chow", pong: "Pong", kong: "Kong", win: "Win", pass: "Pass", declare: "Declare",
    void: "void", ready: "ready", exchange: "exchange three", m: "characters", p: "dots", s: "bamboo",
    concealed: "concealed kong", exposed: "exposed kong", added: "added kong", settlement: "Settlement",
    delta: "this hand", total: "total", payer: "payer", payee: "payee", amount: "points", reason: "reason",
    detail: "detail", next_hand: "Next hand", draw_game: "Exhaustive draw", horses: "horses", won: "won",
    winning_tile: "winning tile", hands_shown: "Every hand", back: "Back", step: "Step", play: "Play",
    pause: "Pause", replay: "Replay", hand_no: "hand {n}", deal: "deal", draws: "draws", discards: "discards",
    wins: "wins", flowers: "flowers", reveal: "reveal", shows: "shows", payment: "paid at once", link: "link",
    seconds: "s", claim_tile: "claimable tile", seats_n: "seats", log: "Log", shape: "shape", seat_wind: "seat wind",
  },
};
// settlement reasons and the terms inside them
const TERMS = [
  ["胡牌分", "win points"], ["胡牌", "win"], ["正精", "main jing"], ["副精", "secondary jing"], ["下翻", "lower jing (下翻)"],
  ["冲关", "chong guan bonus"], ["德国", "no jing used (德国)"], ["霸王精", "only jing at the table"],
  ["抄庄", "matching the dealer (抄庄)"], ["杀报", "beating a ready hand (杀报)"], ["荒庄", "exhaustive draw"],
  ["明杠", "exposed kong"], ["暗杠", "concealed kong"], ["补杠", "added kong"], ["面下杠", "added kong"],
  ["花杠", "flower kong"], ["包牌", "pays for all (包牌)"], ["中马", "horses hit"], ["抢杠胡", "robbing the kong"],
  ["查大叫", "not ready at the end"], ["查叫", "ready check"], ["点炮", "discard win"], ["点和", "discard win"],
  ["自摸", "self-draw"], ["底分", "base"], ["热炮 (全烧)", "hot discard (all burn)"], ["热炮", "hot discard"],
  ["责任鸡", "responsible chicken"], ["包鸡", "chicken liability"], ["鸡", "chicken"], ["刮风下雨", "wind and rain"],
  ["呼叫转移", "kong transfer"], ["报听", "ready"], ["精", "jing"], ["退税", "kong money refunded (退税)"],
  ["查花猪", "three suits at the end (查花猪)"], ["跟庄", "following the dealer"], ["点杠花", "win on a kong fed by a discard"],
  ["杠上胡", "win after a kong"], ["杠爆全包", "kong burst, pays all"], ["杠爆", "kong burst"], ["直杠", "direct kong"],
  ["点豆", "beans from a discard"], ["闷豆", "concealed beans"], ["转弯豆", "added beans"], ["罚", "penalty"],
  ["马跟杠", "horses follow the kong"], ["无鬼加倍", "no wilds, doubled"], ["天胡", "heavenly hand"], ["地胡", "earthly hand"],
  ["抢杠", "robbing the kong"], ["杠上杠", "kong on a kong"], ["杠开", "win on the kong's draw"], ["清一色", "full flush"],
  ["对对胡", "all pongs"], ["平胡", "plain win"], ["推倒胡", "push-down win"], ["放炮", "discard"], ["包三家", "pays for three"],
  ["一杠", "one kong"], ["二杠", "two kongs"], ["18罗汉", "eighteen arhats"], ["快照", "snapshot"], ["番", "fan"],
].sort((a, b) => b[0].length - a[0].length); // the longest term first: 杠爆全包 before 杠爆
export function reasonText(lang, r) {
  if (lang === "zh" || !r) return r;
  let out = r;
  for (const [zh, en] of TERMS) out = out.split(zh).join(en);
  return out === r ? r : out + " (" + r + ")";
}
