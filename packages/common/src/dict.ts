/**
 * An empty object for keys that come from users (telemetry and attribute keys). Without a
 * prototype, `__proto__`, `constructor` and `toString` are ordinary keys: `o[k] ??= []` finds
 * nothing inherited, `k in o` is false until set, and assigning `__proto__` stores a value instead
 * of replacing the prototype. JSON.stringify writes it like any other object. (A Map is the other
 * safe choice; this is for objects that go on the wire as they are.)
 */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
