// The browser table of majiang serve: plays a room over the WebSocket protocol majiang.server/1
// (docs/server.md) and replays stored hands. Plain ES modules: no build step, no CDN.
import { LABELS, reasonText } from "/i18n.js";
import { tileFace, backFace, parseTiles } from "/tiles.js";

let lang = localStorage.getItem("majiang.lang") || "zh";
const t = (k, vars) => {
  let s = LABELS[lang][k] !== undefined ? LABELS[lang][k] : k;
  for (const [a, b] of Object.entries(vars || {})) s = s.replace("{" + a + "}", b);
  return s;
};
const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v; else if (k.startsWith("on")) e[k] = v; else e.setAttribute(k, v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};

// ------------------------------------------------------------------ tokens (reload-proof seats)
const tokens = () => JSON.parse(localStorage.getItem("majiang.tokens") || "{}");
// tokens kept by the page before majiang.tokens (one key a room) move over once
for (const k of Object.keys(localStorage)) {
  if (!k.startsWith("majiang.token.")) continue;
  const all = tokens(); all[k.slice(14)] = localStorage.getItem(k);
  localStorage.setItem("majiang.tokens", JSON.stringify(all)); localStorage.removeItem(k);
}
function keepToken(room, token) { const all = tokens(); all[room] = token; localStorage.setItem("majiang.tokens", JSON.stringify(all)); }
function dropToken(room) { const all = tokens(); delete all[room]; localStorage.setItem("majiang.tokens", JSON.stringify(all)); }

// ------------------------------------------------------------------ tiles
let wilds = [];
function tile(name, opts) {
  const o = opts || {};
  const cls = "tile" + (wilds.includes(name) ? " wild" : "") + (o.cls ? " " + o.cls : "");
  const attrs = { class: cls, "data-tile": name, title: name, "aria-label": name };
  const e = o.onclick ? el("button", { ...attrs, type: "button", onclick: o.onclick }) : el("span", attrs);
  e.append(tileFace(name));
  return e;
}
const back = () => { const e = el("span", { class: "tile back", "aria-label": "?" }); e.append(backFace()); return e; };
const tiles = (names, opts) => el("span", { class: "tiles" }, ...names.map((n) => tile(n, opts)));
const variantName = (v) => (catalog && catalog.variants[v] ? catalog.variants[v][lang] : v);

// ------------------------------------------------------------------ state
let catalog = null, ws = null, me = null, roomId = null, lastFrame = null, room = null;
let deadlineAt = null, timer = null, matchOver = false, results = [], horses = [];
let lastSettle = null; // what the settlement shows, drawn again on a language switch

