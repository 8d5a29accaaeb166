// Fixtures of the browser tests: the real `noren` binary on a free port with a fresh SQLite
// database (one per worker), its demo keys, and a guard on every page that fails the test on a
// console error, an uncaught exception, a failed request or a request to any host other than the
// server. Tests import `test` (and `expect`) from here instead of from @playwright/test.
//
// Environment:
//   NOREN_BIN            the server binary (required; e.g. $HOME/.cache/noren/target/release/noren)
//   NOREN_PORTAL_DIR     the portal's static build (default <repo>/portal/build)
//   NOREN_CHECKOUT_DIR   the checkout's build (default <repo>/checkout/dist)
//   NOREN_E2E_SERVER_LOG set to 1 to echo the server's stderr while the tests run
// (CHROMIUM_PATH: see chromium.mjs.)

import { spawn, execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

const execFileAsync = promisify(execFile);

/** The repository root: the parent of e2e/. */
export const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const STARTUP_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

function serverBinary() {
  const bin = process.env.NOREN_BIN;
  if (!bin) {
    throw new Error(
      'NOREN_BIN is not set: point it at the noren binary, e.g. ' +
        'NOREN_BIN=$HOME/.cache/noren/target/release/noren npm test',
    );
  }
  if (!existsSync(bin)) throw new Error(`NOREN_BIN=${bin} does not exist`);
  return bin;
}

/**
 * A running `noren serve` with its own temporary data directory and SQLite database.
 * The `server` fixture starts one per worker and always stops it.
 */
export class NorenServer {
  /** @param {{proc: import('node:child_process').ChildProcess, url: string, dir: string, env: NodeJS.ProcessEnv, stderr: string[]}} parts */
  constructor({ proc, url, dir, env, stderr }) {
    this.proc = proc;
    /** The base URL, e.g. `http://127.0.0.1:41234`, without a trailing slash. */
    this.url = url;
    this.host = new URL(url).host;
    this.dir = dir;
    this.env = env;
    this.stderr = stderr;
    /** Set when the process has exited: `{code, signal}`. */
    this.exited = null;
    proc.once('exit', (code, signal) => {
      this.exited = { code, signal };
    });
  }

  /** Starts the server and resolves once it printed its `listening on` line. */
  static async start({ extraEnv = {} } = {}) {
    const bin = serverBinary();
    const dir = await mkdtemp(path.join(tmpdir(), 'noren-e2e-'));
    // NOREN_PUBLIC_URL of the caller's shell would point payment URLs elsewhere; the port is only
    // known once the server listens, so the server's default applies unless extraEnv sets one.
    const { NOREN_PUBLIC_URL: _ignored, ...inherited } = process.env;
    const env = {
      ...inherited,
      NOREN_LISTEN: '127.0.0.1:0',
      NOREN_DATABASE_URL: `sqlite://${path.join(dir, 'noren.db')}`,
      NOREN_DATA_DIR: path.join(dir, 'data'),
      NOREN_PORTAL_DIR: await staticDir('portal', dir),
      NOREN_CHECKOUT_DIR: await staticDir('checkout', dir),
      NOREN_LOG: process.env.NOREN_LOG ?? 'pretty',
      ...extraEnv,
    };

    const proc = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    liveServers.add(proc);
    proc.once('exit', () => liveServers.delete(proc));
    const stderr = [];
    createInterface({ input: proc.stderr }).on('line', (line) => {
      stderr.push(line);
      if (stderr.length > 500) stderr.shift();
      if (process.env.NOREN_E2E_SERVER_LOG === '1') process.stderr.write(`[noren] ${line}\n`);
    });

    let url;
    try {
      url = await new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`noren did not print "listening on" within ${STARTUP_TIMEOUT_MS} ms`)),
          STARTUP_TIMEOUT_MS,
        );
        const finish = (fn, value) => {
          clearTimeout(timer);
          fn(value);
        };
        createInterface({ input: proc.stdout }).on('line', (line) => {
          const match = /^listening on (http:\/\/\S+?)\/?$/.exec(line.trim());
          if (match) finish(resolve, match[1]);
        });
        proc.once('error', (err) => finish(reject, err));
        proc.once('exit', (code, signal) =>
          finish(reject, new Error(`noren exited before listening (code ${code}, signal ${signal})`)),
        );
      });
    } catch (err) {
      await stopProcess(proc);
      await rm(dir, { recursive: true, force: true });
      const tail = stderr.slice(-30).join('\n');
      throw new Error(`${err.message}\n--- noren stderr (last lines) ---\n${tail}`, { cause: err });
    }
    return new NorenServer({ proc, url, dir, env, stderr });
  }

  /** Runs `noren demo --json` against the same database and returns the parsed keys. */
  async demo() {
    const { stdout } = await execFileAsync(serverBinary(), ['demo', '--json'], {
      env: this.env,
      timeout: 30_000,
    });
    return JSON.parse(stdout.trim().split('\n').pop());
  }

  /** Stops the server: SIGTERM, then SIGKILL if it has not exited in time. Removes its files. */
  async stop() {
    const crashed = this.exited;
    const exit = await stopProcess(this.proc);
    await rm(this.dir, { recursive: true, force: true });
    if (crashed) {
      throw new Error(
        `noren exited during the tests (code ${crashed.code}, signal ${crashed.signal})\n` +
          `--- noren stderr (last lines) ---\n${this.logTail()}`,
      );
    }
    return exit;
  }

  /** The last lines the server logged, for failure messages. */
  logTail(n = 30) {
    return this.stderr.slice(-n).join('\n');
  }
}

