/// The live view's one page: HTML, CSS and script inline, nothing fetched from the network. It
/// opens the WebSocket, puts the map's SVG in place when one comes (once per set of routes) and on
/// each state re-highlights its nodes and redraws the phone beside it. Every string from the app
/// is set as text (`textContent`), never as markup; the SVG is graphviz's, which escapes labels.
/// `__ACCESS__` is replaced by "navigate" or "view" when served; a saved copy (`graph --html`)
/// carries its map and state in the `embedded` script block instead of a socket, and a saved report
/// (`check --format html`, `test --coverage --html`) its `paint`: a class per map node ("missed",
/// "landed", "error", "warning") and the report's lines, shown in the "Report" section.
package enum LiveViewPage {
    package static let html = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchyard live view</title>
<style>
  :root { --ink:#1d2430; --dim:#6b7280; --line:#d5dae1; --accent:#0a66c2; --warn:#b45309; --bad:#b91c1c; }
  * { box-sizing: border-box; }
  body { margin:0; font:14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color:var(--ink); background:#f4f6f8; }
  header { display:flex; gap:12px; align-items:center; padding:8px 16px; background:#1d2430; color:#fff; }
  header h1 { font-size:16px; margin:0; font-weight:600; }
  .badge { padding:2px 8px; border-radius:10px; font-size:12px; background:#374151; }
  .badge.navigate { background:#047857; } .badge.view { background:#6d28d9; }
  #status { margin-left:auto; font-size:12px; color:#cbd5e1; }
  main { display:grid; grid-template-columns: minmax(320px, 480px) 1fr; gap:16px; padding:16px; }
  section { background:#fff; border:1px solid var(--line); border-radius:8px; padding:12px; }
  h2 { font-size:13px; text-transform:uppercase; letter-spacing:.05em; color:var(--dim); margin:0 0 8px; }
  #phone { display:flex; gap:8px; overflow-x:auto; align-items:flex-start; }
  .env { min-width:200px; flex:1; border:2px solid var(--line); border-radius:18px; padding:8px; background:#fafbfc; }
  .env.top { border-color:var(--accent); }
  .env .kind { font-size:11px; color:var(--dim); text-transform:uppercase; }
  .card { border:1px solid var(--line); border-radius:8px; padding:6px 8px; margin-top:6px; background:#fff; font-size:12px; color:var(--dim); }
  .card.top { color:var(--ink); border-color:var(--accent); box-shadow:0 1px 4px rgba(10,102,194,.25); }
  .card .title { font-weight:600; font-size:14px; }
  .card .path { font-family:ui-monospace, Menlo, monospace; font-size:12px; }
  .card .view { margin:6px 0; white-space:pre-wrap; }
  .tabs { display:flex; gap:4px; margin-top:8px; border-top:1px solid var(--line); padding-top:6px; }
  button { font:inherit; border:1px solid var(--line); border-radius:6px; background:#fff; padding:3px 8px; cursor:pointer; }
  button:hover:not(:disabled) { border-color:var(--accent); }
  button:disabled { cursor:default; opacity:.55; }
  .tabs button.selected { background:var(--accent); color:#fff; border-color:var(--accent); }
  a.link { display:block; color:var(--accent); font-family:ui-monospace, Menlo, monospace; cursor:pointer; margin:2px 0; }
  body[data-access="view"] a.link, body[data-access="saved"] a.link { color:var(--dim); cursor:default; }
  .modal { border:2px dashed #7c3aed; }
  .alert { border:2px solid var(--warn); border-radius:12px; padding:8px; margin-top:8px; background:#fffbeb; }
  .alert .buttons { display:flex; gap:6px; margin-top:6px; flex-wrap:wrap; }
  #controls { display:flex; gap:6px; margin-top:10px; }
  #map { overflow:auto; max-height:80vh; }
  #map svg { max-width:100%; height:auto; }
  #map g.node.stacked > polygon, #map g.node.stacked > path { fill:#e5e7eb; }
  #map g.node.current > polygon, #map g.node.current > path { fill:gold; stroke:#92400e; stroke-width:3; }
  ol { margin:0; padding-left:20px; font-family:ui-monospace, Menlo, monospace; font-size:12px; }
  li.here { font-weight:700; color:var(--accent); }
  .warning { color:var(--warn); } .error { color:var(--bad); font-weight:600; }
  .pending { border:2px solid #0e7490; border-radius:8px; padding:8px; margin-top:8px; background:#ecfeff; }
  #move { font-family:ui-monospace, Menlo, monospace; font-size:12px; }
  .note { color:var(--dim); }
  #map g.node.painted-landed > polygon, #map g.node.painted-landed > path { fill:#bbf7d0; stroke:#15803d; }
  #map g.node.painted-warning > polygon, #map g.node.painted-warning > path { fill:#fde68a; stroke:var(--warn); }
  #map g.node.painted-missed > polygon, #map g.node.painted-missed > path,
  #map g.node.painted-error > polygon, #map g.node.painted-error > path { fill:#fecaca; stroke:var(--bad); stroke-width:2; }
  #report li.missed, #report li.error { color:var(--bad); } #report li.warning { color:var(--warn); }
  #report li.landed { color:#15803d; }
</style>
</head>
<body data-access="__ACCESS__">
<header>
  <h1>Switchyard live view</h1>
  <span id="access" class="badge"></span>
  <span id="status">connecting…</span>
</header>
<main>
  <div>
    <section id="report" hidden style="margin-bottom:16px">
      <h2 id="report-title">Report</h2>
      <ol id="report-items"></ol>
    </section>
    <section>
      <h2>The phone</h2>
      <div id="phone"></div>
      <div id="alert"></div>
      <div id="pending"></div>
      <div id="controls">
        <button data-op="back">◀ Back</button>
        <button data-op="forward">Forward ▶</button>
        <button data-op="pop">Pop</button>
        <button data-op="dismiss">Dismiss</button>
      </div>
      <p id="error" class="error"></p>
      <p id="move"></p>
    </section>
    <section style="margin-top:16px">
      <h2>Timeline</h2>
      <ol id="timeline"></ol>
      <h2 style="margin-top:12px">Last action</h2>
      <div id="chain" class="note"></div>
      <div id="warnings"></div>
    </section>
  </div>
  <section>
    <h2>The map</h2>
    <div id="map"><p class="note">waiting for the map…</p></div>
  </section>
</main>
<script>
"use strict";
const access = document.body.dataset.access;
const canNavigate = access === "navigate";
const $ = (id) => document.getElementById(id);
$("access").textContent = canNavigate ? "navigate" : (access === "saved" ? "saved page" : "view only");
$("access").classList.add(access);
let socket = null;
let nodes = new Map();

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function send(move) {
  if (!canNavigate || !socket || socket.readyState !== 1) return;
  $("error").textContent = "";
  socket.send(JSON.stringify(move));
}

function button(label, move, className) {
  const b = el("button", className, label);
  b.disabled = !canNavigate;
  b.addEventListener("click", () => send(move));
  return b;
}

function showMap(svg) {
  const map = $("map");
  map.innerHTML = svg;
  nodes = new Map();
  for (const g of map.querySelectorAll("g.node")) {
    const title = g.querySelector("title");
    if (title) { nodes.set(title.textContent, g); g.id = "node-" + title.textContent; }
  }
}

function highlight(state) {
  for (const g of nodes.values()) g.classList.remove("current", "stacked");
  for (const id of state.onStacks || []) nodes.get(id)?.classList.add("stacked");
  if (state.current) nodes.get(state.current)?.classList.add("current");
}

function cardFor(screen, isTop, state) {
  const card = el("div", "card" + (isTop ? " top" : ""));
  card.dataset.path = screen.path;
  if (screen.title) card.append(el("div", "title", screen.title));
  card.append(el("div", "path", screen.path));
  if (screen.style) card.append(el("div", "path", screen.style));
  if (isTop) {
    if (state.screen.matched) card.append(el("div", "path", state.screen.matched.join(" › ")));
    if (state.screen.view) card.append(el("div", "view", state.screen.view));
    for (const link of state.screen.links) {
      const a = el("a", "link", "→ " + link);
      a.dataset.link = link;
      a.addEventListener("click", () => send({ op: "push", path: link }));
      card.append(a);
    }
  }
  return card;
}

function showState(state) {
  const phone = $("phone");
  phone.replaceChildren();
  const lastEnv = state.environments.length - 1;
  state.environments.forEach((env, index) => {
    const column = el("div", "env" + (index === lastEnv ? " top" : ""));
    column.dataset.kind = env.kind;
    column.append(el("div", "kind", env.kind + (env.detent ? " · " + env.detent : "") + (env.dragIndicator ? " · drag indicator" : "")));
    const topOfAll = index === lastEnv && state.modals.length === 0;
    env.stack.forEach((screen, i) => column.append(cardFor(screen, topOfAll && i === env.stack.length - 1, state)));
    if (index === lastEnv) {
      state.modals.forEach((screen, i) => {
        const card = cardFor(screen, i === state.modals.length - 1, state);
        card.classList.add("modal");
        column.append(card);
      });
    }
    if (env.detents.length > 1) {
      const row = el("div", "tabs");
      for (const d of env.detents) row.append(button(d, { op: "detent", name: d }, d === env.detent ? "selected" : ""));
      column.append(row);
    }
    if (env.tabs.length) {
      const bar = el("div", "tabs");
      for (const tab of env.tabs) bar.append(button(tab.name, { op: "tab", name: tab.name }, tab.selected ? "selected" : ""));
      column.append(bar);
    }
    phone.append(column);
  });
  const alert = $("alert");
  alert.replaceChildren();
  if (state.alert) {
    const box = el("div", "alert");
    box.append(el("div", "title", "⚠ " + state.alert.title));
    if (state.alert.message) box.append(el("div", "", state.alert.message));
    const row = el("div", "buttons");
    for (const label of state.alert.buttons) row.append(button(label, { op: "choose", label: label }));
    box.append(row);
    alert.append(box);
  }
  const pending = $("pending");
  pending.replaceChildren();
  if (state.pending) {
    const box = el("div", "pending", "waiting: " + state.pending.operation + " " + state.pending.path + " (" + state.pending.key + ") ");
    box.append(button("allow", { op: "settle", key: state.pending.key, result: "true" }));
    box.append(button("refuse", { op: "settle", key: state.pending.key, result: "false" }));
    pending.append(box);
  }
  for (const b of document.querySelectorAll("#controls button")) {
    const op = b.dataset.op;
    b.disabled = !canNavigate || (op === "back" && !state.canBack) || (op === "forward" && !state.canForward);
  }
  const timeline = $("timeline");
  timeline.replaceChildren();
  state.timeline.forEach((location, i) => timeline.append(el("li", i === state.timelineIndex ? "here" : "", location)));
  $("chain").replaceChildren(...[state.operation ? el("div", "", state.operation) : el("div", "", "(none yet)")]
    .concat(state.chain.map((step) => el("div", "", "· " + step))));
  $("warnings").replaceChildren(...state.warnings.map((w) => el("div", "warning", "warning: " + w)));
  $("move").textContent = state.move ? "last move from a page: " + state.move.line : "";
  $("error").textContent = state.move && state.move.error ? state.move.error : "";
  highlight(state);
  document.body.dataset.sequence = String(state.sequence);
  document.body.dataset.path = state.screen.path;
}

for (const b of document.querySelectorAll("#controls button")) b.addEventListener("click", () => send({ op: b.dataset.op }));

function connect() {
  const token = new URLSearchParams(location.search).get("token");
  socket = new WebSocket("ws://" + location.host + "/ws?token=" + encodeURIComponent(token || ""));
  socket.onopen = () => { $("status").textContent = "live"; };
  socket.onclose = () => { $("status").textContent = "disconnected: the live view stopped (start it again with :serve)"; document.body.dataset.closed = "1"; };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "map") showMap(message.svg);
    else if (message.type === "state") showState(message);
    else if (message.type === "error") $("error").textContent = message.message;
  };
}

// A saved report's marks: each node's class, and one line per finding or route, by its node.
function paint(report) {
  for (const [id, kind] of Object.entries(report.nodes)) nodes.get(id)?.classList.add("painted-" + kind);
  $("report").hidden = false;
  $("report-title").textContent = report.title;
  $("report-items").replaceChildren(...report.items.map((item) => {
    const li = el("li", item.kind, item.text);
    if (item.node) li.dataset.node = item.node;
    return li;
  }));
}

const embedded = document.getElementById("embedded");
if (embedded) {
  const saved = JSON.parse(embedded.textContent);
  if (saved.heading) { document.querySelector("header h1").textContent = saved.heading; document.title = saved.heading; }
  showMap(saved.svg);
  if (saved.state) showState(saved.state);
  else for (const id of ["phone", "timeline"]) $(id).closest("section").remove();
  if (saved.paint) paint(saved.paint);
  $("status").textContent = saved.when || "saved";
} else {
  connect();
}
</script>
</body>
</html>
"""#
}
