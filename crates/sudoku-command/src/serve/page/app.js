// sudoku serve's page: the board, its pencil marks, and the JSON API of docs/serve.md.
'use strict';

const $ = (id) => document.getElementById(id);
const SIZE = 50;
// The grid's top left corner: room for the column labels above it and the row labels left of it.
const OX = 28, OY = 24;
const COLS = 'ABCDEFGHI';
const ALL = 0x1ff;

// Peers of every cell (same row, column or box).
const PEERS = Array.from({ length: 81 }, (_, i) => {
  const r = Math.floor(i / 9), c = i % 9, br = r - r % 3, bc = c - c % 3;
  const set = new Set();
  for (let k = 0; k < 9; k++) {
    set.add(r * 9 + k);
    set.add(k * 9 + c);
    set.add((br + Math.floor(k / 3)) * 9 + bc + k % 3);
  }
  set.delete(i);
  return [...set];
});

const state = {
  givens: new Array(81).fill(0),
  values: new Array(81).fill(0),
  elim: new Set(), // cell * 9 + digit - 1: pencil marks crossed out
  sel: 0,
  hint: null, // { step, svg, detail }: a graded step holds only the fields its detail shows
  wrong: new Set(),
  undo: [],
  path: null,
  preview: null, // { values, elim, step, index }
  chain: 0, // which chain of the step shown is drawn, when it has several
  marks: 'off', // candidates shown: 'off', 'on' (asked for) or 'auto' (shown by a hint or a mark)
  generating: null,
  mode: 'analyse', // 'play' or 'analyse'
  notes: new Array(81).fill(0), // play mode: the player's own pencil marks, a digit mask per cell
  colours: new Array(81).fill(0), // 0: none, else an index of COLOURS
  redo: [],
  filter: 0, // play mode: the digit highlighted (0: none)
  // The time played: `elapsed` ms before `since` (Date.now() when it last started, null when stopped).
  clock: { elapsed: 0, since: null, paused: false, solved: false },
};

const COLOURS = ['', 'red', 'orange', 'blue', 'violet'];
const STORE = 'sudoku-serve:game';
const playing = () => state.mode === 'play';
const bit = (d) => 1 << (d - 1);
const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & bit(d));

const cellName = (i) => COLS[i % 9] + (Math.floor(i / 9) + 1);
const cellIndex = (name) => (Number(name[1]) - 1) * 9 + COLS.indexOf(name[0]);
const style = () => document.querySelector('input[name=style]:checked').value;

// The ruleset's notation: Sudoku Explainer names cells by column letter and row (E3),
// HoDoKu by row and column (r3c5). The labels around the board and the page's messages use it.
const NOTATION = {
  explainer: { cols: [...COLS], rows: [...'123456789'], cell: (r, c) => COLS[c] + (r + 1) },
  hodoku: {
    cols: [...'123456789'].map((n) => `c${n}`),
    rows: [...'123456789'].map((n) => `r${n}`),
    cell: (r, c) => `r${r + 1}c${c + 1}`,
  },
};
const notation = () => NOTATION[style()] || NOTATION.explainer;
const cellLabel = (i) => notation().cell(Math.floor(i / 9), i % 9);

// "E3=8" or "A1<>5": { cell, digit, on }.
function cand(text) {
  const m = /^([A-I])([1-9])(=|<>)([1-9])$/.exec(text);
  return m && { cell: cellIndex(m[1] + m[2]), digit: Number(m[4]), on: m[3] === '=' };
}

function unitCells(text) {
  const [kind, id] = text.split(' ');
  const cells = [];
  for (let k = 0; k < 9; k++) {
    if (kind === 'row') cells.push((Number(id) - 1) * 9 + k);
    else if (kind === 'column') cells.push(k * 9 + COLS.indexOf(id));
    else if (kind === 'box') {
      const b = Number(id) - 1;
      cells.push((Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + k % 3);
    }
  }
  return cells;
}

// Candidates of every cell: the digits no peer holds, less those crossed out.
function candidates(values, elim) {
  return values.map((v, i) => {
    if (v) return 0;
    let mask = ALL;
    for (const p of PEERS[i]) if (values[p]) mask &= ~(1 << (values[p] - 1));
    for (let d = 0; d < 9; d++) if (elim.has(i * 9 + d)) mask &= ~(1 << d);
    return mask;
  });
}

const gridText = (values) => values.map((v) => (v ? String(v) : '.')).join('');

function marksText(values, elim) {
  const marks = candidates(values, elim);
  let s = '';
  for (let i = 0; i < 81; i++) {
    for (let d = 1; d <= 9; d++) {
      const on = values[i] ? values[i] === d : marks[i] & (1 << (d - 1));
      s += on ? String(d) : '.';
    }
  }
  return s;
}

// The crossed-out marks that still matter (on empty cells), as "A1<>5".
function eliminations(values, elim) {
  return [...elim].filter((e) => !values[Math.floor(e / 9)]).sort((a, b) => a - b)
    .map((e) => `${cellName(Math.floor(e / 9))}<>${e % 9 + 1}`);
}

// The player's pencil marks as the API takes them: in play mode, the candidates a cell with
// marks leaves out (a cell without marks crosses out nothing); else the crossed-out marks.
function crossedOut() {
  if (!playing()) return eliminations(state.values, state.elim);
  const basic = candidates(state.values, new Set());
  const out = [];
  for (let i = 0; i < 81; i++) {
    if (state.values[i] || !state.notes[i]) continue;
    for (const d of digitsOf(basic[i] & ~state.notes[i])) out.push(`${cellName(i)}<>${d}`);
  }
  return out;
}

// Analysis to play: a cell with crossed-out marks gets the marks it has left as the player's.
function notesFromElim() {
  const left = candidates(state.values, state.elim);
  for (let i = 0; i < 81; i++) {
    if (state.values[i] || state.notes[i]) continue;
    for (let d = 0; d < 9; d++) if (state.elim.has(i * 9 + d)) state.notes[i] = left[i];
  }
}

// Play to analysis: the marks a player left out of a cell are crossed out there (in a cell
// holding a digit too, for when it is cleared).
function elimFromNotes() {
  for (let i = 0; i < 81; i++) {
    if (!state.notes[i]) continue;
    let basic = ALL;
    for (const p of PEERS[i]) if (state.values[p]) basic &= ~bit(state.values[p]);
    for (let d = 1; d <= 9; d++) {
      if (basic & bit(d) & ~state.notes[i]) state.elim.add(i * 9 + d - 1);
      else state.elim.delete(i * 9 + d - 1);
    }
  }
}

function say(text, error = false) {
  const m = $('message');
  m.textContent = text;
  m.classList.toggle('error', error);
}

// POST a JSON body; the answer's JSON whatever its HTTP status (records and errors alike).
async function api(path, body, signal) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return res.json();
}

