// The browser table of majiang serve: plays a room over the WebSocket protocol
// majiang.server/1 (docs/server.md) and replays stored hands. No build step, no CDN.
"use strict";

const LABELS = {
  zh: {
    title: "麻将 majiang", new_room: "新房间", variant: "玩法", hands: "局数",
    time_limit: "限时（秒，0 不限）", play_bots: "开房间（其余座位由机器人打）", stored_hands: "已存牌局（回放）",
    lobby: "大厅", back: "后退", step: "前进", play: "播放", pause: "暂停", replay: "回放",
    seat: "座位", you: "你", bot: "机器人", person: "玩家", score: "分", wall: "牌墙",
    wilds: "精", indicator: "翻牌", dealer: "庄", hand: "手牌", pond: "牌河", melds: "副露",
    flowers: "花", discard: "打", chow: "吃", pong: "碰", kong: "杠", win: "胡", pass: "过",
    declare: "报", settlement: "结算", delta: "本局", total: "总分", payer: "付", payee: "收",
    amount: "分数", reason: "原因", detail: "说明", waiting: "等待开始", your_turn: "轮到你",
    auto: "托管中", auto_off: "取消托管", auto_on: "托管", match_over: "比赛结束",
    draws: "摸牌", discards: "打出", wins: "胡了", draw_game: "流局（荒庄）", deal: "发牌",
    reveal: "亮牌", lower_indicator: "下精", shows: "亮出", horses: "抓马", payment: "即时付分",
    none: "暂无", hand_no: "第{n}局", concealed: "暗", exposed: "明", added: "补",
    lang: "English", people: "真人座位", open_rooms: "开放的房间", join: "加入", free: "空位",
    room: "房间",
  },
  en: {
    title: "majiang 麻将", new_room: "New room", variant: "Variant", hands: "Hands",
    time_limit: "Time limit (s, 0 none)", play_bots: "Create the room (bots take the other seats)",
    stored_hands: "Stored hands (replay)", lobby: "Lobby", back: "Back", step: "Step",
    play: "Play", pause: "Pause", replay: "Replay", seat: "Seat", you: "you", bot: "bot",
    person: "player", score: "score", wall: "wall", wilds: "jing (wild)", indicator: "indicator",
    dealer: "dealer", hand: "hand", pond: "pond", melds: "melds", flowers: "flowers",
    discard: "Discard", chow: "Chow", pong: "Pong", kong: "Kong", win: "Win", pass: "Pass",
    declare: "Declare", settlement: "Settlement", delta: "this hand", total: "total",
    payer: "payer", payee: "payee", amount: "amount", reason: "reason", detail: "detail",
    waiting: "waiting to start", your_turn: "your move", auto: "auto-play (托管)",
    auto_off: "Take back", auto_on: "Auto-play", match_over: "match over", draws: "draws",
    discards: "discards", wins: "wins", draw_game: "exhaustive draw", deal: "deal",
    reveal: "reveal", lower_indicator: "lower indicator", shows: "shows",
    horses: "turns up horses (抓马)", payment: "paid at once",
    none: "none yet", hand_no: "hand {n}", concealed: "concealed", exposed: "exposed",
    added: "added", lang: "中文", people: "people seats", open_rooms: "Open rooms", join: "Join",
    free: "free seats", room: "Room",
  },
};
let lang = localStorage.getItem("majiang.lang") || "zh";
const t = (k) => (LABELS[lang][k] !== undefined ? LABELS[lang][k] : k);
const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e[k] = v; else e.setAttribute(k, v);
  }
  for (const kid of kids) e.append(kid);
  return e;
};

