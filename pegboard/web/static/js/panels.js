// The side of the table: what happened (in words), hands counted aloud, the last deal, the players,
// invite links and the record of a finished game.
import { cardShort, cardSVG } from "./cards.js";
import { h } from "./dom.js";

function shortCards(cards) {
  return h("span", { class: "cards-inline" }, cards.map((card) => h("span",
    { class: `mini ${/[DH]$/.test(card) ? "red" : ""}` }, cardShort(card))));
}

// What happened since `mark` (your last move), or the latest action's events when watching.
export function whatHappened(state, log, mark = null) {
  const [start, end] = state.last;
  let entries = [];
  const from = mark === null ? start : Math.min(mark, start);
  for (let i = from; i < Math.max(end, from); i++) if (log.has(i)) entries.push(log.get(i));
  if (mark !== null) for (const [i, entry] of log) if (i >= end && i >= from) entries.push(entry);
  entries = entries.filter((entry) => entry.type !== "dealt" && entry.type !== "reset");
  if (!entries.length) {
    const keys = [...log.keys()].sort((a, b) => a - b);
    if (keys.length) entries = [log.get(keys[keys.length - 1])];
  }
  const box = h("div", { class: "last-inner" });
  for (const entry of entries.slice(-5)) {
    box.append(h("span", { class: `said ${entry.type}` }, entry.text,
      entry.say && (entry.type === "show" || entry.say.includes(" for ")) ? h("em", {}, ` “${entry.say}”`) : null, " "));
  }
  return box;
}

function showList(shows, players, starter) {
  const list = h("ul", { class: "shows" });
  for (const show of shows) {
    const owner = `${players[show.seat]}'s ${show.what}`;
    list.append(h("li", {},
      h("div", { class: "show-head" }, h("strong", {}, owner), show.total !== undefined ? ` ${show.total}` : " …"),
      h("div", { class: "fan small" }, show.cards.map((card) => cardSVG(card, { small: true })),
        starter ? h("span", { class: "plus" }, "+") : null, starter ? cardSVG(starter, { small: true }) : null),
      show.say ? h("p", { class: "spoken" }, `“${show.say}”`) : null));
  }
  return list;
}

function lastDeal(state) {
  const last = state.last_deal;
  if (!last) return null;
  const players = state.view.players;
  const body = [];
  if (last.shows && last.shows.length) body.push(showList(last.shows, players, last.starter));
  if (last.cells && Object.keys(last.cells).length) {
    const grid = h("div", { class: "grid g5 mini-grid" });
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 5; col++) {
        const card = last.cells[`(${row},${col})`];
        grid.append(h("div", { class: `cell ${card && /[DH]$/.test(card) ? "red" : ""}` }, card ? cardShort(card) : ""));
      }
    }
    body.push(grid);
  }
  if (last.points) {
    const sides = state.view.sides || players;
    body.push(h("p", { class: "muted" }, `Points this deal: ${sides.map((side, i) => `${side} ${last.points[i]}`).join(", ")}`));
  }
  const open = state.view.phase === "discard" || !state.layout.crib || state.finished;
  return h("details", { class: "panel-lite last-deal", open, "data-key": `last-deal-${last.deal}` },
    h("summary", { onclick: (event) => { event.currentTarget.parentElement.dataset.touched = "1"; } },
      `Deal ${last.deal + 1}`, last.starter ? ` · starter ${cardShort(last.starter)}` : ""), body);
}

function logPanel(ctl) {
  const state = ctl.state;
  const [start, end] = state.last;
  const list = h("ol", { class: "log" });
  const keys = [...ctl.log.keys()].sort((a, b) => a - b).slice(-120);
  for (const key of keys) {
    const entry = ctl.log.get(key);
    if (entry.type === "deal") {
      list.append(h("li", { class: "log-deal", "data-key": `log-${key}` }, entry.text));
      continue;
    }
    list.append(h("li", { class: `${key >= start && key < end ? "fresh" : ""} ${entry.type}`, "data-key": `log-${key}` },
      entry.text,
      entry.say && (entry.type === "show" || entry.say.includes(" for ")) ? h("span", { class: "spoken" }, ` “${entry.say}”`) : null));
  }
  return h("section", { class: "panel-lite" }, h("h2", {}, "What happened"), list);
}