function seatName(s) { return t("seat") + " " + s + (me !== null && s === me ? " (" + t("you") + ")" : ""); }
function actionText(a, v) {
  const claimed = v && v.last_discard ? v.last_discard : "";
  switch (a.type) {
    case "discard": return t("discard") + " " + a.tile;
    case "pong": return t("pong") + " " + claimed;
    case "chow": return t("chow") + " " + a.tiles;
    case "kong": return t("kong") + " " + a.tile + (a.kind === "exposed" ? "" : " (" + t(a.kind) + ")");
    case "win": return t("win") + " " + (v && v.phase === "turn" ? v.drawn || "" : claimed);
    case "pass": return t("pass");
    case "declare":
      if (a.what === "void") return t("void") + " " + t(a.value);
      if (a.what === "exchange") return t("exchange") + " " + a.value;
      return t(a.what) + (a.value ? " " + a.value : "");
    default: return a.type;
  }
}
function actionTiles(a, v) {
  if (a.type === "chow") return parseTiles(a.tiles);
  if (a.type === "pong" && v.last_discard) return [v.last_discard, v.last_discard, v.last_discard];
  if (a.type === "kong") return [a.tile, a.tile, a.tile, a.tile];
  if (a.type === "win") { const w = v.phase === "turn" ? v.drawn : v.last_discard; return w ? [w] : []; }
  return [];
}
function eventText(e) {
  const who = seatName(e.seat);
  switch (e.event) {
    case "deal": return t("deal") + ": " + t("dealer") + " " + seatName(e.dealer);
    case "draw": return who + " " + t("draws") + (e.tile ? " " + e.tile : "");
    case "discard": return who + " " + t("discards") + " " + e.tile;
    case "chow": case "pong": return who + " " + t(e.event) + " " + e.tiles;
    case "kong": return who + " " + t(e.kind) + (e.tile ? " " + e.tile : "");
    case "win": return [].concat(e.winner).map(seatName).join(", ") + " " + t("wins") + " " + e.tile;
    case "draw-game": return t("draw_game");
    case "horses": return who + " " + t("horses") + " " + e.tiles;
    case "payment": return t("payment") + " (" + reasonText(lang, e.reason) + "): " + e.deltas.map(signed).join(" ");
    case "settlement": return t("settlement") + ": " + e.deltas.map(signed).join(" ");
    case "flower": return who + " " + t("flowers") + " " + e.tile;
    case "declare": return who + " " + (e.what === "void" && e.value ? t("void") + " " + t(e.value) : t(e.what) + (e.value ? " " + e.value : ""));
    case "reveal": return t("reveal") + (e.lower_indicator ? ": " + t("lower_indicator") + " " + e.lower_indicator : "");
    default: return e.event;
  }
}
const signed = (d) => (d > 0 ? "+" : "") + d;

// ------------------------------------------------------------------ the table
// positions around the square, counted from the seat at the bottom (seat+1 is 下家, on the right)
const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };
function declText(d) {
  const out = [];
  for (const [k, val] of Object.entries(d || {})) {
    if (k === "void") out.push(t("void") + " " + (val ? t(val) : "?"));
    else if (k === "ready") out.push(t("ready"));
    else if (k !== "exchange") out.push(t(k));
  }
  return out;
}
// b: {n, bottom, hands[s]: list|null, counts[s], drawn, melds, ponds, flowers, declared, scores, dealer,
//     turn, wall, indicator, wilds, lower, lastDiscard: {seat, tile}, claimable, won: {seat: order}, onTile, kinds}
function renderBoard(box, b) {
  box.textContent = "";
  wilds = b.wilds || [];
  const pos = POSITIONS[b.n] || POSITIONS[4];
  const center = el("div", { class: "center" });
  const info = el("div", { class: "info" },
    el("div", { class: "round" }, b.round || ""),
    el("div", { class: "wall" }, t("wall") + " " + b.wall),
    el("div", { class: "dealer-line" }, t("dealer") + ": " + seatName(b.dealer)));
  if (b.indicator) info.append(el("div", { class: "ind" }, t("indicator") + " ", tile(b.indicator)));
  if (wilds.length) info.append(el("div", { class: "jing" }, t("wilds") + " ", ...wilds.map((w) => tile(w))));
  if (b.lower) info.append(el("div", { class: "ind" }, t("lower_indicator") + " ", tile(b.lower)));
  center.append(info);
  for (let k = 0; k < b.n; k++) {
    const s = (b.bottom + k) % b.n, where = pos[k];
    const pond = parseTiles(b.ponds[s]);
    const river = el("div", { class: "river pos-" + where, "data-seat": s });
    pond.forEach((n, i) => {
      let cls = "";
      if (b.lastDiscard && b.lastDiscard.seat === s && i === pond.length - 1 && n === b.lastDiscard.tile) cls = "last" + (b.claimable ? " claimable" : "");
      river.append(tile(n, { cls }));
    });
    center.append(river);
    const seat = el("div", { class: "seat pos-" + where + (b.turn === s ? " turn" : "") + (s === b.bottom && b.live ? " me" : ""), "data-seat": s });
    const plate = el("div", { class: "plate" },
      el("span", { class: "badge wind", title: t("seat_wind") }, "東南西北"[(s - b.dealer + b.n) % b.n]),
      el("span", { class: "name" }, seatName(s) + (b.kinds && b.kinds[s] && s !== b.bottom ? " · " + t(b.kinds[s]) : "")),
      s === b.dealer ? el("span", { class: "badge dealer" }, t("dealer")) : null,
      el("span", { class: "score" }, String(b.scores[s])),
      ...declText(b.declared && b.declared[s]).map((x) => el("span", { class: "badge decl" }, x)),
      b.won && b.won[s] !== undefined ? el("span", { class: "badge won" }, t("won") + " " + (b.won[s] + 1)) : null,
      b.autos && b.autos[s] ? el("span", { class: "badge" }, t("auto")) : null);
    const flowers = parseTiles(b.flowers[s]);
    if (flowers.length) plate.append(el("span", { class: "flowers" }, ...flowers.map((n) => tile(n))));
    const melds = el("span", { class: "melds" }, ...(b.melds[s] || []).map((m) =>
      el("span", { class: "meld" }, ...(m.tiles ? parseTiles(m.tiles).map((n) => tile(n)) : [back(), back(), back(), back()]))));
    let hand;
    if (b.hands[s]) {
      hand = el("span", { class: "hand" }, ...b.hands[s].map((n) => tile(n, b.onTile && s === b.bottom ? { onclick: b.onTile, cls: b.canDiscard && b.canDiscard.has(n) ? "can" : "" } : null)));
      if (b.drawn && s === b.bottom) hand.append(el("span", { class: "gap" }), tile(b.drawn, { cls: "drawn" + (b.canDiscard && b.canDiscard.has(b.drawn) ? " can" : ""), onclick: b.onTile && s === b.bottom ? b.onTile : null }));
    } else {
      hand = el("span", { class: "hand concealed" }, ...Array.from({ length: b.counts[s] }, back));
    }
    seat.append(plate, el("div", { class: "rack" }, hand, melds));
    box.append(seat);
  }
  box.append(center);
}
function handCount(v, s) {
  if (v.shown && v.shown[s]) return 0;
  const turn = v.phase === "turn" && v.turn === s ? 1 : 0;
  return Math.max(0, 13 + turn - 3 * v.melds[s].length);
}