// ------------------------------------------------------------------ tiles
const SUIT_BASE = { m: 0x1F007, p: 0x1F019, s: 0x1F010 };
const HONORS = [0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004];
function glyph(name) {
  const n = parseInt(name[0], 10), s = name[1];
  if (s in SUIT_BASE) return String.fromCodePoint(SUIT_BASE[s] + n - 1);
  if (s === "z") return String.fromCodePoint(HONORS[n - 1]);
  if (s === "f") return String.fromCodePoint(0x1F022 + n - 1);
  return name;
}
// "123m45p" or "1m5p5p" -> ["1m","2m","3m","4p","5p"]
function parseTiles(text) {
  const out = []; let digits = [];
  for (const ch of text || "") {
    if (ch >= "0" && ch <= "9") digits.push(ch);
    else { for (const d of digits) out.push(d + ch); digits = []; }
  }
  return out;
}
let wilds = [];
function tile(name, opts) {
  const cls = "tile" + (wilds.includes(name) ? " wild" : "");
  const kids = [el("span", { class: "g" }, glyph(name)), el("span", { class: "n" }, name)];
  if (opts && opts.onclick) return el("button", { class: cls, type: "button", "data-tile": name, onclick: opts.onclick }, ...kids);
  return el("span", { class: cls, "data-tile": name }, ...kids);
}
const back = () => el("span", { class: "tile back" }, el("span", { class: "g" }, "🀫"), el("span", { class: "n" }, "·"));
const row = (names, opts) => el("div", { class: "tiles" }, ...names.map((n) => tile(n, opts)));

function actionText(a) {
  let s = t(a.type);
  if (a.type === "discard") s += " " + a.tile;
  if (a.type === "kong") s += " " + a.tile + " (" + t(a.kind) + ")";
  if (a.type === "chow") s += " " + a.tiles;
  if (a.type === "declare") s += " " + a.what + (a.value ? " " + a.value : "");
  return s;
}
function seatName(s) { return t("seat") + " " + s + (me !== null && s === me ? " (" + t("you") + ")" : ""); }
function eventText(e) {
  const who = seatName(e.seat);
  switch (e.event) {
    case "deal": return t("deal") + ": " + t("dealer") + " " + seatName(e.dealer);
    case "draw": return who + " " + t("draws") + (e.tile ? " " + glyph(e.tile) : "");
    case "discard": return who + " " + t("discards") + " " + glyph(e.tile);
    case "chow": case "pong": return who + " " + t(e.event) + " " + parseTiles(e.tiles).map(glyph).join("");
    case "kong": return who + " " + t("kong") + " (" + t(e.kind) + ")" + (e.tile ? " " + glyph(e.tile) : "");
    case "win": return [].concat(e.winner).map(seatName).join(", ") + " " + t("wins") + " " + glyph(e.tile);
    case "draw-game": return t("draw_game");
    case "horses": return who + " " + t("horses") + " " + parseTiles(e.tiles).map(glyph).join("");
    case "payment": return t("payment") + " (" + e.reason + "): " + e.deltas.map((d) => (d > 0 ? "+" : "") + d).join(" ");
    case "settlement": return t("settlement") + ": " + e.deltas.map((d) => (d > 0 ? "+" : "") + d).join(" ");
    case "flower": return who + " " + t("flowers") + " " + glyph(e.tile);
    case "declare": return who + " " + t("declare") + " " + e.what + (e.value ? " " + e.value : "");
    case "reveal": // shown to every seat after the deal, then taken back (下翻: the 下精)
      return t("reveal") + ": " + [].concat(
        e.lower_indicator ? [t("lower_indicator") + " " + glyph(e.lower_indicator)] : [],
        (e.tiles || []).map((x, s) => (x ? seatName(s) + " " + t("shows") + " " + parseTiles(x).map(glyph).join("") : "")).filter((x) => x),
      ).join("; ");
    default: return e.event;
  }
}

// ------------------------------------------------------------------ rendering a table
function seatPanel(s, o) {
  // o: {hand (list) | count, melds, pond, flowers, score, dealer, turn, isMe, kind, clickable}
  const head = el("h3", {}, seatName(s) + (o.kind === "bot" ? " · " + t("bot") : "") +
    (s === o.dealer ? " · " + t("dealer") : "") + " · " + t("score") + " " + o.score);
  const melds = el("div", { class: "tiles melds" }, el("span", { class: "label" }, t("melds")),
    ...o.melds.map((m) => el("span", { class: "meld" }, ...(m.tiles ? parseTiles(m.tiles).map((n) => tile(n)) : [back(), back(), back(), back()]))));
  const hand = o.hand ? row(o.hand, o.clickable ? { onclick: o.clickable } : null)
    : el("div", { class: "tiles" }, ...Array.from({ length: o.count }, back));
  const pond = el("div", { class: "tiles pond" }, el("span", { class: "label" }, t("pond")), ...o.pond.map((n) => tile(n)));
  const kids = [head, hand, melds, pond];
  if (o.flowers && o.flowers.length) kids.push(el("div", { class: "tiles" }, el("span", { class: "label" }, t("flowers")), ...o.flowers.map((n) => tile(n))));
  return el("div", { class: "seat" + (o.isMe ? " me" : "") + (o.turn ? " turn" : ""), "data-seat": String(s) }, ...kids);
}

