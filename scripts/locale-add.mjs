#!/usr/bin/env node
// Adds translation keys to a locale file without clobbering concurrent edits of other keys:
//   node scripts/locale-add.mjs en_US fragment.json [--force]
// The fragment is nested JSON ({"tenant": {"tenants": "Tenants"}}); existing keys are kept unless --force.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [lang, fragmentPath, flag] = process.argv.slice(2);
if (!lang || !fragmentPath) {
  console.error('usage: node scripts/locale-add.mjs <en_US|zh_TW> <fragment.json> [--force]');
  process.exit(2);
}
const target = fileURLToPath(new URL(`../apps/web/src/locale/locale.constant-${lang}.json`, import.meta.url));
const fragment = JSON.parse(readFileSync(fragmentPath, 'utf8'));
const current = JSON.parse(readFileSync(target, 'utf8'));
let added = 0;

function merge(into, from, path) {
  for (const [key, value] of Object.entries(from)) {
    const here = `${path}${key}`;
    if (value && typeof value === 'object') {
      if (into[key] !== undefined && typeof into[key] !== 'object') throw new Error(`${here} is a string in ${lang}`);
      into[key] ??= {};
      merge(into[key], value, `${here}.`);
    } else if (into[key] === undefined || flag === '--force') {
      if (into[key] !== value) added++;
      into[key] = value;
    }
  }
}
merge(current, fragment, '');
const temp = `${target}.${process.pid}.tmp`;
writeFileSync(temp, `${JSON.stringify(current, null, 2)}\n`);
renameSync(temp, target); // atomic: a reader never sees half a file
console.log(`${lang}: ${added} keys added`);
