// Renders an ldslint HTML report in headless Chromium and checks it the
// way a person would see it: every finding of the JSON report is on the
// page, the bank maps agree with the JSON (degree, the bank the lanes
// collide in), the before/after buttons work through the page's own
// script, hovering a lane names it; then takes a screenshot.
//
//   node --experimental-websocket check-report.mjs REPORT.html REPORT.json SHOT.png
//
// EXPECT_SELECT (JSON) names a known case: {line, warp, iteration, word,
// after}: the conflict at `line` is switched to warp `warp` and the loop
// iteration whose label starts with `iteration` through the page's own
// selectors; then every lane L must be in the cell of bank word(L) % banks,
// where `word` (and `after`, the same after the fix) is a JavaScript
// expression of L (lane), w (warp) and the loop variables of `vars`,
// written from the kernel's source, not from ldslint's output. Where the page
// says a uniform offset was left out, the banks may be rotated (one
// rotation for all lanes).
//
// Talks to Chromium over its DevTools protocol (Node's WebSocket; no npm
// packages). Exit status 0: all checks passed; 1: a check failed; 2: the
// browser could not be driven.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [htmlPath, jsonPath, shotPath] = process.argv.slice(2);
if (!shotPath) {
  console.error('usage: check-report.mjs REPORT.html REPORT.json SHOT.png');
  process.exit(2);
}
const expected = JSON.parse(fs.readFileSync(jsonPath, 'utf8')).findings;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ldslint-chromium-'));
const browser = spawn(process.env.CHROMIUM || 'chromium',
  ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
   '--remote-debugging-port=0', `--user-data-dir=${profile}`,
   '--window-size=1280,900', 'about:blank'],
  { stdio: ['ignore', 'ignore', 'ignore'] });
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function finish(code, message) {
  if (message) console.error(message);
  // Remove the profile once Chromium has exited (it writes until then).
  const done = () => {
    try { fs.rmSync(profile, { recursive: true, force: true }); } catch { /* left in /tmp */ }
    process.exit(code);
  };
  if (browser.exitCode !== null || browser.signalCode !== null) return done();
  browser.once('exit', done);
  browser.kill();
  setTimeout(done, 5000);
}
setTimeout(() => finish(2, 'check-report: timed out'), 60000).unref();

async function devtoolsPort() {
  const file = path.join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 300; i++) {
    if (fs.existsSync(file)) {
      const port = fs.readFileSync(file, 'utf8').split('\n')[0];
      if (port) return port;
    }
    await sleep(100);
  }
  throw new Error('Chromium did not start (no DevToolsActivePort)');
}

