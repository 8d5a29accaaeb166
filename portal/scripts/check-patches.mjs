// The fixes this portal carries to its dependencies (patches/*.patch, applied by patch-package
// when `npm ci` runs the postinstall script) are in node_modules, each one by itself.
//
//   node scripts/check-patches.mjs           the check (run first by `npm run build`)
//   node scripts/check-patches.mjs --prove   the check, then proof that it and patch-package
//                                            fail when one fix stops applying (`npm run
//                                            check:patches`, part of `make ci`; a few seconds)
//
// patch-package fails `npm ci` when a hunk no longer applies (an update changed the lines it
// touches). This check also fails when a fix is missing from node_modules for another reason
// (`npm ci --ignore-scripts`, an emptied patch, a hunk dropped while regenerating one), and
// it names the fix; it also fails when a patched package is not installed at its patch's
// version, or not pinned to exactly that version in package.json. The proof:
// 1. for each fix, the check is run on node_modules with that fix's hunks undone (in memory):
//    it must fail on that fix and on no other; every hunk of every patch belongs to one fix;
// 2. for each patch, the files it touches are copied, as the package has them (the patch
//    undone), into a temporary folder with the patch: `patch-package --error-on-fail` must
//    apply it there, and must exit non-zero once one line of its first hunk's context has
//    changed, as an update of the package would change it.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const portal = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const patchDir = path.join(portal, 'patches');
const THEME = 'docusaurus-theme-openapi-docs/lib/theme';
const each = (names, file, count) => Object.fromEntries(names.map((n) => [`${THEME}/${n}/${file}`, count]));

/**
 * Each fix: the files it changes (under node_modules) with how many times its patched text is
 * in each, `fixed` (the patched text) and `unfixed` (what the package has without the fix,
 * which must be in none of them). portal/README.md says what each one is for.
 */
