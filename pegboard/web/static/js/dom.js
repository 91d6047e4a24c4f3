// Tiny DOM helpers: every piece of text goes in as a text node, never as HTML.
export const SVG_NS = "http://www.w3.org/2000/svg";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) listen(el, key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Replace el's content with `children`, morphing what is already there.
export function patch(el, ...children) {
  const next = document.createElement(el.nodeName);
  append(next, children);
  morphChildren(el, next);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export function plural(n, word, many = word + "s") {
  return `${n} ${n === 1 ? word : many}`;
}

// Handlers live in el.__handlers so that morph() can hand an old element the new closures.
function listen(el, type, handler) {
  if (!el.__handlers) el.__handlers = {};
  if (!(type in el.__handlers)) {
    el.addEventListener(type, (event) => {
      const current = el.__handlers[type];
      if (current) current(event);
    });
  }
  el.__handlers[type] = handler;
}

// Update `from` in place to look like `to`: elements with the same data-key are kept (so a card
// under the pointer, the focus and CSS transitions survive a new frame), others are patched by position.
export function morph(from, to) {
  if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName) {
    from.replaceWith(to);
    return to;
  }
  if (from.nodeType === Node.TEXT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  if (from.nodeType !== Node.ELEMENT_NODE) return from;
  const keepOpen = from.nodeName === "DETAILS" && from.dataset.touched;
  for (const attr of [...from.attributes]) {
    if (to.hasAttribute(attr.name) || attr.name === "data-touched" || (keepOpen && attr.name === "open")) continue;
    from.removeAttribute(attr.name);
  }
  for (const attr of to.attributes) {
    if (keepOpen && attr.name === "open") continue;
    if (from.getAttribute(attr.name) !== attr.value) from.setAttribute(attr.name, attr.value);
  }
  if ("disabled" in to && from.disabled !== to.disabled) from.disabled = to.disabled;
  for (const type of Object.keys(from.__handlers || {})) if (!(to.__handlers || {})[type]) from.__handlers[type] = null;
  for (const [type, handler] of Object.entries(to.__handlers || {})) listen(from, type, handler);
  if (from.nodeName === "INPUT" && from.type !== "number" && from.value !== to.value) from.value = to.value;
  morphChildren(from, to);
  return from;
}

function morphChildren(from, to) {
  const keyed = new Map();
  for (const child of from.childNodes) if (child.dataset && child.dataset.key) keyed.set(child.dataset.key, child);
  const wanted = [...to.childNodes];
  let index = 0;
  for (const next of wanted) {
    const key = next.dataset && next.dataset.key;
    let current = key ? keyed.get(key) : from.childNodes[index];
    if (current && !key && current.dataset && current.dataset.key) current = null;
    if (current) {
      keyed.delete(key);
      if (from.childNodes[index] !== current) from.insertBefore(current, from.childNodes[index] || null);
      morph(current, next);
    } else {
      from.insertBefore(next, from.childNodes[index] || null);
    }
    index++;
  }
  while (from.childNodes.length > wanted.length) from.lastChild.remove();
}