const problem = (r) => (r.error ? `${r.error.code}: ${r.error.message}` : `${r.code}: ${r.message}`);

// ---- drawing ----

// The links of chains (a list of their texts), each drawn once.
function links(chains) {
  const out = new Map();
  for (const chain of chains) {
    for (const part of chain.split(/[;|]/)) {
      const segs = part.replace(/assume\s+/g, '').replace(/\([^)]*\)/g, '').split('->')
        .map((s) => (s.match(/[A-I][1-9](?:=|<>)[1-9]/g) || []).map(cand));
      for (let k = 0; k + 1 < segs.length; k++) {
        const to = segs[k + 1][0];
        if (!to) continue;
        for (const from of segs[k]) {
          const key = `${from.cell}.${from.digit}>${to.cell}.${to.digit}`;
          if (from.cell !== to.cell || from.digit !== to.digit) out.set(key, { from, to });
        }
      }
    }
  }
  return [...out.values()];
}

function candPoint(c) {
  const x = OX + (c.cell % 9) * SIZE + 9 + ((c.digit - 1) % 3) * 16;
  const y = OY + Math.floor(c.cell / 9) * SIZE + 9 + Math.floor((c.digit - 1) / 3) * 16;
  return [x, y];
}

// The step on the board: a step of the path, or the hint.
const shownStep = () => (state.preview ? state.preview.step : state.hint && state.hint.step);

// The chains drawn: all of a step with one, the chosen one of a step with several (as Sudoku
// Explainer shows a forcing chain's branches one at a time).
function drawnChains(step) {
  const chains = (step && step.chains) || [];
  return chains.length > 1 ? [chains[Math.min(state.chain, chains.length - 1)]] : chains;
}

// Candidates are drawn when asked for (or shown by a hint or a crossed-out mark), and on a
// step of the solving path.
const marksShown = () => !!state.preview || $('show-marks').checked;

// The cell as a screen reader says it: "row 3 column 5, 7", "row 1 column 2, empty, candidates 1 4 9".
function cellSpeech(i, view, marks, wrong) {
  const v = view.values[i];
  let s = `row ${Math.floor(i / 9) + 1} column ${i % 9 + 1}, `;
  if (v) s += state.givens[i] ? `${v}, given` : String(v);
  else s += marks ? `empty, candidates ${digitsOf(marks).join(' ')}` : 'empty';
  if (wrong) s += ', marked wrong';
  if (state.colours[i]) s += `, ${COLOURS[state.colours[i]]}`;
  return s;
}

// Play mode's highlight: the cells holding the digit, and the empty cells it may go in (no
// peer holds it, and the player's marks there, if any, have it).
function filtered(d) {
  const out = new Set();
  if (!d || !playing() || state.preview) return out;
  const basic = candidates(state.values, new Set());
  for (let i = 0; i < 81; i++) {
    if (state.values[i] === d) out.add(i);
    else if (!state.values[i] && basic[i] & bit(d) && (!state.notes[i] || state.notes[i] & bit(d))) out.add(i);
  }
  return out;
}

