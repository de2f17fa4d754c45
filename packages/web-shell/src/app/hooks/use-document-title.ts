import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { isShellRouteHandle } from '../../shell/route-handle.ts';

/** `Published Files · Acme Accounting`: the deepest route title, then the firm (or product) name. */
export function useDocumentTitle(suffix: string) {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (isShellRouteHandle(m.handle) ? m.handle.title : undefined))
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${suffix}` : suffix;
  }, [title, suffix]);
}
