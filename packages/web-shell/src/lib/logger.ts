import type { RuntimeConfig } from '@portico/contracts';

export type LogLevel = RuntimeConfig['logLevel'];

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Default log level of the front ends (SPEC §9); /config.json may change it. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'debug';

let threshold: LogLevel = DEFAULT_LOG_LEVEL;

export function setLogLevel(level: LogLevel) {
  threshold = level;
}

export function getLogLevel(): LogLevel {
  return threshold;
}

const enabled = (level: LogLevel) => ORDER[level] >= ORDER[threshold];

/** A console logger that honours the configured level; the one place front-end code writes to the console. */
export const logger = {
  debug: (...args: unknown[]) => {
    // biome-ignore lint/suspicious/noConsole: the logger is the console's only caller
    if (enabled('debug')) console.debug('[portico]', ...args);
  },
  info: (...args: unknown[]) => {
    // biome-ignore lint/suspicious/noConsole: the logger is the console's only caller
    if (enabled('info')) console.info('[portico]', ...args);
  },
  warn: (...args: unknown[]) => {
    if (enabled('warn')) console.warn('[portico]', ...args);
  },
  error: (...args: unknown[]) => {
    if (enabled('error')) console.error('[portico]', ...args);
  },
};
