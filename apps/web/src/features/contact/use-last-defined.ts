import { useRef } from 'react';

/**
 * The value, or the last defined one while it is undefined: a closing drawer keeps showing its entity
 * through the slide-out instead of going blank.
 */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const last = useRef(value);
  if (value !== undefined) last.current = value;
  return value ?? last.current;
}