function render() {
  const view = state.preview || state;
  const step = shownStep();
  const board = $('board');
  const focused = board.contains(document.activeElement) && document.activeElement !== board;
  // The pencil marks drawn: the player's own in play mode, else the candidates left.
  const own = playing() && !state.preview;
  const basic = candidates(view.values, view.elim);
  const marks = own ? state.notes : basic;
  const shown = own || marksShown();
  const lit = filtered(state.filter);
  const unit = new Set(), pat = new Set(), hl = new Map();
  if (step) {
    for (const u of step.units) unitCells(u).forEach((c) => unit.add(c));
    const mark = (list, kind) => list.map(cand).filter(Boolean).forEach((c) => {
      pat.add(c.cell);
      hl.set(`${c.cell}.${c.digit}`, kind);
    });
    mark(step.pattern, 'pattern');
    // A graded hint's cells, without their digits.
    for (const name of step.cells || []) {
      const c = cand(`${name}=1`);
      if (c) pat.add(c.cell);
    }
    mark(step.placements, 'place');
    mark(step.eliminations.map((e) => e.replace('<>', '=')), 'elim');
  }
  const parts = ['<defs><marker id="arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="6" ',
    'markerHeight="6" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#7a4bd1"/></marker></defs>'];
  for (let i = 0; i < 81; i++) {
    const x = OX + (i % 9) * SIZE, y = OY + Math.floor(i / 9) * SIZE;
    const cls = ['bg'];
    if (unit.has(i)) cls.push('unit');
    if (pat.has(i)) cls.push('pat');
    const wrong = !state.preview && state.wrong.has(i);
    if (wrong) cls.push('wrong');
    if (lit.has(i)) cls.push('lit');
    if (state.colours[i]) cls.push(`colour-${COLOURS[state.colours[i]]}`);
    const drawn = view.values[i] ? 0 : own ? marks[i] : shown ? marks[i] : 0;
    if (i % 9 === 0) parts.push(`<g role="row" aria-label="row ${i / 9 + 1}">`);
    parts.push(`<g data-cell="${cellName(i)}" data-index="${i}" class="cell${pat.has(i) ? ' pat' : ''}${unit.has(i) ? ' unit' : ''}` +
      `${lit.has(i) ? ' lit' : ''}"${state.colours[i] ? ` data-colour="${COLOURS[state.colours[i]]}"` : ''} role="gridcell" ` +
      `tabindex="${i === state.sel ? 0 : -1}" aria-label="${cellSpeech(i, view, drawn, wrong)}">`);
    parts.push(`<rect class="${cls.join(' ')}" x="${x}" y="${y}" width="${SIZE}" height="${SIZE}"/>`);
    for (let d = 1; d <= 9; d++) {
      const kind = hl.get(`${i}.${d}`);
      if (!kind) continue;
      const [cx, cy] = candPoint({ cell: i, digit: d });
      parts.push(`<circle class="cand ${kind}" data-cand="${cellName(i)}=${d}" cx="${cx}" cy="${cy}" r="7.5"/>`);
    }
    const v = view.values[i];
    if (v) {
      const kind = state.givens[i] ? 'given' : 'entry';
      parts.push(`<text class="digit ${kind}${wrong && !state.givens[i] ? ' wrong' : ''}" x="${x + SIZE / 2}" y="${y + SIZE / 2 + 1}">${v}</text>`);
    } else {
      for (let d = 1; d <= 9; d++) {
        const hit = hl.has(`${i}.${d}`);
        // In play mode a hint's candidates are drawn even where the player wrote no mark.
        const on = own ? marks[i] & bit(d) || (hit && basic[i] & bit(d)) : marks[i] & bit(d) && (shown || hit);
        if (!on) continue;
        const [cx, cy] = candPoint({ cell: i, digit: d });
        parts.push(`<text class="mark${state.filter === d && lit.has(i) ? ' lit' : ''}" x="${cx}" y="${cy + 0.5}">${d}</text>`);
      }
    }
    parts.push('</g>');
    if (i % 9 === 8) parts.push('</g>');
  }
  parts.push('<g aria-hidden="true">');
  for (let k = 1; k < 9; k++) {
    if (k % 3 === 0) continue;
    const px = OX + k * SIZE, py = OY + k * SIZE;
    parts.push(`<line class="thin" x1="${px}" y1="${OY}" x2="${px}" y2="${OY + 9 * SIZE}"/>`);
    parts.push(`<line class="thin" x1="${OX}" y1="${py}" x2="${OX + 9 * SIZE}" y2="${py}"/>`);
  }
  for (let k = 0; k <= 9; k += 3) {
    const px = OX + k * SIZE, py = OY + k * SIZE;
    parts.push(`<line class="thick" x1="${px}" y1="${OY - 1}" x2="${px}" y2="${OY + 9 * SIZE + 1}"/>`);
    parts.push(`<line class="thick" x1="${OX - 1}" y1="${py}" x2="${OX + 9 * SIZE + 1}" y2="${py}"/>`);
  }
  // Coordinates: the columns above the grid, the rows left of it, in the ruleset's notation.
  const { cols, rows } = notation();
  for (let k = 0; k < 9; k++) {
    parts.push(`<text class="label col" x="${OX + k * SIZE + SIZE / 2}" y="${OY / 2}">${cols[k]}</text>`);
    parts.push(`<text class="label row" x="${OX / 2}" y="${OY + k * SIZE + SIZE / 2}">${rows[k]}</text>`);
  }
  if (!state.preview) {
    const x = OX + (state.sel % 9) * SIZE, y = OY + Math.floor(state.sel / 9) * SIZE;
    parts.push(`<rect class="sel" x="${x + 2}" y="${y + 2}" width="${SIZE - 4}" height="${SIZE - 4}" rx="4"/>`);
  }
  const literal = (c) => `${cellName(c.cell)}${c.on ? '=' : '<>'}${c.digit}`;
  for (const { from, to } of links(drawnChains(step))) {
    const [x1, y1] = candPoint(from), [x2, y2] = candPoint(to);
    const mx = (x1 + x2) / 2 + (y2 - y1) * 0.15, my = (y1 + y2) / 2 - (x2 - x1) * 0.15;
    parts.push(`<path class="link${to.on ? '' : ' weak'}" data-from="${literal(from)}" data-to="${literal(to)}" ` +
      `d="M${x1},${y1} Q${mx},${my} ${x2},${y2}"/>`);
  }
  for (let i = 0; i < 81; i++) {
    const x = OX + (i % 9) * SIZE, y = OY + Math.floor(i / 9) * SIZE;
    parts.push(`<rect class="cell-hit" data-hit="${i}" x="${x}" y="${y}" width="${SIZE}" height="${SIZE}"/>`);
  }
  parts.push('</g>');
  board.innerHTML = parts.join('');
  if (focused) focusCell();
  renderChainNav(step);
  $('preview-banner').hidden = !state.preview;
  // A hint can be played once it says what it does (detail result or full).
  const playable = state.hint && state.hint.step && ['result', 'full'].includes(state.hint.detail);
  $('apply').disabled = !playable || !!state.preview;
  $('more').disabled = !(state.hint && state.hint.detail !== 'full') || !!state.preview;
  $('save-picture').disabled = !(state.hint && state.hint.svg);
  $('undo').disabled = state.undo.length === 0;
  $('redo').disabled = state.redo.length === 0;
  $('paused').hidden = !(playing() && state.clock.paused);
  $('pause').textContent = state.clock.paused ? 'Resume' : 'Pause';
  $('pause').setAttribute('aria-pressed', String(state.clock.paused));
  $('pad-pencil').setAttribute('aria-pressed', String($('pencil').checked));
  $('filter').value = String(state.filter);
  document.querySelectorAll('#path li').forEach((li, k) => {
    li.classList.toggle('current', !!state.preview && state.preview.index === k);
  });
}

// The chain controls below the board: shown for a step of several chains, the one drawn.
function renderChainNav(step) {
  const chains = (step && step.chains) || [];
  const nav = $('chain-nav');
  nav.hidden = chains.length < 2;
  if (nav.hidden) return;
  const k = Math.min(state.chain, chains.length - 1);
  $('chain-count').textContent = `Chain ${k + 1} of ${chains.length}`;
  $('chain-prev').disabled = k === 0;
  $('chain-next').disabled = k === chains.length - 1;
  $('chain-text').textContent = chains[k];
}

