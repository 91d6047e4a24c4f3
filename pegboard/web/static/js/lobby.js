// The lobby: set up a table (game, options, seats) and find the tables this browser plays at.
import { api, forgetSeat, join, myTables } from "./api.js";
import { clear, h } from "./dom.js";

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
  root.append(h("main", { class: "lobby" }, form, yourTables()));
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
  const name = localStorage.getItem("pegboard:name");
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
