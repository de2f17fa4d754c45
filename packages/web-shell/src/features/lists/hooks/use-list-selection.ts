import { useState } from 'react';

/**
 * The rows picked in a list, kept across its pages. A new `scope` (the selected site) starts with none, so no
 * file of another site is ever zipped.
 */
export function useListSelection(scope: unknown = null) {
  const [selection, setSelection] = useState<{ scope: unknown; keys: string[] }>({ scope, keys: [] });
  const keys = selection.scope === scope ? selection.keys : [];
  return {
    keys,
    onChange: (next: string[]) => setSelection({ scope, keys: next }),
    clear: () => setSelection({ scope, keys: [] }),
  };
}
