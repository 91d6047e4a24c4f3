// Rated play's way to a table, shared by the lobby and a finished table's rematch: follow
// GET /api/queue, add this browser's random part to a match's shuffle as soon as it is matched, then
// claim the kept seat and go to the table.
import { api, keepSeat } from "./api.js";

const CONTRIBUTION = "pegboard:contribution:";

// 16 random bytes as 32 lowercase hex digits.
export function randomPart() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// This browser's part of the shuffle committed to by `commitment` (kept for "Check the shuffle").
export function myContribution(commitment) {
  try {
    return sessionStorage.getItem(CONTRIBUTION + commitment) || localStorage.getItem(CONTRIBUTION + commitment);
  } catch (error) {
    return null;
  }
}

async function contribute(status) {
  const value = randomPart();
  try {
    sessionStorage.setItem(CONTRIBUTION + status.commitment, value);
    localStorage.setItem(CONTRIBUTION + status.commitment, value); // the table may open in another tab
  } catch (error) {
    // storage full or refused: the game still goes on
  }
  return api(`/api/matches/${encodeURIComponent(status.match)}/contribute`, { value });
}

// Claim the seat kept at a started rated table, remember its token like any seat's, and go there.
export async function goToTable(table, name) {
  const claim = await api(`/api/tables/${encodeURIComponent(table)}/claim`, {});
  keepSeat(claim.table, claim.seat, claim.token, { name: claim.name || name, rated: true });
  window.location.assign(`/t/${claim.table}`);
}

// Follow the queue every `every` ms: `show(status)` on each answer; contributes when matched and goes to
// the table when it starts (a table other than `leaving`, the finished one a rematch is asked from).
// Returns a function that stops following.
export function follow(show, { every = 400, leaving = null, onError = null } = {}) {
  let stopped = false;
  let contributed = null;
  let timer = null;
  const step = async () => {
    if (stopped) return;
    let status;
    try {
      status = await api("/api/queue");
    } catch (problem) {
      if (onError) onError(problem);
      timer = window.setTimeout(step, every * 3);
      return;
    }
    if (stopped) return;
    try {
      if (status.state === "matched" && !status.contributed && contributed !== status.match) {
        contributed = status.match;
        status = { ...(await contribute(status)), contributing: true };
      }
      if (status.state === "started" && status.table && status.table !== leaving) {
        stopped = true;
        show(status);
        await goToTable(status.table, status.players && status.players[status.seat]);
        return;
      }
    } catch (problem) {
      contributed = null;
      if (onError) onError(problem);
    }
    show(status);
    if (status.state === "idle" && !leaving) {
      stopped = true;
      return;
    }
    timer = window.setTimeout(step, every);
  };
  step();
  return () => {
    stopped = true;
    if (timer) window.clearTimeout(timer);
  };
}

// A rating as players read it: provisional ones end in "?".
export function shownRating(rating, provisional) {
  return `${rating}${provisional ? "?" : ""}`;
}

export const CLOCK_WORDS = {
  "15+120": "15 s a move + 2 min reserve",
  "30+300": "30 s a move + 5 min reserve",
  "test": "test: 1 s + 1 s",
};
export const KIND_WORDS = {
  "cribbage": "Cribbage (two players)",
  "five-card": "Five-card cribbage",
  "cribbage-3": "Cribbage, three players",
  "cribbage-4": "Cribbage, four in partnerships",
};