function stepChain(delta) {
  const step = shownStep();
  const n = step && step.chains ? step.chains.length : 0;
  if (n < 2) return;
  state.chain = Math.max(0, Math.min(n - 1, state.chain + delta));
  render();
}

// ---- changes ----

// Shows the candidates by themselves (a hint, a crossed-out mark): true when they were hidden.
function autoMarks() {
  if ($('show-marks').checked) return false;
  $('show-marks').checked = true;
  state.marks = 'auto';
  return true;
}

function setMarks(on) {
  $('show-marks').checked = on;
  state.marks = on ? 'on' : 'off';
  render();
}

// The game as undo and redo keep it: digits, crossed-out marks, the player's marks, colours.
const gameNow = () => ({
  values: [...state.values], elim: new Set(state.elim), notes: [...state.notes], colours: [...state.colours],
});

function snapshot() {
  state.undo.push(gameNow());
  if (state.undo.length > 500) state.undo.shift();
  state.redo = [];
}

function changed() {
  state.hint = null;
  state.wrong = new Set();
  state.preview = null;
  state.chain = 0;
  $('hint-text').textContent = '';
  render();
  keep();
}

// The cell focused, for the keyboard and screen readers: the one selected.
function focusCell() {
  const g = $('board').querySelector(`g.cell[data-index="${state.sel}"]`);
  if (g && document.activeElement !== g) g.focus({ preventScroll: true });
}

function loadGrid(givens, elim = new Set()) {
  state.givens = givens;
  state.values = [...givens];
  state.elim = elim;
  state.notes = new Array(81).fill(0);
  state.colours = new Array(81).fill(0);
  state.filter = 0;
  if (playing()) notesFromElim();
  state.undo = [];
  state.redo = [];
  // A new game: the clock starts again (it runs in play mode, on a puzzle with givens).
  state.clock = { elapsed: 0, since: null, paused: false, solved: false };
  syncClock();
  state.path = null;
  $('path').innerHTML = '';
  $('path-summary').textContent = '';
  $('ratings').innerHTML = '';
  $('canonical').textContent = '';
  $('copy-canon').disabled = true;
  // A new puzzle starts with its candidates hidden, unless they were asked for; pencil marks
  // that cross some out are shown.
  if (state.marks === 'auto') {
    $('show-marks').checked = false;
    state.marks = 'off';
  }
  if (elim.size) autoMarks();
  changed();
  const n = givens.filter(Boolean).length;
  say(`Loaded a puzzle with ${n} givens.`);
}

function fromText(text) {
  return [...text].map((ch) => (/[1-9]/.test(ch) ? Number(ch) : 0));
}

async function load(text) {
  const trimmed = text.trim();
  if (!trimmed) return say('Nothing to load: paste a puzzle first.', true);
  if (trimmed.startsWith('{')) {
    try {
      const rec = JSON.parse(trimmed.split('\n')[0]);
      const p = rec.puzzle || rec.grid;
      if (typeof p === 'string') return load(p);
      return say('That JSON line holds no puzzle (no "puzzle" or "grid" field).', true);
    } catch (e) {
      return say(`Not a JSON line: ${e.message}`, true);
    }
  }
  const compact = trimmed.replace(/\s+/g, '');
  if (compact.length === 81 && /^[0-9._]+$/.test(compact)) return loadGrid(fromText(compact));
  if (compact.length === 729 && /^[0-9.]+$/.test(compact)) {
    const givens = new Array(81).fill(0), elim = new Set();
    for (let i = 0; i < 81; i++) {
      const nine = compact.slice(i * 9, i * 9 + 9);
      const on = [...nine].map((ch, d) => ch === String(d + 1));
      if (on.filter(Boolean).length === 1) givens[i] = on.indexOf(true) + 1;
      else on.forEach((x, d) => { if (!x) elim.add(i * 9 + d); });
    }
    return loadGrid(givens, elim);
  }
  const r = await api('/api/read', { text });
  if (r.status === 'ok') return loadGrid(fromText(r.puzzle));
  say(r.line ? `line ${r.line}: ${problem(r)}` : problem(r), true);
}

// While the game is paused, the board takes no input.
function paused() {
  if (!(playing() && state.clock.paused)) return false;
  say('Paused: Resume to go on.', true);
  return true;
}

// A digit in a cell; in play mode the player's marks of that digit in its peers go.
function setDigit(i, d) {
  state.values[i] = d;
  if (d && playing()) for (const p of PEERS[i]) state.notes[p] &= ~bit(d);
}

function place(i, d) {
  if (state.preview || paused()) return;
  if (state.givens[i]) return say(`${cellLabel(i)} is a given.`, true);
  if (state.values[i] === d) return;
  snapshot();
  setDigit(i, d);
  changed();
  if (d) busy(whenFull)();
}

function toggleNote(i, d) {
  if (state.values[i]) return say(`${cellLabel(i)} holds a digit: clear it first for pencil marks.`, true);
  snapshot();
  state.notes[i] ^= bit(d);
  changed();
  say(`Pencil mark ${d} ${state.notes[i] & bit(d) ? 'written in' : 'taken out of'} ${cellLabel(i)}.`);
}

function toggleMark(i, d) {
  if (state.preview || paused()) return;
  if (playing()) return toggleNote(i, d);
  if (state.values[i]) return;
  const basic = candidates(state.values, new Set())[i];
  if (!(basic & (1 << (d - 1)))) return say(`${d} cannot go in ${cellLabel(i)}: a peer holds it.`, true);
  snapshot();
  const key = i * 9 + d - 1;
  const out = !state.elim.has(key);
  if (out) state.elim.add(key); else state.elim.delete(key);
  const shown = autoMarks();
  changed();
  say(`${d} ${out ? 'crossed out in' : 'back in'} ${cellLabel(i)}` +
    (shown ? ': candidates shown (M hides them).' : '.'));
}

function restoreGame(g) {
  state.values = g.values;
  state.elim = g.elim;
  state.notes = g.notes;
  state.colours = g.colours;
}

