#!/usr/bin/env node
// Writes `FILE.br` (brotli, quality 11) and `FILE.gz` (gzip, level 9) next to every text file of a
// static build, so that the server sends them as they are (tower-http's `precompressed_br` and
// `precompressed_gzip` in crates/noren-core/src/http/statics.rs) instead of compressing each answer.
// Node's own zlib: no dependency. A sibling is written only when it is smaller than the file;
// files under 1 KiB are left to the server. Files are compressed side by side, one per core
// (zlib's async calls run on libuv's thread pool): brotli at quality 11 is most of a portal
// build's last minute, 35 s for the portal's 25 MB on one core of a 2-core machine.
//
// Usage: node tools/precompress.mjs DIR...   (run by `npm run build` of portal/ and checkout/)

import { readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const TEXT = /\.(html|js|mjs|css|json|svg|xml|txt|yaml|map|webmanifest|ico)$/;
const MIN_BYTES = 1024;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && TEXT.test(entry.name)) yield path;
  }
}

async function sibling(path, ext, data, compress) {
  const out = await compress(data);
  if (out.length < data.length) await writeFile(path + ext, out);
  else await unlink(path + ext).catch(() => {});
  return out.length;
}

async function one(path) {
  const data = await readFile(path);
  const [b] = await Promise.all([
    sibling(path, ".br", data, (d) =>
      br(d, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: d.length,
        },
      }),
    ),
    sibling(path, ".gz", data, (d) => gz(d, { level: 9 })),
  ]);
  return { raw: data.length, brotli: Math.min(b, data.length) };
}

async function precompress(dir) {
  const found = [];
  for await (const path of files(dir)) found.push({ path, size: (await stat(path)).size });
  // Largest first, so that the last file to finish is a small one.
  const paths = found.filter((f) => f.size >= MIN_BYTES).sort((a, b) => b.size - a.size).map((f) => f.path);
  let count = 0, raw = 0, brotli = 0, next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const done = await one(paths[next++]);
      count += 1;
      raw += done.raw;
      brotli += done.brotli;
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  const mb = (n) => (n / 1e6).toFixed(2);
  console.log(`precompress: ${dir}: ${count} files, ${mb(raw)} MB -> ${mb(brotli)} MB brotli`);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error("usage: node tools/precompress.mjs DIR...");
  process.exit(2);
}
for (const dir of dirs) await precompress(dir);