// ------------------------------------------------------------------ playing
function send(frame) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(frame)); }
function connect(onOpen) {
  if (ws) { ws.onclose = null; ws.close(); }
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onmessage = (m) => onFrame(JSON.parse(m.data));
  ws.onopen = onOpen;
  ws.onclose = () => { if (roomId) setTimeout(() => connect(joinFrame), 1000); };
}
function joinFrame() {
  const token = tokens()[roomId];
  send(token ? { type: "join", room: roomId, token } : { type: "join", room: roomId });
}
let logged = []; // the events shown in the log, drawn again on a language switch
function log(line) { const l = $("log"); l.append(el("li", {}, line)); while (l.children.length > 200) l.firstChild.remove(); l.scrollTop = l.scrollHeight; }

function onFrame(f) {
  if (f.type === "created") {
    enterRoom(f.room);
    send({ type: "join", room: roomId });
  } else if (f.type === "joined") {
    me = f.seat;
    if (f.token) keepToken(roomId, f.token);
    send({ type: "ready" });
  } else if (f.type === "state") {
    room = f.room; results = f.results.slice(); horses = [];
    matchOver = room.status === "finished";
    $("log").textContent = ""; logged = f.events.slice(-200);
    f.events.forEach((e) => { log(eventText(e)); if (e.event === "horses") horses.push(e); });
    render(f);
    const last = results[results.length - 1];
    if (last && (matchOver || f.events.length === 0 || f.events[f.events.length - 1].event === "settlement")) showSettlement(last.hand, last.settlement, room.scores);
  } else if (f.type === "events") {
    for (const e of f.events) {
      log(eventText(e)); logged.push(e);
      if (e.event === "deal") { horses = []; closeSettlement(); }
      if (e.event === "horses") horses.push(e);
    }
    render(f);
  } else if (f.type === "hand_end") {
    matchOver = f.match_over;
    showSettlement(f.hand, f.settlement, f.scores);
    if (lastFrame) render(lastFrame);
  } else if (f.type === "room") {
    room = Object.assign(room || {}, f);
    if (room.status === "finished") matchOver = true;
    // a seat's own room frame always holds its own 托管 flag
    if (lastFrame && me !== null && room.seats && room.seats[me]) lastFrame.auto = room.seats[me].auto;
    if (lastFrame) render(lastFrame); else renderWaiting();
  } else if (f.type === "auto") {
    if (lastFrame) { lastFrame.auto = f.on; render(lastFrame); }
  } else if (f.type === "error") {
    log("⚠ " + f.code + ": " + f.message);
    if (f.code === "bad_token" || f.code === "no_room") { dropToken(roomId); leaveRoom(); }
  }
}