function settlementTable(settlement, scores) {
  const box = el("div", {});
  box.append(el("h3", {}, t("settlement")));
  const head = el("tr", {}, el("th", {}, t("seat")), el("th", {}, t("delta")), el("th", {}, t("total")));
  const rows = settlement.deltas.map((d, s) => el("tr", { class: "settle-row" }, el("td", {}, seatName(s)),
    el("td", { class: "delta" }, (d > 0 ? "+" : "") + d), el("td", {}, String(scores[s]))));
  box.append(el("table", { id: "settlement-table" }, head, ...rows));
  if (settlement.items.length) {
    const ph = el("tr", {}, ...["payer", "payee", "amount", "reason", "detail"].map((k) => el("th", {}, t(k))));
    const pr = settlement.items.map((p) => el("tr", {}, el("td", {}, String(p.payer)), el("td", {}, String(p.payee)),
      el("td", {}, String(p.amount)), el("td", {}, p.reason), el("td", {}, p.detail)));
    box.append(el("table", { class: "payments" }, ph, ...pr));
  }
  return box;
}

// the horses (抓马) a winner turned up: the public horse event, shown beside the table
function showHorses(box, e) {
  box.textContent = ""; box.hidden = !e;
  if (e) box.append(el("span", { class: "label" }, seatName(e.seat) + " " + t("horses")), ...parseTiles(e.tiles).map((n) => tile(n)));
}
function noteHorses(events) {
  for (const e of events) { if (e.event === "deal") horses = null; else if (e.event === "horses") horses = e; }
}

// ------------------------------------------------------------------ playing
let horses = null;
let ws = null, me = null, roomId = null, lastFrame = null, room = null, pending = [];
function send(frame) { ws.send(JSON.stringify(frame)); }
function connect(onOpen) {
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onmessage = (m) => onFrame(JSON.parse(m.data));
  ws.onopen = onOpen;
  ws.onclose = () => { if (roomId) setTimeout(() => connect(rejoin), 1000); };
}
function rejoin() {
  const token = localStorage.getItem("majiang.token." + roomId);
  if (token) send({ type: "join", room: roomId, token });
}
function log(line) { const l = $("log"); l.append(el("li", {}, line)); l.scrollTop = l.scrollHeight; }

function onFrame(f) {
  if (f.type === "created") {
    roomId = f.room;
    log(t("room") + " " + f.room);
    send({ type: "join", room: roomId });
  } else if (f.type === "joined") {
    me = f.seat;
    if (f.token) localStorage.setItem("majiang.token." + roomId, f.token);
    send({ type: "ready" });
  } else if (f.type === "state") {
    room = f.room; $("log").textContent = ""; f.events.forEach((e) => log(eventText(e))); horses = null; noteHorses(f.events);
    $("settlement").hidden = true;
    for (const r of f.results) if (r.hand === room.hands - 1) showSettlement(r.settlement, room.scores);
    render(f);
  } else if (f.type === "events") {
    f.events.forEach((e) => { log(eventText(e)); if (e.event === "deal") $("settlement").hidden = true; });
    noteHorses(f.events);
    render(f);
  } else if (f.type === "hand_end") {
    showSettlement(f.settlement, f.scores);
    if (f.match_over) $("status-bar").append(el("strong", { id: "match-over" }, " · " + t("match_over")));
  } else if (f.type === "room") {
    room = Object.assign(room || {}, f);
  } else if (f.type === "auto") {
    if (lastFrame) { lastFrame.auto = f.on; render(lastFrame); }
  } else if (f.type === "error") {
    log("⚠ " + f.code + ": " + f.message);
  }
}
function showSettlement(settlement, scores) {
  const box = $("settlement"); box.textContent = ""; box.append(settlementTable(settlement, scores)); box.hidden = false;
}

