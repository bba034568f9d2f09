// Browser tests of `sudoku serve`'s page: Debian's Chromium driven by playwright-core.
// `cargo xtask e2e` starts the server and sets SUDOKU_SERVE_URL; SUDOKU_SCREENSHOT, when set,
// is where the page with a hint shown is saved (docs/serve.png).
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { URL, launch } from './browser.js';

// Sudoku Explainer's first step is a hidden single (E3=8), HoDoKu's a naked single (r5c9=1);
// the puzzle rates 4.2/1.2/1.2 (its hardest step is an XY-wing).
const XY_WING = '8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2';
const INKALA = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
// Its ninth step (after singles, claimings, pointings and a naked pair) is a Forcing X-Chain,
// one chain: E5=2 -> H5<>2 -> H3=2 -> I1<>2 -> E1=2 -> E5<>2.
const X_CHAIN = '.6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...';

let browser;
let page;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

beforeEach(async () => {
  if (page) await page.context().close();
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  await page.goto(URL);
});

async function loadPuzzle(text) {
  await page.fill('#input', text);
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Loaded'));
}

const cellDigit = (name) => page.locator(`#board g[data-cell="${name}"] text.digit`);
const cellMarks = (name) => page.locator(`#board g[data-cell="${name}"] text.mark`).allTextContents();
const message = () => page.locator('#message');
// Clicks a cell (named as the API names it: column letter, row).
const clickCell = (name) => page.locator(`#board rect.cell-hit[data-hit="${(Number(name[1]) - 1) * 9 + 'ABCDEFGHI'.indexOf(name[0])}"]`).click();

async function askHint() {
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-text').textContent.length > 0);
  return page.locator('#hint-text').textContent();
}

test('a pasted puzzle shows its givens, and its pencil marks when asked', async () => {
  await loadPuzzle(XY_WING);
  assert.equal(await cellDigit('A1').textContent(), '8');
  assert.equal(await page.locator('#board text.digit.given').count(), 30);
  assert.match(await message().textContent(), /30 givens/);
  await page.check('#show-marks');
  // B1's pencil marks: the digits its row, column and box leave.
  assert.deepEqual(await cellMarks('B1'), ['1', '2', '5']);
});

test('candidates are hidden until asked for, a hint or a crossed-out mark', async () => {
  const marks = () => page.locator('#board text.mark').count();
  assert.equal(await page.locator('#show-marks').isChecked(), false);
  assert.equal(await marks(), 0, 'an empty board shows no candidates');
  await page.check('#show-marks');
  assert.equal(await marks(), 729, 'asked for: all of them');
  await page.locator('#board').focus();
  await page.keyboard.press('m');
  assert.equal(await marks(), 0, 'M hides them');
  await loadPuzzle(XY_WING);
  assert.equal(await marks(), 0, 'a fresh puzzle shows none');
  // A hint is about candidates: they are shown with it.
  await askHint();
  assert.equal(await page.locator('#show-marks').isChecked(), true);
  assert.deepEqual(await cellMarks('B1'), ['1', '2', '5']);
  await loadPuzzle(XY_WING);
  assert.equal(await marks(), 0, 'shown by a hint, hidden again for the next puzzle');
  // The first crossed-out mark shows them, that one crossed out.
  await clickCell('B1');
  await page.keyboard.press('Shift+2');
  assert.equal(await page.locator('#show-marks').isChecked(), true);
  assert.deepEqual(await cellMarks('B1'), ['1', '5']);
  assert.match(await message().textContent(), /2 crossed out in B1: candidates shown/);
  // Asked for, they stay for the next puzzle.
  await page.uncheck('#show-marks');
  await page.check('#show-marks');
  await loadPuzzle(XY_WING);
  assert.deepEqual(await cellMarks('B1'), ['1', '2', '5']);
  await page.uncheck('#show-marks');
  // Pencil marks loaded with one crossed out (A1's 2) are shown.
  await loadPuzzle(`1.3456789${'123456789'.repeat(80)}`);
  assert.equal(await marks(), 728);
  assert.deepEqual(await cellMarks('A1'), ['1', '3', '4', '5', '6', '7', '8', '9']);
});

