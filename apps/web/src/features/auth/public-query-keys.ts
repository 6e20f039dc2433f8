/** The first part of the keys of public data (sign-in-queries.ts): no session, nothing user-specific. */
const PUBLIC_PREFIX = 'sign-in';

export function isPublicQueryKey(key: readonly unknown[]): boolean {
  return key[0] === PUBLIC_PREFIX;
}