function enterRoom(id) {
  logged = []; roomId = id; lastFrame = null; room = null; matchOver = false; results = []; horses = [];
  history.replaceState(null, "", "/#room=" + id);
  show("table"); $("log").textContent = ""; closeSettlement();
  $("room-id").textContent = id;
}
function leaveRoom() {
  roomId = null; me = null; lastFrame = null; stopTimer();
  if (ws) { ws.onclose = null; ws.close(); ws = null; }
  history.replaceState(null, "", "/");
  loadLobby();
}
function renderWaiting() {
  if (!room || !room.seats) return;
  const n = room.seats.length, k = room.seats.filter((x) => x.kind === "bot" || x.joined).length;
  $("status").textContent = room.status === "waiting" ? t("waiting", { k, n }) : "";
}

function render(f) {
  lastFrame = f;
  const v = f.view, n = v.scores.length;
  renderWaiting();
  const hand = parseTiles(v.hand);
  let drawn = null;
  if (v.drawn && hand.length % 3 === 2) { const i = hand.lastIndexOf(v.drawn); if (i >= 0) { hand.splice(i, 1); drawn = v.drawn; } }
  const live = !matchOver && !f.auto;
  const discardable = new Set(live ? f.legal.filter((a) => a.type === "discard").map((a) => a.tile) : []);
  const claims = live ? f.legal.filter((a) => a.type !== "discard") : [];
  const claimable = v.phase !== "turn" && claims.some((a) => a.type !== "pass");
  const won = {};
  (v.wins || []).forEach((w, i) => { for (const s of [].concat(w.winner !== undefined ? w.winner : w.seat)) if (won[s] === undefined) won[s] = i; });
  const hands = [], counts = [];
  for (let s = 0; s < n; s++) {
    hands.push(s === me ? hand : v.shown && v.shown[s] ? parseTiles(v.shown[s]) : null);
    counts.push(s === me ? 0 : handCount(v, s));
  }
  renderBoard($("board"), {
    n, bottom: me, live: true, hands, counts, drawn, melds: v.melds, ponds: v.ponds, flowers: v.flowers,
    declared: v.declared, scores: v.scores, dealer: v.dealer, turn: v.turn, wall: v.wall, indicator: v.indicator,
    wilds: v.wilds, lower: v.lower_indicator, won,
    round: room ? t("round", { n: Math.min(room.hands_played + 1, room.hands), m: room.hands }) : "",
    lastDiscard: v.last_discard && v.discarder !== null ? { seat: v.discarder, tile: v.last_discard } : null,
    claimable, canDiscard: discardable,
    kinds: room && room.seats ? room.seats.map((x) => x.kind) : null,
    autos: room && room.seats ? room.seats.map((x, s) => s !== me && x.auto) : null,
    onTile: discardable.size ? (ev) => { const x = ev.currentTarget.dataset.tile; if (discardable.has(x)) act({ type: "discard", tile: x }); } : null,
  });
  // the prompt over the table: what this seat may do now, each naming its tile, and the countdown
  const prompt = $("prompt"); prompt.textContent = "";
  const buttons = claims.map((a) => el("button", { class: "action act-" + a.type, type: "button", "data-action": JSON.stringify(a), onclick: () => act(a) },
    el("span", { class: "label" }, actionText(a, v)), ...actionTiles(a, v).map((x) => tile(x, { cls: "mini" }))));
  if (discardable.size && !claims.length) prompt.append(el("span", { class: "hint" }, t("your_turn")));
  prompt.append(...buttons);
  deadlineAt = live && f.legal.length && f.deadline_in !== null && f.deadline_in !== undefined ? performance.now() + f.deadline_in * 1000 : null;
  if (deadlineAt !== null) { prompt.append(el("span", { id: "deadline", class: "deadline" })); tick(); startTimer(); } else stopTimer();
  prompt.hidden = !prompt.children.length;
  const auto = $("auto-box"); auto.textContent = "";
  if (!matchOver && room && room.status !== "finished") {
    if (f.auto) auto.append(el("span", { id: "auto-flag" }, t("auto") + " "), el("button", { id: "auto-off", type: "button", onclick: () => send({ type: "auto", on: false }) }, t("auto_off")));
    else auto.append(el("button", { id: "auto-on", type: "button", onclick: () => send({ type: "auto", on: true }) }, t("auto_on")));
  }
  if (matchOver && !$("match-over")) $("status").append(el("strong", { id: "match-over" }));
  if ($("match-over")) $("match-over").textContent = " " + t("match_over");
}
function tick() {
  const d = $("deadline");
  if (!d || deadlineAt === null) return;
  const left = Math.max(0, (deadlineAt - performance.now()) / 1000);
  d.textContent = "⏱ " + Math.ceil(left) + " " + t("seconds");
  d.dataset.left = left.toFixed(1);
}
function startTimer() { if (!timer) timer = setInterval(tick, 200); }
function stopTimer() { if (timer) clearInterval(timer); timer = null; deadlineAt = null; }
function act(a) {
  const f = lastFrame;
  const seq = f.seq + (f.type === "events" ? f.events.length : 0);
  $("prompt").textContent = ""; $("prompt").hidden = true; stopTimer();
  send({ type: "act", action: a, seq });
}

