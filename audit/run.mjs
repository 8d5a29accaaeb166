#!/usr/bin/env node
// `make audit` (issue 18, item 6; issue 36): Lighthouse's mobile performance, accessibility and
// SEO scores, and every axe finding, for every portal route in English and Japanese, against the
// release server with its built portal.
//
// Per page: the performance score (the median of the runs) with Total Blocking Time, the
// main thread's script evaluation and the JavaScript transferred (each the median too), Largest
// Contentful Paint, benchmarkIndex, accessibility, SEO with the SEO audits that failed, and the
// findings of axe-core itself (all of its rules, not only those Lighthouse runs: Lighthouse
// leaves out e.g. landmark-unique and page-has-heading-one), at phone width once the page has
// hydrated, by impact.
//
// Environment:
//   NOREN_BIN            the server binary (required; `make audit` sets the release build)
//   NOREN_PORTAL_DIR     the portal build (default ../portal/build)
//   CHROME_PATH          the browser (default Debian's /usr/bin/chromium)
//   NOREN_AUDIT_ROUTES   a comma-separated subset of the routes (e.g. /,/references/pay)
//   NOREN_AUDIT_RUNS     Lighthouse runs per page; the median performance is reported (default 2,
//                        the mean of the two middle runs for an even count)
//   NOREN_AUDIT_STRICT   1 = exit with status 1 when a target is missed (default: report only)
//   NOREN_AUDIT_BUNDLES  a file to write, as Markdown, the scripts each page loaded in its last
//                        Lighthouse run (transferred size, and gzip size of the file in the build)
//
// Targets (issue 36): performance >= 95 on the home page and the guides, >= 90 on the references;
// accessibility 100, SEO 100, and no axe finding of any impact everywhere. Lighthouse simulates a
// mid-range phone on a slow 4G network with a 4x slower CPU: on a slower or busy machine its
// performance figures drop. Each line gives Lighthouse's benchmarkIndex (its measure of this
// host's CPU; about 1,000-1,500 on a 2-core cloud machine) beside the score, so that a figure can
// be set beside another machine's.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import * as chromeLauncher from 'chrome-launcher';
import { PORTAL_ROUTES, japanese } from '../e2e/portal-routes.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORTAL_DIR = process.env.NOREN_PORTAL_DIR ?? path.join(REPO, 'portal/build');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const target = (route) => (route.startsWith('/references') ? 90 : 95);

async function startServer() {
  const bin = process.env.NOREN_BIN;
  if (!bin) throw new Error('NOREN_BIN is not set (make audit sets it)');
  if (!existsSync(bin)) throw new Error(`NOREN_BIN=${bin} does not exist (make server builds it)`);
  if (!existsSync(path.join(PORTAL_DIR, 'index.html'))) throw new Error(`${PORTAL_DIR}/index.html is missing (make portal builds it)`);
  const dir = await mkdtemp(path.join(tmpdir(), 'noren-audit-'));
  const env = {
    ...process.env,
    NOREN_LISTEN: '127.0.0.1:0',
    NOREN_DATA_DIR: dir,
    NOREN_DATABASE_URL: `sqlite://${dir}/noren.db`,
    NOREN_PORTAL_DIR: PORTAL_DIR,
    NOREN_LOG_LEVEL: 'warn',
  };
  const proc = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('noren did not start within 30 s')), 30_000);
    createInterface({ input: proc.stdout }).on('line', (line) => {
      const m = /listening on (http:\/\/\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on('exit', (code) => reject(new Error(`noren exited with ${code}`)));
    proc.on('error', reject);
  });
  return { url, stop: async () => { proc.kill('SIGTERM'); await rm(dir, { recursive: true, force: true }); } };
}

/**
 * The failed axe audits of a Lighthouse result as `rule:nodes` strings, split into the serious
 * and critical ones and the rest (moderate, minor).
 */
function axeFindings(lhr) {
  const severe = [];
  const other = [];
  for (const ref of lhr.categories.accessibility.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (audit.score === null || audit.score === 1) continue;
    const impact = audit.details?.debugData?.impact;
    const finding = `${ref.id}:${audit.details?.items?.length ?? '?'}`;
    (impact === 'serious' || impact === 'critical' ? severe : other).push(finding);
  }
  return { severe, other };
}

/** The failed SEO audits of a Lighthouse result (what keeps its score below 100). */
function seoFindings(lhr) {
  return lhr.categories.seo.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
    .map((ref) => ref.id);
}

/**
 * axe-core's own findings on the page (every rule it runs by default, and the experimental
 * td-has-header that Lighthouse adds), at phone width once the page has hydrated, as
 * `rule:nodes` strings split into serious and critical, and moderate and minor. It is evaluated
 * through the DevTools protocol: the portal's CSP rightly refuses an injected <script>.
 */
async function axeRun(browser, url) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('html[data-has-hydrated="true"]', { timeout: 30_000 });
    await page.evaluate(AXE);
    const result = await page.evaluate(() => globalThis.axe.run({ rules: { 'td-has-header': { enabled: true } } }));
    const severe = [];
    const other = [];
    for (const v of result.violations) {
      (v.impact === 'serious' || v.impact === 'critical' ? severe : other).push(`${v.id}:${v.nodes.length}`);
    }
    return { severe, other };
  } finally {
    await page.close();
  }
}

