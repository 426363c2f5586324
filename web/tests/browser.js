// Helpers for the browser tests: Debian's Chromium driven by playwright-core, and a
// starnexus server on a free loopback port with a temporary database.

import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import net from 'node:net';
import { before, after } from 'node:test';

export const repoRoot = resolve(import.meta.dirname, '../..');

// launchBrowser starts headless Chromium with the flags this machine needs: no sandbox (CI runs
// as root), no GPU, and no background connections (the network is closed). Every page of it
// reports what the server's Content-Security-Policy blocks into cspViolations.
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'starnexus-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const cspViolations = [];
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));
  });
  const watch = (page) => page.on('console', (m) => {
    if (/CSP violation|Content Security Policy/.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
  });
  ctx.pages().forEach(watch);
  ctx.on('page', watch);
  return { ctx, cspViolations, close: async () => { await ctx.close(); rmSync(profile, { recursive: true, force: true }); } };
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
    s.on('error', fail);
  });
}

// startServer builds the binary once and runs `starnexus serve` on a free port with a fresh
// database, or on the database db (a postgres:// address) when given; STARNEXUS_URL points the
// tests at a server that is already running instead, and STARNEXUS_BIN names a binary to run
// instead of building this tree's (another commit's client and server). args are more flags of
// `serve` (`--allow-seed`).
export async function startServer(db, args = []) {
  if (process.env.STARNEXUS_URL && !db) return { url: process.env.STARNEXUS_URL, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'starnexus-web-'));
  let bin = process.env.STARNEXUS_BIN;
  if (!bin) {
    bin = join(dir, 'starnexus');
    execFileSync('go', ['build', '-o', bin, './cmd/starnexus'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', db || join(dir, 'test.db'), ...args],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  for (let i = 0; ; i++) {
    try { if ((await fetch(url + '/healthz')).ok) break; } catch { /* not up yet */ }
    if (proc.exitCode !== null || i > 150) throw new Error('starnexus serve did not start:\n' + stderr);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.on('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// withServerAndBrowser starts a server (with the `serve` flags args) and a browser before a
// test file's tests and stops them after; the returned object holds them (env.server, env.browser) once started. A test
// file whose pages ran into the server's Content-Security-Policy fails at the end.
export function withServerAndBrowser(args = []) {
  const env = {};
  before(async () => {
    env.server = await startServer(undefined, args);
    env.browser = await launchBrowser();
  });
  after(async () => {
    const violations = env.browser ? env.browser.cspViolations : [];
    if (env.browser) await env.browser.close();
    if (env.server) await env.server.stop();
    if (violations.length) throw new Error('the Content-Security-Policy blocked:\n' + violations.join('\n'));
  });
  return env;
}

// Cards, bases and players on the table carry the action they send as data-action, as the
// buttons do.
const preference = [
  '.act.choose[data-action]',
  '.act.play[data-action]',
  '.act.attack[data-action]',
  '.act.buy[data-action]',
  'button.act[data-action="done"]',
  'button.act[data-action="skip"]',
  'button.act[data-action="end"]',
];

// clickNext clicks the first thing a simple Star Realms player would do next on the table
// (answer, play, attack, buy, done, skip, end), waits for the answer and for the page to be
// idle, and reports whether there was anything to click.
export async function clickNext(page) {
  for (const sel of preference) {
    const b = page.locator(sel).first();
    if (await b.count()) {
      const sent = page.waitForResponse((r) => r.url().includes('/actions'));
      await b.click();
      // Ending a turn with something unspent asks first: turn the warning off and end.
      const anyway = page.locator('[data-testid=end-anyway]');
      if (await Promise.race([sent.then(() => false), anyway.waitFor({ timeout: 10_000 }).then(() => true, () => false)])) {
        await page.locator('[data-testid=no-end-warning]').check();
        await anyway.click();
      }
      await sent;
      await page.waitForFunction(() => !document.querySelector('.busy'));
      return true;
    }
  }
  return false;
}