// The known case of EXPECT_SELECT (see the top of this file).
async function checkSelection(e, sections, evaluate) {
  const fi = expected.findIndex((f) => f.line === e.line && f.status === 'conflict');
  check(fi >= 0, `EXPECT_SELECT: no conflict at line ${e.line}`);
  if (fi < 0) return;
  const f = expected[fi];
  const s = sections.find((x) => x.file === f.file && x.line === f.line && x.column === f.column && x.arch === f.arch);
  const sel = `document.getElementById('${s.id}')`;
  const choose = (cls, pick) => evaluate(`(() => { const s = ${sel}.querySelector('select.${cls}');
      const o = [...s.options].find((o) => ${pick});
      if (!o) return false;
      s.value = o.value; s.dispatchEvent(new Event('change')); return true; })()`);
  check(await choose('warp-select', `o.text.replace(/ \\(worst\\)$/, '') === 'warp ${e.warp}'`),
        `EXPECT_SELECT: no warp ${e.warp} to choose`);
  check(await choose('step-select', `o.text.startsWith(${JSON.stringify(e.iteration)})`),
        `EXPECT_SELECT: no iteration '${e.iteration}' to choose for warp ${e.warp}`);
  const title = await evaluate(`${sel}.querySelector('.map-title').textContent`);
  check(title.startsWith(`warp ${e.warp} at ${e.iteration}`), `EXPECT_SELECT: the map shows '${title}'`);
  const vars = e.vars || {};
  const formula = (text) => new Function('L', 'w', ...Object.keys(vars), `return ${text};`);
  const cellsAre = async (text, what) => {
    const word = formula(text);
    const got = await evaluate(`({banks: ${sel}.querySelectorAll('td.cell').length,
        relative: ${sel}.querySelector('.map-title').textContent.includes('leave out an offset'),
        lanes: [...${sel}.querySelectorAll('td.cell span.lane')].map((l) =>
          [+l.dataset.lane, +l.closest('td').dataset.bank, +l.dataset.byte, l.title])})`);
    const banks = got.banks;
    const lanes = new Map(got.lanes.map(([lane, bank, byte, tip]) => [lane, { bank, byte, tip }]));
    const bankOf = (L) => ((word(L, e.warp, ...Object.values(vars)) % banks) + banks) % banks;
    const rotation = got.relative && lanes.has(0) ? (lanes.get(0).bank - bankOf(0) + banks) % banks : 0;
    let wrong = 0;
    for (let L = 0; L < 32; L++) {
      const c = lanes.get(L);
      if (!c || c.bank !== (bankOf(L) + rotation) % banks ||
          (!got.relative && c.byte !== 4 * word(L, e.warp, ...Object.values(vars)))) wrong++;
    }
    check(wrong === 0, `EXPECT_SELECT ${what}: ${wrong} of 32 lanes not in the bank (or at the byte) the kernel's formula gives`);
    const tip = lanes.get(1)?.tip || '';
    check(tip.includes(e.iteration), `EXPECT_SELECT ${what}: hover '${tip}' does not name ${e.iteration}`);
  };
  await cellsAre(e.word, 'as written');
  if (e.after) {
    await evaluate(`${sel}.querySelector('button.toggle[data-which=after]').click()`);
    await cellsAre(e.after, 'after the fix');
    await evaluate(`${sel}.querySelector('button.toggle[data-which=before]').click()`);
    await cellsAre(e.word, 'back as written');
  }
}