// ------------------------------------------------------------------ settlement
function closeSettlement() { lastSettle = null; $("settlement").hidden = true; $("settlement").textContent = ""; }
async function showSettlement(hand, settlement, scores) {
  lastSettle = [hand, settlement, scores];
  const box = $("settlement"); box.textContent = ""; box.hidden = false;
  box.dataset.hand = hand;
  const card = el("div", { class: "card" }, el("h2", {}, t("settlement") + " · " + t("hand_no", { n: hand + 1 })));
  box.append(card);
  const shown = el("div", { id: "settle-hands" }); card.append(shown);
  card.append(settlementTable(settlement, scores));
  card.append(patternBox(settlement.pattern || {}));
  if (horses.length) card.append(el("div", { id: "horses" }, t("horses") + ": ", ...horses.flatMap((h) => parseTiles(h.tiles).map((x) => tile(x)))));
  card.append(el("div", { class: "buttons" }, matchOver
    ? el("button", { id: "settle-lobby", type: "button", onclick: leaveRoom }, t("lobby"))
    : el("button", { id: "next-hand", type: "button", onclick: closeSettlement }, t("next_hand"))));
  // every hand is public once the hand is stored: lay them down, the winning tile marked
  try {
    const res = await fetch("/api/hands/" + encodeURIComponent(roomId) + "/" + hand);
    if (!res.ok) return;
    const data = await res.json();
    const step = data.steps[data.steps.length - 1];
    const win = data.events.filter((e) => e.event === "win");
    const winners = new Map();
    for (const w of win) for (const s of [].concat(w.winner)) winners.set(s, w.tile);
    step.hands.forEach((h, s) => {
      const row = el("div", { class: "shown-hand" + (winners.has(s) ? " winner" : ""), "data-seat": s },
        el("span", { class: "name" }, seatName(s) + (winners.has(s) ? " · " + t("won") : "")),
        tiles(parseTiles(h)), el("span", { class: "melds" }, ...(step.melds[s] || []).map((m) => el("span", { class: "meld" }, ...parseTiles(m.tiles || "").map((x) => tile(x))))));
      if (winners.has(s)) row.append(el("span", { class: "win-tile" }, t("winning_tile") + " ", tile(winners.get(s), { cls: "winning" })));
      shown.append(row);
    });
    if (!win.length) shown.append(el("div", {}, t("draw_game")));
  } catch (e) { /* the table stays usable without the laid-down hands */ }
}
// what the settlement recognised: the shape, the 精 and each seat's jing points (Nanchang's
// 下翻 with its own 精), read from the pattern the settlement carries
function patternBox(p) {
  const box = el("div", { id: "pattern" });
  if (p.shape) box.append(el("div", { class: "shape" }, t("shape") + ": " + reasonText(lang, p.shape)));
  const jing = (label, j) => {
    if (!j || !j.jing || !j.jing.length) return;
    box.append(el("div", { class: "jing-line" }, label + " ", ...j.jing.map((x) => tile(x)),
      j.jing_points ? " · " + j.jing_points.map((n, s) => seatName(s) + " " + n).join(", ") : ""));
  };
  jing(t("wilds"), p);
  jing(t("lower_indicator"), p.xia_fan);
  return box;
}
function settlementTable(settlement, scores) {
  const box = el("div", {});
  const head = el("tr", {}, el("th", {}, t("seat")), el("th", {}, t("delta")), el("th", {}, t("total")));
  const rows = settlement.deltas.map((d, s) => el("tr", { class: "settle-row" }, el("td", {}, seatName(s)),
    el("td", { class: "delta" }, signed(d)), el("td", {}, String(scores[s]))));
  box.append(el("table", { id: "settlement-table" }, head, ...rows));
  if (settlement.items.length) {
    const ph = el("tr", {}, ...["payer", "payee", "amount", "reason", "detail"].map((k) => el("th", {}, t(k))));
    const pr = settlement.items.map((p) => el("tr", {}, el("td", {}, String(p.payer)), el("td", {}, String(p.payee)),
      el("td", {}, String(p.amount)), el("td", { class: "reason" }, reasonText(lang, p.reason)), el("td", { class: "detail" }, p.detail)));
    box.append(el("table", { class: "payments" }, ph, ...pr));
  }
  return box;
}

