// GENERATED FILE, do not edit: the class mode's seat page (anywidget `_esm`), bundled by esbuild
// 0.28.2 from the source modules war_widget/classmode/src/*.js (entry src/seat.js).
// Edit the modules there and rebuild with `npm run build` (tools/build_table.mjs); CI fails
// when this file and the sources disagree (tests/js/test_bundle.py).

// war_widget/classmode/src/link.js
var POLL_MS = 1e3;
var XSRF_COOKIE = "_xsrf";
function xsrfCookie(cookies, random) {
  if (new RegExp(`(^|;\\s*)${XSRF_COOKIE}=[^;]+`).test(cookies)) return null;
  const hex = Array.from(random, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${XSRF_COOKIE}=${hex}; path=/; SameSite=Strict`;
}
function keepXsrfCookie() {
  let cookie = null;
  try {
    cookie = xsrfCookie(document.cookie, crypto.getRandomValues(new Uint8Array(16)));
  } catch {
    cookie = null;
  }
  if (cookie) document.cookie = cookie;
}
function kernelLink(model) {
  let gone = false;
  const send = (msg) => {
    if (gone) return;
    try {
      model.send(msg);
    } catch {
      return;
    }
  };
  const leaving = () => {
    gone = true;
  };
  const back = () => {
    gone = false;
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") send({ do: "poll" });
  };
  window.addEventListener("pagehide", leaving);
  window.addEventListener("pageshow", back);
  document.addEventListener("visibilitychange", onVisible);
  const timer = setInterval(() => send({ do: "poll" }), POLL_MS);
  keepXsrfCookie();
  return {
    send,
    close() {
      clearInterval(timer);
      window.removeEventListener("pagehide", leaving);
      window.removeEventListener("pageshow", back);
      document.removeEventListener("visibilitychange", onVisible);
    }
  };
}

// war_widget/classmode/src/seat.js
var STORAGE_KEY = "war_widget.class.seat";
var TOUCH_MIN_PX = 44;
function remembered(storage2) {
  try {
    const saved = JSON.parse(storage2.getItem(STORAGE_KEY) || "null");
    if (saved && typeof saved.secret === "string" && Array.isArray(saved.seats)) return saved;
  } catch {
    return null;
  }
  return null;
}
function toggleSeat(chosen, n) {
  if (chosen.includes(n)) return chosen.filter((s) => s !== n);
  return chosen.length >= 2 ? [chosen[1], n] : [...chosen, n];
}
function seatText(words, seats) {
  return words.you_are.replace("{seats}", seats.join(words.and));
}
function button(text, cls, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "ww-seat";
  el.appendChild(root);
  document.body.classList.add("ww-seat-page");
  const overlay = document.createElement("div");
  overlay.className = "ww-seat-paused";
  overlay.setAttribute("role", "alertdialog");
  let pair = false;
  let chosen = [];
  const link = kernelLink(model);
  const send = link.send;
  function draw() {
    const st = model.get("state") || {};
    const words = st.words || {};
    root.replaceChildren();
    root.dataset.phase = st.phase || "";
    if (st.phase === "joined") {
      const bar = document.createElement("div");
      bar.className = "ww-seat-bar";
      const who = document.createElement("span");
      who.className = "ww-seat-who";
      who.textContent = seatText(words, st.seats || []);
      bar.appendChild(who);
      if (st.status !== "playing") {
        const note = document.createElement("span");
        note.className = "ww-seat-note";
        note.textContent = st.status === "game_over" ? words.game_over : words.wait_deal;
        bar.appendChild(note);
      }
      bar.appendChild(button(words.change_seat, "ww-seat-small", () => send({ do: "leave" })));
      root.appendChild(bar);
    } else if (st.phase === "in_use") {
      const box = document.createElement("div");
      box.className = "ww-seat-choice";
      const p = document.createElement("p");
      p.textContent = (words.in_use || "").replace("{seat}", String(st.in_use));
      box.append(
        p,
        button(words.take_over, "ww-seat-big", () => send({ do: "take_over" })),
        button(words.choose_other, "ww-seat-big ww-seat-other", () => send({ do: "choose_other" }))
      );
      root.appendChild(box);
    } else {
      drawPicker(st, words);
    }
    overlay.textContent = words.paused || "";
    if (st.paused) {
      if (!overlay.isConnected) document.body.appendChild(overlay);
    } else if (overlay.isConnected) {
      overlay.remove();
    }
    if (st.error) {
      const e = document.createElement("p");
      e.className = "ww-seat-error";
      e.textContent = st.error;
      root.appendChild(e);
    }
  }
  function drawPicker(st, words) {
    if (st.phase === "taken") {
      const p = document.createElement("p");
      p.className = "ww-seat-taken";
      p.textContent = words.taken;
      root.appendChild(p);
    }
    const title = document.createElement("h2");
    title.className = "ww-seat-title";
    title.textContent = pair ? words.pair_hint : words.choose;
    root.appendChild(title);
    const toggle = button(words.pair, "ww-seat-pair" + (pair ? " ww-on" : ""), () => {
      pair = !pair;
      chosen = [];
      draw();
    });
    toggle.setAttribute("aria-pressed", String(pair));
    root.appendChild(toggle);
    const grid = document.createElement("div");
    grid.className = "ww-seat-grid";
    const taken = new Set(st.taken || []);
    for (let n = 1; n <= (st.size || 0); n++) {
      const b = button(String(n), "ww-seat-n", () => {
        if (pair) {
          chosen = toggleSeat(chosen, n);
          draw();
        } else {
          send({ do: "choose", seats: [n] });
        }
      });
      b.dataset.seat = String(n);
      if (taken.has(n)) b.classList.add("ww-taken");
      if (chosen.includes(n)) b.classList.add("ww-chosen");
      grid.appendChild(b);
    }
    root.appendChild(grid);
    if (pair) {
      const start = button(words.start, "ww-seat-big ww-seat-start", () => {
        if (chosen.length === 2) send({ do: "choose", seats: [...chosen] });
      });
      start.disabled = chosen.length !== 2;
      root.appendChild(start);
    }
  }
  function onMsg(msg) {
    const store = storage();
    if (!msg || !store) return;
    if (msg.do === "remember") {
      store.setItem(STORAGE_KEY, JSON.stringify({ class_id: msg.class_id, seats: msg.seats, secret: msg.secret }));
      pair = false;
      chosen = [];
    } else if (msg.do === "forget") {
      store.removeItem(STORAGE_KEY);
    }
  }
  const hello = () => {
    const store = storage();
    send({ do: "hello", saved: store ? remembered(store) : null });
  };
  model.on("change:state", draw);
  model.on("msg:custom", onMsg);
  draw();
  hello();
  return () => {
    link.close();
    model.off("change:state", draw);
    model.off("msg:custom", onMsg);
    overlay.remove();
    document.body.classList.remove("ww-seat-page");
  };
}
var seat_default = { render };
export {
  POLL_MS,
  STORAGE_KEY,
  TOUCH_MIN_PX,
  seat_default as default,
  remembered,
  seatText,
  toggleSeat
};