function undo() {
  const last = state.undo.pop();
  if (!last) return;
  state.redo.push(gameNow());
  restoreGame(last);
  changed();
  say('Undone.');
}

function redo() {
  const next = state.redo.pop();
  if (!next) return;
  state.undo.push(gameNow());
  restoreGame(next);
  changed();
  say('Redone.');
}

// ---- play mode ----

// Every empty cell's candidates as the player's pencil marks.
function fillCandidates() {
  if (paused()) return;
  const basic = candidates(state.values, new Set());
  snapshot();
  for (let i = 0; i < 81; i++) state.notes[i] = state.values[i] ? state.notes[i] : basic[i];
  changed();
  say('Candidates written in every empty cell.');
}

// Colour k on the selected cell, or off when it has it; without k, the next colour in turn.
function colour(k) {
  if (state.preview || paused()) return;
  const i = state.sel;
  const now = state.colours[i];
  const next = k === undefined ? (now + 1) % COLOURS.length : now === k ? 0 : k;
  if (next === now) return;
  snapshot();
  state.colours[i] = next;
  render();
  keep();
  say(next ? `${cellLabel(i)} coloured ${COLOURS[next]}.` : `${cellLabel(i)} has no colour.`);
}

function setFilter(d) {
  state.filter = d;
  render();
  say(d ? `Highlighted: the cells holding ${d} or allowing it.` : 'No highlight.');
}

// The clock runs in play mode on a puzzle not yet solved, unless paused or the tab is hidden.
function clockRuns() {
  const c = state.clock;
  return playing() && state.givens.some(Boolean) && !c.paused && !c.solved && document.visibilityState !== 'hidden';
}

function elapsed() {
  const c = state.clock;
  return c.elapsed + (c.since === null ? 0 : Math.max(0, Date.now() - c.since));
}