// ------------------------------------------------------------------ replay
let replayData = null, replayAt = 0, replayTimer = null, replayId = null;
async function openReplay(r, h, push) {
  const res = await fetch("/api/hands/" + encodeURIComponent(r) + "/" + h);
  if (!res.ok) { loadLobby(); return; }
  replayData = await res.json(); replayAt = 0; me = null; replayId = [r, h];
  if (push !== false) history.replaceState(null, "", "/replay/" + encodeURIComponent(r) + "/" + h);
  show("replay");
  $("replay-seek").max = String(replayData.steps.length - 1);
  renderReplay();
}
function renderReplay() {
  const step = replayData.steps[replayAt], n = step.hands.length;
  $("replay-title").textContent = t("replay") + " · " + replayId[0] + " · " + t("hand_no", { n: replayId[1] + 1 });
  $("replay-pos").textContent = (replayAt + 1) + " / " + replayData.steps.length;
  $("replay-seek").value = String(replayAt);
  $("replay-event").textContent = eventText(step.event);
  const e = step.event;
  renderBoard($("replay-board"), {
    n, bottom: 0, hands: step.hands.map(parseTiles), counts: step.hands.map(() => 0), melds: step.melds, ponds: step.ponds,
    flowers: step.flowers, declared: step.declared || null, scores: step.scores, dealer: step.dealer,
    turn: e.seat, wall: step.wall !== undefined ? step.wall : "", indicator: step.indicator || null, wilds: step.wilds, lower: step.lower_indicator,
    lastDiscard: e.event === "discard" ? { seat: e.seat, tile: e.tile } : null,
  });
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
function show(which) { for (const id of ["lobby", "table", "replay"]) $(id).hidden = id !== which; document.body.dataset.view = which; }
function optionInput(o) {
  const id = "opt-" + o.name;
  let input;
  if (o.kind === "bool") input = el("input", { id, type: "checkbox", "data-option": o.name, "data-kind": "bool", checked: o.default ? "" : null });
  else if (o.kind === "int") input = el("input", { id, type: "number", min: o.min, max: o.max, value: o.default, "data-option": o.name, "data-kind": "int" });
  else {
    input = el("select", { id, "data-option": o.name, "data-kind": "choice" },
      ...o.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === o.default ? "" : null }, c === null ? "—" : String(c))));
  }
  // the option's Chinese term, when its documentation opens with one ("封顶: the most 番 ...")
  const term = (o.changes.match(/^([^\x00-\x7f][^:]{0,10}):/) || [])[1];
  return el("label", { class: "opt", title: o.changes }, el("span", {}, o.name + (term ? " " + term : "")), input);
}
function renderOptions() {
  const box = $("options-box"); box.textContent = "";
  const v = catalog && catalog.variants[$("variant").value];
  if (!v) return;
  const people = $("people"), kept = people.value; people.textContent = ""; // 1 to the table's seats
  for (let k = 1; k <= (v.seats || 4); k++) people.append(el("option", { value: String(k) }, String(k)));
  people.value = Number(kept) <= (v.seats || 4) ? kept : "1";
  for (const o of v.options) box.append(optionInput(o));
}
function chosenOptions() {
  const v = catalog.variants[$("variant").value], out = {};
  for (const o of v.options) {
    const e = $("opt-" + o.name);
    const val = o.kind === "bool" ? e.checked : o.kind === "int" ? parseInt(e.value, 10) : JSON.parse(e.value);
    if (val !== o.default && !(typeof val === "number" && isNaN(val))) out[o.name] = val;
  }
  return out;
}
async function loadLobby() {
  show("lobby"); roomId = null;
  if (!catalog) catalog = await (await fetch("/api/catalog")).json();
  const sel = $("variant"); const chosen = sel.value || localStorage.getItem("majiang.variant") || catalog.default;
  sel.textContent = "";
  for (const v of Object.keys(catalog.variants)) sel.append(el("option", { value: v }, variantName(v)));
  sel.value = catalog.variants[chosen] ? chosen : catalog.default;
  if (!$("options-box").children.length) renderOptions();
  const rooms = await (await fetch("/api/rooms")).json();
  const held = tokens();
  const open = $("rooms-list"); open.textContent = "";
  const listed = rooms.filter((r) => held[r.room] ? r.status !== "finished" : r.status === "waiting" && r.seats.some((x) => x.kind === "person" && !x.joined));
  if (!listed.length) open.append(el("li", {}, t("none")));
  for (const r of listed) {
    const n = r.seats.length, k = r.seats.filter((x) => x.kind === "bot" || x.joined).length;
    const mine = Boolean(held[r.room]);
    open.append(el("li", { "data-room": r.room }, el("button", { type: "button", class: mine ? "room-rejoin" : "room-join", onclick: () => joinRoom(r.room) }, t(mine ? "rejoin" : "join")),
      " " + t("room") + " " + r.room + " · " + variantName(r.variant) + " · " + (r.status === "waiting" ? t("waiting", { k, n }) : r.status)));
  }
  for (const id of Object.keys(held)) if (!rooms.some((r) => r.room === id)) dropToken(id);
  const total = Number((await fetch("/api/hands?limit=1")).headers.get("X-Total-Count")) || 0;
  const hands = await (await fetch("/api/hands?limit=30&offset=" + Math.max(0, total - 30))).json();
  const list = $("hands-list"); list.textContent = "";
  if (!hands.length) list.append(el("li", {}, t("none")));
  for (const h of hands.slice(-30).reverse()) {
    const href = "/replay/" + encodeURIComponent(h.room) + "/" + h.hand;
    list.append(el("li", {}, el("a", { href, class: "replay-open", onclick: (ev) => { ev.preventDefault(); openReplay(h.room, h.hand); } }, t("replay")),
      " " + h.room + " · " + t("hand_no", { n: h.hand + 1 }) + " · " + h.deltas.map(signed).join(" ")));
  }
}
function applyLabels() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  $("lang").textContent = t("lang");
  if (catalog) for (const o of $("variant").options) o.textContent = variantName(o.value);
  if (!$("table").hidden && lastFrame) {
    render(lastFrame);
    logged = logged.slice(-200); $("log").textContent = ""; logged.forEach((e) => log(eventText(e)));
  }
  if (!$("replay").hidden && replayData) renderReplay();
  if (!$("lobby").hidden && catalog) loadLobby(); // its lists hold strings too
}
function joinRoom(id) { enterRoom(id); connect(joinFrame); }
$("lang").onclick = () => {
  lang = lang === "zh" ? "en" : "zh"; localStorage.setItem("majiang.lang", lang); applyLabels();
  const box = $("settlement");
  if (!box.hidden && lastSettle) showSettlement(...lastSettle);
};
$("variant").onchange = () => { localStorage.setItem("majiang.variant", $("variant").value); renderOptions(); };
$("create-form").onsubmit = (ev) => {
  ev.preventDefault();
  const n = catalog.variants[$("variant").value].seats || 4;
  const people = Math.min(n, parseInt($("people").value, 10) || 1);
  const seats = Array.from({ length: n }, (_, s) => (s < people ? "person" : "bot"));
  const frame = { type: "create", variant: $("variant").value, options: chosenOptions(), hands: parseInt($("hands").value, 10) || 1,
    seats, time_limit: parseFloat($("time-limit").value) || 0, claim_window: parseFloat($("claim-window").value) || 0 };
  show("table"); $("log").textContent = ""; closeSettlement();
  connect(() => send(frame));
};
$("leave").onclick = leaveRoom;
$("replay-close").onclick = () => { if (replayTimer) replayPlay(); history.replaceState(null, "", "/"); loadLobby(); };
$("replay-back").onclick = () => replayMove(-1);
$("replay-step").onclick = () => replayMove(1);
$("replay-play").onclick = replayPlay;
$("replay-seek").oninput = () => { replayAt = parseInt($("replay-seek").value, 10) || 0; renderReplay(); };
document.addEventListener("keydown", (ev) => {
  if ($("replay").hidden || !replayData || ev.target.tagName === "INPUT") return;
  if (ev.key === "ArrowRight") { replayMove(1); ev.preventDefault(); }
  else if (ev.key === "ArrowLeft") { replayMove(-1); ev.preventDefault(); }
  else if (ev.key === "Home") { replayAt = 0; renderReplay(); }
  else if (ev.key === "End") { replayAt = replayData.steps.length - 1; renderReplay(); }
});
$("share").onclick = () => { const u = location.origin + "/#room=" + roomId; if (navigator.clipboard) navigator.clipboard.writeText(u).catch(() => {}); $("share-url").textContent = u; };

// start: a /replay/<room>/<hand> link, a room in the address (a reload or a shared link), or the lobby
applyLabels();
const path = location.pathname.match(/^\/replay\/([^/]+)\/(\d+)$/);
const inHash = location.hash.match(/^#room=([A-Za-z0-9_-]{1,64})$/);
(async () => {
  catalog = await (await fetch("/api/catalog")).json();
  applyLabels();
  if (path) openReplay(decodeURIComponent(path[1]), parseInt(path[2], 10), false);
  else if (inHash) joinRoom(inHash[1]);
  else loadLobby();
})();
