import { lazy, type ReactNode, Suspense } from 'react';

const loadAntdTheme = () => import('./antd-theme.tsx');
const AntdTheme = lazy(loadAntdTheme);

/** Starts loading antd and its theme before a part that needs them is drawn (see prefetchPage). */
export function prefetchAntdTheme(): void {
  loadAntdTheme().catch(() => undefined);
}

/**
 * Wraps what is drawn with antd (forms, dialogs, date pickers, most pages): antd, its style engine and the
 * tenant's theme for it load with the first such part, not with the first screen, which Portico's own controls
 * draw (decision 40). `fallback` shows meanwhile (nothing unless given).
 */
export function AntdScope({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdTheme>{children}</AntdTheme>
    </Suspense>
  );
}