function render(f) {
  lastFrame = f;
  const v = f.view; wilds = v.wilds || [];
  const bar = $("status-bar"); bar.textContent = "";
  bar.append(el("span", {}, t("wall") + " " + v.wall + " · "));
  if (v.indicator) bar.append(el("span", {}, t("indicator") + " "), tile(v.indicator), el("span", {}, " "));
  if (wilds.length) bar.append(el("span", {}, t("wilds") + " "), ...wilds.map((n) => tile(n)));
  if (v.lower_indicator) bar.append(el("span", {}, " · " + t("lower_indicator") + " "), tile(v.lower_indicator));
  if (f.auto) bar.append(el("strong", { id: "auto-flag" }, " · " + t("auto")));
  else if (f.legal.length) bar.append(el("strong", {}, " · " + t("your_turn")));
  if (!f.auto && f.legal.length && f.deadline_in !== null) bar.append(el("span", { id: "deadline" }, " · ⏱ " + Math.ceil(f.deadline_in) + " s"));
  const seats = $("seats"); seats.textContent = "";
  const discardable = new Set(f.legal.filter((a) => a.type === "discard").map((a) => a.tile));
  const n = v.ponds.length; // the table's seats
  for (let k = 0; k < n; k++) {
    const s = (me + k) % n, isMe = s === me;
    const hand = isMe ? parseTiles(v.hand) : null;
    const count = isMe ? 0 : handCount(v, s);
    seats.append(seatPanel(s, {
      hand, count, isMe, melds: v.melds[s], pond: parseTiles(v.ponds[s]), flowers: parseTiles(v.flowers[s]),
      score: v.scores[s], dealer: v.dealer, turn: f.to_act.includes(s), kind: room && room.seats ? room.seats[s].kind : "",
      clickable: isMe && discardable.size ? (ev) => { const n = ev.currentTarget.dataset.tile; if (discardable.has(n)) act({ type: "discard", tile: n }); } : null,
    }));
  }
  showHorses($("horses"), horses);
  const actions = $("actions"); actions.textContent = "";
  for (const a of f.legal) actions.append(el("button", { class: "action", type: "button", "data-action": JSON.stringify(a), onclick: () => act(a) }, actionText(a)));
  if (f.auto) actions.append(el("button", { id: "auto-off", type: "button", onclick: () => send({ type: "auto", on: false }) }, t("auto_off")));
  else actions.append(el("button", { id: "auto-on", type: "button", onclick: () => send({ type: "auto", on: true }) }, t("auto_on")));
}
function handCount(v, s) {
  // the others' hand sizes follow from what is public: 13 (14 for the seat to discard) - 3 a meld
  const turn = v.phase === "turn" && v.turn === s ? 1 : 0;
  return Math.max(0, 13 + turn - 3 * v.melds[s].length);
}
function act(a) {
  const seq = lastFrame.seq + (lastFrame.type === "events" ? lastFrame.events.length : 0);
  $("actions").textContent = "";
  send({ type: "act", action: a, seq });
}

// ------------------------------------------------------------------ replay
let replayData = null, replayAt = 0, replayTimer = null;
async function openReplay(r, h) {
  const res = await fetch("/api/hands/" + encodeURIComponent(r) + "/" + h);
  replayData = await res.json(); replayAt = 0; me = null;
  show("replay");
  $("replay-title").textContent = t("replay") + " · " + r + " · " + t("hand_no").replace("{n}", h + 1);
  renderReplay();
}
function renderReplay() {
  const step = replayData.steps[replayAt]; wilds = step.wilds;
  $("replay-pos").textContent = (replayAt + 1) + " / " + replayData.steps.length;
  $("replay-event").textContent = eventText(step.event);
  const seats = $("replay-seats"); seats.textContent = "";
  for (let s = 0; s < step.hands.length; s++) {
    seats.append(seatPanel(s, { hand: parseTiles(step.hands[s]), melds: step.melds[s], pond: parseTiles(step.ponds[s]),
      flowers: parseTiles(step.flowers[s]), score: step.scores[s], dealer: step.dealer,
      turn: step.event.seat === s, isMe: false, kind: "" }));
  }
  const seen = replayData.steps.slice(0, replayAt + 1).map((x) => x.event).filter((e) => e.event === "horses");
  showHorses($("replay-horses"), seen.length ? seen[seen.length - 1] : null);
  const box = $("replay-settlement"); box.textContent = "";
  box.hidden = replayAt !== replayData.steps.length - 1;
  if (!box.hidden) box.append(settlementTable(replayData.settlement, step.scores));
}
function replayMove(d) { replayAt = Math.max(0, Math.min(replayData.steps.length - 1, replayAt + d)); renderReplay(); }
function replayPlay() {
  if (replayTimer) { clearInterval(replayTimer); replayTimer = null; $("replay-play").textContent = t("play"); return; }
  $("replay-play").textContent = t("pause");
  replayTimer = setInterval(() => { if (replayAt >= replayData.steps.length - 1) replayPlay(); else replayMove(1); }, 400);
}

