// Shared by the in-host test runner and the UI check: Debian's Chromium through playwright-core.
import { chromium } from './host/node_modules/playwright-core/index.mjs';

export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
  page.on('pageerror', (e) => console.log('[pageerror]', e.message.slice(0, 300)));
  return { browser, page };
}

/** The workbench's remote authority, read from the page's configuration rather than guessed. */
export async function remoteAuthority(base, folder) {
  const html = await (await fetch(`${base}/?folder=${encodeURIComponent(folder)}`)).text();
  const m = html.match(/id="vscode-workbench-web-configuration"[^>]*data-settings="([^"]*)"/);
  const settings = m ? JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&')) : {};
  return settings.remoteAuthority || new URL(base).host;
}