const FIXES = [
  {
    name: 'tab scroll arrows hidden',
    why: 'empty <button>s without a name (axe button-name, critical); the tabs scroll with the keys',
    patch: 'docusaurus-theme-openapi-docs+5.2.0.patch',
    files: each(['ApiTabs', 'DiscriminatorTabs', 'MimeTabs', 'OperationTabs', 'SchemaTabs'], 'index.js', 2),
    fixed: /"openapi-tabs__arrow(?: |", ")(?:left|right)"\)?, "aria-hidden": true, tabIndex: -1,/g,
    unfixed: /"openapi-tabs__arrow(?: |", ")(?:left|right)"\)?,(?! "aria-hidden": true, tabIndex: -1,)/g,
  },
  {
    name: 'parameters and fields are list items',
    why: '<div>s directly in a <ul> (axe list, serious)',
    patch: 'docusaurus-theme-openapi-docs+5.2.0.patch',
    files: each(['ParamsItem', 'SchemaItem', 'Schema'], 'index.js', 1),
    fixed:
      /\{ className: "(?:openapi-params__list-item|openapi-schema__list-item|openapi-discriminator__item openapi-schema__list-item)", role: "listitem" \}/g,
    unfixed:
      /\{ className: "(?:openapi-params__list-item|openapi-schema__list-item|openapi-discriminator__item openapi-schema__list-item)" \}/g,
  },
  {
    name: 'try-it key box heading is an <h2>',
    why: 'an <h4> right after the page <h1> (axe heading-order)',
    patch: 'docusaurus-theme-openapi-docs+5.2.0.patch',
    files: each(['ApiExplorer/SecuritySchemes'], 'index.js', 1),
    fixed: /"h2",\s*\{ className: "openapi-security__summary-header" \}/g,
    unfixed: /"h[13-6]",\s*\{ className: "openapi-security__summary-header" \}/g,
  },
  {
    name: 'tabs do not remount after hydration',
    why: 'every schema, response and sample in tabs rendered twice on load (a 0.6 s task on a phone)',
    patch: 'docusaurus-theme-openapi-docs+5.2.0.patch',
    files: each(['Tabs', 'ApiTabs', 'DiscriminatorTabs', 'MimeTabs', 'OperationTabs', 'SchemaTabs'], 'index.js', 1),
    // The theme's comment on the key stays, right above the props that no longer have it.
    fixed: /\/\/ Temporary fix for https:\/\/github\.com\/facebook\/docusaurus\/issues\/5653\n\s*(?:\.\.\.props,\n\s*)?\},/g,
    unfixed: /key: String\(isBrowser\)/g,
  },
  {
    name: 'no localeCompare while a page hydrates',
    why: 'its first call builds an ICU collator: 25-35 ms on a phone; the strings are ASCII',
    patch: [
      '@docusaurus+plugin-content-docs+3.10.2.patch',
      '@docusaurus+theme-common+3.10.2.patch',
      'docusaurus-theme-openapi-docs+5.2.0.patch',
    ],
    files: {
      '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js': 1,
      '@docusaurus/theme-common/lib/utils/reactUtils.js': 1,
      [`${THEME}/utils/reactUtils.js`]: 1,
    },
    fixed: /\.sort\(\(a, b\) => \((b\[1\]\.path|a\[0\]) < (a\[1\]\.path|b\[0\]) \? -1 : \1 > \2 \? 1 : 0\)\)/g,
    unfixed: /\.localeCompare\(/g,
  },
  {
    name: 'Prism starts with the first code block',
    why: "Docusaurus's client module started it inside the entry script's task: 60-90 ms on a phone",
    patch: '@docusaurus+theme-classic+3.10.2.patch',
    files: {'@docusaurus/theme-classic/lib/prism-include-languages.js': 1},
    fixed: /^\/\/ Prism starts with the first code block \(src\/theme\/CodeBlock\/Content\)\.$/gm,
    unfixed: /prismIncludeLanguages\(Prism\)/g,
    // The other half: the portal's code block content starts Prism instead.
    portal: {'src/theme/CodeBlock/Content/prism.ts': /^prismIncludeLanguages\(Prism\);$/m},
  },
  {
    name: 'the first render after hydration is a transition',
    why: 'what renders once hydrated (BrowserOnly content, the phone menu) was one long task: the reader waited for it',
    patch: ['@docusaurus+core+3.10.2.patch', '@docusaurus+theme-common+3.10.2.patch'],
    files: {
      '@docusaurus/core/lib/client/browserContext.js': 1,
      '@docusaurus/theme-common/lib/hooks/useWindowSize.js': 1,
    },
    fixed: /startTransition\(\(\) => setIsBrowser\(true\)\)|startTransition\(updateWindowSize\)/g,
    unfixed: /import React, \{ useEffect, useState \} from 'react'|^\s*setIsBrowser\(true\);$|^import \{ useEffect, useState \} from 'react'|^\s*updateWindowSize\(\);$/gm,
  },
  {
    name: 'the key store hashes with crypto-js/sha1 alone',
    why: 'all of crypto-js (about 100 kB of ciphers and encodings) came with every reference page for one SHA-1',
    patch: 'docusaurus-theme-openapi-docs+5.2.0.patch',
    files: {[`${THEME}/ApiExplorer/storage-utils.js`]: 1},
    fixed: /require\("crypto-js\/sha1"\)/g,
    unfixed: /require\("crypto-js"\)/g,
  },
  {
    name: 'each chunk prefetched once, none the page has',
    why: 'the routes a page links to share most chunks with it: every <link rel=prefetch> costs the main thread',
    patch: '@docusaurus+core+3.10.2.patch',
    files: {'@docusaurus/core/lib/client/docusaurus.js': 1},
    fixed: /if \(chunkAsset && !chunkAsset\.includes\('undefined'\) && !alreadyFetched\(chunkAsset\)\) \{/g,
    unfixed: /if \(chunkAsset && !chunkAsset\.includes\('undefined'\)\) \{|flat\(routeChunks\)\)\);\nconst prefetch = /g,
  },
  {
    name: 'no prefetch of links the reader cannot see',
    why: "the closed mobile menu's links overlap the screen: 300-470 <link rel=prefetch> on a phone's every page load",
    patch: '@docusaurus+core+3.10.2.patch',
    files: {'@docusaurus/core/lib/client/exports/Link.js': 1},
    fixed: /if \(targetLink != null && visible\) \{/g,
    unfixed: /ioRef\.current\.disconnect\(\);\n\s*if \(targetLink != null\) \{/g,
  },
];

const count = (text, re) => [...text.matchAll(re)].length;

/**
 * The failures of one fix, with `read(file under node_modules)` giving a file's text or null;
 * `only`, when given, limits it to those files.
 */
function failuresOf(fix, read, only = null) {
  const out = [];
  for (const [file, expected] of Object.entries(fix.files)) {
    if (only && !only.includes(file)) continue;
    const text = read(file);
    if (text === null) {
      out.push(`${file}: missing`);
      continue;
    }
    const found = count(text, fix.fixed);
    const left = count(text, fix.unfixed);
    if (found !== expected) out.push(`${file}: the patched text ${found} times, expected ${expected}`);
    if (left > 0) out.push(`${file}: the unpatched text is still there ${left} times`);
  }
  for (const [file, re] of Object.entries(fix.portal ?? {})) {
    if (!re.test(fs.readFileSync(path.join(portal, file), 'utf8'))) out.push(`${file}: no ${re}`);
  }
  return out;
}

function readFrom(root) {
  return (file) => {
    const full = path.join(root, file);
    return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
  };
}

/** The check: the fixes missing (with why) in the files `read` gives. */
function check(read) {
  return FIXES.map((fix) => ({fix, failures: failuresOf(fix, read)})).filter((r) => r.failures.length > 0);
}

function report(results) {
  for (const {fix, failures} of results) {
    console.error(`check-patches: fix "${fix.name}" is not applied (${fix.why}):`);
    for (const f of failures) console.error(`  ${f}`);
  }
}

// ---- The patches as patch-package reads them: files of git-style diffs.

/** [{file (under node_modules), hunks: [{before, after, context: [line index in before]}]}]. */
function parsePatch(text) {
  const files = [];
  let current = null;
  let hunk = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = null;
      hunk = null;
    } else if (line.startsWith('+++ b/node_modules/')) {
      current = {file: line.slice('+++ b/node_modules/'.length), hunks: []};
      files.push(current);
    } else if (current && line.startsWith('@@ ')) {
      hunk = {before: [], after: [], context: []};
      current.hunks.push(hunk);
    } else if (hunk && line.startsWith(' ')) {
      hunk.context.push(hunk.before.length);
      hunk.before.push(line.slice(1));
      hunk.after.push(line.slice(1));
    } else if (hunk && line.startsWith('-')) {
      hunk.before.push(line.slice(1));
    } else if (hunk && line.startsWith('+')) {
      hunk.after.push(line.slice(1));
    }
  }
  return files;
}