// ------------------------------------------------------------------ lobby
function show(which) { for (const id of ["lobby", "table", "replay"]) $(id).hidden = id !== which; }
async function loadLobby() {
  show("lobby"); roomId = null;
  const variants = await (await fetch("/api/variants")).json();
  const sel = $("variant"); const chosen = sel.value; sel.textContent = "";
  for (const v of variants) sel.append(el("option", { value: v }, v));
  if (chosen) sel.value = chosen;
  const rooms = await (await fetch("/api/rooms")).json();
  const open = $("rooms-list"); open.textContent = "";
  const joinable = rooms.filter((r) => r.status === "waiting" && r.seats.some((x) => x.kind === "person" && !x.joined));
  if (!joinable.length) open.append(el("li", {}, t("none")));
  for (const r of joinable) {
    const free = r.seats.filter((x) => x.kind === "person" && !x.joined).length;
    open.append(el("li", {}, el("button", { type: "button", class: "room-join", onclick: () => joinRoom(r.room) }, t("join")),
      " " + t("room") + " " + r.room + " · " + r.variant + " · " + t("free") + " " + free));
  }
  // the newest 30 of the pages the server lists oldest first
  const total = Number((await fetch("/api/hands?limit=1")).headers.get("X-Total-Count")) || 0;
  const hands = await (await fetch("/api/hands?limit=30&offset=" + Math.max(0, total - 30))).json();
  const list = $("hands-list"); list.textContent = "";
  if (!hands.length) list.append(el("li", {}, t("none")));
  for (const h of hands.slice(-30).reverse()) {
    list.append(el("li", {}, el("button", { type: "button", class: "replay-open", onclick: () => openReplay(h.room, h.hand) }, t("replay")),
      " " + h.room + " · " + t("hand_no").replace("{n}", h.hand + 1) + " · " + h.deltas.map((d) => (d > 0 ? "+" : "") + d).join(" ")));
  }
}
function applyLabels() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  $("lang").textContent = t("lang");
  if (!$("table").hidden && lastFrame) render(lastFrame);
  if (!$("replay").hidden && replayData) renderReplay();
}
$("lang").onclick = () => { lang = lang === "zh" ? "en" : "zh"; localStorage.setItem("majiang.lang", lang); applyLabels(); };
$("create-form").onsubmit = (ev) => {
  ev.preventDefault();
  show("table"); $("log").textContent = ""; $("settlement").hidden = true;
  const people = parseInt($("people").value, 10) || 1;
  const seats = [0, 1, 2, 3].map((s) => (s < people ? "person" : "bot"));
  const frame = { type: "create", variant: $("variant").value, hands: parseInt($("hands").value, 10) || 1,
    seats, time_limit: parseFloat($("time-limit").value) || 0 };
  connect(() => send(frame));
};
function joinRoom(id) {
  show("table"); $("log").textContent = ""; $("settlement").hidden = true;
  roomId = id;
  connect(() => send({ type: "join", room: id }));
}
$("back-to-lobby").onclick = () => { roomId = null; if (ws) ws.close(); loadLobby(); };
$("replay-close").onclick = () => { if (replayTimer) replayPlay(); loadLobby(); };
$("replay-back").onclick = () => replayMove(-1);
$("replay-step").onclick = () => replayMove(1);
$("replay-play").onclick = replayPlay;
applyLabels();
loadLobby();
