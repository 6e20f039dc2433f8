import { randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Unbiased random alphanumeric string (activation/reset tokens are 30 chars, as in ThingsBoard). */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALNUM[b % 62];
    }
  }
  return out;
}
