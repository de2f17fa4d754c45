import { LIMITS } from '@portico/contracts';
import { useDebouncedValue } from '@portico/web-shell';

/** Search text once it has stopped changing for 500 ms (SPEC §5). */
export const useDebouncedSearch = (value: string) => useDebouncedValue(value, LIMITS.inputDebounceMs);
