// HTTP calls and the seat tokens this browser holds (localStorage, one per table).
const PREFIX = "pegboard:table:";

export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = {};
  try {
    data = await response.json();
  } catch (error) {
    data = {};
  }
  if (!response.ok) {
    const problem = new Error(data.error || `the server answered ${response.status}`);
    problem.status = response.status;
    throw problem;
  }
  return data;
}

export function seatOf(table) {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFIX + table) || "null");
    if (saved && typeof saved.token === "string" && Number.isInteger(saved.seat)) return saved;
  } catch (error) {
    // a damaged entry: forget it
  }
  return null;
}

export function keepSeat(table, seat, token, extra = {}) {
  localStorage.setItem(PREFIX + table, JSON.stringify({ seat, token, saved: Date.now(), ...extra }));
}

export function forgetSeat(table) {
  localStorage.removeItem(PREFIX + table);
}

export function myTables() {
  const tables = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    const saved = seatOf(key.slice(PREFIX.length));
    if (saved) tables.push({ table: key.slice(PREFIX.length), ...saved });
  }
  return tables.sort((a, b) => (b.saved || 0) - (a.saved || 0));
}

export async function join(table, seat, invite) {
  const answer = await api(`/api/tables/${table}/join`, { seat, invite });
  keepSeat(table, answer.seat, answer.token, { name: answer.name });
  return answer;
}
