// Uses RuleLens as a person would: the packaged .vsix installed in a fresh extensions folder, a rule
// file opened through Quick Open, then the Problems panel, a hover and the trace view, each saved
// as a screenshot. usage: node ui-check.mjs BASE_URL WORKSPACE SCREENSHOT_DIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from './browser.mjs';

const [, , base, folder, shots] = process.argv;
// The README's pictures (docs/screenshots/), taken only when asked: RULELENS_SCREENSHOTS=<folder>.
const SURFACES = process.env.RULELENS_SCREENSHOTS;
if (SURFACES) mkdirSync(SURFACES, { recursive: true });
const RULE_FILE = process.env.UI_RULE_FILE || 'opencode-broad/opencode.json';
const STORED_REQUEST = process.env.UI_REQUEST || 'B: a protected path';
mkdirSync(shots, { recursive: true });
const t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const { browser, page } = await launch();
let passed = 0, failed = 0;

async function check(name, fn) {
  try {
    const info = await fn();
    passed++;
    console.log(`  ✓ ui: ${name} (${at()})${info ? `\n${String(info).replace(/^/gm, '      ')}` : ''}`);
  } catch (e) {
    failed++;
    console.log(`  ✗ ui: ${name} (${at()})\n      ${String(e.message).split('\n')[0]}`);
    await page.screenshot({ path: join(shots, `failed-${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
  }
}

/**
 * With RULELENS_SCREENSHOTS set: `<name>.png` there, cropped to the workbench parts given (their
 * bounding box together, at most `maxHeight` tall), so each picture shows one surface and stays small.
 */
async function surface(name, parts, maxHeight = 520) {
  if (!SURFACES) return;
  const boxes = (await Promise.all(parts.map((sel) => page.locator(sel).first().boundingBox()))).filter(Boolean);
  if (!boxes.length) throw new Error(`${name}: none of ${parts.join(', ')} is on the page`);
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const width = Math.max(...boxes.map((b) => b.x + b.width)) - x;
  const height = Math.min(maxHeight, Math.max(...boxes.map((b) => b.y + b.height)) - y);
  await page.screenshot({ path: join(SURFACES, `${name}.png`), clip: { x, y, width, height } });
}

async function palette(command) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${command}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: command }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
}

await check('workbench opens the workspace', async () => {
  await page.goto(`${base}/?folder=${encodeURIComponent(folder)}`);
  await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 60000 });
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60000 });
});

await check(`Quick Open ${RULE_FILE}`, async () => {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(RULE_FILE);
  const name = RULE_FILE.split('/').pop();
  await page.locator(`.quick-input-list .monaco-list-row[aria-label*="${name}"]`).first().waitFor({ state: 'visible', timeout: 30000 });
  await page.keyboard.press('Enter');
  await page.waitForSelector('.editor-instance .monaco-editor .view-lines', { timeout: 30000 });
});

await check('Problems panel lists RuleLens findings', async () => {
  await page.keyboard.press('Control+Shift+M');
  const panel = page.locator('.markers-panel');
  // Every rule file of the workspace has findings (the background check): show this file's only.
  const filter = page.getByPlaceholder(/^Filter \(e\.g\. text/);
  await filter.waitFor({ timeout: 30000 });
  await filter.fill(RULE_FILE.split('/')[0]);
  // The findings this file must have: the broad rule and the deny it shadows (one analysis pass).
  // The background check publishes every rule file's findings at lowest priority: on a loaded machine
  // that takes longer than the editor's own, so the wait is long (a safety net, not a goal).
  for (const code of ['broad-catch-all', 'shadowed-deny']) await panel.getByText(code, { exact: false }).first().waitFor({ timeout: 150000 });
  await page.screenshot({ path: join(shots, 'problems.png') });
  await surface('diagnostics', ['.part.editor', '.part.panel'], 800);
  return (await panel.innerText()).split('\n').filter((l) => l.trim()).slice(0, 12).join('\n');
});

await check('hover on a rule explains it', async () => {
  // Hover the resource pattern of the protected-path rule.
  const token = page.locator('.editor-instance .view-line span', { hasText: 'secrets/*' }).first();
  await token.waitFor({ timeout: 10000 });
  // Wait for RuleLens's own hover part (its "Rule 3" title), not any text: the hover shows the
  // line's diagnostic at once and RuleLens's part later, and a part still saying "Loading..." is no answer.
  const hover = page.locator('.monaco-hover-content', { hasText: /Rule 3/ }).first();
  // The token is found afresh for each try: code lenses that arrive after it was first placed
  // move the lines under a pointer that stays put, and then no hover opens on the rule.
  for (let attempt = 1; ; attempt++) {
    const box = await token.boundingBox();
    await page.mouse.move(5, 5);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    try {
      await hover.waitFor({ state: 'visible', timeout: 15000 });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  await page.waitForFunction(() => [...document.querySelectorAll('.monaco-hover-content')].some((h) => /Rule 3/.test(h.textContent || '') && /edit secrets\/\* deny/.test(h.textContent || '') && !/Loading/.test(h.textContent || '')), null, { timeout: 30000 });
  await page.screenshot({ path: join(shots, 'hover.png') });
  await surface('hover', ['.part.editor', '.monaco-hover']);
  const text = await hover.innerText();
  if (!/Rule 3/.test(text) || /Loading/.test(text)) throw new Error(`hover does not explain rule 3: ${text.slice(0, 200)}`);
  return text.split('\n').filter((l) => l.trim()).slice(0, 8).join('\n');
});

await check('code lenses show the stored requests', async () => {
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
  // The broad file's allow-everything rule decides the stored requests: its lens says so.
  const lens = page.locator('.editor-instance .codelens-decoration a', { hasText: /decides/ }).first();
  await lens.waitFor({ timeout: 30000 });
  await surface('lenses', ['.part.editor'], 300);
  return (await page.locator('.editor-instance .codelens-decoration').allInnerTexts()).slice(0, 6).join('\n');
});

await check('Quick Fix on the catch-all lists its fixes', async () => {
  // The cursor on the broad rule (line 7, the last `edit * allow`: Go to Line), then the Quick Fix
  // menu, as Ctrl+. opens it.
  await page.locator('.editor-instance .view-lines').first().click();
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(':7:20');
  await page.keyboard.press('Enter');
  await page.locator('.statusbar', { hasText: 'Ln 7, Col 20' }).first().waitFor({ timeout: 10000 });
  const menu = page.locator('.action-widget');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+.');
    try {
      // The menu may first hold only "Fixes follow once RuleLens has checked this version".
      await menu.getByText('Disable broad-catch-all for this rule').first().waitFor({ timeout: 10000 });
      break;
    } catch (e) {
      await page.keyboard.press('Escape');
      if (attempt >= 3) throw e;
    }
  }
  await surface('quick-fixes', ['.part.editor', '.action-widget']);
  const items = (await menu.innerText()).split('\n').filter((l) => l.trim());
  await page.keyboard.press('Escape');
  return items.slice(0, 8).join('\n');
});

await check('Evaluate Request… opens the trace view', async () => {
  await page.locator('.editor-instance .view-lines').first().click();
  await palette('RuleLens: Evaluate Request');
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: STORED_REQUEST }).first().waitFor({ timeout: 20000 });
  await input.fill(STORED_REQUEST);
  await page.waitForTimeout(200);
  await page.keyboard.press('Enter');
  const frame = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const stamp = frame.locator('#stamp');
  await stamp.waitFor({ timeout: 30000 });
  await frame.locator('table.matrix').waitFor({ timeout: 5000 });
  await page.keyboard.press('Control+J').catch(() => {}); // hide the panel: give the table room
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(shots, 'trace.png') });
  await surface('trace', ['.part.editor'], 560);
  const controlling = await frame.locator('td.controlling').count();
  if (controlling === 0) throw new Error('no controlling rule is highlighted');
  return (await stamp.innerText()).replace(/\n+/g, ' · ');
});

await check('Testing view shows the stored requests, failing ones red', async () => {
  await palette('Testing: Focus on Test Explorer View');
  const tree = page.locator('.test-explorer .monaco-list');
  await tree.locator('.monaco-list-row', { hasText: 'opencode-broad/opencode.json' }).first().waitFor({ timeout: 20000 });
  // Expand the broad rule file's group so its failing requests show.
  const group = tree.locator('.monaco-list-row', { hasText: 'opencode-broad/opencode.json' }).first();
  if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  await tree.locator('.monaco-list-row', { hasText: 'B: a protected path' }).first().waitFor({ timeout: 10000 });
  await tree.locator('.monaco-list-row:has(.codicon-testing-failed-icon)', { hasText: 'B: a protected path' }).first().waitFor({ timeout: 30000 });
  await page.screenshot({ path: join(shots, 'testing.png') });
  await surface('testing', ['.part.sidebar'], 400);
  const failedRows = await tree.locator('.monaco-list-row:has(.codicon-testing-failed-icon)').count();
  return `${failedRows} rows marked failed`;
});

await browser.close();
console.log(`ui check finished after ${at()}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
