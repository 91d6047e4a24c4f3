// The lobby: set up a table (game, options, seats) and find the tables this browser plays at.
import { api, forgetSeat, join, myTables, setMe, signedIn } from "./api.js";
import { clear, h } from "./dom.js";
import { CLOCK_WORDS, KIND_WORDS, follow, goToTable } from "./rated.js";

export const GAME_TITLES = {
  "cribbage": "Cribbage: two players, to 121",
  "cribbage-3": "Cribbage: three players",
  "cribbage-4": "Cribbage: four players in partnerships",
  "cribbage-4-solo": "Cribbage: four players, each alone",
  "five-card": "Five-card cribbage: two players, to 61",
  "snailspace": "Snailspace (Cribbage Square): two players",
  "solitaire": "Cribbage Square Solitaire: one player",
};
const OPTION_LABELS = {
  target: "Points to win",
  muggins: "Muggins: count your own hands, and claim what others miss",
  crib_four_flush: "A four-card flush in the crib scores",
  deals: "Deals in the game",
  count_at_end: "Count only at the end (rows to the non-dealer, columns to the dealer)",
  fifteens: "Fifteens score in rows and columns",
  discards: "Discard spaces",
  heels: "His heels (a jack starter)",
};
const HEELS = { per_hand: "2 in every hand", once: "2 once" };
const LEVEL_NAMES = { random: "Random", greedy: "Greedy", expert: "Expert" };
const OBJECTIVE_NAMES = {
  "win": "To win",
  "game-points": "For game points (2 a win, 3 a skunk, 4 a double)",
  "spread": "For the spread (the final margin)",
  "match": "For a match to 3 (a skunk counts 2)",
};
const NAME_PATTERN = "[\\p{L}\\p{N}_.'\\-]{1,16}";

export async function showLobby(root) {
  document.title = "pegboard: cribbage in the browser";
  clear(root);
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "panel new-table", "aria-labelledby": "new-table-title" });
  root.append(h("header", { class: "lobby-head" },
    h("h1", {}, h("span", { class: "logo", "aria-hidden": "true" }, "◆"), " pegboard"),
    h("p", { class: "tagline" }, "Cribbage and its family, with friends or the computer.")));
  const bar = h("section", { class: "account-bar", id: "account-bar", "aria-label": "Your account" });
  const rated = h("section", { class: "panel rated", id: "rated", "aria-labelledby": "rated-title" });
  root.append(bar);
  root.append(h("main", { class: "lobby" }, form, h("div", { class: "lobby-side" }, rated, yourTables())));
  accountBar(bar, rated);
  let catalogue;
  try {
    catalogue = await api("/api/games");
  } catch (problem) {
    form.append(h("p", { class: "error" }, `Cannot reach the server: ${problem.message}`));
    return;
  }
  buildForm(form, catalogue, error);
}

function buildForm(form, catalogue, error) {
  const games = Object.fromEntries(catalogue.games.map((game) => [game.game, game]));
  const select = h("select", { id: "game", name: "game" },
    catalogue.games.map((game) => h("option", { value: game.game }, GAME_TITLES[game.game] || game.game)));
  const options = h("fieldset", { class: "options" });
  const duplicate = h("fieldset", { class: "options duplicate" });
  const seats = h("fieldset", { class: "seats" });
  const playing = h("fieldset", { class: "objective" });
  const submit = h("button", { type: "submit", class: "primary big", id: "start" }, "Start the game");
  form.append(h("h2", { id: "new-table-title" }, "New table"),
    h("label", { class: "field", for: "game" }, "Game"), select, options, duplicate, seats, playing, submit, error);
  const refresh = () => {
    const game = games[select.value];
    fillOptions(options, game);
    fillDuplicate(duplicate, game);
    fillSeats(seats, game, catalogue.levels);
    fillObjective(playing, game);
  };
  select.addEventListener("change", refresh);
  refresh();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    submit.disabled = true;
    try {
      await create(form, games[select.value], error);
    } finally {
      submit.disabled = false;
    }
  });
}