function copyRow(label, path, id) {
  const url = new URL(path, window.location.origin).href;
  const input = h("input", { type: "text", readonly: true, value: url, id, "aria-label": label, class: "link-input" });
  const copy = h("button", { type: "button", class: "secondary small", onclick: async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = "Copied";
    } catch (error) {
      copy.textContent = "Select and copy";
    }
  } }, "Copy");
  return h("div", { class: "copy-row" }, h("label", { for: id }, label), h("div", { class: "copy-line" }, input, copy));
}

function people(ctl) {
  const state = ctl.state;
  const seats = ctl.seats || state.seats;
  const list = h("ul", { class: "people" });
  seats.forEach((seat, number) => {
    const status = seat.kind === "computer" ? `computer (${seat.level})`
      : !seat.joined ? "invited, not here yet" : seat.online ? "here" : "away";
    list.append(h("li", { class: seat.online || seat.kind === "computer" ? "on" : "off" },
      h("span", { class: "presence", "aria-hidden": "true" }, "●"), ` ${seat.name}${number === state.seat ? " (you)" : ""} `,
      h("span", { class: "muted" }, status)));
  });
  const section = h("section", { class: "panel-lite" }, h("h2", {}, "Players"), list);
  const links = ctl.links && ctl.links.links ? Object.entries(ctl.links.links) : [];
  for (const [seat, link] of links) {
    if (seats[seat] && !seats[seat].joined) {
      section.append(copyRow(`Invite link for ${seats[seat].name}`, link, `invite-${seat}`));
    }
  }
  if (ctl.links && ctl.me && ctl.me.seat === state.creator && !state.rated) {
    seats.forEach((seat, number) => {
      if (seat.kind !== "human" || number === state.creator) return;
      section.append(h("button", { type: "button", class: "secondary small reissue", id: `reissue-${number}`,
        title: seat.joined ? `Put ${seat.name}'s seat up again, with a new invite` : "The old link stops working",
        onclick: () => ctl.reissue(number) }, seat.joined ? `Take back ${seat.name}'s seat` : `New invite for ${seat.name}`));
    });
  }
  section.append(copyRow("Link to watch (shows no hidden cards)", `/t/${state.table}?watch`, "watch-link"));
  if (ctl.me) {
    section.append(h("details", { class: "private" }, h("summary", { onclick: (event) => {
      event.currentTarget.parentElement.dataset.touched = "1"; } }, "Continue on another device"),
      h("p", { class: "muted" }, "This link is your seat: keep it private."),
      copyRow("Your private link", `/t/${state.table}#seat=${ctl.me.seat}.${ctl.me.token}`, "private-link")));
  }
  return section;
}

// What to do once the game is over (the second half of a duplicate set, the review, the record): the
// side's first panel, so it is on screen with the result.
function gameOver(ctl) {
  const state = ctl.state;
  const section = h("section", { class: "panel-lite game-over", id: "game-over" }, h("h2", {}, "The game is over"));
  if (state.duplicate && state.duplicate.half === 1 && ctl.me) {
    section.append(h("p", {}, state.duplicate.second
      ? h("button", { type: "button", class: "primary", id: "second-half", onclick: () => ctl.playSecondHalf() },
        "Play the second half: the same deals from the other seat")
      : h("span", { class: "muted" }, "Opening the second half…")));
  }
  if (state.rated) section.append(...ratedOver(ctl));
  section.append(h("p", { class: "game-over-links" }, h("a", { href: `/r/${state.table}`, id: "review",
    class: "button primary" }, "Review the game"), h("a", { href: `/api/tables/${state.table}/record`, download: "",
    id: "record", class: "button secondary" }, "Download the record"), h("a", { href: "/", class: "button secondary" },
  "New table")));
  return section;
}

