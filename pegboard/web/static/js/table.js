// A table: the connection (hello with the seat token, reconnect with backoff), the state from the
// server's frames, and the page around the play area. The browser only ever sends intended actions.
import { api, forgetSeat, join, keepSeat, seatOf, signedIn } from "./api.js";
import { Board, SIDE_COLOURS } from "./board.js";
import { renderCribbage } from "./cribbage.js";
import { clear, h, patch, s } from "./dom.js";
import { renderGrid } from "./grid.js";
import { GAME_TITLES } from "./lobby.js";
import { renderSide, whatHappened } from "./panels.js";
import { follow, myContribution } from "./rated.js";
import { beep, setSound, soundOn } from "./sound.js";

const OBJECTIVE_SHORT = { "game-points": "for game points", spread: "for the spread", match: "for a match" };

export async function showTable(root, table) {
  const controller = new TableController(root, table);
  await controller.start();
  window.pegboard = controller; // handy in the console; holds nothing the server did not send
}

class TableController {
  constructor(root, table) {
    this.root = root;
    this.table = table;
    this.state = null;
    this.seats = null;
    this.log = new Map();
    this.selected = new Set();
    this.hint = null;
    this.notice = "";
    this.nextId = 1;
    this.retry = 0;
    this.waiting = false;
    this.watchOnly = new URLSearchParams(window.location.search).has("watch");
    this.links = null;
    this.stateAt = 0;
    this.seatsAt = 0;
    this.ticking = null;
    this.rematch = null; // what a rematch asked for says
    this.check = null; // "Check the shuffle"'s result
  }