function fillOptions(fieldset, game) {
  clear(fieldset).append(h("legend", {}, "Rules"));
  for (const [key, spec] of Object.entries(game.options)) {
    const id = `option-${key}`;
    let input;
    if (spec.type === "bool") {
      input = h("input", { type: "checkbox", id, name: key, checked: Boolean(spec.default) });
      fieldset.append(h("label", { class: "check", for: id }, input, " ", OPTION_LABELS[key] || key));
      continue;
    }
    if (spec.type === "str" || key === "deals") {
      const values = key === "deals" ? [2, 4] : spec.choices;
      input = h("select", { id, name: key }, values.map((value) => h("option",
        { value, selected: value === spec.default }, key === "heels" ? HEELS[value] : String(value))));
    } else {
      input = h("input", { type: "number", id, name: key, min: spec.choices[0], max: spec.choices[1],
        value: spec.default, required: true });
    }
    fieldset.append(h("label", { class: "field", for: id }, OPTION_LABELS[key] || key), input);
  }
}

// A duplicate set against the computer: N deals, then the same deals from the computer's seat.
function fillDuplicate(fieldset, game) {
  clear(fieldset);
  fieldset.hidden = !game.duplicate;
  if (!game.duplicate) return;
  const check = h("input", { type: "checkbox", id: "duplicate", name: "duplicate" });
  const deals = h("input", { type: "number", id: "duplicate-deals", name: "duplicate-deals", min: 1, max: 30, value: 8,
    required: true });
  fieldset.append(h("legend", {}, "Duplicate set"),
    h("label", { class: "check", for: "duplicate" }, check, " Play a duplicate set against the computer: the deals, "
      + "then the same deals from its seat, holding the cards it held. The result is the point difference."),
    h("label", { class: "field", for: "duplicate-deals" }, "Deals in each half"), deals);
}

// What the computer seats play for: only games with more than one choice (two-sided cribbage) show it.
function fillObjective(fieldset, game) {
  const kinds = game.objectives || ["win"];
  clear(fieldset).hidden = kinds.length < 2;
  if (kinds.length < 2) return;
  fieldset.append(h("legend", {}, "The computer plays"),
    h("select", { id: "objective", name: "objective", "aria-label": "The computer plays" },
      kinds.map((kind) => h("option", { value: kind, selected: kind === "win" }, OBJECTIVE_NAMES[kind] || kind))));
}

function fillSeats(fieldset, game, levels) {
  clear(fieldset).append(h("legend", {}, game.players === 1 ? "Player" : "Players"));
  const mine = localStorage.getItem("pegboard:name") || "Ann";
  for (let seat = 0; seat < game.players; seat++) {
    const name = h("input", { id: `seat-${seat}-name`, name: `seat-${seat}-name`, required: true,
      pattern: NAME_PATTERN, maxlength: 16, autocomplete: seat ? "off" : "nickname",
      "aria-label": `Seat ${seat + 1} name`, value: seat === 0 ? mine : "" });
    const kind = h("select", { id: `seat-${seat}-kind`, name: `seat-${seat}-kind`, "aria-label": `Seat ${seat + 1}` },
      seat === 0 ? h("option", { value: "human" }, "You") : [
        levels.map((level) => h("option", { value: `computer:${level}`, selected: level === "expert" },
          `Computer (${LEVEL_NAMES[level] || level})`)),
        h("option", { value: "human" }, "A friend (invite link)"),
      ]);
    const partner = game.partners ? h("span", { class: "team" }, seat % 2 ? "team 2" : "team 1") : null;
    const autoName = () => {
      if (seat === 0 || (name.value && !name.dataset.auto)) return;
      name.value = defaultName(fieldset, seat, kind.value);
      name.dataset.auto = "1";
    };
    kind.addEventListener("change", () => { name.dataset.auto = name.dataset.auto || (name.value ? "" : "1"); autoName(); });
    name.addEventListener("input", () => { delete name.dataset.auto; });
    fieldset.append(h("div", { class: "seat-row" }, kind, name, partner));
    autoName();
  }
}

