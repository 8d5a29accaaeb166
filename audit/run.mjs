#!/usr/bin/env node
// `make audit` (issue 18, item 6): Lighthouse's mobile performance and accessibility scores, and
// axe's serious and critical findings (as Lighthouse's accessibility audits report them), for
// every portal route in English and Japanese, against the release server with its built portal.
//
// Environment:
//   NOREN_BIN            the server binary (required; `make audit` sets the release build)
//   NOREN_PORTAL_DIR     the portal build (default ../portal/build)
//   CHROME_PATH          the browser (default Debian's /usr/bin/chromium)
//   NOREN_AUDIT_ROUTES   a comma-separated subset of the routes (e.g. /,/references/pay)
//   NOREN_AUDIT_RUNS     Lighthouse runs per page; the median performance is reported (default 1)
//   NOREN_AUDIT_STRICT   1 = exit with status 1 when a target is missed (default: report only)
//
// Targets: performance >= 95 on the home page and the guides, >= 85 on the references;
// accessibility 100 and no serious or critical axe finding everywhere. Lighthouse simulates a
// mid-range phone on a slow 4G network with a 4x slower CPU: on a busy machine its performance
// figures drop, so compare runs made on a quiet one.

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { PORTAL_ROUTES, japanese } from '../e2e/portal-routes.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');


const target = (route) => (route.startsWith('/references') ? 85 : 95);

async function startServer() {
  const bin = process.env.NOREN_BIN;
  if (!bin) throw new Error('NOREN_BIN is not set (make audit sets it)');
  const dir = await mkdtemp(path.join(tmpdir(), 'noren-audit-'));
  const env = {
    ...process.env,
    NOREN_LISTEN: '127.0.0.1:0',
    NOREN_DATA_DIR: dir,
    NOREN_DATABASE_URL: `sqlite://${dir}/noren.db`,
    NOREN_PORTAL_DIR: process.env.NOREN_PORTAL_DIR ?? path.join(REPO, 'portal/build'),
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
  });
  return { url, stop: async () => { proc.kill('SIGTERM'); await rm(dir, { recursive: true, force: true }); } };
}

/** The serious and critical axe findings of a Lighthouse result: `rule:nodes` strings. */
function axeFindings(lhr) {
  const found = [];
  for (const ref of lhr.categories.accessibility.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (audit.score === null || audit.score === 1) continue;
    const impact = audit.details?.debugData?.impact;
    if (impact === 'serious' || impact === 'critical') {
      found.push(`${ref.id}:${audit.details?.items?.length ?? '?'}`);
    }
  }
  return found;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  const only = process.env.NOREN_AUDIT_ROUTES?.split(',').map((r) => r.trim()).filter(Boolean);
  const routes = only?.length ? only : PORTAL_ROUTES;
  const runs = Math.max(1, Number(process.env.NOREN_AUDIT_RUNS ?? 1));
  const strict = process.env.NOREN_AUDIT_STRICT === '1';
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows = [];
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
        const perf = [];
        let last;
        for (let i = 0; i < runs; i += 1) {
          const result = await lighthouse(`${server.url}${pagePath}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          });
          last = result.lhr;
          perf.push(Math.round((last.categories.performance.score ?? 0) * 100));
        }
        const a11y = Math.round((last.categories.accessibility.score ?? 0) * 100);
        const axe = axeFindings(last);
        const performance = median(perf);
        const ok = performance >= target(route) && a11y === 100 && axe.length === 0;
        if (!ok) missed += 1;
        rows.push({
          page: pagePath,
          performance,
          target: target(route),
          accessibility: a11y,
          'axe serious+critical': axe.join(' ') || '0',
          LCP: last.audits['largest-contentful-paint'].displayValue,
          TBT: last.audits['total-blocking-time'].displayValue,
          KiB: Math.round(last.audits['total-byte-weight'].numericValue / 1024),
          '': ok ? 'ok' : 'MISSED',
        });
        console.log(`${ok ? 'ok    ' : 'MISSED'} ${pagePath}: performance ${performance} (target ${target(route)}), accessibility ${a11y}, axe ${axe.join(' ') || '0'}`);
      }
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  console.table(rows);
  console.log(`${rows.length - missed} of ${rows.length} pages meet their targets (Lighthouse ${runs === 1 ? 'one run' : `median of ${runs}`} each, mobile)`);
  if (strict && missed > 0) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
