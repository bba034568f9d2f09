// Browser tests of the page's play mode: the timer, the player's own digits, pencil marks and
// colours, the highlight, check, hints, undo and redo, the game kept in the browser, print, a
// phone-sized screen and the keyboard alone. `cargo xtask e2e` starts the server and sets
// SUDOKU_SERVE_URL; with SUDOKU_SCREENSHOT (docs/serve.png) set, play mode is saved next to it
// as serve-play.png and the phone-sized page as serve-phone.png.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { URL, launch } from './browser.js';

const SHOTS = process.env.SUDOKU_SCREENSHOT;
const shot = (suffix) => SHOTS && SHOTS.replace(/(\.png)?$/, `-${suffix}.png`);
// Sudoku Explainer's first step is a hidden single (E3=8).
const XY_WING = '8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2';
const COLS = 'ABCDEFGHI';
const index = (name) => (Number(name[1]) - 1) * 9 + COLS.indexOf(name[0]);
const nameOf = (i) => COLS[i % 9] + (Math.floor(i / 9) + 1);

let browser;
let page;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

async function open(viewport = { width: 1200, height: 860 }) {
  if (page) await page.context().close();
  const context = await browser.newContext({ viewport });
  page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  await page.goto(URL);
}

beforeEach(() => open());

async function loadPuzzle(text) {
  await page.fill('#input', text);
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Loaded'));
}

async function play(puzzle = XY_WING) {
  await page.check('input[name=mode][value=play]');
  if (puzzle) await loadPuzzle(puzzle);
}

// The puzzle's solution, from the server (the solving path's record holds it).
async function solution(puzzle) {
  const r = await page.request.post(new globalThis.URL('/api/explain', URL).href, { data: { puzzle } });
  return (await r.json()).solution;
}

