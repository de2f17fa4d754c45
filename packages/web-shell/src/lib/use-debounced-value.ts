import { LIMITS } from '@portico/contracts';
import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs` (search inputs wait LIMITS.inputDebounceMs). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Search text once it has stopped changing for 500 ms (LIMITS.inputDebounceMs, SPEC §5). */
export const useDebouncedSearch = (text: string) => useDebouncedValue(text, LIMITS.inputDebounceMs);