function mmss(ms) {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function syncClock() {
  const c = state.clock, now = Date.now(), run = clockRuns();
  if (run && c.since === null) c.since = now;
  if (!run && c.since !== null) {
    c.elapsed += Math.max(0, now - c.since);
    c.since = null;
  }
  $('timer').textContent = mmss(elapsed());
}

function pause(on = !state.clock.paused) {
  state.clock.paused = on;
  syncClock();
  render();
  keep();
  say(on ? `Paused at ${mmss(elapsed())}.` : 'Resumed.');
  if (!on) focusCell();
}

// A full grid is checked against the solution (the server's): solved, or not yet.
async function whenFull() {
  if (state.values.some((v) => !v) || !state.givens.some(Boolean)) return;
  const progress = gridText(state.values);
  const r = await api('/api/check', { puzzle: gridText(state.givens), progress, eliminations: [] });
  if (r.status !== 'ok' || gridText(state.values) !== progress) return;
  if (r.solvable) {
    state.clock.solved = true;
    syncClock();
    keep();
    say(`Solved! ${playing() ? `Time: ${mmss(elapsed())}.` : 'The grid is complete.'}`);
  } else {
    say('The grid is full but not right: Check (C) marks the mistakes.', true);
  }
}

// ---- saved in the browser ----

function keep() {
  try {
    localStorage.setItem(STORE, JSON.stringify({
      version: 1,
      mode: state.mode,
      givens: gridText(state.givens),
      values: gridText(state.values),
      elim: [...state.elim].sort((a, b) => a - b),
      notes: state.notes,
      colours: state.colours,
      elapsed: elapsed(),
      solved: state.clock.solved,
    }));
  } catch (e) {
    // No storage (private browsing, full): the game is not kept, nothing else changes.
  }
}

// The game saved by an earlier visit, if any: true when restored.
function restore() {
  let g;
  try {
    g = JSON.parse(localStorage.getItem(STORE) || 'null');
  } catch (e) {
    return false;
  }
  const cells = (a) => Array.isArray(a) && a.length === 81 && a.every((x) => Number.isInteger(x) && x >= 0);
  if (!g || g.version !== 1 || !/^[1-9.]{81}$/.test(g.givens) || !/^[1-9.]{81}$/.test(g.values)
    || !cells(g.notes) || !cells(g.colours) || !Array.isArray(g.elim)) return false;
  state.mode = g.mode === 'play' ? 'play' : 'analyse';
  state.givens = fromText(g.givens);
  state.values = fromText(g.values);
  state.givens.forEach((v, i) => { if (v) state.values[i] = v; });
  state.elim = new Set(g.elim.filter((e) => Number.isInteger(e) && e >= 0 && e < 729));
  state.notes = g.notes.map((m) => m & ALL);
  state.colours = g.colours.map((k) => (k < COLOURS.length ? k : 0));
  state.clock = { elapsed: Math.max(0, Number(g.elapsed) || 0), since: null, paused: false, solved: !!g.solved };
  return state.givens.some(Boolean) || state.values.some(Boolean);
}

function setMode(mode) {
  if (mode === state.mode) return;
  if (mode === 'play') notesFromElim();
  else elimFromNotes();
  state.mode = mode;
  document.body.classList.toggle('play', playing());
  document.querySelector(`input[name=mode][value=${mode}]`).checked = true;
  if (!playing()) state.filter = 0;
  syncClock();
  changed();
  say(playing() ? 'Play mode: your own digits, pencil marks and colours, against the clock.'
    : 'Analysis mode: the solving path, ratings and canonical form.');
}

// ---- the API ----

const DETAILS = ['technique', 'cells', 'result', 'full'];

// The next step at the chosen detail, or (`more`) the shown hint again with more of it.
async function hint(more = false) {
  if (more && !(state.hint && state.hint.detail !== 'full')) return;
  const detail = more ? DETAILS[DETAILS.indexOf(state.hint.detail) + 1] : $('hint-detail').value;
  state.preview = null;
  say('Looking for the next step…');
  const r = await api('/api/hint', {
    grid: gridText(state.values),
    eliminations: crossedOut(),
    style: style(),
    svg: true,
    detail,
  });
  state.wrong = new Set();
  state.chain = 0;
  if (r.status === 'ok') {
    // A graded step lacks the fields its level does not show; the board draws what it has.
    const step = { pattern: [], units: [], cells: [], placements: [], eliminations: [], chains: [], ...r.step };
    state.hint = { step, svg: r.svg, detail };
    if (!playing()) autoMarks();
    if (detail !== 'full') {
      $('hint-text').textContent = step.text;
      const next = detail === 'technique' ? 'where' : detail === 'cells' ? 'what it does' : 'the whole step';
      say(`Hint at detail "${detail}": More (+) shows ${next}` + (detail === 'result' ? '; Apply (A) plays it.' : '.'));
      render();
      return;
    }
    const score = step.score !== undefined ? `score ${step.score}` : `difficulty ${step.difficulty}`;
    // One chain is written under the step; several are stepped through below the board.
    const chains = step.chains;
    $('hint-text').textContent = `${step.text}\n(${score})` + (chains.length === 1 ? `\n${chains[0]}` : '');
    say(chains.length > 1
      ? `Hint shown on the board, chain 1 of ${chains.length}: Previous and Next chain ([ and ]) step through them; Apply (A) plays it.`
      : 'Hint shown on the board: Apply (A) plays it.');
  } else {
    state.hint = null;
    const text = r.status === 'solved' ? 'The grid is complete.'
      : r.status === 'stuck' ? 'No technique of this ruleset applies.'
        : problem(r);
    $('hint-text').textContent = text;
    say(text, !['solved', 'stuck'].includes(r.status));
  }
  render();
}

function applyStep(values, elim, step) {
  for (const p of step.placements) {
    const c = cand(p);
    if (c) values[c.cell] = c.digit;
  }
  for (const e of step.eliminations) {
    const c = cand(e);
    if (c) elim.add(c.cell * 9 + c.digit - 1);
  }
}

// A step played in play mode: its placements placed, its eliminations taken out of the
// player's marks (a cell without marks gets its candidates less the eliminated ones).
function applyPlay(step) {
  for (const p of step.placements) {
    const c = cand(p);
    if (c) setDigit(c.cell, c.digit);
  }
  const basic = candidates(state.values, new Set());
  for (const e of step.eliminations) {
    const c = cand(e);
    if (!c || state.values[c.cell]) continue;
    if (!state.notes[c.cell]) state.notes[c.cell] = basic[c.cell];
    state.notes[c.cell] &= ~bit(c.digit);
  }
}

function apply() {
  if (!state.hint || !state.hint.step || state.preview || paused()) return;
  if (!['result', 'full'].includes(state.hint.detail)) return;
  snapshot();
  const step = state.hint.step;
  if (playing()) applyPlay(step);
  else applyStep(state.values, state.elim, step);
  changed();
  say(`Applied: ${step.text}`);
  busy(whenFull)();
}

async function check() {
  const r = await api('/api/check', {
    puzzle: gridText(state.givens),
    progress: gridText(state.values),
    eliminations: crossedOut(),
  });
  state.preview = null;
  if (r.status !== 'ok') {
    state.wrong = new Set();
    render();
    return say(problem(r), true);
  }
  state.wrong = new Set([...r.wrong, ...r.clashes, ...r.changed_givens, ...r.excluded]
    .map((e) => cellIndex(e.slice(0, 2))));
  render();
  const n = state.wrong.size;
  const found = playing() && n ? `${n} mistake${n === 1 ? '' : 's'} found, marked red; ` : '';
  say(`Check: ${found}${r.message}.`, !r.solvable);
}

async function explain() {
  say('Solving step by step…');
  const r = await api('/api/explain', { puzzle: gridText(state.givens), style: style() });
  const list = $('path');
  list.innerHTML = '';
  if (!r.steps) {
    state.path = null;
    $('path-summary').textContent = '';
    return say(problem(r), true);
  }
  state.path = r;
  for (const s of r.steps) {
    const li = document.createElement('li');
    const diff = document.createElement('span');
    diff.className = 'diff';
    diff.textContent = s.score !== undefined ? s.score : s.difficulty.toFixed(1);
    li.append(diff, ` ${s.text}`);
    list.append(li);
  }
  const rating = r.se_rating ? `ER/EP/ED ${r.se_rating.er}/${r.se_rating.ep}/${r.se_rating.ed}`
    : `${r.hodoku.level} (${r.hodoku.score})`;
  $('path-summary').textContent = `${r.steps.length} steps, ${r.status}, ${rating}`;
  say(r.error ? problem(r) : 'Click a step to see it on the board.', !!r.error);
}

function showPathStep(index) {
  if (!state.path) return;
  const values = fromText(state.path.puzzle), elim = new Set();
  for (const s of state.path.steps.slice(0, index)) applyStep(values, elim, s);
  state.preview = { values, elim, step: state.path.steps[index], index };
  state.chain = 0;
  render();
  say(`Step ${index + 1} of the path: ${state.path.steps[index].text}`);
}

async function rate() {
  const extra = $('metrics').value.split(',').map((s) => s.trim()).filter(Boolean);
  const metrics = ['se-rating', 'hodoku', ...extra.filter((m) => !['se-rating', 'hodoku'].includes(m))];
  say('Rating…');
  const r = await api('/api/rate', { puzzle: gridText(state.givens), metrics });
  const dl = $('ratings');
  dl.innerHTML = '';
  if (r.status !== 'ok') return say(problem(r), true);
  const row = (name, value) => {
    const dt = document.createElement('dt'), dd = document.createElement('dd');
    dt.textContent = name;
    dd.textContent = value;
    dl.append(dt, dd);
  };
  const keys = ['se_rating', 'hodoku', ...Object.keys(r).filter((k) => !['se_rating', 'hodoku'].includes(k))];
  for (const key of keys) {
    const v = r[key];
    if (key === 'puzzle' || key === 'status' || v === undefined) continue;
    if (v && v.error) row(key, `${v.error.code}: ${v.error.message}`);
    else if (key === 'se_rating') row('ER / EP / ED', `${v.er} / ${v.ep} / ${v.ed}`);
    else if (key === 'hodoku') row('HoDoKu', `${v.level} (score ${v.score})`);
    else if (v && v.mean !== undefined) row(key, `${v.mean.toFixed(2)} ± ${v.stderr.toFixed(2)}`);
    else row(key, String(v));
  }
  say('Rated.');
}

// A band in words: `se-rating=4.0..5.0` (or the server's `se-rating:budget=1000000000=4..5`)
// is "ER 4.0–5.0", `hodoku=hard` "HoDoKu level Hard", `hodoku=easy..medium` "HoDoKu levels
// Easy to Medium": the rating's settings are the server's business, not the reader's.
function bandWords(band) {
  const eq = band.lastIndexOf('=');
  if (eq < 0) return band;
  const name = band.slice(0, eq).split(/[:=]/)[0];
  const [lo, hi = lo] = band.slice(eq + 1).split('..');
  if (name === 'hodoku') {
    const level = (l) => l.charAt(0).toUpperCase() + l.slice(1);
    return lo === hi ? `HoDoKu level ${level(lo)}` : `HoDoKu levels ${level(lo)} to ${level(hi)}`;
  }
  if (name === 'se-rating') {
    const er = (x) => (Number.isNaN(Number(x)) ? x : Number(x).toFixed(1));
    return `ER ${er(lo)}–${er(hi)}`;
  }
  return `${name} ${lo}–${hi}`;
}

// The generated puzzle's rating in words.
function bandValue(line) {
  if (line.se_rating) return `ER ${line.se_rating.er}`;
  if (line.hodoku) return `HoDoKu level ${line.hodoku.level} (score ${line.hodoku.score})`;
  return '';
}

// Why a search ended without a puzzle, its band in words.
function generateProblem(line) {
  const message = line.error ? line.error.message : line.message || line.status;
  const text = line.target ? message.split(line.target).join(bandWords(line.target)) : message;
  return /^no puzzle/i.test(text) ? `N${text.slice(1)}.` : `No puzzle: ${text}.`;
}

async function generate() {
  if (state.generating) return;
  const ctrl = new AbortController();
  state.generating = ctrl;
  $('generate').disabled = true;
  $('stop').disabled = false;
  const band = $('band').value;
  const needs = $('needs').value.trim();
  const seed = Math.floor(Math.random() * 2 ** 32);
  $('progress').textContent = `Searching for a puzzle of ${bandWords(band)}…`;
  try {
    const res = await fetch('/api/generate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ band, symmetry: $('symmetry').value, seed, needs: needs ? [needs] : [] }),
      signal: ctrl.signal,
    });
    if (!res.body || !res.ok) {
      const r = await res.json();
      $('progress').textContent = generateProblem(r);
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (!line.status) {
          $('progress').textContent = `${line.tries} random puzzles tried (${line.elapsed_s.toFixed(1)} s)…`;
        } else if (line.status === 'ok') {
          // Technique practice: the puzzle, or the position just before the technique.
          const atStep = line.first_use && $('at-step').checked;
          $('input').value = atStep ? line.first_use.marks : line.puzzle;
          if (atStep) await load(line.first_use.marks);
          else loadGrid(fromText(line.puzzle));
          const value = bandValue(line);
          const symmetric = line.symmetry && line.symmetry !== 'none' ? `, ${line.symmetry} symmetric` : '';
          $('progress').textContent = `Found after ${line.tries} tries: ${value ? `${value}, ` : ''}` +
            `${line.clues} clues${symmetric} (asked for ${bandWords(band)}; seed ${line.seed})` +
            (line.first_use ? `; it takes ${line.needs.map((n) => n.split(':')[1]).join(', ')} at step ${line.first_use.step + 1}` +
              (atStep ? ', shown just before it.' : '.') : '.');
        } else {
          $('progress').textContent = generateProblem(line);
        }
      }
    }
  } catch (e) {
    $('progress').textContent = e.name === 'AbortError' ? 'Stopped.' : `Failed: ${e.message}`;
  } finally {
    state.generating = null;
    $('generate').disabled = false;
    $('stop').disabled = true;
  }
}