const cell = (name) => page.locator(`#board g[data-cell="${name}"]`);
const digit = async (name) => {
  const t = cell(name).locator('text.digit');
  return (await t.count()) ? t.textContent() : '';
};
const marks = (name) => cell(name).locator('text.mark').allTextContents();
const message = () => page.locator('#message').textContent();
const clickCell = (name) => page.locator(`#board rect.cell-hit[data-hit="${index(name)}"]`).click();
const timer = () => page.locator('#timer').textContent();
const seconds = async () => {
  const [m, s] = (await timer()).split(':').map(Number);
  return m * 60 + s;
};
const focused = () => page.evaluate(() => document.activeElement.getAttribute('aria-label'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('play mode: the timer runs from a new game, pauses on the button and when the tab is hidden', async () => {
  assert.equal(await page.locator('#timer').isVisible(), false, 'no timer in analysis mode');
  await play();
  assert.equal(await page.locator('#timer').isVisible(), true);
  assert.match(await timer(), /^00:0[01]$/);
  await page.waitForFunction(() => document.getElementById('timer').textContent === '00:02', null, { timeout: 5000 });
  // The pause button stops it and hides the board.
  await clickCell('B1');
  await page.click('#pause');
  assert.equal(await page.locator('#paused').isVisible(), true);
  assert.equal(await page.locator('#pause').getAttribute('aria-pressed'), 'true');
  const stopped = await timer();
  await page.keyboard.press('5');
  assert.equal(await digit('B1'), '', 'no input while paused');
  await sleep(1500);
  assert.equal(await timer(), stopped);
  await page.click('#resume');
  assert.equal(await page.locator('#paused').isVisible(), false);
  await page.waitForFunction((t) => document.getElementById('timer').textContent !== t, stopped, { timeout: 3000 });
  // A hidden tab stops it too, and it goes on when the tab is shown again.
  const visibility = (state) => page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
  await visibility('hidden');
  const hidden = await timer();
  await sleep(1500);
  assert.equal(await timer(), hidden);
  await visibility('visible');
  await page.waitForFunction((t) => document.getElementById('timer').textContent !== t, hidden, { timeout: 3000 });
  // A new game starts at 00:00.
  await loadPuzzle(XY_WING);
  assert.match(await timer(), /^00:0[01]$/);
});

test('play mode: the highlight marks every cell holding or allowing a digit', async () => {
  await play();
  await page.selectOption('#filter', '8');
  const expected = [];
  for (let i = 0; i < 81; i++) {
    const peers = [];
    for (let j = 0; j < 81; j++) {
      const same = Math.floor(i / 9) === Math.floor(j / 9) || i % 9 === j % 9
        || (Math.floor(i / 27) === Math.floor(j / 27) && Math.floor((i % 9) / 3) === Math.floor((j % 9) / 3));
      if (same && j !== i) peers.push(j);
    }
    if (XY_WING[i] === '8' || (XY_WING[i] === '.' && !peers.some((p) => XY_WING[p] === '8'))) expected.push(nameOf(i));
  }
  const lit = () => page.locator('#board g.cell.lit').evaluateAll((gs) => gs.map((g) => g.dataset.cell));
  assert.deepEqual(await lit(), expected);
  assert.ok(expected.length > 6 && expected.length < 30, `${expected.length} cells`);
  // A cell whose pencil marks leave 8 out no longer allows it.
  const open8 = expected.find((n) => XY_WING[index(n)] === '.');
  await clickCell(open8);
  await page.keyboard.press('Shift+1');
  assert.ok(!(await lit()).includes(open8), `${open8} has only the mark 1`);
  await page.keyboard.press('Shift+8');
  assert.ok((await lit()).includes(open8), `${open8} has 8 among its marks`);
  // F highlights the digit of the cell selected (A1 holds 8); F on an empty cell, none.
  await page.selectOption('#filter', '0');
  assert.equal(await page.locator('#board g.cell.lit').count(), 0);
  await clickCell('A1');
  await page.keyboard.press('f');
  assert.equal(await page.inputValue('#filter'), '8');
  assert.deepEqual(await lit(), expected);
  await clickCell('B1');
  await page.keyboard.press('f');
  assert.equal(await page.locator('#board g.cell.lit').count(), 0);
});

test('play mode: cells are coloured and uncoloured, one colour at a time', async () => {
  await play();
  await clickCell('B1');
  await page.click('#swatches .swatch[data-colour="1"]');
  assert.equal(await cell('B1').getAttribute('data-colour'), 'red');
  assert.match(await cell('B1').getAttribute('aria-label'), /, red$/);
  await page.click('#swatches .swatch[data-colour="3"]');
  assert.equal(await cell('B1').getAttribute('data-colour'), 'blue');
  await page.click('#swatches .swatch[data-colour="3"]'); // the same colour again: off
  assert.equal(await cell('B1').getAttribute('data-colour'), null);
  // K goes through the colours in turn; givens take colours too.
  await clickCell('A1');
  for (const c of ['red', 'orange', 'blue', 'violet']) {
    await page.keyboard.press('k');
    assert.equal(await cell('A1').getAttribute('data-colour'), c);
  }
  await page.keyboard.press('k');
  assert.equal(await cell('A1').getAttribute('data-colour'), null);
  await page.keyboard.press('Control+z');
  assert.equal(await cell('A1').getAttribute('data-colour'), 'violet', 'undo brings a colour back');
  await page.click('#swatches .swatch[data-colour="0"]');
  assert.equal(await page.locator('#board g.cell[data-colour]').count(), 0);
});

test('play mode: pencil marks by hand or filled on request; a digit takes its marks out of its peers', async () => {
  await play();
  await clickCell('B1');
  assert.deepEqual(await marks('B1'), [], 'no marks until written');
  await page.keyboard.press('Shift+2');
  await page.keyboard.press('Shift+5');
  assert.deepEqual(await marks('B1'), ['2', '5']);
  await page.keyboard.press('Shift+2');
  assert.deepEqual(await marks('B1'), ['5']);
  // The pencil toggle (P, or the pad's button) makes digits marks.
  await page.keyboard.press('p');
  assert.equal(await page.locator('#pad-pencil').getAttribute('aria-pressed'), 'true');
  await page.click('#pad button[data-digit="7"]');
  assert.deepEqual(await marks('B1'), ['5', '7']);
  await page.click('#pad-pencil');
  await page.click('#pad button[data-digit="7"]');
  assert.equal(await digit('B1'), '7');
  await page.click('#erase');
  assert.equal(await digit('B1'), '');
  assert.deepEqual(await marks('B1'), ['5', '7'], 'the marks come back with the cell cleared');
  // Fill candidates: every empty cell's, as the server's rules leave them.
  await page.click('#fill');
  assert.deepEqual(await marks('B1'), ['1', '2', '5']);
  assert.deepEqual(await marks('C1'), ['1', '2', '3', '5', '7']);
  assert.equal(await page.locator('#board text.mark').count() > 150, true);
  await clickCell('B1');
  await page.keyboard.press('1');
  assert.deepEqual(await marks('C1'), ['2', '3', '5', '7'], 'the 1 placed in B1 leaves C1\'s marks');
});

test('the modes share the board: play mode\'s marks are the analysis page\'s candidates', async () => {
  await play();
  await clickCell('B1');
  await page.keyboard.press('Shift+1');
  await page.keyboard.press('Shift+5');
  await page.keyboard.press('3');
  await page.check('input[name=mode][value=analyse]');
  assert.equal(await page.locator('#timer').isVisible(), false);
  assert.equal(await page.locator('#explain').isVisible(), true, 'the analysis panels are back');
  assert.equal(await digit('B1'), '3');
  await clickCell('B1');
  await page.keyboard.press('Backspace');
  await page.check('#show-marks');
  assert.deepEqual(await marks('B1'), ['1', '5'], 'the marks left out are crossed out');
  assert.deepEqual(await marks('C1'), ['1', '2', '3', '5', '7']);
  await page.check('input[name=mode][value=play]');
  assert.deepEqual(await marks('B1'), ['1', '5']);
  assert.deepEqual(await marks('C1'), [], 'no marks where the player wrote none');
  assert.equal(await page.locator('#explain').isVisible(), false);
});

test('play mode: check marks a wrong digit and says so', async () => {
  await play();
  const solved = await solution(XY_WING);
  // A wrong digit that clashes with no given: one of B1's candidates (1, 2, 5).
  const wrong = ['1', '2', '5'].find((d) => d !== solved[1]);
  await clickCell('B1');
  await page.keyboard.press(wrong);
  await clickCell('C1');
  await page.keyboard.press(solved[2]);
  await page.click('#check');
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Check'));
  assert.match(await message(), new RegExp(`^Check: 1 mistake found, marked red; 1 entries contradict the solution: B1=${wrong}\\.$`));
  assert.equal(await cell('B1').locator('rect.bg.wrong').count(), 1);
  assert.equal(await cell('B1').locator('text.digit.wrong').count(), 1);
  assert.equal(await cell('C1').locator('rect.bg.wrong').count(), 0, 'a right digit is not marked');
  assert.equal(await cell('B1').getAttribute('aria-label'), `row 1 column 2, ${wrong}, marked wrong`);
  assert.equal(await page.locator('#message').getAttribute('role'), 'status');
});

test('play mode: graded hints, then apply', async () => {
  await play();
  await page.selectOption('#hint-detail', 'technique');
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-text').textContent === 'Hidden Single');
  await page.click('#more');
  await page.waitForFunction(() => document.getElementById('hint-text').textContent === 'Hidden Single in box 2');
  assert.equal(await page.locator('#board g.cell.unit').count(), 9);
  await page.click('#more');
  await page.waitForFunction(() => document.getElementById('hint-text').textContent.includes('E3=8'));
  assert.equal(await page.locator('#board circle.cand.place[data-cand="E3=8"]').count(), 1);
  await page.click('#apply');
  assert.equal(await digit('E3'), '8');
  // The hint reads the player's marks: marks that leave out a candidate cross it out.
  await page.selectOption('#hint-detail', 'full');
  await page.click('#fill');
  await page.click('#hint');
  await page.waitForFunction(() => /difficulty/.test(document.getElementById('hint-text').textContent));
  assert.equal(await page.locator('#apply').isDisabled(), false);
});

test('play mode: undo and redo go over digits, pencil marks and colours', async () => {
  await play();
  await clickCell('B1');
  await page.keyboard.press('5');
  await clickCell('C1');
  await page.keyboard.press('Shift+3');
  await page.keyboard.press('k');
  const state = async () => [await digit('B1'), (await marks('C1')).join(''), await cell('C1').getAttribute('data-colour')];
  assert.deepEqual(await state(), ['5', '3', 'red']);
  assert.equal(await page.locator('#redo').isDisabled(), true);
  await page.keyboard.press('Control+z');
  assert.deepEqual(await state(), ['5', '3', null]);
  await page.keyboard.press('Control+z');
  assert.deepEqual(await state(), ['5', '', null]);
  await page.click('#undo');
  assert.deepEqual(await state(), ['', '', null]);
  assert.equal(await page.locator('#undo').isDisabled(), true);
  await page.keyboard.press('Control+y');
  assert.deepEqual(await state(), ['5', '', null]);
  await page.keyboard.press('Control+Shift+z');
  assert.deepEqual(await state(), ['5', '3', null]);
  await page.click('#redo');
  assert.deepEqual(await state(), ['5', '3', 'red']);
  assert.equal(await page.locator('#redo').isDisabled(), true);
  // A new change after an undo drops what could have been redone.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Shift+7');
  assert.equal(await page.locator('#redo').isDisabled(), true);
  assert.deepEqual(await state(), ['5', '37', null]);
});

test('play mode: the game is kept in the browser and back after a reload', async () => {
  await play();
  await clickCell('B1');
  await page.keyboard.press('5');
  await clickCell('C1');
  await page.keyboard.press('Shift+3');
  await page.keyboard.press('Shift+9');
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await page.waitForFunction(() => document.getElementById('timer').textContent >= '00:02', null, { timeout: 5000 });
  const before = await seconds();
  await page.reload();
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Your game is back'));
  assert.match(await message(), /^Your game is back: 31 of 81 cells filled, \d\d:\d\d played\.$/);
  assert.equal(await page.locator('input[name=mode][value=play]').isChecked(), true);
  assert.equal(await page.locator('#board text.digit.given').count(), 30);
  assert.equal(await digit('B1'), '5');
  assert.equal(await cell('B1').locator('text.digit.entry').count(), 1);
  assert.deepEqual(await marks('C1'), ['3', '9']);
  assert.equal(await cell('C1').getAttribute('data-colour'), 'orange');
  assert.ok(await seconds() >= before, `${await timer()} after ${before} s`);
  await page.waitForFunction((t) => document.getElementById('timer').textContent !== t, await timer(), { timeout: 3000 });
  if (SHOTS) {
    // The picture for docs/serve.md: a game under way, some marks, colours and a highlight.
    await page.click('#fill');
    for (const [name, d] of [['E3', '8'], ['I5', '1']]) {
      await clickCell(name);
      await page.keyboard.press(d);
    }
    for (const name of ['B1', 'G4']) {
      await clickCell(name);
      await page.keyboard.press('k');
      await page.keyboard.press('k');
      await page.keyboard.press('k');
    }
    await page.selectOption('#filter', '8');
    await clickCell('C1');
    await page.screenshot({ path: shot('play'), fullPage: true });
  }
});

test('play mode: the keyboard alone solves a nearly solved puzzle, and the cells speak', async () => {
  const solved = await solution(XY_WING);
  // Three cells open: A1 (row 1 column 1), E5 (row 5 column 5), I9 (row 9 column 9).
  const open = [0, 40, 80];
  const puzzle = [...solved].map((ch, i) => (open.includes(i) ? '.' : ch)).join('');
  await play(puzzle);
  // From the top of the page: the mode switch, the ruleset switch, then the board.
  await page.click('h1');
  for (let k = 0; k < 6 && !/^row /.test((await focused()) || ''); k++) await page.keyboard.press('Tab');
  assert.equal(await focused(), 'row 1 column 1, empty', 'Tab reaches the board\'s selected cell');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('role')), 'gridcell');
  // A pencil mark, then the digit.
  await page.keyboard.press(`Shift+${solved[0]}`);
  assert.equal(await focused(), `row 1 column 1, empty, candidates ${solved[0]}`);
  await page.keyboard.press(solved[0]);
  assert.equal(await focused(), `row 1 column 1, ${solved[0]}`);
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), `row 1 column 2, ${solved[1]}, given`);
  // To E5: four down, three more right; a wrong digit, cleared.
  for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowDown');
  for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 'row 5 column 5, empty');
  const wrong = solved[40] === '1' ? '2' : '1';
  await page.keyboard.press(wrong);
  assert.equal(await focused(), `row 5 column 5, ${wrong}`);
  await page.keyboard.press('Backspace');
  assert.equal(await focused(), 'row 5 column 5, empty');
  await page.keyboard.press(solved[40]);
  // Up and left wrap round the board: I9 is one up and one left of A1.
  for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowUp');
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowLeft');
  assert.match(await focused(), /^row 1 column 9, /);
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(), 'row 9 column 9, empty');
  await page.keyboard.press(solved[80]);
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Solved'));
  assert.match(await message(), /^Solved! Time: \d\d:\d\d\.$/);
  // Solved, the clock stops.
  const at = await timer();
  await sleep(1200);
  assert.equal(await timer(), at);
  // The buttons have names.
  const unnamed = await page.locator('button:visible').evaluateAll((bs) => bs.filter((b) => !(b.getAttribute('aria-label') || b.textContent.trim())).length);
  assert.equal(unnamed, 0);
});