  async start() {
    await this.claimFromLink();
    this.me = this.watchOnly ? null : seatOf(this.table);
    this.layout();
    this.connect();
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  // An invite link (#join=SEAT.INVITE) takes the seat; a private link (#seat=SEAT.TOKEN) restores it.
  async claimFromLink() {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const clean = () => window.history.replaceState(null, "", window.location.pathname + window.location.search);
    const [seatText, ...rest] = (params.get("join") || params.get("seat") || "").split(".");
    const secret = rest.join(".");
    const seat = Number.parseInt(seatText, 10);
    if (!secret || !Number.isInteger(seat)) return;
    clean();
    if (params.has("seat")) {
      keepSeat(this.table, seat, secret);
      return;
    }
    try {
      await join(this.table, seat, secret);
    } catch (problem) {
      const mine = seatOf(this.table);
      if (!(mine && mine.seat === seat)) this.notice = `Could not take the seat: ${problem.message}`;
    }
  }

  async loadInvites() {
    if (!this.me || !this.state || this.state.creator !== this.me.seat) return; // only the creator hands out seats
    if (this.state.rated) return; // a rated table's seats are kept for their accounts
    try {
      this.links = await api(`/api/tables/${this.table}/invites`, { token: this.me.token });
    } catch (problem) {
      this.links = null;
    }
    this.renderSide();
  }

  layout() {
    clear(this.root);
    this.status = h("div", { class: "status", role: "status", "aria-live": "polite" }, "Connecting…");
    this.last = h("div", { class: "last", "aria-live": "polite" });
    this.connection = h("span", { class: "connection", title: "connection" }, "connecting");
    const sound = h("button", { type: "button", class: "icon", id: "sound", "aria-pressed": String(soundOn()),
      title: "Sound on or off", "aria-label": "Sound", onclick: () => {
        setSound(!soundOn());
        sound.setAttribute("aria-pressed", String(soundOn()));
      } }, speaker());
    this.help = h("dialog", { class: "help", id: "help" }, ...helpText(),
      h("form", { method: "dialog" }, h("button", { class: "primary" }, "Close")));
    const helpButton = h("button", { type: "button", class: "icon", title: "Keys and rules (?)",
      "aria-label": "Help", onclick: () => this.help.showModal() }, "?");
    this.title = h("h1", {}, "Table");
    this.area = h("section", { class: "play-area", "aria-label": "The table" });
    this.side = h("aside", { class: "side", "aria-label": "Score and what happened" });
    this.boardBox = h("div", { class: "board-box" });
    this.root.append(h("div", { class: "table-page" },
      h("header", { class: "topbar" }, h("a", { href: "/", class: "home" }, h("span", { class: "logo" }, "◆"),
        " pegboard"), this.title, h("span", { class: "spacer" }), this.connection, sound, helpButton),
      h("main", { class: "table-main" }, this.status, this.last, h("div", { class: "left" }, this.boardBox, this.area),
        this.side),
      this.help));
  }

  connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/${this.table}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      socket.send(JSON.stringify({ type: "hello", ...(this.me ? { token: this.me.token } : {}) }));
      this.setConnection("online");
    });
    socket.addEventListener("message", (event) => this.onFrame(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.waiting = false;
      this.setConnection("reconnecting");
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      window.setTimeout(() => this.connect(), delay);
    });
  }

  setConnection(text) {
    this.connection.textContent = text;
    this.connection.className = `connection ${text}`;
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || !this.me) return false;
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...message, token: this.me.token, id }));
    return id;
  }

  act(action) {
    if (this.waiting) return;
    if (this.send({ type: "act", action })) {
      this.waiting = true;
      this.hint = null;
    }
  }

  askHint() {
    const id = this.send({ type: "hint" });
    if (id) {
      this.hint = { pending: true, id, n: this.state.n, deal: this.state.deal };
      this.renderArea();
    }
  }

  // The table's creator may revoke a seat's invite (or take the seat back) and get a new link.
  async reissue(seat) {
    try {
      this.links = await api(`/api/tables/${this.table}/invites`, { token: this.me.token, reissue: seat });
    } catch (problem) {
      this.notice = problem.message;
      this.renderStatus();
    }
    this.renderSide();
  }

  onFrame(frame) {
    if (frame.type === "state") this.onState(frame);
    else if (frame.type === "seats") {
      this.seats = frame.seats;
      this.seatsAt = performance.now();
      this.renderSide();
      if (this.me && this.links && Object.keys(this.links.links).length) this.loadInvites();
    } else if (frame.type === "hint") {
      if (this.state && this.hint && this.hint.pending && frame.id === this.hint.id
          && this.state.legal.includes(frame.action)) {
        this.hint = { ...frame, n: this.state.n };
        this.renderArea();
      }
    } else if (frame.type === "error") {
      this.onError(frame);
    }
  }

  onError(frame) {
    if (frame.code === "bad-token" && frame.id === undefined) {
      forgetSeat(this.table);
      this.me = null;
    }
    this.waiting = false;
    if (this.hint && this.hint.pending) this.hint = null;
    this.notice = frame.message;
    beep("error");
    this.renderStatus();
    this.renderArea();
  }

  onState(frame) {
    const before = this.state;
    if (frame.seat === null && this.me) {
      this.me = null; // the server did not accept our token
    }
    this.state = frame;
    this.seats = frame.seats;
    this.stateAt = performance.now();
    this.seatsAt = this.stateAt;
    this.tick();
    if (!before && frame.rated && frame.seat === null && !this.watchOnly) this.claimRatedSeat(frame);
    if (frame.ack !== undefined || this.mark === undefined) this.mark = frame.last[0];
    this.waiting = false;
    if (frame.ack !== undefined || (before && before.n !== frame.n)) this.notice = "";
    for (const entry of frame.log) this.log.set(entry.i, entry);
    if (this.log.size > 500) {
      const keys = [...this.log.keys()].sort((a, b) => a - b);
      for (const key of keys.slice(0, this.log.size - 400)) this.log.delete(key);
    }
    if (!before || before.n !== frame.n) {
      // A hint holds while its move is still yours to make (the other side's discard does not end it).
      if (this.hint && !stillHolds(this.hint, frame)) this.hint = null;
      const hand = new Set(frame.view.hand || []);
      for (const card of [...this.selected]) if (!hand.has(card)) this.selected.delete(card);
      if (frame.view.phase !== "discard") this.selected.clear();
    }
    this.sounds(before, frame);
    this.render();
    if ((!before || before.n !== frame.n) && frame.view.phase === "play") this.revealPlay();
    if (!before && this.me && frame.creator === this.me.seat) this.loadInvites();
  }

  sounds(before, frame) {
    if (!before) return;
    const mine = frame.legal.length > 0;
    if (frame.finished && !before.finished) beep("win");
    else if (mine && !before.legal.length) beep("turn");
    else if (String(frame.view.scores) !== String(before.view.scores)) beep("peg");
  }

  names() {
    return this.state ? this.state.view.players : [];
  }

  // A duplicate set's second half: take the seat (the same token) and go there.
  playSecondHalf() {
    const duplicate = this.state.duplicate;
    if (!this.me || !duplicate || !duplicate.second) return;
    keepSeat(duplicate.second, 1, this.me.token, { name: this.names()[this.state.seat] });
    window.location.assign(`/t/${duplicate.second}`);
  }

  // A duplicate set's result, once its second half is over.
  async loadDuplicate() {
    if (this.duplicate || !this.state || !this.state.finished || !this.state.duplicate
        || this.state.duplicate.half !== 2) return;
    this.duplicate = { loading: true };
    try {
      this.duplicate = await api(`/api/tables/${this.table}/duplicate`);
    } catch (problem) {
      this.duplicate = { error: problem.message };
    }
    this.renderSide();
  }

  render() {
    const state = this.state;
    if (!state) return;
    const title = GAME_TITLES[state.game] || state.game;
    const playing = state.objective && state.objective !== "win" ? ` · ${OBJECTIVE_SHORT[state.objective.split(":")[0]]}` : "";
    this.title.textContent = title.split(":")[0] + playing + (state.duplicate
      ? ` · duplicate, half ${state.duplicate.half} of 2` : "");
    this.title.title = playing ? `The computer plays ${state.playing_for}` : "";
    this.loadDuplicate();
    document.title = `${this.isMyTurn() ? "● " : ""}${title.split(":")[0]} · pegboard`;
    this.renderBoard();
    this.renderStatus();
    patch(this.last, whatHappened(state, this.log, state.seat === null ? null : this.mark));
    this.renderArea();
    this.renderSide();
  }

  isMyTurn() {
    return Boolean(this.state && this.state.legal.length && !this.state.finished);
  }

  renderBoard() {
    const view = this.state.view;
    if (!this.state.layout.pegging) {
      clear(this.boardBox);
      this.board = null;
      return;
    }
    if (!this.board) {
      this.board = new Board(view.sides, this.state.layout.board || view.target);
      clear(this.boardBox).append(this.board.svg, this.scoreLine = h("div", { class: "score-line" }));
    }
    this.board.update(view.scores, view.previous_scores);
    clear(this.scoreLine);
    view.sides.forEach((side, number) => {
      const gained = view.scores[number] - view.previous_scores[number];
      this.scoreLine.append(h("span", { class: "side-score" },
        h("span", { class: "dot", "aria-hidden": "true", dataset: { side: number } }, "●"),
        ` ${side} `, h("strong", {}, String(view.scores[number])),
        gained > 0 ? h("span", { class: "gain" }, ` +${gained}`) : null));
    });
    for (const dot of this.scoreLine.querySelectorAll(".dot")) dot.style.color = SIDE_COLOURS[dot.dataset.side % 4];
    const deals = this.state.layout.deals;
    this.scoreLine.append(h("span", { class: "muted" }, deals
      ? ` · deal ${Math.min(this.state.deal + 1, deals)} of ${deals}` : ` · ${view.target} to win`));
  }

  renderStatus() {
    if (!this.state) return;
    const state = this.state;
    const view = state.view;
    let text;
    if (state.finished && state.duplicate) {
      text = state.duplicate.half === 1 ? "The first half is over: now the same deals from the other seat."
        : "The duplicate set is over: see how you did against the computer on the same cards.";
    } else if (state.finished) {
      text = view.winner ? `${view.winner === this.mySide() ? "You win" : `${view.winner} wins`}!`
        : state.layout.solo ? "The deal is over: below the target." : "The game is a draw.";
      if (state.outcome && state.outcome.loser !== undefined) {
        const mine = state.outcome.loser === state.seat;
        const who = mine ? "You" : this.names()[state.outcome.loser];
        const why = state.outcome.reason === "time" ? "ran out of time" : "left the game";
        const winner = state.outcome.winner === this.mySide() ? "You win" : `${state.outcome.winner} wins`;
        text = `${who} ${why}: ${winner}!`;
      }
    } else if (this.isMyTurn()) {
      text = `Your turn, ${this.names()[state.seat]}.`;
    } else if (!view.to_act.length) {
      text = "…";
    } else {
      text = `Waiting for ${view.to_act.map((seat) => this.names()[seat]).join(" and ")}.`;
    }
    if (state.seat === null) text = `Watching. ${text}`;
    this.status.className = `status${this.isMyTurn() ? " mine" : ""}${state.finished ? " over" : ""}`;
    patch(this.status, text, this.notice ? h("span", { class: "notice", role: "alert" }, ` ${this.notice}`) : null,
      this.ratedLine());
  }

  // A rated table: each seat's clock (counting down here between frames) and the countdown of a player
  // who left.
  ratedLine() {
    const rated = this.state.rated;
    if (!rated) return null;
    const names = this.names();
    const since = (performance.now() - this.stateAt) / 1000;
    const line = h("span", { class: "clocks", id: "clocks" });
    if (!this.state.finished) {
      rated.clocks.forEach((clock, seat) => {
        const left = clock.running ? Math.max(0, clock.left - since) : clock.reserve + rated.clock.per;
        const used = clock.timeouts ? ` (moved for ${clock.timeouts}×)` : "";
        line.append(h("span", { class: `clock${clock.running ? " running" : ""}${clock.running && left < 10 ? " low" : ""}`,
          id: `clock-${seat}`, "data-key": `clock-${seat}` },
        `${seat === this.state.seat ? "You" : names[seat]} ${clockText(left)}${used}`));
      });
    }
    const away = (this.seats || []).map((seat, number) => ({ seat, number }))
      .filter(({ seat, number }) => seat.grace_left !== undefined && number !== this.state.seat);
    if (!this.state.finished) {
      const gone = (performance.now() - this.seatsAt) / 1000;
      for (const { seat, number } of away) {
        line.append(h("span", { class: "away", id: `away-${number}`, "data-key": `away-${number}` },
          `${seat.name} left: ${Math.max(0, Math.ceil(seat.grace_left - gone))} s to come back`));
      }
    }
    return line.childNodes.length ? line : null;
  }

  // Rated tables count down between frames: the status line is drawn again four times a second.
  tick() {
    const wanted = Boolean(this.state && this.state.rated && !this.state.finished);
    if (wanted && !this.ticking) this.ticking = window.setInterval(() => this.renderStatus(), 250);
    if (!wanted && this.ticking) {
      window.clearInterval(this.ticking);
      this.ticking = null;
    }
  }

  // A signed-in player opening their rated table without its seat token here (another device): claim it.
  async claimRatedSeat(frame) {
    const me = signedIn();
    if (!me || frame.finished || !frame.seats.some((seat) => seat.name === me.name && seat.account)) return;
    try {
      const claim = await api(`/api/tables/${this.table}/claim`, {});
      keepSeat(this.table, claim.seat, claim.token, { name: claim.name, rated: true });
      window.location.reload();
    } catch (problem) {
      // not our seat after all: watch
    }
  }

  // Ask for a rematch; when everyone has, the new match's shuffle and seat are taken care of and we go.
  async askRematch() {
    try {
      const answer = await api(`/api/tables/${this.table}/rematch`, {});
      this.rematch = answer.state === "rematch"
        ? `Rematch asked: waiting for ${this.names().filter((name) => !answer.asked.includes(name)).join(" and ")}…`
        : "Rematch agreed: shuffling…";
      this.renderSide();
      if (this.unfollow) this.unfollow();
      this.unfollow = follow((status) => {
        if (status.state === "matched") this.rematch = "Rematch agreed: shuffling…";
        else if (status.state === "started" && status.table !== this.table) this.rematch = "Taking your seat…";
        this.renderSide();
      }, { every: 500, leaving: this.table, onError: (problem) => { this.rematch = problem.message; this.renderSide(); } });
    } catch (problem) {
      this.rematch = problem.message;
      this.renderSide();
    }
  }

  // "Check the shuffle": the server's own check of the record, and in this browser that the revealed seed
  // is the one committed to before the deal and that this browser's part is in the shuffle.
  async checkShuffle() {
    this.check = { pending: true };
    this.renderSide();
    const result = { lines: [] };
    try {
      const answer = await api(`/api/tables/${this.table}/verify`);
      const fair = answer.fair || {};
      result.lines.push(answer.ok ? `The server's check: ${answer.summary}` : `The server's check failed: ${answer.reason}`);
      const committed = (fair.commitment || "").replace(/^sha256:/, "");
      let seedOk = null;
      if (window.crypto && crypto.subtle && fair.server_seed) {
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(fair.server_seed));
        const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
        seedOk = hex === committed;
        result.lines.push(seedOk ? "Checked here: the revealed seed is the one the server committed to before the deal."
          : "Checked here: the revealed seed does NOT match the commitment.");
      } else {
        result.lines.push("This browser cannot hash here (it needs https): use pegboard verify on the record.");
      }
      const mine = myContribution(fair.commitment || (this.state.rated || {}).commitment);
      const partOk = mine ? (fair.contributions || []).includes(mine) : null;
      if (mine) {
        result.lines.push(partOk ? "Your browser's random part is in the shuffle."
          : "Your browser's random part is NOT in the shuffle.");
      } else {
        result.lines.push("This browser did not add a part to this game (or has forgotten it).");
      }
      result.ok = answer.ok && seedOk !== false && partOk !== false;
    } catch (problem) {
      result.ok = false;
      result.lines.push(problem.message);
    }
    this.check = result;
    this.renderSide();
  }

  mySide() {
    const view = this.state.view;
    if (this.state.seat === null) return null;
    return view.sides ? view.sides[view.side_of_seat[this.state.seat]] : view.players[this.state.seat];
  }

  renderArea() {
    if (!this.state) return;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.key : null;
    const render = this.state.layout.crib ? renderCribbage : renderGrid;
    patch(this.area, render(this));
    // On a phone your hand and what to do are pinned to the bottom of the screen: leave room for them.
    const me = this.area.querySelector(".me");
    const pinned = me && window.getComputedStyle(me).position === "fixed";
    document.body.style.paddingBottom = pinned ? `${me.offsetHeight + 8}px` : "";
    if (focused && !this.area.contains(document.activeElement)) {
      const again = this.area.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  // On a phone your hand is pinned over the foot of the page: in the play, scroll the cards played up from
  // under it (never up the page, so a player reading further down stays there).
  revealPlay() {
    const me = this.area.querySelector(".me");
    const play = this.area.querySelector(".spot.play");
    if (!me || !play || window.getComputedStyle(me).position !== "fixed") return;
    const room = me.getBoundingClientRect().top - 8;
    const box = play.getBoundingClientRect();
    const under = this.status.getBoundingClientRect().bottom + 8; // the turn is pinned at the top
    const by = Math.min(box.bottom - room, box.top - under);
    if (by > 0) window.scrollBy(0, by);
  }

  renderSide() {
    if (!this.state) return;
    const log = this.side.querySelector(".log");
    const atEnd = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    patch(this.side, ...renderSide(this));
    const after = this.side.querySelector(".log");
    if (after && atEnd) after.scrollTop = after.scrollHeight;
  }

  toggle(card, limit) {
    if (this.selected.has(card)) this.selected.delete(card);
    else if (this.selected.size < limit) this.selected.add(card);
    else if (limit === 1) {
      this.selected.clear();
      this.selected.add(card);
    }
    this.renderArea();
  }

  onKey(event) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    if (key === "?") {
      this.help.showModal();
      event.preventDefault();
      return;
    }
    const buttons = [...this.area.querySelectorAll("[data-shortcut]")];
    const match = buttons.find((button) => button.dataset.shortcut === key.toLowerCase() && !button.disabled);
    if (match) {
      match.click();
      event.preventDefault();
      return;
    }
    if (/^[1-9]$/.test(key) || key === "0") {
      const cards = [...this.area.querySelectorAll(".hand [data-card]")];
      const card = cards[key === "0" ? 9 : Number(key) - 1];
      if (card) {
        card.focus();
        card.click();
        event.preventDefault();
      }
      return;
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const cards = [...this.area.querySelectorAll("[data-nav]")];
      const index = cards.indexOf(document.activeElement);
      const next = cards[(index + (key === "ArrowLeft" ? -1 : 1) + cards.length) % cards.length];
      if (next) {
        next.focus();
        event.preventDefault();
      }
    }
  }
}

function stillHolds(hint, frame) {
  if (hint.pending) return frame.deal === hint.deal && frame.legal.length > 0;
  return frame.legal.includes(hint.action);
}

function speaker() {
  return s("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true", class: "speaker" },
    s("path", { d: "M4 9h4l5-4v14l-5-4H4z", fill: "currentColor" }),
    s("path", { d: "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12", class: "waves", fill: "none",
      stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }));
}

function helpText() {
  return [
    h("h2", {}, "Playing with the keyboard"),
    h("ul", {},
      h("li", {}, "1-9 (0 for the tenth): pick a card from your hand; ← → move between cards; Enter or Space plays it."),
      h("li", {}, "Enter: discard the cards you picked, or confirm a count."),
      h("li", {}, "G: say go. H: ask for a hint. U: use the hint. P: make no muggins claim."),
      h("li", {}, "?: this help. Tab moves through every button.")),
    h("h2", {}, "Counting aloud"),
    h("p", {}, "After each show the page counts every hand the way players say it: "
      + "“fifteen two, fifteen four and a pair is six”. With muggins on you count your own hand; "
      + "points you miss may be claimed by the others."),
  ];
}

function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
