import { ConfigProvider } from 'antd';
import type { ComponentType } from 'react';

/**
 * The console's own adjustments on top of the firm's theme (which the shell sets): antd's default error red
 * (#FF4D4F) reads at 3.3:1 on white, below WCAG AA for the text of danger buttons; this red reads at 5.6:1.
 */
const CONSOLE_THEME = { token: { colorError: '#CF1322' } } as const;

/** A page of the console inside its theme adjustments (nested: the firm's colours still apply). */
export function withConsoleTheme(Page: ComponentType): ComponentType {
  function ConsolePage() {
    return (
      <ConfigProvider theme={CONSOLE_THEME}>
        <Page />
      </ConfigProvider>
    );
  }
  ConsolePage.displayName = `withConsoleTheme(${Page.displayName ?? Page.name})`;
  return ConsolePage;
}