const patchNames = () => fs.readdirSync(patchDir).filter((f) => f.endsWith('.patch')).sort();

/** `@docusaurus+theme-common+3.10.2.patch` -> ['@docusaurus/theme-common', '3.10.2']. */
function packageOfPatch(name) {
  const parts = name.replace(/\.patch$/, '').split('+');
  return [parts.slice(0, -1).join('/'), parts.at(-1)];
}

/** Every patched package is installed at its patch's version and pinned to it in package.json. */
function checkVersions() {
  const manifest = JSON.parse(fs.readFileSync(path.join(portal, 'package.json'), 'utf8'));
  const declared = {...manifest.dependencies, ...manifest.devDependencies};
  const out = [];
  for (const name of patchNames()) {
    const [pkg, version] = packageOfPatch(name);
    const installed = readFrom(path.join(portal, 'node_modules'))(`${pkg}/package.json`);
    const got = installed === null ? 'nothing' : JSON.parse(installed).version;
    if (got !== version) out.push(`patches/${name}: node_modules has ${pkg} ${got}`);
    if (declared[pkg] !== version) out.push(`patches/${name}: package.json asks for ${pkg} "${declared[pkg]}", not exactly "${version}"`);
  }
  return out;
}

function fixesOfPatch(name) {
  return FIXES.filter((fix) => [fix.patch].flat().includes(name));
}

/** A file's text with the given hunks undone (their patched text back to the package's). */
function undo(text, hunks) {
  return hunks.reduce((t, hunk) => t.replace(hunk.after.join('\n'), () => hunk.before.join('\n')), text);
}

/** The fix a hunk belongs to: the one whose unpatched text it removes. */
function fixOfHunk(patchName, file, hunk) {
  const before = hunk.before.join('\n');
  const owners = fixesOfPatch(patchName).filter((fix) => file in fix.files && count(before, fix.unfixed) > 0);
  return owners.length === 1 ? owners[0] : null;
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, {cwd, encoding: 'utf8'});
  return {status: r.status, output: `${r.stdout}${r.stderr}`};
}