async function canon() {
  const r = await api('/api/canon', { puzzle: gridText(state.givens) });
  if (r.status !== 'ok') return say(problem(r), true);
  $('canonical').textContent = r.canonical;
  $('copy-canon').disabled = false;
  say(`Canonical form shown (${r.automorphisms} automorphism${r.automorphisms === 1 ? '' : 's'}).`);
}

// ---- copy and save ----

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} copied.`);
  } catch (e) {
    $('input').value = text;
    say(`${what} is in the text box (the clipboard is not available here).`);
  }
}

function save(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- input ----

function cellFromEvent(ev) {
  const hit = ev.target.closest('[data-hit]');
  return hit ? Number(hit.dataset.hit) : null;
}

const busy = (fn) => async () => {
  try {
    await fn();
  } catch (e) {
    say(`Failed: ${e.message}`, true);
  }
};

function keydown(ev) {
  const t = ev.target;
  if (ev.key === 'Escape') {
    if (state.preview) closePreview();
    return;
  }
  if (t.closest && t.closest('input, textarea, select')) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) {
    const k = ev.key.toLowerCase();
    if ((ev.ctrlKey || ev.metaKey) && (k === 'y' || (k === 'z' && ev.shiftKey))) {
      ev.preventDefault();
      redo();
    } else if ((ev.ctrlKey || ev.metaKey) && k === 'z') {
      ev.preventDefault();
      undo();
    }
    return;
  }
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  if (moves[ev.key] !== undefined) {
    ev.preventDefault();
    const r = Math.floor(state.sel / 9), c = state.sel % 9;
    const nr = (r + (ev.key === 'ArrowUp' ? 8 : ev.key === 'ArrowDown' ? 1 : 0)) % 9;
    const nc = (c + (ev.key === 'ArrowLeft' ? 8 : ev.key === 'ArrowRight' ? 1 : 0)) % 9;
    state.sel = nr * 9 + nc;
    render();
    // Focus follows the selection when it is on the board (or nowhere in particular).
    if (t === document.body || t === $('board')) focusCell();
    return;
  }
  const code = /^(Digit|Numpad)([0-9])$/.exec(ev.code || '');
  const digit = code ? Number(code[2]) : /^[0-9]$/.test(ev.key) ? Number(ev.key) : null;
  if (digit !== null) {
    ev.preventDefault();
    if (digit === 0) return place(state.sel, 0);
    if (ev.shiftKey || $('pencil').checked) toggleMark(state.sel, digit);
    else place(state.sel, digit);
    return;
  }
  const key = ev.key.toLowerCase();
  const actions = {
    backspace: () => place(state.sel, 0),
    delete: () => place(state.sel, 0),
    p: () => {
      $('pencil').checked = !$('pencil').checked;
      render();
      say($('pencil').checked ? 'Pencil marks: digits toggle marks.' : 'Digits: digits are placed.');
    },
    k: () => playing() && colour(),
    f: () => playing() && setFilter(state.values[state.sel] === state.filter ? 0 : state.values[state.sel]),
    m: () => setMarks(!$('show-marks').checked),
    '[': () => stepChain(-1),
    ']': () => stepChain(1),
    h: busy(() => hint()),
    '+': busy(() => hint(true)),
    a: apply,
    u: undo,
    c: busy(check),
    e: busy(explain),
    r: () => {
      const other = style() === 'explainer' ? 'hodoku' : 'explainer';
      document.querySelector(`input[name=style][value=${other}]`).checked = true;
      switchedRuleset();
    },
  };
  if (actions[key]) {
    ev.preventDefault();
    actions[key]();
  }
}

function closePreview() {
  state.preview = null;
  state.chain = 0;
  render();
}

function switchedRuleset() {
  state.hint = null;
  state.chain = 0;
  $('hint-text').textContent = '';
  say(`Ruleset: ${style() === 'hodoku' ? 'HoDoKu' : 'Sudoku Explainer'}.`);
  render();
}

function init() {
  $('board').addEventListener('click', (ev) => {
    const i = cellFromEvent(ev);
    if (i === null) return;
    state.sel = i;
    render();
    focusCell();
  });
  // The board itself passes its focus on to the cell selected.
  $('board').addEventListener('focus', focusCell);
  document.addEventListener('keydown', keydown);
  $('load').addEventListener('click', busy(() => load($('input').value)));
  $('file').addEventListener('change', busy(async () => {
    const f = $('file').files[0];
    if (f) await load(await f.text());
    $('file').value = '';
  }));
  $('set-puzzle').addEventListener('click', () => loadGrid([...state.values]));
  $('clear').addEventListener('click', () => loadGrid(new Array(81).fill(0)));
  $('hint').addEventListener('click', busy(() => hint()));
  $('more').addEventListener('click', busy(() => hint(true)));
  $('apply').addEventListener('click', apply);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('print').addEventListener('click', () => window.print());
  $('pause').addEventListener('click', () => pause());
  $('resume').addEventListener('click', () => pause(false));
  $('fill').addEventListener('click', fillCandidates);
  $('filter').addEventListener('change', () => setFilter(Number($('filter').value)));
  $('pad').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (!b) return;
    if (b.dataset.digit) {
      const d = Number(b.dataset.digit);
      if ($('pencil').checked) toggleMark(state.sel, d);
      else place(state.sel, d);
    } else if (b.dataset.colour) colour(Number(b.dataset.colour));
    else if (b.id === 'erase') place(state.sel, 0);
    else if (b.id === 'pad-pencil') {
      $('pencil').checked = !$('pencil').checked;
      render();
    }
  });
  $('pencil').addEventListener('change', render);
  document.querySelectorAll('input[name=mode]').forEach((r) => r.addEventListener('change', () => setMode(r.value)));
  document.addEventListener('visibilitychange', () => {
    syncClock();
    keep();
  });
  window.addEventListener('pagehide', keep);
  let shown = '';
  setInterval(() => {
    syncClock();
    // The time saved as it goes (each second it runs).
    if (state.clock.since !== null && $('timer').textContent !== shown) keep();
    shown = $('timer').textContent;
  }, 250);
  $('check').addEventListener('click', busy(check));
  $('explain').addEventListener('click', busy(explain));
  $('path').addEventListener('click', (ev) => {
    const li = ev.target.closest('li');
    if (li) showPathStep([...li.parentNode.children].indexOf(li));
  });
  $('preview-close').addEventListener('click', closePreview);
  $('chain-prev').addEventListener('click', () => stepChain(-1));
  $('chain-next').addEventListener('click', () => stepChain(1));
  $('show-marks').addEventListener('change', () => setMarks($('show-marks').checked));
  $('rate').addEventListener('click', busy(rate));
  $('generate').addEventListener('click', busy(generate));
  $('stop').addEventListener('click', () => state.generating && state.generating.abort());
  $('canon').addEventListener('click', busy(canon));
  $('copy-canon').addEventListener('click', () => copy($('canonical').textContent, 'Canonical form'));
  $('copy-puzzle').addEventListener('click', () => copy(gridText(state.givens), 'Puzzle'));
  $('copy-marks').addEventListener('click', () => copy(marksText(state.values, state.elim), 'Pencil marks'));
  $('save-puzzle').addEventListener('click', () => save(`${gridText(state.givens)}\n`, 'puzzle.txt', 'text/plain'));
  $('save-marks').addEventListener('click', () => save(`${marksText(state.values, state.elim)}\n`, 'marks.txt', 'text/plain'));
  $('save-picture').addEventListener('click', () => state.hint && state.hint.svg && save(state.hint.svg, 'step.svg', 'image/svg+xml'));
  document.querySelectorAll('input[name=style]').forEach((r) => r.addEventListener('change', switchedRuleset));
  const restored = restore();
  document.body.classList.toggle('play', playing());
  document.querySelector(`input[name=mode][value=${state.mode}]`).checked = true;
  syncClock();
  render();
  if (restored) {
    const filled = state.values.filter(Boolean).length;
    say(`Your game is back: ${filled} of 81 cells filled` + (playing() ? `, ${mmss(elapsed())} played.` : '.'));
  } else {
    say('Paste or open a puzzle, type digits on the board, or generate one.');
  }
}

init();
