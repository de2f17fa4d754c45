import { lazy, type ReactNode, Suspense } from 'react';

const AntdTheme = lazy(() => import('./antd-theme.tsx'));

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
