import { ALARM_SEVERITY_LIST, AUTHORITIES } from '@sapo/common';
import {
  CONDITION_KEY_TYPES,
  DAYS_OF_WEEK,
  DYNAMIC_SOURCES,
  operationsFor,
  SCHEDULE_TYPES,
  SPEC_TYPES,
  TIME_UNITS,
  VALUE_TYPES,
} from '../features/device-profiles/alarm-rules/model/alarm-rules-model';
import { describe, expect, it } from 'vitest';
import { LIMIT_GROUPS, LIMIT_KEYS } from '../features/tenant-profiles/model/tenant-profile-form';
import type { UserStatus } from '../features/users/model/user-status';
import { ACTIVATION_MODES } from '../features/users/model/user-types';
import { DATA_KEY_TYPES } from '../features/dashboards/model/data-key';
import en from './locale.constant-en_US.json';
import zh from './locale.constant-zh_TW.json';

/*
 * Every translation key the web app uses must exist in both language files (a missing one shows the raw
 * key on screen), and the two files must have the same keys.
 *
 * Convention the scan relies on: a translation key is a string literal of dotted kebab-case segments
 * ('profile.change-password', 'admin.oauth2.oauth2'). Every such literal in the source is taken as a key,
 * wherever it appears — t() arguments, ternaries inside t(), route handles, menu tables, helper arguments
 * (link('home', 'home.home', …)), error-key unions — except MUI palette paths ('text.secondary') and
 * numbers ('1.25rem'). Keys built at run time (t(`authority.${x}`)) cannot be read from the source, so each
 * such family is listed in DYNAMIC_FAMILIES with the keys it can produce.
 */

const KEY = /^[a-z0-9-]+(\.[a-z0-9_-]+)+$/;

/** MUI theme palette paths, written in sx/color props, share the key shape but are not keys. */
const PALETTE =
  /^(primary|secondary|error|warning|info|success|text|background|action|common|grey|divider)\.(main|light|dark|primary|secondary|disabled|paper|default|active|hover|selected|focus|white|black|\d+)$/;
const NOT_KEY = [PALETTE, /^\d/, /\.(js|mjs|ts|tsx|json|css|svg|png|jpe?g|html|local|com|org)$/];

/** Every user status; a Record so the compiler flags a status added to the union but not here. */
const USER_STATUSES: Record<UserStatus, true> = {
  active: true,
  disabled: true,
  pending: true,
  inactive: true,
  locked: true,
};

/** Run-time key families: the template prefix and every key it can produce. */
const DYNAMIC_FAMILIES: Record<string, () => string[]> = {
  'authority.': () => AUTHORITIES.map((authority) => `authority.${authority}`),
  'tenant-profile.limit.': () => LIMIT_KEYS.map((key) => `tenant-profile.limit.${key}`),
  'tenant-profile.limit-group.': () => LIMIT_GROUPS.map((group) => `tenant-profile.limit-group.${group.id}`),
  'user.activation-mode.': () => ACTIVATION_MODES.map((mode) => `user.activation-mode.${mode}`),
  'user.activation-mode-hint.': () => ACTIVATION_MODES.map((mode) => `user.activation-mode-hint.${mode}`),
  'user.status.': () => Object.keys(USER_STATUSES).map((status) => `user.status.${status}`),
  'alarm.severity-': () => ALARM_SEVERITY_LIST.map((s) => `alarm.severity-${s}`),
  'device-profile.condition-type-': () => SPEC_TYPES.map((s) => `device-profile.condition-type-${s.toLowerCase()}`),
  'device-profile.schedule-day-': () => DAYS_OF_WEEK.map((d) => `device-profile.schedule-day-${d}`),
  'device-profile.schedule-type-': () => SCHEDULE_TYPES.map((s) => `device-profile.schedule-type-${s}`),
  'filter.dynamic-source-': () => DYNAMIC_SOURCES.map((s) => `filter.dynamic-source-${s}`),
  'filter.key-type-': () => CONDITION_KEY_TYPES.map((s) => `filter.key-type-${s}`),
  'filter.operation-': () => [...new Set(VALUE_TYPES.flatMap(operationsFor))].map((op) => `filter.operation-${op}`),
  'filter.value-type-': () => VALUE_TYPES.map((s) => `filter.value-type-${s}`),
  'timeunit.': () => TIME_UNITS.map((u) => `timeunit.${u.toLowerCase()}`),
  'datakey.type-': () => DATA_KEY_TYPES.map((k) => `datakey.type-${k}`),
  'widget.type-': () =>
    ['timeseries', 'latest', 'rpc', 'alarm', 'static', 'alarmCounter', 'deviceHealthCounter'].map(
      (k) => `widget.type-${k}`,
    ),
  'legend.': () => ['min', 'max', 'avg', 'total'].map((k) => `legend.${k}`),
};

type Sources = Record<string, string>;

