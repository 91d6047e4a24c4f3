// Optional sounds, off unless the player turns them on (remembered in localStorage).
let context = null;
const KEY = "pegboard:sound";

export function soundOn() {
  return localStorage.getItem(KEY) === "on";
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) beep("turn");
}

const TONES = {
  turn: [[660, 0.08], [880, 0.1]],
  peg: [[1200, 0.03]],
  win: [[523, 0.12], [659, 0.12], [784, 0.2]],
  error: [[220, 0.15]],
};

export function beep(kind) {
  if (!soundOn()) return;
  try {
    context = context || new AudioContext();
    let at = context.currentTime;
    for (const [frequency, length] of TONES[kind] || []) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = frequency;
      osc.type = "triangle";
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length;
    }
  } catch (error) {
    // no audio available: stay silent
  }
}