function defaultName(fieldset, seat, kind) {
  const base = kind === "human" ? "Friend" : LEVEL_NAMES[kind.split(":")[1]] || "Computer";
  const taken = new Set([...fieldset.querySelectorAll("input")].filter((input) => input.id !== `seat-${seat}-name`)
    .map((input) => input.value.toLowerCase()));
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

async function create(form, game, error) {
  const options = {};
  for (const [key, spec] of Object.entries(game.options)) {
    const input = form.elements[key];
    let value = spec.type === "bool" ? input.checked : input.value;
    if (spec.type === "int") value = Number.parseInt(value, 10);
    if (value !== spec.default) options[key] = value;
  }
  const seats = [];
  for (let seat = 0; seat < game.players; seat++) {
    const kind = form.elements[`seat-${seat}-kind`].value;
    const name = form.elements[`seat-${seat}-name`].value.trim();
    seats.push(kind === "human" ? { kind, name } : { kind: "computer", level: kind.split(":")[1], name });
  }
  const request = { game: game.game, options, seats };
  if (game.duplicate && form.elements.duplicate.checked) {
    request.duplicate = Number.parseInt(form.elements["duplicate-deals"].value, 10);
  }
  const objective = form.elements.objective;
  if (objective && !form.querySelector("fieldset.objective").hidden && objective.value !== "win") {
    request.objective = objective.value;
  }
  try {
    const table = await api("/api/tables", request);
    localStorage.setItem("pegboard:name", seats[0].name);
    const invite = table.links["0"].split("#join=")[1].split(".").slice(1).join(".");
    await join(table.table, 0, invite);
    window.location.assign(`/t/${table.table}`);
  } catch (problem) {
    error.textContent = problem.message;
  }
}

function yourTables() {
  const tables = myTables();
  const me = signedIn();
  const name = me ? me.name : localStorage.getItem("pegboard:name"); // (kept for registered names only)
  const section = h("section", { class: "panel your-tables", "aria-labelledby": "your-tables-title" },
    h("h2", { id: "your-tables-title" }, "Your tables"),
    name ? h("p", { class: "lobby-links" }, h("a", { href: `/stats/${encodeURIComponent(name)}`, id: "my-stats" },
      `Your statistics (as ${name})`), ": games won and lost, points per deal against the experts' averages, "
      + "accuracy, duplicate sets.") : null);
  if (!tables.length) {
    section.append(h("p", { class: "muted" }, "Tables you play at appear here, so you can come back to them."));
    return section;
  }
  const list = h("ul", { class: "table-list" });
  for (const entry of tables.slice(0, 20)) {
    const forget = h("button", { type: "button", class: "link", "aria-label": `Forget table ${entry.table}`,
      onclick: () => { forgetSeat(entry.table); item.remove(); } }, "forget");
    const when = entry.saved ? new Date(entry.saved).toLocaleDateString() : "";
    const item = h("li", {}, h("a", { href: `/t/${entry.table}` }, `Table ${entry.table}`),
      h("span", { class: "muted" }, ` as ${entry.name || `seat ${entry.seat + 1}`} ${when ? `· ${when}` : ""} `), forget);
    list.append(item);
  }
  section.append(list);
  return section;
}

// ---------------------------------------------------------------- accounts and rated play
function accountBar(bar, rated) {
  const me = signedIn();
  clear(bar);
  if (me) {
    bar.append(h("span", { class: "signed-in" }, "Signed in as ",
      h("a", { href: `/players/${encodeURIComponent(me.name)}`, id: "me-name" }, me.name)),
    h("a", { href: "/account", id: "account-link" }, "Account"),
    h("a", { href: "/leaderboard" }, "Leaderboard"),
    h("a", { href: "/train", id: "train-link" }, "Train"),
    h("button", { type: "button", class: "secondary small", id: "sign-out", onclick: async () => {
      try {
        await api("/api/logout", {});
      } catch (problem) {
        // signed out anyway below
      }
      setMe(null);
      accountBar(bar, rated);
    } }, "Sign out"));
    ratedPanel(rated);
    return;
  }
  const error = h("p", { class: "error", role: "alert", id: "account-error" });
  const name = h("input", { id: "account-name", name: "username", autocomplete: "username", maxlength: 16,
    required: true, "aria-label": "Name", placeholder: "name", pattern: NAME_PATTERN });
  const password = h("input", { id: "account-password", name: "password", type: "password", required: true,
    autocomplete: "current-password", minlength: 8, "aria-label": "Password", placeholder: "password (8+ characters)" });
  const send = async (path, button) => {
    error.textContent = "";
    if (!name.reportValidity() || !password.reportValidity()) return;
    button.disabled = true;
    try {
      setMe(await api(path, { name: name.value.trim(), password: password.value }));
      localStorage.setItem("pegboard:name", signedIn().name);
      accountBar(bar, rated);
    } catch (problem) {
      error.textContent = problem.status === 429 && problem.retryAfter
        ? `Too many wrong passwords: wait ${problem.retryAfter} s and try again.`
        : problem.status === 409 ? `${problem.message} Choose another name, or sign in.` : problem.message;
    } finally {
      button.disabled = false;
    }
  };
  const signIn = h("button", { type: "submit", class: "primary small", id: "sign-in" }, "Sign in");
  const signUp = h("button", { type: "button", class: "secondary small", id: "sign-up",
    onclick: () => send("/api/accounts", signUp) }, "Create account");
  bar.append(h("form", { class: "account-form", id: "account-form", onsubmit: (event) => {
    event.preventDefault();
    send("/api/login", signIn);
  } }, h("span", { class: "account-why" }, "Sign in for rated games:"), name, password, signIn, signUp,
  h("a", { href: "/leaderboard" }, "Leaderboard"), h("a", { href: "/train", id: "train-link" }, "Train")), error);
  clear(rated).hidden = true;
}

async function ratedPanel(panel) {
  clear(panel).hidden = false;
  panel.append(h("h2", { id: "rated-title" }, "Rated games"));
  let terms;
  try {
    terms = await api("/api/rated");
  } catch (problem) {
    panel.append(h("p", { class: "error" }, problem.message));
    return;
  }
  const kind = h("select", { id: "rated-kind", "aria-label": "Game" },
    terms.kinds.map((k) => h("option", { value: k.kind }, KIND_WORDS[k.kind] || k.kind)));
  const clock = h("select", { id: "rated-clock", "aria-label": "Clock" },
    terms.clocks.map((c) => h("option", { value: c.name }, CLOCK_WORDS[c.name] || c.name)));
  const status = h("p", { class: "queue-status", id: "queue-status", role: "status", "aria-live": "polite" });
  const error = h("p", { class: "error", role: "alert", id: "rated-error" });
  const find = h("button", { type: "button", class: "primary", id: "find" }, "Find an opponent");
  const stop = h("button", { type: "button", class: "secondary small", id: "leave-queue", hidden: true }, "Stop looking");
  const computer = h("button", { type: "button", class: "secondary", id: "computer", hidden: true },
    "Play the computer instead (rated)");
  let unfollow = null;
  const show = (answer) => {
    const waiting = answer.state === "waiting";
    find.disabled = waiting || answer.state === "matched";
    stop.hidden = !waiting;
    computer.hidden = !(waiting && answer.computer);
    if (waiting) {
      status.textContent = `Looking for an opponent near ${answer.rating}: ${Math.floor(answer.waited)} s, `
        + `within ±${answer.window}.`;
    } else if (answer.state === "matched") {
      status.textContent = `Matched with ${answer.players.filter((_, seat) => seat !== answer.seat).join(", ")}. `
        + `Shuffling: the server committed to ${answer.commitment.slice(0, 19)}…; your browser adds its part.`;
    } else if (answer.state === "started") {
      status.textContent = "The game is on: taking your seat…";
    } else {
      status.textContent = "";
    }
  };
  const watch = () => {
    if (unfollow) unfollow();
    unfollow = follow(show, { onError: (problem) => { error.textContent = problem.message; } });
  };
  find.addEventListener("click", async () => {
    error.textContent = "";
    find.disabled = true;
    try {
      show(await api("/api/queue", { kind: kind.value, clock: clock.value }));
      watch();
    } catch (problem) {
      error.textContent = problem.message;
      find.disabled = false;
    }
  });
  stop.addEventListener("click", async () => {
    if (unfollow) unfollow();
    try {
      show(await api("/api/queue", undefined, "DELETE"));
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
  computer.addEventListener("click", async () => {
    computer.disabled = true;
    try {
      const answer = await api("/api/queue/computer", { kind: kind.value, clock: clock.value });
      show(answer);
      watch();
    } catch (problem) {
      error.textContent = problem.message;
    } finally {
      computer.disabled = false;
    }
  });
  const back = h("p", { class: "lobby-links", id: "rated-back", hidden: true });
  panel.append(h("div", { class: "rated-choice" }, kind, clock), h("div", { class: "rated-buttons" }, find, stop, computer),
    status, back, error,
    h("p", { class: "muted small-print" }, `Your browser adds a random part to every rated shuffle, and you can check it `
      + `after the game. Away from the table for more than ${Math.round(terms.grace)} s, the game is lost.`));
  let now;
  try {
    now = await api("/api/queue");
  } catch (problem) {
    return;
  }
  if (now.state === "waiting" || now.state === "matched") {
    if (now.kind) kind.value = now.kind;
    if (now.clock && [...clock.options].some((option) => option.value === now.clock)) clock.value = now.clock;
    show(now);
    watch();
  } else if (now.state === "started" && now.table) {
    back.hidden = false;
    back.append(h("button", { type: "button", class: "link", id: "rated-table",
      onclick: () => goToTable(now.table).catch((problem) => { error.textContent = problem.message; }) },
    "Back to your latest rated game"));
  }
}
