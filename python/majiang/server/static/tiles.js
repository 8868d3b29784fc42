// Tile faces as inline SVG, drawn here (no image files, no fonts needed for the pips):
// vector, so they stay crisp at every size. A tile is named as in MPSZ: 5m, 3p, 7s, 1z-7z, 1f-8f.
const NS = "http://www.w3.org/2000/svg";
const NUMERALS = "一二三四五六七八九";
const HONORS = ["東", "南", "西", "北", "白", "發", "中"];
const FLOWERS = "春夏秋冬梅蘭竹菊";
// pip centres on a 60x80 face for 1-9 dots or bamboos
const PIPS = {
  1: [[30, 40]], 2: [[30, 22], [30, 58]], 3: [[15, 17], [30, 40], [45, 63]],
  4: [[18, 22], [42, 22], [18, 58], [42, 58]], 5: [[17, 19], [43, 19], [30, 40], [17, 61], [43, 61]],
  6: [[18, 16], [42, 16], [18, 40], [42, 40], [18, 64], [42, 64]],
  7: [[13, 13], [30, 21], [47, 29], [18, 49], [42, 49], [18, 67], [42, 67]],
  8: [[18, 12], [42, 12], [18, 31], [42, 31], [18, 50], [42, 50], [18, 68], [42, 68]],
  9: [[13, 16], [30, 16], [47, 16], [13, 40], [30, 40], [47, 40], [13, 64], [30, 64], [47, 64]],
};
function svgEl(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}
function text(x, y, size, fill, s) {
  const e = svgEl("text", { x, y, "font-size": size, fill, "text-anchor": "middle", "font-weight": "bold",
    "font-family": "'Noto Serif CJK SC','Noto Sans CJK SC','WenQuanYi Zen Hei',serif" });
  e.textContent = s;
  return e;
}
export function tileFace(name) {
  const svg = svgEl("svg", { viewBox: "0 0 60 80", class: "face", "aria-hidden": "true" });
  svg.append(svgEl("rect", { x: 1.5, y: 1.5, width: 57, height: 77, rx: 7, fill: "#fbf8ee", stroke: "#8a8577", "stroke-width": 2 }));
  const n = parseInt(name[0], 10), s = name[1];
  if (s === "m") {
    svg.append(text(30, 33, 26, "#1b1b1b", NUMERALS[n - 1]), text(30, 70, 28, "#c0162c", "萬"));
  } else if (s === "p") {
    const r = n === 1 ? 17 : n <= 5 ? 10 : 7.5;
    PIPS[n].forEach(([x, y], i) => {
      const col = n === 1 ? "#c0162c" : (n === 5 && i === 2) || (n >= 7 && i >= 3 && n === 7) ? "#c0162c" : "#1f4fa0";
      svg.append(svgEl("circle", { cx: x, cy: y, r, fill: "none", stroke: col, "stroke-width": 3 }),
        svgEl("circle", { cx: x, cy: y, r: r / 2.6, fill: col }));
    });
  } else if (s === "s") {
    const h = n === 1 ? 44 : n <= 6 ? 20 : 15, w = n === 1 ? 12 : 7;
    PIPS[n].forEach(([x, y], i) => {
      const col = n === 1 || (n === 5 && i === 2) || (n === 7 && i === 0) || (n === 9 && i % 3 === 1) ? "#c0162c" : "#1c7a3e";
      svg.append(svgEl("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: w / 2, fill: col }),
        svgEl("line", { x1: x - w / 2, y1: y, x2: x + w / 2, y2: y, stroke: "#fbf8ee", "stroke-width": 1.5 }));
    });
  } else if (s === "z") {
    if (n === 5) svg.append(svgEl("rect", { x: 12, y: 14, width: 36, height: 52, rx: 3, fill: "none", stroke: "#1f4fa0", "stroke-width": 4 }));
    else svg.append(text(30, 55, 40, n === 6 ? "#1c7a3e" : n === 7 ? "#c0162c" : "#1b1b1b", HONORS[n - 1]));
  } else if (s === "f") {
    svg.append(text(30, 48, 32, n <= 4 ? "#1f4fa0" : "#c0162c", FLOWERS[n - 1] || "?"),
      text(30, 72, 16, "#555", String(n)));
  }
  return svg;
}
export function backFace() {
  const svg = svgEl("svg", { viewBox: "0 0 60 80", class: "face", "aria-hidden": "true" });
  svg.append(svgEl("rect", { x: 1.5, y: 1.5, width: 57, height: 77, rx: 7, fill: "#2f7d5b", stroke: "#174a34", "stroke-width": 2 }),
    svgEl("rect", { x: 8, y: 8, width: 44, height: 64, rx: 5, fill: "none", stroke: "#9fd3b5", "stroke-width": 1.5 }));
  return svg;
}
// "123m45p" -> ["1m","2m","3m","4p","5p"]
export function parseTiles(s) {
  const out = []; let digits = [];
  for (const ch of s || "") {
    if (ch >= "0" && ch <= "9") digits.push(ch);
    else { for (const d of digits) out.push(d + ch); digits = []; }
  }
  return out;
}