// A finished rated game: each person's rating change, a rematch, and the check of the shuffle.
function ratedOver(ctl) {
  const state = ctl.state;
  const rated = state.rated;
  const parts = [];
  const changes = Object.entries(rated.changes || {});
  if (changes.length) {
    parts.push(h("ul", { class: "rating-changes", id: "rating-changes" }, changes.map(([seat, change]) => {
      const mark = change.provisional ? "?" : "";
      const sign = change.change > 0 ? "+" : "";
      const name = Number(seat) === state.seat ? `${state.view.players[seat]} (you)` : state.view.players[seat];
      return h("li", { class: change.change > 0 ? "ahead" : change.change < 0 ? "behind" : "" },
        h("strong", {}, name), `: ${change.before}${mark} → ${change.after}${mark} (${sign}${change.change})`);
    })));
  } else {
    parts.push(h("p", { class: "muted", id: "rating-changes-pending" }, "Rating the game…"));
  }
  const buttons = h("p", { class: "game-over-links" });
  if (ctl.me) {
    buttons.append(h("button", { type: "button", class: "primary", id: "rematch", disabled: Boolean(ctl.rematch),
      onclick: () => ctl.askRematch() }, "Rematch"));
  }
  buttons.append(h("button", { type: "button", class: "secondary", id: "verify",
    disabled: Boolean(ctl.check && ctl.check.pending), onclick: () => ctl.checkShuffle() }, "Check the shuffle"));
  parts.push(buttons);
  if (ctl.rematch) parts.push(h("p", { class: "muted", id: "rematch-status", role: "status" }, ctl.rematch));
  if (ctl.check && !ctl.check.pending) {
    parts.push(h("div", { class: `shuffle-check ${ctl.check.ok ? "ok" : "bad"}`, id: "verify-result", role: "status" },
      h("strong", {}, ctl.check.ok ? "The shuffle checks out." : "The shuffle does not check out."),
      h("ul", {}, ctl.check.lines.map((line) => h("li", {}, line)))));
  }
  return parts;
}

export function renderSide(ctl) {
  const state = ctl.state;
  const parts = state.finished ? [gameOver(ctl)] : [];
  if (state.shows && state.shows.length) {
    parts.push(h("section", { class: "panel-lite" }, h("h2", {}, "Counting"),
      showList(state.shows, state.view.players, state.view.starter)));
  }
  if (ctl.duplicate) parts.push(duplicateResult(ctl.duplicate));
  const last = lastDeal(state);
  if (last) parts.push(last);
  parts.push(logPanel(ctl), people(ctl));
  return parts;
}

// A duplicate set's result: the headline, and deal by deal what each made of the same cards.
function duplicateResult(result) {
  const section = h("section", { class: "panel-lite duplicate-result", id: "duplicate-result" },
    h("h2", {}, "The duplicate set"));
  if (result.loading) return section.append(h("p", { class: "muted" }, "Comparing the halves…")) || section;
  if (result.error) return section.append(h("p", { class: "error" }, result.error)) || section;
  const me = result.person;
  const other = result.computer;
  const rows = result.deals.map((deal) => h("tr", {}, h("td", {}, String(deal.deal + 1)),
    h("td", {}, deal.person_dealt_first ? me : other),
    h("td", {}, String(deal.first_cards.person)), h("td", {}, String(deal.first_cards.computer)),
    h("td", {}, String(deal.second_cards.computer)), h("td", {}, String(deal.second_cards.person)),
    h("td", { class: deal.difference > 0 ? "ahead" : deal.difference < 0 ? "behind" : "" },
      `${deal.difference > 0 ? "+" : ""}${deal.difference}`)));
  section.append(h("p", { id: "duplicate-headline" }, h("strong", {}, result.headline)),
    h("table", { class: "duplicate-deals" }, h("thead", {}, h("tr", {}, ["deal", "dealt first", `${me} A`, `${other} A`,
      `${other} B`, `${me} B`, "±"].map((cell) => h("th", {}, cell)))), h("tbody", {}, rows)),
    h("p", { class: "muted" }, `A: the cards ${me} held in the first half (${other} in the second); B: the cards `
      + `${other} held in the first half (${me} in the second).`),
    h("p", {}, h("a", { href: `/r/${result.first}`, class: "button secondary small" }, "Review half 1"), " ",
      h("a", { href: `/r/${result.second}`, class: "button secondary small" }, "Review half 2")));
  return section;
}
