import { MAX_JSON_DEPTH, MAX_KEYS_PER_MESSAGE } from '@sapo/common';

/**
 * Device payloads the database cannot store, as an outside probe sent them (issue 18), with the
 * reason the sender is given: each must be refused for its sender alone. Shared by the HTTP and
 * MQTT transport tests.
 */
export const BAD_DEVICE_PAYLOADS: Record<string, { body: string; reason: RegExp }> = {
  'a lone surrogate in a string value': { body: '{"note":"\\ud800"}', reason: /'note'.*lone surrogate/ },
  'a lone surrogate in a key': { body: '{"\\udc00":1}', reason: /Invalid key.*lone surrogate/ },
  'a lone surrogate inside a JSON value': { body: '{"cfg":{"a":["\\ud83d"]}}', reason: /'cfg\.a\.0'.*lone surrogate/ },
  'JSON nested 5,000 levels deep': {
    body: `{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    reason: new RegExp(`nested deeper than ${MAX_JSON_DEPTH} levels`),
  },
  [`JSON nested ${MAX_JSON_DEPTH + 1} levels deep`]: {
    body: `{"deep":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`,
    reason: /nested deeper/,
  },
  'a NUL character': { body: '{"note":"a\\u0000b"}', reason: /NUL/ },
  [`${MAX_KEYS_PER_MESSAGE + 1} keys`]: {
    body: JSON.stringify(Object.fromEntries(Array.from({ length: MAX_KEYS_PER_MESSAGE + 1 }, (_, i) => [`k${i}`, i]))),
    reason: new RegExp(`Too many keys in one message: ${MAX_KEYS_PER_MESSAGE + 1}`),
  },
};

/** Keys the bad payloads would have written. */
export const BAD_PAYLOAD_KEYS = ['note', 'cfg', 'deep', 'k0', '\ufffd'];