/** Server processes still running; killed if the worker exits without stopping them. */
const liveServers = new Set();
process.once('exit', () => {
  for (const proc of liveServers) proc.kill('SIGKILL');
});

/** Sends SIGTERM, waits, then SIGKILL. Resolves with how the process ended. */
async function stopProcess(proc) {
  if (proc.exitCode !== null || proc.signalCode !== null) {
    return { code: proc.exitCode, signal: proc.signalCode, killed: false };
  }
  const exited = new Promise((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  proc.kill('SIGTERM');
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), STOP_TIMEOUT_MS);
  });
  const graceful = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (graceful) return { ...graceful, killed: false };
  proc.kill('SIGKILL');
  return { ...(await exited), killed: true };
}

const BUILDS = {
  portal: { envVar: 'NOREN_PORTAL_DIR', dir: ['portal', 'build'], hint: 'cd portal && npm ci && npm run build' },
  checkout: { envVar: 'NOREN_CHECKOUT_DIR', dir: ['checkout', 'dist'], hint: 'cd checkout && npm ci && npm run build' },
};

function buildDir(name) {
  const { envVar, dir } = BUILDS[name];
  return process.env[envVar] ?? path.join(REPO_DIR, ...dir);
}

/**
 * The directory to serve a static build from. The server refuses to start without one, so a file
 * that does not need a build that is missing (the API tests) gets an empty stand-in directory.
 */
async function staticDir(name, tempDir) {
  const root = buildDir(name);
  if (existsSync(root)) return root;
  const empty = path.join(tempDir, `empty-${name}`);
  await mkdir(empty, { recursive: true });
  return empty;
}

