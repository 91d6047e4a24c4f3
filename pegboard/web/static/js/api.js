// HTTP calls and the seat tokens this browser holds (localStorage, one per table).
const PREFIX = "pegboard:table:";

// Who is signed in (GET /api/me): { name, csrf, private }, or { name: null } for a guest. Once known,
// every request that changes something carries the session's X-CSRF-Token.
let me = null;

export async function loadMe() {
  try {
    me = await api("/api/me");
  } catch (error) {
    me = { name: null };
  }
  return me;
}

export function signedIn() {
  return me && me.name ? me : null;
}

export function setMe(answer) {
  me = answer && answer.name ? answer : { name: null };
  return me;
}

// `body` undefined: a GET; otherwise a POST of JSON (or `method`, e.g. DELETE).
export async function api(path, body, method) {
  const verb = method || (body === undefined ? "GET" : "POST");
  const options = { method: verb, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  if (verb !== "GET" && me && me.csrf) options.headers["x-csrf-token"] = me.csrf;
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
    problem.retryAfter = Number.parseInt(response.headers.get("retry-after") || "0", 10) || 0;
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
