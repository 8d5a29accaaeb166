#!/usr/bin/env node
/**
 * Generates the three API references (one page per operation) from the committed specs in the
 * repository's `openapi/` folder, in English and Japanese, before `docusaurus build`.
 *
 *   node scripts/references.mjs          # specs -> .references/{en,ja}/*.json -> references/ (en)
 *                                        # and i18n/ja/docusaurus-plugin-content-docs-references/ (ja)
 *   node scripts/references.mjs --check  # only check that every text has its Japanese (exit 1 if not)
 *
 * The Japanese texts live next to the English specs, in `openapi/ja/<name>.json`: a map from each
 * English text of the spec (summary, description, title, tag name) to its Japanese. Keying by
 * the English text means a changed English sentence has no Japanese until someone translates the
 * new one; the Rust test `openapi::every_text_of_every_spec_has_its_japanese_text` and this
 * script both fail on a missing one, so no call ships English-only.
 *
 * What is rewritten for the portal (the committed specs stay as the server serves them):
 * - `servers`: the first is the page's own origin (an empty URL, which the try-it panel sends to
 *   `window.location.origin`), so a request goes nowhere else unless the reader picks another.
 * - security schemes are named after their header (SCHEME_NAMES): one merchant key for all three.
 * - Japanese: every text through the overlay; tag names stay (page ids and URLs are the same in
 *   both languages) and show their Japanese through `x-displayName`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';
import kebabCase from 'lodash/kebabCase.js';

import {specs, translatable, translate} from './openapi-texts.mjs';

const portal = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(portal, '..');
const staging = path.join(portal, '.references');
const jaDocs = path.join(portal, 'i18n/ja/docusaurus-plugin-content-docs-references');

/**
 * Markdown that src/theme/Markdown (marked, plain CommonMark and GFM) would show differently
 * from the reference theme's own renderer: fenced code, which the theme drew with its code
 * block, and its `:::note` admonitions. No text uses them; this keeps it so.
 */
const UNSUPPORTED_MARKDOWN = /```|~~~|^\s*:::/m;

function load(file) {
  const text = fs.readFileSync(path.join(repo, 'openapi', file), 'utf8');
  return file.endsWith('.yaml') ? yaml.load(text) : JSON.parse(text);
}

function overlay(id) {
  const file = path.join(repo, 'openapi', 'ja', `${id}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')).texts;
}

/**
 * The names the try-it panel shows for the key fields (it labels each by its scheme's name, and
 * keeps what the reader typed per name): the header itself, so the reader knows what goes there,
 * and one name for the merchant key in all three specs, so the key entered once serves them all.
 */
const SCHEME_NAMES = {
  apiKey: 'X-Auth-API-Key',
  merchantApiKey: 'X-Auth-API-Key',
  partnerApiKey: 'X-Auth-API-Key (partner key)',
  partnerBearer: 'Authorization (partner key)',
};

/**
 * The spec as the portal shows it: the page's own origin first among the servers, then the
 * spec's others (staging, production); the security schemes named as in SCHEME_NAMES.
 */
function forPortal(spec, label) {
  const copy = structuredClone(spec);
  const rename = (requirements) =>
    requirements?.map((req) => Object.fromEntries(Object.entries(req).map(([k, v]) => [SCHEME_NAMES[k] ?? k, v])));
  const schemes = copy.components?.securitySchemes;
  if (schemes) {
    copy.components.securitySchemes = Object.fromEntries(
      Object.entries(schemes).map(([k, v]) => [SCHEME_NAMES[k] ?? k, v]),
    );
  }
  if (copy.security) copy.security = rename(copy.security);
  for (const item of [...Object.values(copy.paths ?? {}), ...Object.values(copy.webhooks ?? {})]) {
    for (const op of Object.values(item)) if (op && typeof op === 'object' && op.security) op.security = rename(op.security);
  }
  // The panel fills each parameter from its example, and keeps optional ones folded away: an
  // optional example would be sent without the reader seeing it. As a JSON Schema `examples`
  // entry it is still shown as the example, and the field starts empty.
  const parameters = [...Object.values(copy.paths ?? {})].flatMap((item) => [
    ...(item.parameters ?? []),
    ...Object.values(item).flatMap((op) => (op && typeof op === 'object' && Array.isArray(op.parameters) ? op.parameters : [])),
  ]);
  for (const p of [...parameters, ...Object.values(copy.components?.parameters ?? {})]) {
    if (p && !p.required && p.example !== undefined) {
      p.schema = {...p.schema, examples: p.schema?.examples ?? [p.example]};
      delete p.example;
    }
  }
  const others = (copy.servers ?? []).filter((s) => !/^https?:\/\/(127\.0\.0\.1|localhost)\b/.test(s.url));
  copy.servers = [{url: '', description: label}, ...others];
  return copy;
}

