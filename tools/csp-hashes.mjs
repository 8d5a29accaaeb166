#!/usr/bin/env node
// Writes DIR/csp-script-hashes.txt: the SHA-256 (`sha256-<base64>`, one a line) of every distinct
// inline script that runs in the HTML pages of a static build. The noren server reads it at
// start-up and allows exactly these in the portal's Content-Security-Policy
// (`script-src 'self' 'sha256-…'`, crates/noren-core/src/http/layers.rs), so no `'unsafe-inline'`
// is needed for the few scripts Docusaurus writes into each page (colour mode, announcement bar).
// Data blocks (`type="application/ld+json"` …) do not run and are not listed.
//
// Usage: node tools/csp-hashes.mjs DIR   (run by the portal's `npm run build`)

import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const RUNS = new Set(["", "text/javascript", "application/javascript", "module"]);

async function* pages(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* pages(path);
    else if (entry.isFile() && entry.name.endsWith(".html")) yield path;
  }
}

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node tools/csp-hashes.mjs DIR");
  process.exit(2);
}
const hashes = new Set();
let count = 0;
for await (const page of pages(dir)) {
  count += 1;
  const html = await readFile(page, "utf8");
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = (/\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1] ?? "").toLowerCase();
    if (!RUNS.has(type)) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
}
await writeFile(join(dir, "csp-script-hashes.txt"), [...hashes].sort().join("\n") + "\n");
console.log(`csp-hashes: ${hashes.size} inline script(s) in ${count} pages`);
