import path from 'node:path';

/**
 * Has the processes a test run starts keep Node's compiled code between starts (decision 72): Vitest's workers, the
 * server processes the tests spawn (`testing/server-process.ts` passes it on), their PGlite processes and the
 * cluster's. Node keys the cache by each file's content, so a changed file is compiled afresh. Both Vitest configs
 * call it; a value set by the caller wins.
 */
export function keepNodeCompileCache(): void {
  process.env.NODE_COMPILE_CACHE ??= path.join(
    import.meta.dirname,
    '../node_modules/.cache/node-compile-cache',
  );
}