async function main() {
  const port = await devtoolsPort();
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const page = targets.find((t) => t.type === 'page');
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((res, rej) => { ws.onopen = res; ws.onerror = rej; });
  let nextId = 1;
  const pending = new Map();
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); }
  };
  const send = (method, params = {}) => new Promise((res, rej) => {
    const id = nextId++;
    pending.set(id, (m) => (m.error ? rej(new Error(JSON.stringify(m.error))) : res(m.result)));
    ws.send(JSON.stringify({ id, method, params }));
  });
  const evaluate = async (expr) => {
    const r = await send('Runtime.evaluate', { expression: expr, returnByValue: true });
    if (r.exceptionDetails) throw new Error(`in page: ${expr}: ${r.exceptionDetails.text}`);
    return r.result.value;
  };

  await send('Page.enable');
  await send('Runtime.enable');
  await send('Page.navigate', { url: 'file://' + path.resolve(htmlPath) });
  for (let i = 0; i < 100 && !(await evaluate("document.body && document.body.getAttribute('data-ready')")); i++)
    await sleep(100);
  check(await evaluate("document.body.getAttribute('data-ready') === '1'"), 'the page script did not finish');
  // No network: nothing but the page itself was loaded.
  check(await evaluate("performance.getEntriesByType('resource').length === 0"), 'the page loads other resources');

  const sections = await evaluate(`[...document.querySelectorAll('section.finding')].map(s => ({
      file: s.dataset.file, line: +s.dataset.line, column: +s.dataset.column, arch: s.dataset.arch,
      id: s.id}))`);
  check(sections.length === expected.length,
        `${sections.length} findings on the page, ${expected.length} in the JSON report`);
  check(await evaluate("document.querySelectorAll('#summary tr.finding-row').length") === expected.length,
        'the summary table does not list every finding');

  let sawAllLanesInBank0 = false;
  for (let i = 0; i < expected.length; i++) {
    const f = expected[i];
    const s = sections.find((x) => x.file === f.file && x.line === f.line && x.column === f.column && x.arch === f.arch);
    check(s, `finding ${f.file}:${f.line}:${f.column} (${f.arch}) is not on the page`);
    if (!s || f.status !== 'conflict') continue;
    const sel = `document.getElementById('${s.id}')`;
    // The map drawn agrees with the JSON: some bank serves `degree` words,
    // and it is the bank the JSON names.
    const bank = /all in bank (\d+)/.exec(f.reason);
    const words = await evaluate(`[...${sel}.querySelectorAll('td.cell')].map(c => [+c.dataset.bank, +c.dataset.words])`);
    const worst = Math.max(0, ...words.map((w) => w[1]));
    check(worst === f.degree, `${f.file}:${f.line}: map shows ${worst} words in a bank, JSON says ${f.degree}-way`);
    if (bank) check(words.some((w) => w[0] === +bank[1] && w[1] === f.degree),
                    `${f.file}:${f.line}: bank ${bank[1]} of the JSON does not serve ${f.degree} words in the map`);
    const bank0 = await evaluate(`[...${sel}.querySelectorAll('td.cell[data-bank="0"]')].map(c =>
        [...c.querySelectorAll('span.lane')].map(l => +l.dataset.lane))`);
    if (f.degree === 32 && bank0.some((l) => l.length === 32 && l.every((v, k) => v === k)))
      sawAllLanesInBank0 = true;
    // Hover text names the lane, its byte and bank.
    const title = await evaluate(`${sel}.querySelector('span.lane').title`);
    check(/^lane \d+: byte -?\d+, word -?\d+, bank \d+/.test(title), `${f.file}:${f.line}: hover text '${title}'`);
    // Before / after the fix, by clicking the page's own buttons.
    const hasAfter = await evaluate(`!!${sel}.querySelector('button.toggle[data-which=after]')`);
    // A finding that carries a padding or swizzle fix shows the access after
    // it (other fix kinds are described, not re-evaluated).
    if (f.fixes.length > 0 && /^(pad the innermost dimension|XOR-swizzle)/.test(f.fixes[0].description))
      check(hasAfter, `${f.file}:${f.line}: a fix but no after-fix button`);
    if (hasAfter) {
      await evaluate(`${sel}.querySelector('button.toggle[data-which=after]').click()`);
      const after = await evaluate(`[${sel}.dataset.state, Math.max(0, ...[...${sel}.querySelectorAll('td.cell')].map(c => +c.dataset.words))]`);
      check(after[0] === 'after' && after[1] === 1, `${f.file}:${f.line}: after the fix: state ${after[0]}, worst bank ${after[1]} words`);
      await evaluate(`${sel}.querySelector('button.toggle[data-which=before]').click()`);
      const back = await evaluate(`[${sel}.dataset.state, Math.max(0, ...[...${sel}.querySelectorAll('td.cell')].map(c => +c.dataset.words))]`);
      check(back[0] === 'before' && back[1] === f.degree, `${f.file}:${f.line}: back before the fix: ${back}`);
    }
  }
  if (process.env.EXPECT_SELECT)
    await checkSelection(JSON.parse(process.env.EXPECT_SELECT), sections, evaluate);
  if (process.env.EXPECT_ALL_LANES_IN_BANK0)
    check(sawAllLanesInBank0, 'no 32-way finding has lanes 0..31 all in bank 0');

  // The screenshot: the page scrolled to the worst finding, as written.
  const worstIndex = expected.reduce((b, f, i) => ((f.degree || 0) > (expected[b]?.degree || 0) ? i : b), 0);
  const shot = sections[worstIndex];
  if (shot) {
    await evaluate(`document.getElementById('${shot.id}').scrollIntoView()`);
    await sleep(200);
  }
  const png = await send('Page.captureScreenshot', { format: 'png' });
  fs.writeFileSync(shotPath, Buffer.from(png.data, 'base64'));
  ws.close();
  if (failures.length) finish(1, failures.map((f) => 'check-report: ' + f).join('\n'));
  console.log(`check-report: ${expected.length} finding(s) checked in ${path.basename(htmlPath)}`);
  finish(0);
}

main().catch((e) => finish(2, 'check-report: ' + e.message));