function prove() {
  const problems = [];
  const nodeModules = path.join(portal, 'node_modules');
  const onDisk = readFrom(nodeModules);

  // 1. Each fix undone by itself: the check fails on it and on nothing else.
  const hunksOf = new Map(FIXES.map((fix) => [fix, []]));
  for (const name of patchNames()) {
    if (fixesOfPatch(name).length === 0) problems.push(`patches/${name}: carries no fix this check knows`);
    for (const {file, hunks} of parsePatch(fs.readFileSync(path.join(patchDir, name), 'utf8'))) {
      for (const hunk of hunks) {
        const fix = fixOfHunk(name, file, hunk);
        if (fix === null) problems.push(`patches/${name}: a hunk of ${file} belongs to no single fix`);
        else hunksOf.get(fix).push({file, hunk});
      }
    }
  }
  for (const fix of FIXES) {
    const undone = new Map();
    for (const {file, hunk} of hunksOf.get(fix)) {
      const text = undone.get(file) ?? onDisk(file) ?? '';
      if (!text.includes(hunk.after.join('\n'))) problems.push(`${file}: a hunk of "${fix.name}" is not in node_modules`);
      undone.set(file, undo(text, [hunk]));
    }
    const failed = check((file) => (undone.has(file) ? undone.get(file) : onDisk(file))).map((r) => r.fix);
    if (failed.length !== 1 || failed[0] !== fix) {
      problems.push(`with "${fix.name}" undone the check failed on [${failed.map((f) => f.name).join(', ')}]`);
    } else {
      console.log(`check-patches: proof: "${fix.name}" undone (${hunksOf.get(fix).length} hunks) -> the check fails on it alone`);
    }
  }

  // 2. patch-package on a copy: applies to the pristine files, fails once a context line changed.
  const patchPackage = path.join(nodeModules, 'patch-package', 'index.js');
  for (const name of patchNames()) {
    const files = parsePatch(fs.readFileSync(path.join(patchDir, name), 'utf8'));
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'noren-check-patches-'));
    try {
      fs.writeFileSync(path.join(tmp, 'package.json'), '{"name": "check-patches-proof", "private": true}\n');
      fs.mkdirSync(path.join(tmp, 'patches'));
      fs.copyFileSync(path.join(patchDir, name), path.join(tmp, 'patches', name));
      const [pkg] = packageOfPatch(name);
      for (const rel of [`${pkg}/package.json`, ...files.map((f) => f.file)]) {
        fs.mkdirSync(path.dirname(path.join(tmp, 'node_modules', rel)), {recursive: true});
        fs.copyFileSync(path.join(nodeModules, rel), path.join(tmp, 'node_modules', rel));
      }
      const tmpRead = readFrom(path.join(tmp, 'node_modules'));
      const fixes = fixesOfPatch(name);
      const touched = files.map((f) => f.file);
      const failuresHere = () => fixes.flatMap((fix) => failuresOf(fix, tmpRead, touched));
      const apply = () => run(process.execPath, [patchPackage, '--error-on-fail'], tmp);
      // The files as the package has them (npm ci unpacks them so): every hunk undone.
      const pristine = new Map(files.map(({file, hunks}) => [file, undo(onDisk(file), hunks)]));
      const writePristine = () => {
        for (const [file, text] of pristine) fs.writeFileSync(path.join(tmp, 'node_modules', file), text);
      };

      // Control: on the pristine copy the check fails and patch-package applies the patch.
      writePristine();
      if (failuresHere().length === 0) problems.push(`patches/${name}: the check passes without the patch`);
      let r = apply();
      if (r.status !== 0) problems.push(`patches/${name}: patch-package did not apply it to a pristine copy:\n${r.output}`);
      else if (failuresHere().length > 0) problems.push(`patches/${name}: applied, yet the check fails`);

      // Pristine again, with one line of the first hunk's context changed as an update would.
      writePristine();
      const {file, hunks} = files[0];
      const {before, context} = hunks[0];
      const changed = context.find((i) => before[i].trim() !== '');
      const target = path.join(tmp, 'node_modules', file);
      const text = fs.readFileSync(target, 'utf8');
      const at = text.indexOf(before.join('\n'));
      if (changed === undefined || at < 0) {
        problems.push(`patches/${name}: no context line to change in ${file}`);
        continue;
      }
      const edited = before.map((l, i) => (i === changed ? `${l} /* changed upstream */` : l)).join('\n');
      fs.writeFileSync(target, text.slice(0, at) + edited + text.slice(at + before.join('\n').length));
      r = apply();
      if (r.status === 0) {
        problems.push(`patches/${name}: patch-package exited 0 with a changed context line in ${file}`);
      } else if (!r.output.includes('Failed to apply patch')) {
        problems.push(`patches/${name}: patch-package failed for another reason:\n${r.output}`);
      } else if (failuresHere().length === 0) {
        problems.push(`patches/${name}: patch-package failed, yet the check passes`);
      } else {
        console.log(
          `check-patches: proof: patches/${name} with one context line of ${file} changed -> patch-package exits ${r.status}`,
        );
      }
    } finally {
      fs.rmSync(tmp, {recursive: true, force: true});
    }
  }
  return problems;
}

const failed = check(readFrom(path.join(portal, 'node_modules')));
const versions = checkVersions();
if (failed.length > 0 || versions.length > 0) {
  report(failed);
  for (const v of versions) console.error(`check-patches: ${v}`);
  if (failed.length > 0) console.error('check-patches: run `npm ci` in portal/ (its postinstall applies patches/ with patch-package)');
  process.exit(1);
}
console.log(`check-patches: all ${FIXES.length} fixes are in node_modules (${patchNames().length} patches)`);
if (process.argv.includes('--prove')) {
  const problems = prove();
  if (problems.length > 0) {
    for (const p of problems) console.error(`check-patches: proof failed: ${p}`);
    process.exit(1);
  }
  console.log('check-patches: proof done: each fix missing fails the check; each patch with a changed context line fails patch-package');
}