/** The size of a built file gzipped (its .gz sibling's, as tools/precompress.mjs wrote it). */
function gzipSize(urlPath) {
  const file = path.join(PORTAL_DIR, decodeURIComponent(urlPath));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

/** The scripts of a Lighthouse run: [{path, transferred, gzip}] in the order they were asked. */
function scriptsOf(lhr) {
  return (lhr.audits['network-requests'].details?.items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .map((r) => {
      const p = new URL(r.url).pathname;
      return { path: p, transferred: r.transferSize, gzip: gzipSize(p) };
    });
}

const kB = (bytes) => (bytes / 1024).toFixed(1);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
  const only = process.env.NOREN_AUDIT_ROUTES?.split(',').map((r) => r.trim()).filter(Boolean);
  const routes = only?.length ? only : PORTAL_ROUTES;
  const runs = Math.max(1, Number(process.env.NOREN_AUDIT_RUNS ?? 2));
  const strict = process.env.NOREN_AUDIT_STRICT === '1';
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const rows = [];
  const bundles = [];
  let missed = 0;
  try {
    // One unmeasured visit in each language first: the browser's first Japanese page loads the
    // Japanese font from disk, which a reader's phone has done long before.
    for (const warmUp of ['/', '/ja/']) {
      await lighthouse(`${server.url}${warmUp}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'] });
    }
    for (const route of routes) {
      for (const lang of ['en', 'ja']) {
        const pagePath = lang === 'en' ? route : japanese(route);
        const measured = [];
        let last;
        for (let i = 0; i < runs; i += 1) {
          const result = await lighthouse(`${server.url}${pagePath}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'seo'],
          });
          last = result.lhr;
          const work = last.audits['mainthread-work-breakdown'].details?.items ?? [];
          measured.push({
            performance: Math.round((last.categories.performance.score ?? 0) * 100),
            tbt: last.audits['total-blocking-time'].numericValue,
            lcp: last.audits['largest-contentful-paint'].numericValue,
            scriptEval: work.find((w) => w.group === 'scriptEvaluation')?.duration ?? 0,
            js: scriptsOf(last).reduce((sum, s) => sum + s.transferred, 0),
            bench: last.environment.benchmarkIndex,
          });
        }
        const of = (key) => median(measured.map((m) => m[key]));
        const a11y = Math.round((last.categories.accessibility.score ?? 0) * 100);
        const seo = Math.round((last.categories.seo.score ?? 0) * 100);
        const lighthouseAxe = axeFindings(last);
        const axe = await axeRun(browser, `${server.url}${pagePath}`);
        // Lighthouse's axe audits and axe's own run, each rule once.
        const severe = [...new Set([...lighthouseAxe.severe, ...axe.severe].map((f) => f.split(':')[0]))];
        const other = [...new Set([...lighthouseAxe.other, ...axe.other].map((f) => f.split(':')[0]))];
        const seoMissed = seoFindings(last);
        const performance = of('performance');
        const ok = performance >= target(route) && a11y === 100 && seo === 100 && severe.length === 0 && other.length === 0;
        if (!ok) missed += 1;
        rows.push({
          page: pagePath,
          performance,
          target: target(route),
          'TBT ms': Math.round(of('tbt')),
          'script eval ms': Math.round(of('scriptEval')),
          'JS kB': Number(kB(of('js'))),
          'LCP s': Number((of('lcp') / 1000).toFixed(2)),
          benchmarkIndex: Math.round(of('bench')),
          accessibility: a11y,
          SEO: seo,
          'axe serious+critical': severe.join(' ') || '0',
          'axe other': other.join(' ') || '0',
          '': ok ? 'ok' : 'MISSED',
        });
        const scripts = scriptsOf(last);
        bundles.push({ page: pagePath, scripts });
        console.log(
          `${ok ? 'ok    ' : 'MISSED'} ${pagePath}: performance ${performance} (target ${target(route)}; runs ${measured.map((m) => m.performance).join(', ')}), ` +
            `TBT ${measured.map((m) => Math.round(m.tbt)).join(', ')} ms, script evaluation ${measured.map((m) => Math.round(m.scriptEval)).join(', ')} ms, ` +
            `JS ${kB(of('js'))} kB in ${scripts.length} scripts (${kB(scripts.reduce((sum, x) => sum + x.gzip, 0))} kB gzip), ` +
            `benchmarkIndex ${measured.map((m) => Math.round(m.bench)).join(', ')}; ` +
            `accessibility ${a11y}, SEO ${seo}${seoMissed.length ? ` (${seoMissed.join(' ')})` : ''}, ` +
            `axe ${[...lighthouseAxe.severe, ...axe.severe].join(' ') || '0'} serious, ${[...lighthouseAxe.other, ...axe.other].join(' ') || '0'} other`,
        );
      }
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await server.stop();
  }
  console.table(rows);
  console.log(`${rows.length - missed} of ${rows.length} pages meet their targets (Lighthouse ${runs === 1 ? 'one run' : `median of ${runs}`} each, mobile)`);
  if (process.env.NOREN_AUDIT_BUNDLES) {
    const lines = ['# Scripts per page (Lighthouse mobile, the last run of each page)', ''];
    for (const { page, scripts } of bundles) {
      lines.push(`## ${page}`, '', '| script | transferred kB | gzip kB |', '|---|---:|---:|');
      for (const s of scripts) lines.push(`| ${s.path} | ${kB(s.transferred)} | ${kB(s.gzip)} |`);
      lines.push(`| **total** | **${kB(scripts.reduce((a, x) => a + x.transferred, 0))}** | **${kB(scripts.reduce((a, x) => a + x.gzip, 0))}** |`, '');
    }
    writeFileSync(process.env.NOREN_AUDIT_BUNDLES, `${lines.join('\n')}\n`);
    console.log(`scripts per page: ${process.env.NOREN_AUDIT_BUNDLES}`);
  }
  if (strict && missed > 0) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