function main() {
  const check = process.argv.includes('--check');
  const missing = [];
  const unsupported = [];
  const prepared = [];
  for (const {id, file} of specs) {
    const en = load(file);
    const texts = overlay(id);
    for (const text of translatable(en)) {
      if (typeof texts[text] !== 'string' || texts[text].trim() === '') missing.push(`${id}: ${JSON.stringify(text)}`);
      for (const t of [text, texts[text]]) {
        if (typeof t === 'string' && UNSUPPORTED_MARKDOWN.test(t)) unsupported.push(`${id}: ${JSON.stringify(t)}`);
      }
    }
    prepared.push({id, en, texts});
  }
  if (missing.length > 0 && process.argv.includes('--draft')) {
    // Local work on the portal only: the Japanese pages show the English of the missing texts.
    console.warn(`draft: ${missing.length} text(s) without Japanese are shown in English`);
  } else if (missing.length > 0) {
    console.error(`${missing.length} text(s) of the specs have no Japanese in openapi/ja/*.json:`);
    for (const m of missing.slice(0, 50)) console.error(`  ${m}`);
    console.error('Add them (node portal/scripts/openapi-texts.mjs sync lists them in the files).');
    process.exit(1);
  }
  if (unsupported.length > 0) {
    console.error(`${unsupported.length} text(s) use Markdown the references do not render (fenced code, ::: admonitions; see src/theme/Markdown):`);
    for (const u of unsupported.slice(0, 20)) console.error(`  ${u}`);
    process.exit(1);
  }
  if (check) {
    console.log('every text of the three specs has its Japanese');
    return;
  }

  fs.rmSync(staging, {recursive: true, force: true});
  fs.rmSync(path.join(portal, 'references'), {recursive: true, force: true});
  fs.rmSync(path.join(jaDocs, 'current'), {recursive: true, force: true});
  for (const lang of ['en', 'ja']) fs.mkdirSync(path.join(staging, lang), {recursive: true});
  // The docs instance needs its folder to exist before the generator (a docusaurus command) loads.
  fs.mkdirSync(path.join(portal, 'references'), {recursive: true});
  // The sidebars are the English ones; their labels in Japanese come from this file.
  const categoryLabels = {'version.label': {message: 'Next', description: 'The label for version current'}};
  // The API's own category above each sidebar (sidebars-references.ts), named as in the navbar.
  for (const [id, en, ja] of [
    ['pay', 'Payment API', '決済 API'],
    ['order', 'Ordering API', '注文 API'],
    ['inbound', 'Inbound API', 'インバウンド API'],
  ]) {
    categoryLabels[`sidebar.${id}.category.${en}`] = {message: ja, description: `The label for category ${en} in sidebar ${id}`};
  }
  for (const {id, en, texts} of prepared) {
    const english = forPortal(en, 'This server (the portal’s own origin)');
    const japanese = forPortal(translate(en, texts), 'このサーバー（ポータルと同じオリジン）');
    fs.writeFileSync(path.join(staging, 'en', `${id}.json`), JSON.stringify(english, null, 1));
    fs.writeFileSync(path.join(staging, 'ja', `${id}.json`), JSON.stringify(japanese, null, 1));
    for (const summary of operationSummaries(en)) {
      categoryLabels[`sidebar.${id}.doc.${summary}`] = {
        message: texts[summary] || summary,
        description: `The label for the doc item ${summary} in sidebar ${id}`,
      };
    }
    for (const tag of tagNames(en)) {
      categoryLabels[`sidebar.${id}.category.${tag}`] = {
        message: texts[tag] || tag,
        description: `The label for category ${tag} in sidebar ${id}`,
      };
    }
  }
  execFileSync('npx', ['docusaurus', 'gen-api-docs', 'all'], {cwd: portal, stdio: ['ignore', 'ignore', 'inherit']});
  for (const {id, en} of prepared) {
    for (const dir of [path.join(portal, 'references', id), path.join(jaDocs, 'current', id)]) {
      entryPage(dir, id);
      operationIds(dir, en);
    }
  }
  fs.mkdirSync(jaDocs, {recursive: true});
  fs.writeFileSync(path.join(jaDocs, 'current.json'), `${JSON.stringify(categoryLabels, null, 2)}\n`);
  console.log(`references: ${prepared.length} specs in English and Japanese`);
}