// Vite reads the sources at test time (no Node APIs needed in the web project); tests are not scanned,
// nor widget registrations, whose 'bundle.type_alias' keys share the shape of translation keys.
const sources: Sources = import.meta.glob(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts', '!../**/registrations.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

function stripComments(code: string): string {
  // Comments quote keys as examples; only code counts.
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Literal keys in one source text (string literals and template literals without substitutions). */
export function literalKeys(code: string): string[] {
  const found = new Set<string>();
  for (const match of stripComments(code).matchAll(/(['"`])([a-z0-9][a-z0-9_.-]*)\1/g)) {
    const text = match[2]!;
    if (KEY.test(text) && !NOT_KEY.some((pattern) => pattern.test(text))) found.add(text);
  }
  return [...found];
}

/** Prefixes of keys built with a template inside t(…), e.g. t(`authority.${x}`) → 'authority.'. */
export function dynamicPrefixes(code: string): string[] {
  const found = new Set<string>();
  for (const match of stripComments(code).matchAll(/\bt\(\s*`([^`$]*)\$\{/g)) found.add(match[1]!);
  return [...found];
}

type Tree = { [key: string]: string | Tree };

/** Leaf keys of a nested locale file, dotted. */
export function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

/** i18next plural forms ('x_one', 'x_other') satisfy a use of 'x'. */
function has(keys: ReadonlySet<string>, key: string): boolean {
  return keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`);
}

const languages = { en_US: new Set(flatten(en as Tree)), zh_TW: new Set(flatten(zh as Tree)) };

/** `key  (file, file)` lines for every used key a language lacks. */
function missingIn(keys: ReadonlySet<string>, used: ReadonlyMap<string, string[]>): string[] {
  return [...used]
    .filter(([key]) => !has(keys, key))
    .map(([key, files]) => `${key}  (${files.join(', ')})`)
    .sort();
}

function usedKeys(all: Sources): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const add = (key: string, file: string) => used.set(key, [...(used.get(key) ?? []), file]);
  for (const [file, code] of Object.entries(all)) {
    const name = file.replace(/^\.\.\//, '');
    for (const key of literalKeys(code)) add(key, name);
    for (const prefix of dynamicPrefixes(code)) for (const key of DYNAMIC_FAMILIES[prefix]?.() ?? []) add(key, name);
  }
  return used;
}

describe('the scanner', () => {
  it('finds literal keys in t(), ternaries, handles, tables and helper calls — and skips the rest', () => {
    const code = [
      "t('login.sign-in'); t(shown ? 'login.hide-password' : \"login.show-password\");",
      "handle: { title: `home.home` }, link('tenants', 'tenant.tenants', '/tenants', 'supervisor_account');",
      "sx={{ color: 'text.secondary', bgcolor: 'primary.main', fontSize: '1.25rem' }} from './app.tsx'",
      "// t('comment.only')  name: 'plain', email: 'tenant@sapo.local', t(`authority.${a}`)",
    ].join('\n');
    expect(literalKeys(code).sort()).toEqual([
      'home.home',
      'login.hide-password',
      'login.show-password',
      'login.sign-in',
      'tenant.tenants',
    ]);
    expect(dynamicPrefixes('t(`authority.${user.authority}`); t(`x`)')).toEqual(['authority.']);
  });

  it('reads the app: many files, and keys it knows are there', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const used = usedKeys(sources);
    expect(used.has('login.sign-in')).toBe(true);
    expect(used.has('authority.TENANT_ADMIN')).toBe(true); // through the dynamic family
  });

  it('reports a key missing from a language file', () => {
    const used = usedKeys({ 'fake.tsx': "t('login.sign-in'); t('no-such.key-anywhere')" });
    expect(missingIn(languages.en_US, used)).toEqual(['no-such.key-anywhere  (fake.tsx)']);
  });
});

describe('locale files', () => {
  const used = usedKeys(sources);

  it.each(Object.entries(languages))('%s has every key the app uses', (_language, keys) => {
    expect(missingIn(keys, used)).toEqual([]);
  });

  it('en_US and zh_TW have the same keys', () => {
    const onlyIn = (a: Set<string>, b: Set<string>) => [...a].filter((key) => !b.has(key)).sort();
    expect({
      onlyEnUS: onlyIn(languages.en_US, languages.zh_TW),
      onlyZhTW: onlyIn(languages.zh_TW, languages.en_US),
    }).toEqual({
      onlyEnUS: [],
      onlyZhTW: [],
    });
  });

  it('every key built at run time belongs to a known family', () => {
    const unknown = Object.entries(sources).flatMap(([file, code]) =>
      dynamicPrefixes(code)
        .filter((prefix) => !(prefix in DYNAMIC_FAMILIES))
        .map((prefix) => `t(\`${prefix}\${…}\`) in ${file.replace(/^\.\.\//, '')}: add the family to DYNAMIC_FAMILIES`),
    );
    expect(unknown).toEqual([]);
  });
});
