// The child's seat picker (war_widget/classmode/seat.py): the seat numbers (出席番号) as big
// buttons, two on one tablet, the choice when a seat is in use, the bar above the table, and the
// teacher's pause over the whole page.  The browser owns the clock: it sends "poll" once a
// second (and at once when the tablet wakes; src/link.js).  The seat, its secret and the class's
// id are kept in this tablet's localStorage, so a reload sits at the same seat again.
import { kernelLink } from "./link.js";

export { POLL_MS } from "./link.js";
export const STORAGE_KEY = "war_widget.class.seat";
export const TOUCH_MIN_PX = 44;

/** What this tablet remembers ({class_id, seats, secret}), or null. */
export function remembered(storage) {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) || "null");
    if (saved && typeof saved.secret === "string" && Array.isArray(saved.seats)) return saved;
  } catch {
    return null;       // a damaged entry is forgotten (the kernel is told nothing was saved)
  }
  return null;
}

/** The seat numbers chosen so far in pair mode, after a tap on n (at most two, a second tap undoes). */
export function toggleSeat(chosen, n) {
  if (chosen.includes(n)) return chosen.filter((s) => s !== n);
  return chosen.length >= 2 ? [chosen[1], n] : [...chosen, n];
}

/** "{seats}" words filled in: seat 5, or 7 and 8. */
export function seatText(words, seats) {
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
    return null;                 // a browser that keeps nothing: the seat is chosen again after a reload
  }
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "ww-seat";
  el.appendChild(root);
  document.body.classList.add("ww-seat-page");    // seat.css hides the table controls a seat refuses
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
      box.append(p, button(words.take_over, "ww-seat-big", () => send({ do: "take_over" })),
        button(words.choose_other, "ww-seat-big ww-seat-other", () => send({ do: "choose_other" })));
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

export default { render };