test('play mode: a phone-sized screen shows the whole board, no sideways scroll, a digit pad', async () => {
  await open({ width: 375, height: 667 });
  await play();
  // At the top of the page (loading scrolled down to the Load button), the whole board in view.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 375, `board ${box.x}..${box.x + box.width}`);
  assert.ok(box.y >= 0 && box.y + box.height <= 667, `board ${box.y}..${box.y + box.height}`);
  assert.ok(box.width >= 330, `board ${box.width} wide`);
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(await sideways(), 0, 'no horizontal scroll');
  // The pad's digits are there to tap, each wide and tall enough for a finger.
  for (let d = 1; d <= 9; d++) {
    const b = page.locator(`#pad button[data-digit="${d}"]`);
    await b.scrollIntoViewIfNeeded();
    const r = await b.boundingBox();
    assert.ok(r.width >= 30 && r.height >= 36 && r.x + r.width <= 375, `digit ${d}: ${JSON.stringify(r)}`);
  }
  await page.locator('#board').scrollIntoViewIfNeeded();
  await clickCell('B1');
  await page.click('#pad button[data-digit="5"]');
  assert.equal(await digit('B1'), '5');
  if (SHOTS) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shot('phone') });
  }
  // The analysis panels fit too.
  await page.check('input[name=mode][value=analyse]');
  assert.equal(await sideways(), 0, 'no horizontal scroll in analysis mode');
});

test('print: the Print button prints; the print style sheet keeps the grid alone', async () => {
  await play();
  await clickCell('B1');
  await page.keyboard.press('5');
  await page.evaluate(() => {
    window.printed = 0;
    window.print = () => { window.printed += 1; };
  });
  await page.click('#print');
  assert.equal(await page.evaluate(() => window.printed), 1);
  await page.emulateMedia({ media: 'print' });
  for (const id of ['right', 'pad', 'play-bar', 'message', 'input']) {
    assert.equal(await page.locator(`#${id}`).isVisible(), false, `#${id} is not printed`);
  }
  assert.equal(await page.locator('header').isVisible(), false);
  assert.equal(await page.locator('#board').isVisible(), true);
  assert.equal(await page.locator('#board rect.sel').isVisible(), false, 'no selection ring on paper');
  assert.equal(await digit('B1'), '5');
  await page.emulateMedia({ media: 'screen' });
  assert.equal(await page.locator('#pad').isVisible(), true);
});
