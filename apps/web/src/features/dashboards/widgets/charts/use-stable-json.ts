import { useMemo } from 'react';

/**
 * The value, kept the same object while its JSON content stays the same. The viewer may hand a
 * widget new settings objects on every data update; charts must not rebuild for those.
 */
export function useStableJson<T>(value: T): T {
  const key = JSON.stringify(value) ?? 'null';
  return useMemo(() => JSON.parse(key) as T, [key]);
}
