import { useState } from 'react';

/**
 * True from the first render where `value` is true on, for good. Keeps a lazily loaded dialog mounted once it has
 * been opened, so that closing it runs its own closing (the focus back on what opened it) instead of vanishing.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
