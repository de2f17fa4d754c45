export * from './constants.ts';
export * from './discovery.ts';
export * from './errors.ts';
export * from './file-area-settings.ts';
export * from './health.ts';
export * from './runtime-config.ts';