test('coordinates around the board in the ruleset\'s notation', async () => {
  const labels = (kind) => page.locator(`#board text.label.${kind}`).allTextContents();
  const label = (kind, text) => page.locator(`#board text.label.${kind}`).filter({ hasText: new RegExp(`^${text}$`) });
  const center = async (loc) => {
    const b = await loc.boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  // The candidate `cand` lies below the column label `col` and right of the row label `row`.
  const labelled = async (cand, col, row) => {
    const [x, y] = await center(page.locator(`#board circle[data-cand="${cand}"]`));
    const [cx] = await center(label('col', col));
    const [, ry] = await center(label('row', row));
    assert.ok(Math.abs(x - cx) < 25, `${cand} is in column ${col}`);
    assert.ok(Math.abs(y - ry) < 25, `${cand} is in row ${row}`);
  };
  assert.deepEqual(await labels('col'), [...'ABCDEFGHI']);
  assert.deepEqual(await labels('row'), [...'123456789']);
  await loadPuzzle(XY_WING);
  assert.match(await askHint(), /=> E3=8/);
  await labelled('E3=8', 'E', '3');
  // HoDoKu names rows and columns r1..r9, c1..c9: the labels follow the ruleset.
  await page.check('input[name=style][value=hodoku]');
  assert.deepEqual(await labels('col'), ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']);
  assert.deepEqual(await labels('row'), ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9']);
  assert.match(await askHint(), /Naked Single: r5c9=1/);
  await labelled('I5=1', 'c9', 'r5');
  // The page's own messages name cells the same way.
  await clickCell('A1');
  await page.keyboard.press('4');
  assert.match(await message().textContent(), /r1c1 is a given/);
  await page.keyboard.press('r');
  assert.deepEqual(await labels('col'), [...'ABCDEFGHI']);
  assert.deepEqual(await labels('row'), [...'123456789']);
});

test('hint shows the step on the board and in words; apply and undo', async () => {
  await loadPuzzle(XY_WING);
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-text').textContent.length > 0);
  assert.match(await page.locator('#hint-text').textContent(), /Hidden Single: 8 in box 2 => E3=8/);
  // The placement is ringed, its box shaded, its cell marked as the pattern's.
  assert.equal(await page.locator('#board circle.cand.place[data-cand="E3=8"]').count(), 1);
  assert.equal(await page.locator('#board g.cell.pat[data-cell="E3"]').count(), 1);
  assert.equal(await page.locator('#board g.cell.unit').count(), 9);
  await page.click('#apply');
  assert.equal(await cellDigit('E3').textContent(), '8');
  assert.equal(await page.locator('#board g.cell.pat').count(), 0, 'the hint is gone once played');
  await page.click('#undo');
  assert.equal(await cellDigit('E3').count(), 0);
  assert.equal(await page.locator('#undo').isDisabled(), true);
});

test('a graded hint tells the technique, then where, then what, then all; More asks again', async () => {
  await loadPuzzle(XY_WING);
  await page.selectOption('#hint-detail', 'technique');
  assert.equal(await askHint(), 'Hidden Single');
  assert.equal(await page.locator('#board g.cell.pat').count(), 0, 'no cell told yet');
  assert.equal(await page.locator('#board g.cell.unit').count(), 0);
  assert.equal(await page.locator('#apply').isDisabled(), true, 'nothing to play yet');
  const more = async (expect) => {
    await page.click('#more');
    await page.waitForFunction((t) => document.getElementById('hint-text').textContent.includes(t), expect);
    return page.locator('#hint-text').textContent();
  };
  // Where: the box, not the cell (a single's cell would give it away), and no digit.
  assert.equal(await more(' in box 2'), 'Hidden Single in box 2');
  assert.equal(await page.locator('#board g.cell.unit').count(), 9);
  assert.equal(await page.locator('#board circle.cand').count(), 0, 'no digit ringed');
  // What: the placement, ringed, and now it can be played.
  assert.equal(await more('E3=8'), 'Hidden Single in box 2: E3=8');
  assert.equal(await page.locator('#board circle.cand.place[data-cand="E3=8"]').count(), 1);
  assert.equal(await page.locator('#apply').isDisabled(), false);
  // All: the step as the full hint writes it; nothing more to ask.
  assert.match(await more('difficulty'), /Hidden Single: 8 in box 2 => E3=8\n\(difficulty 1\.2\)/);
  assert.equal(await page.locator('#more').isDisabled(), true);
  // The key + asks for more too: a fresh vague hint, then + once.
  await page.selectOption('#hint-detail', 'cells');
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-text').textContent === 'Hidden Single in box 2');
  await page.locator('#board').focus();
  await page.keyboard.press('+');
  await page.waitForFunction(() => document.getElementById('hint-text').textContent.includes('E3=8'));
  await page.click('#apply');
  assert.equal(await cellDigit('E3').textContent(), '8');
});

test('the ruleset switch asks HoDoKu for its next step', async () => {
  await loadPuzzle(XY_WING);
  await page.check('input[name=style][value=hodoku]');
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-text').textContent.length > 0);
  assert.match(await page.locator('#hint-text').textContent(), /Naked Single: r5c9=1\n\(score 4\)/);
  assert.equal(await page.locator('#board circle.cand.place[data-cand="I5=1"]').count(), 1);
  // And the key R switches back.
  await page.locator('#board').focus();
  await page.keyboard.press('r');
  assert.equal(await page.locator('input[name=style][value=explainer]').isChecked(), true);
});

test('a forcing-chain hint draws one chain at a time, stepped through', async () => {
  await loadPuzzle(INKALA);
  assert.match(await askHint(), /Forcing Chains/);
  assert.equal(await page.locator('#chain-nav').isHidden(), false);
  const n = Number(/^Chain 1 of (\d+)$/.exec(await page.locator('#chain-count').textContent())[1]);
  assert.ok(n >= 2, `${n} chains`);
  assert.equal(await page.locator('#chain-prev').isDisabled(), true);
  const seen = new Set();
  for (let k = 1; k <= n; k++) {
    assert.equal(await page.locator('#chain-count').textContent(), `Chain ${k} of ${n}`);
    const text = await page.locator('#chain-text').textContent();
    seen.add(text);
    // Every link drawn is one of this chain's.
    const drawn = await page.locator('#board path.link').evaluateAll((ps) => ps.map((p) => [p.dataset.from, p.dataset.to]));
    assert.ok(drawn.length >= 1, `chain ${k} drawn`);
    for (const [from, to] of drawn) {
      assert.ok(text.includes(from) && text.includes(to), `${from} -> ${to} is not in chain ${k}: ${text}`);
    }
    assert.ok(await page.locator('#board circle.cand.elim').count() >= 1, 'the step\'s conclusion stays drawn');
    if (k === n) break;
    if (k % 2) await page.click('#chain-next');
    else await page.keyboard.press(']');
  }
  assert.equal(seen.size, n, 'each chain in turn');
  assert.equal(await page.locator('#chain-next').isDisabled(), true);
  await page.keyboard.press('[');
  assert.equal(await page.locator('#chain-count').textContent(), `Chain ${n - 1} of ${n}`);
  // The hint's text is the step; its chains are below the board, one at a time.
  assert.doesNotMatch(await page.locator('#hint-text').textContent(), /->/);
  // Applied, the hint and its controls are gone.
  await page.click('#apply');
  assert.equal(await page.locator('#chain-nav').isHidden(), true);
  assert.equal(await page.locator('#board path.link').count(), 0);
});

test('a hint of one chain draws it whole and writes it under the step', async () => {
  await loadPuzzle(X_CHAIN);
  let text = '';
  for (let k = 0; k < 20 && !text.includes('Forcing X-Chain'); k++) {
    if (k > 0) await page.keyboard.press('a');
    await page.locator('#board').focus();
    await page.keyboard.press('h');
    await page.waitForFunction(() => !document.getElementById('apply').disabled);
    text = await page.locator('#hint-text').textContent();
  }
  const chain = 'E5=2 -> H5<>2 -> H3=2 -> I1<>2 -> E1=2 -> E5<>2';
  assert.equal(text, `Forcing X-Chain: ${chain} => E5<>2\n(difficulty 6.6)\n${chain}`);
  assert.equal(await page.locator('#chain-nav').isHidden(), true, 'no controls for one chain');
  const drawn = await page.locator('#board path.link').evaluateAll((ps) => ps.map((p) => `${p.dataset.from} -> ${p.dataset.to}`));
  assert.deepEqual(drawn, ['E5=2 -> H5<>2', 'H5<>2 -> H3=2', 'H3=2 -> I1<>2', 'I1<>2 -> E1=2', 'E1=2 -> E5<>2']);
});

test('a step of the solving path with several chains is stepped through too', async () => {
  await loadPuzzle(X_CHAIN);
  await page.click('#explain');
  await page.waitForFunction(() => document.querySelectorAll('#path li').length > 0);
  await page.locator('#path li', { hasText: 'Nishio Forcing Chains' }).first().click();
  assert.equal(await page.locator('#chain-count').textContent(), 'Chain 1 of 2');
  for (const k of [1, 2]) {
    const text = await page.locator('#chain-text').textContent();
    const drawn = await page.locator('#board path.link').evaluateAll((ps) => ps.map((p) => [p.dataset.from, p.dataset.to]));
    assert.ok(drawn.length >= 1, `chain ${k} drawn`);
    for (const [from, to] of drawn) assert.ok(text.includes(from) && text.includes(to), `${from} -> ${to} in chain ${k}`);
    if (k === 1) await page.keyboard.press(']');
  }
  assert.equal(await page.locator('#chain-count').textContent(), 'Chain 2 of 2');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#chain-nav').isHidden(), true, 'back to the grid: no step, no chains');
});

test('keyboard: arrows, digits, pencil marks, delete and undo', async () => {
  await loadPuzzle(XY_WING);
  await clickCell('A1'); // a given
  await page.keyboard.press('ArrowRight'); // B1
  await page.keyboard.press('5');
  assert.equal(await cellDigit('B1').textContent(), '5');
  await page.keyboard.press('Backspace');
  assert.equal(await cellDigit('B1').count(), 0);
  await page.keyboard.press('p');
  await page.keyboard.press('2'); // cross out the mark 2 in B1
  const marks = await page.locator('#board g[data-cell="B1"] text.mark').allTextContents();
  assert.deepEqual(marks, ['1', '5']);
  await page.keyboard.press('Shift+2'); // Shift toggles too: back
  assert.deepEqual(await page.locator('#board g[data-cell="B1"] text.mark').allTextContents(), ['1', '2', '5']);
  await page.keyboard.press('u');
  await page.keyboard.press('u');
  assert.deepEqual(await page.locator('#board g[data-cell="B1"] text.mark').allTextContents(), ['1', '2', '5']);
  await page.keyboard.press('u'); // the Backspace undone: 5 again
  assert.equal(await cellDigit('B1').textContent(), '5');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('p');
  await page.keyboard.press('4');
  assert.match(await message().textContent(), /A1 is a given/);
});

test('check names a wrong entry', async () => {
  await loadPuzzle(XY_WING);
  await clickCell('B1');
  await page.keyboard.press('1'); // the solution has 7... any wrong digit
  await page.click('#check');
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Check'));
  const text = await message().textContent();
  const right = text.includes('no mistake');
  if (right) {
    // 1 happened to be right: try another digit.
    await page.keyboard.press('2');
    await page.click('#check');
    await page.waitForFunction(() => /contradict/.test(document.getElementById('message').textContent));
  }
  assert.match(await message().textContent(), /1 entries contradict the solution: B1=[12]/);
  assert.equal(await page.locator('#board g[data-cell="B1"] rect.bg.wrong').count(), 1);
  assert.equal(await message().getAttribute('class'), 'error');
});

test('the solving path lists every step and shows any on the board', async () => {
  await loadPuzzle(XY_WING);
  await page.click('#explain');
  await page.waitForFunction(() => document.querySelectorAll('#path li').length > 0);
  const steps = await page.locator('#path li').count();
  assert.ok(steps > 40, `${steps} steps`);
  assert.match(await page.locator('#path-summary').textContent(), /solved, ER\/EP\/ED 4\.2\/1\.2\/1\.2/);
  const xy = page.locator('#path li', { hasText: 'XY-Wing' }).first();
  await xy.click();
  assert.equal(await page.locator('#preview-banner').isHidden(), false);
  assert.ok(await page.locator('#board circle.cand.elim').count() >= 1);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#preview-banner').isHidden(), true);
});

test('ratings: ER/EP/ED, HoDoKu, and a catalogue rating on request', async () => {
  await loadPuzzle(XY_WING);
  await page.fill('#metrics', 'depth');
  await page.click('#rate');
  await page.waitForFunction(() => document.querySelectorAll('#ratings dt').length >= 3);
  const text = await page.locator('#ratings').textContent();
  assert.match(text, /ER \/ EP \/ ED4\.2 \/ 1\.2 \/ 1\.2/);
  assert.match(text, /HoDoKu(Easy|Medium|Hard|Unfair|Extreme) \(score \d+\)/);
  assert.match(text, /depth\d+/);
});

// Waits for the generate search to end; its last message.
async function generated() {
  await page.waitForFunction(() => /Found after|No puzzle/.test(document.getElementById('progress').textContent), null, { timeout: 60000 });
  return page.locator('#progress').textContent();
}

// The board's givens as 81 characters.
const boardGivens = () => page.evaluate(() => {
  let s = '';
  for (let r = 1; r <= 9; r++) {
    for (const c of 'ABCDEFGHI') {
      const t = document.querySelector(`#board g[data-cell="${c}${r}"] text.digit.given`);
      s += t ? t.textContent : '.';
    }
  }
  return s;
});

test('generate a puzzle in a band, with progress; the text box holds it', async () => {
  await loadPuzzle(XY_WING);
  assert.equal(await page.inputValue('#input'), XY_WING);
  await page.selectOption('#band', 'se-rating=1.0..1.5');
  await page.selectOption('#symmetry', 'half-turn');
  await page.click('#generate');
  const text = await generated();
  assert.match(text, /^Found after \d+ tries: ER 1\.\d, \d+ clues, half-turn symmetric \(asked for ER 1\.0–1\.5; seed \d+\)\.$/);
  assert.doesNotMatch(text, /budget|se-rating|=/, 'no internal settings in the message');
  assert.ok(await page.locator('#board text.digit.given').count() >= 17);
  assert.equal(await page.locator('#generate').isDisabled(), false);
  // The text box holds the generated puzzle, not the one loaded before.
  const puzzle = await page.inputValue('#input');
  assert.notEqual(puzzle, XY_WING);
  assert.equal(puzzle, await boardGivens());
});

test('a generated puzzle of a HoDoKu level is named in words', async () => {
  await page.selectOption('#band', 'hodoku=easy');
  assert.equal(await page.inputValue('#input'), '');
  await page.click('#generate');
  const text = await generated();
  assert.match(text, /^Found after \d+ tries: HoDoKu level Easy \(score \d+\), \d+ clues \(asked for HoDoKu level Easy; seed \d+\)\.$/);
  assert.doesNotMatch(text, /budget|hodoku[:=]|=/, 'no internal settings in the message');
  assert.equal(await page.inputValue('#input'), await boardGivens());
});

test('technique practice: a puzzle that needs a technique, opened just before it', async () => {
  await page.selectOption('#band', 'hodoku=hard');
  await page.fill('#needs', 'hodoku:Skyscraper');
  await page.check('#at-step');
  await page.click('#generate');
  const text = await generated();
  assert.match(text, /^Found after \d+ tries: HoDoKu level Hard \(score \d+\), \d+ clues \(asked for HoDoKu level Hard; seed \d+\); it takes Skyscraper at step \d+, shown just before it\.$/);
  // The board holds the position (its pencil marks), and HoDoKu's next step there is it.
  assert.equal((await page.inputValue('#input')).length, 729);
  await page.check('input[name=style][value=hodoku]');
  await page.selectOption('#hint-detail', 'technique');
  assert.equal(await askHint(), 'Skyscraper');
});

test('canonical form, copy and save', async () => {
  await loadPuzzle(XY_WING);
  await page.click('#canon');
  await page.waitForFunction(() => document.getElementById('canonical').textContent.length === 81);
  assert.equal(await page.locator('#canonical').textContent(),
    '.......12.....34.5..4...67...7.1.5...1.7..2.45..3.4.6..5.8..74..71.3...66....58..');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-marks')]);
  const file = await download.path();
  assert.equal(readFileSync(file, 'utf8').trim().length, 729);
  await page.click('#hint');
  await page.waitForFunction(() => !document.getElementById('save-picture').disabled);
  const [picture] = await Promise.all([page.waitForEvent('download'), page.click('#save-picture')]);
  assert.match(readFileSync(await picture.path(), 'utf8'), /^<svg/);
});

test('a file, a JSON line and bad text', async () => {
  await page.setInputFiles('#file', {
    name: 'one.json',
    mimeType: 'application/json',
    buffer: Buffer.from(`{"source":"arg1","line":1,"puzzle":"${XY_WING}","status":"ok"}\n`),
  });
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Loaded'));
  assert.equal(await cellDigit('A1').textContent(), '8');
  await page.fill('#input', 'not a puzzle');
  await page.click('#load');
  await page.waitForFunction(() => document.getElementById('message').classList.contains('error'));
  assert.match(await message().textContent(), /line 1: invalid: invalid character 'n' at line 1, column 1/);
});

test('stepping through a puzzle with hints and apply, up to its XY-wing', async () => {
  await loadPuzzle(XY_WING);
  await page.click('#rate');
  await page.waitForFunction(() => document.querySelectorAll('#ratings dt').length >= 2);
  await page.click('#explain');
  await page.waitForFunction(() => document.querySelectorAll('#path li').length > 0);
  let text = '';
  for (let k = 0; k < 81 && !text.includes('XY-Wing'); k++) {
    if (k > 0) await page.keyboard.press('a');
    await page.locator('#board').focus();
    await page.keyboard.press('h');
    await page.waitForFunction(() => !document.getElementById('apply').disabled);
    text = await page.locator('#hint-text').textContent();
  }
  assert.match(text, /^XY-Wing: /);
  assert.ok(await page.locator('#board circle.cand.elim').count() >= 1);
  assert.ok(await page.locator('#board circle.cand.pattern').count() >= 6, 'pivot and pincers');
  if (process.env.SUDOKU_SCREENSHOT) {
    await page.screenshot({ path: process.env.SUDOKU_SCREENSHOT, fullPage: true });
  }
});

test('the page has an icon, served by the binary under the page\'s policy', async () => {
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  const index = await page.goto(URL);
  assert.equal(index.headers()['content-security-policy'],
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; " +
    "connect-src 'self'; frame-ancestors 'none'");
  assert.equal(await page.locator('link[rel=icon]').getAttribute('href'), '/favicon.svg');
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    const r = await page.request.get(new globalThis.URL(path, URL).href);
    assert.equal(r.status(), 200, path);
    assert.equal(r.headers()['content-type'], 'image/svg+xml', path);
  }
  // The policy lets the page draw it: an image of it loads with a size.
  const width = await page.evaluate(() => new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth);
    img.onerror = () => reject(new Error('the icon did not load'));
    img.src = '/favicon.svg';
  }));
  assert.ok(width > 0, `${width}`);
  assert.deepEqual(failed, [], 'no request of the page failed');
});