function assertBuilt(name) {
  const { envVar, hint } = BUILDS[name];
  const root = buildDir(name);
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html is missing: build the ${name} first (${hint}) or set ${envVar}`);
  }
}

/**
 * @typedef {{kind: 'console' | 'pageerror' | 'foreign-request' | 'requestfailed', text: string, url: string, pageUrl: string}} Problem
 * @typedef {{reason: string, match: (p: Problem) => boolean}} Tolerance
 */

/**
 * Watches every page of a browser context for problems: console errors, uncaught exceptions,
 * failed requests to the server, and any request to a host other than the server.
 *
 * `tolerate(...rules)` names the exact problems a test accepts, each `{ reason, match(problem) }`;
 * a tolerated problem is recorded in `tolerated` instead of failing the test. Call it before the
 * page does what causes the problem (usually first thing in the test).
 */
export class PageGuard {
  /**
   * @param {import('@playwright/test').BrowserContext} context
   * @param {{url: string}} server
   */
  constructor(context, server) {
    this.origin = new URL(server.url).origin;
    /** @type {Tolerance[]} */
    this.rules = [];
    /** @type {Problem[]} */
    this.problems = [];
    /** @type {Problem[]} */
    this.tolerated = [];
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
  }

  /** @param {Tolerance[]} rules */
  tolerate(...rules) {
    this.rules.push(...rules);
  }

  /** @param {import('@playwright/test').Page} page */
  watch(page) {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const loc = msg.location();
      this.#record({ kind: 'console', text: msg.text(), url: loc?.url ?? '', pageUrl: page.url() });
    });
    page.on('pageerror', (err) => {
      this.#record({ kind: 'pageerror', text: `${err.name}: ${err.message}`, url: '', pageUrl: page.url() });
    });
    page.on('request', (req) => {
      const url = req.url();
      // data:, blob: and about: URLs never leave the browser.
      if (!/^https?:|^wss?:|^ftp:/i.test(url)) return;
      if (new URL(url).origin !== this.origin) {
        this.#record({ kind: 'foreign-request', text: `${req.method()} ${url}`, url, pageUrl: page.url() });
      }
    });
    page.on('requestfailed', (req) => {
      const url = req.url();
      if (!url.startsWith(this.origin)) return; // already reported as a foreign request
      const failure = req.failure()?.errorText ?? 'failed';
      // A navigation that replaces a page still loading aborts its requests; that is not a fault.
      if (failure === 'net::ERR_ABORTED') return;
      this.#record({ kind: 'requestfailed', text: `${req.method()} ${url}: ${failure}`, url, pageUrl: page.url() });
    });
  }

  /** @param {Problem} problem */
  #record(problem) {
    const rule = this.rules.find((t) => t.match(problem));
    if (rule) this.tolerated.push({ ...problem, reason: rule.reason });
    else this.problems.push(problem);
  }

  /** Throws, listing every problem seen so far, unless there were none. */
  assertClean() {
    if (this.problems.length === 0) return;
    const lines = this.problems.map(
      (p) => `  [${p.kind}] ${p.text}${p.url ? ` (at ${p.url})` : ''} on ${p.pageUrl}`,
    );
    throw new Error(`the page had ${this.problems.length} problem(s):\n${lines.join('\n')}`);
  }
}

/**
 * Waits until Docusaurus has hydrated the page (it sets `<html data-has-hydrated="true">`), so
 * that errors raised during hydration are seen before the test checks the guard.
 */
export async function waitForPortalHydration(page, timeout = 15_000) {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout });
}

/**
 * The test object of every spec file.
 *
 * Worker fixtures (one per worker; a file that sets a worker option with `test.use` gets a worker
 * of its own, so each spec file has its own server, as each file had before):
 * - `needs`: the static builds the file's pages need ('portal', 'checkout'); a missing one fails
 *   at once with the command that builds it, instead of as a confusing 404 later.
 * - `server`: the running NorenServer, stopped (SIGTERM; SIGKILL and a failure after 5 s) at the end.
 * - `keys`: `noren demo --json` run once against the server's database.
 *
 * Test fixtures:
 * - `baseURL`: the server's URL, so `page.goto('/docs')` and `request.get('/healthz')` work.
 * - `guard` (automatic): a PageGuard on every page of the test's context; it is checked when the
 *   test ends, so every page of every test is guarded even where the test does not call
 *   `guard.assertClean()` itself.
 */
export const test = base.extend({
  needs: [[], { scope: 'worker', option: true }],

  server: [
    async ({ needs }, use) => {
      for (const need of needs) assertBuilt(need);
      const server = await NorenServer.start();
      let failed;
      try {
        await use(server);
      } finally {
        const exit = await server.stop();
        if (exit?.killed) failed = new Error('noren did not stop within 5 s of SIGTERM and was killed');
      }
      if (failed) throw failed;
    },
    { scope: 'worker', timeout: STARTUP_TIMEOUT_MS + STOP_TIMEOUT_MS + 10_000 },
  ],

  keys: [async ({ server }, use) => use(await server.demo()), { scope: 'worker' }],

  baseURL: async ({ server }, use) => use(server.url),

  guard: [
    async ({ context, server }, use) => {
      const guard = new PageGuard(context, server);
      await use(guard);
      guard.assertClean();
    },
    { auto: true },
  ],
});
