#!/usr/bin/env node
/**
 * The texts of an OpenAPI document that a reader reads: every `summary`, `description` and
 * `title`, and every tag name. Example values, defaults, enums and constants are data, not
 * texts, and stay as they are. The Rust test `openapi::every_text_of_every_spec_has_its_japanese_text`
 * walks the specs by the same rules.
 *
 *   node scripts/openapi-texts.mjs sync   # add each new English text to openapi/ja/<name>.json
 *                                         # (with an empty Japanese to fill in), drop unused ones
 *   node scripts/openapi-texts.mjs todo   # print the texts whose Japanese is still empty
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import yaml from 'js-yaml';

export const specs = [
  {id: 'pay', file: 'pay.yaml'},
  {id: 'order', file: 'order.json'},
  {id: 'inbound', file: 'inbound.json'},
];

const TEXT = new Set(['summary', 'description', 'title']);
/** Keywords whose value is data (an example, a default, allowed values), never read as prose. */
const DATA = new Set(['example', 'default', 'enum', 'const', 'value', 'externalValue', 'required']);
/** Keywords whose value maps names (property, path, status, media type …) to objects. */
const MAPS = new Set([
  'properties', 'patternProperties', 'paths', 'webhooks', 'responses', 'schemas', 'headers',
  'parameters', 'requestBodies', 'securitySchemes', 'callbacks', 'content', '$defs', 'variables',
  'links', 'encoding', 'examples', 'pathItems',
]);

/**
 * Calls `visit(text, set)` for each text of `node`; `set(newText)` replaces it in place.
 * `inMap`: the keys of `node` are names (of properties, paths …), not keywords.
 */
function walk(node, visit, inMap = false) {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (inMap) {
      walk(value, visit);
    } else if (key === 'tags' && Array.isArray(value)) {
      value.forEach((tag, i) => {
        if (typeof tag === 'string') visit(tag, () => {}); // an operation's tag: its name
        else {
          if (typeof tag?.name === 'string') visit(tag.name, (t) => (tag['x-displayName'] = t));
          walk(tag, visit);
        }
        return i;
      });
    } else if (TEXT.has(key) && typeof value === 'string') {
      visit(value, (t) => (node[key] = t));
    } else if (DATA.has(key) || key.startsWith('x-')) {
      // data, not prose
    } else if (key === 'examples' && Array.isArray(value)) {
      // JSON Schema's `examples`: a list of example values
    } else if (MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      walk(value, visit, true);
    } else {
      walk(value, visit);
    }
  }
}

/** Every distinct text of `spec`, in the order they first appear. */
export function translatable(spec) {
  const seen = new Set();
  walk(structuredClone(spec), (text) => {
    if (text.trim() !== '') seen.add(text);
  });
  return [...seen];
}

/** A copy of `spec` with every text replaced by `texts[text]` (tag names become `x-displayName`). */
export function translate(spec, texts) {
  const copy = structuredClone(spec);
  walk(copy, (text, set) => {
    const ja = texts[text];
    if (typeof ja === 'string' && ja.trim() !== '') set(ja);
  });
  return copy;
}

function cli() {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const command = process.argv[2];
  for (const {id, file} of specs) {
    const raw = fs.readFileSync(path.join(repo, 'openapi', file), 'utf8');
    const spec = file.endsWith('.yaml') ? yaml.load(raw) : JSON.parse(raw);
    const overlayFile = path.join(repo, 'openapi', 'ja', `${id}.json`);
    const overlay = fs.existsSync(overlayFile)
      ? JSON.parse(fs.readFileSync(overlayFile, 'utf8'))
      : {texts: {}};
    const texts = translatable(spec);
    if (command === 'sync') {
      const next = {};
      for (const t of texts) next[t] = overlay.texts[t] ?? '';
      const dropped = Object.keys(overlay.texts).filter((t) => !(t in next));
      fs.mkdirSync(path.dirname(overlayFile), {recursive: true});
      fs.writeFileSync(
        overlayFile,
        `${JSON.stringify({about: ABOUT(file), texts: next}, null, 2)}\n`,
      );
      const empty = texts.filter((t) => !next[t]).length;
      console.log(`openapi/ja/${id}.json: ${texts.length} texts, ${empty} without Japanese, ${dropped.length} unused dropped`);
    } else if (command === 'todo') {
      for (const t of texts) if (!overlay.texts[t]) console.log(`${id}: ${JSON.stringify(t)}`);
    } else {
      console.error('usage: openapi-texts.mjs sync|todo');
      process.exit(2);
    }
  }
}

const ABOUT = (file) =>
  `Japanese texts of openapi/${file}: each English text of the spec (summary, description, title, tag name) and its Japanese. ` +
  'The portal renders /ja/references/* from these; `cargo test` and the portal build fail when a text has none. ' +
  'After changing a doc comment: node portal/scripts/openapi-texts.mjs sync, then translate the empty entries.';

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) cli();