/**
 * Seed 000 §2: `/references/<id>` is the reference's entry page. The generator names the
 * overview page after the spec's title (which differs between languages), so it becomes
 * `overview` with the slug `/<id>`, and the links to it follow.
 */
function entryPage(dir, id) {
  const info = fs.readdirSync(dir).find((f) => f.endsWith('.info.mdx'));
  if (!info) throw new Error(`${dir}: the generator wrote no overview page`);
  const oldId = info.replace(/\.info\.mdx$/, '');
  const text = fs
    .readFileSync(path.join(dir, info), 'utf8')
    .replace(/^id: .*$/m, `id: overview\nslug: /${id}`)
    .replace(/^sidebar_label: Introduction$/m, `sidebar_label: ${dir.includes('/i18n/ja/') ? '概要' : 'Overview'}`);
  fs.rmSync(path.join(dir, info));
  fs.writeFileSync(path.join(dir, 'overview.info.mdx'), text);
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.mdx') && file !== 'sidebar.ts') continue;
    const full = path.join(dir, file);
    const before = fs.readFileSync(full, 'utf8');
    const after = before
      .replaceAll(`info_path: references/${id}/${oldId}`, `info_path: references/${id}`)
      .replaceAll(`"${id}/${oldId}"`, `"${id}/overview"`);
    if (after !== before) fs.writeFileSync(full, after);
  }
}

/** The summaries of the operations and webhooks: the generated sidebars' labels. */
function operationSummaries(spec) {
  const items = [...Object.values(spec.paths ?? {}), ...Object.values(spec.webhooks ?? {})];
  return items.flatMap((item) => Object.values(item).map((op) => op?.summary).filter((s) => typeof s === 'string'));
}

/**
 * Shows each operation's id under its path (`Operation ID: start_menu_import`): what generated
 * clients name the call, and what readers search for.
 */
function operationIds(dir, spec) {
  const byPage = new Map();
  for (const item of Object.values(spec.paths ?? {})) {
    for (const op of Object.values(item)) if (op?.operationId) byPage.set(kebabCase(op.operationId), op.operationId);
  }
  for (const [page, operationId] of byPage) {
    const file = path.join(dir, `${page}.api.mdx`);
    if (!fs.existsSync(file)) throw new Error(`${file}: no page for operation ${operationId}`);
    const text = fs.readFileSync(file, 'utf8');
    const line =
      `<p className="openapi-operation-id"><Translate id="reference.operationId" description="The label of an operation's id on its reference page">Operation ID</Translate>: <code>${operationId}</code></p>`;
    if (!text.includes('</MethodEndpoint>')) throw new Error(`${file}: no endpoint to put the operation id under`);
    fs.writeFileSync(file, text.replace('</MethodEndpoint>', `</MethodEndpoint>\n\n${line}`));
  }
}

function tagNames(spec) {
  const names = new Set((spec.tags ?? []).map((t) => t.name));
  for (const item of [...Object.values(spec.paths ?? {}), ...Object.values(spec.webhooks ?? {})]) {
    for (const op of Object.values(item)) for (const t of op?.tags ?? []) names.add(t);
  }
  return [...names];
}

main();
