import { App as AntApp, ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useBranding } from '../features/branding/components/branding-provider.tsx';
import { themeConfigFor } from '../lib/branding.ts';

/**
 * Where antd puts a popup (a select's list, a date picker, a dropdown menu): inside the landmark of what opened
 * it rather than loose at the end of <body>, so it is part of the page's structure for assistive technology
 * (axe: region). Outside any landmark, <body> as before.
 */
const LANDMARKS = 'main, header, nav, aside, footer, [role=dialog], [role=region]';
const popupContainer = (trigger?: HTMLElement): HTMLElement =>
  trigger?.closest<HTMLElement>(LANDMARKS) ?? trigger?.ownerDocument.body ?? document.body;

/** antd's theme in the tenant's colours, for what is drawn with antd below it. Loaded with the first such part. */
export default function AntdTheme({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const theme = useMemo(() => themeConfigFor(branding), [branding]);
  return (
    <ConfigProvider theme={theme} getPopupContainer={popupContainer}>
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
