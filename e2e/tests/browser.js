// Shared by the browser tests (not a test file itself): the server's address and Debian's
// Chromium, headless, as playwright-core launches it. `cargo xtask e2e` sets both variables.
import { chromium } from 'playwright-core';

export const URL = process.env.SUDOKU_SERVE_URL || 'http://127.0.0.1:8080/';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Playwright gives the browser a new empty profile of its own (its --user-data-dir).
export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}
