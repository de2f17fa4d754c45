import path from 'node:path';

/**
 * Has the processes a test run starts keep Node's compiled code between starts (decision 72): Vitest's workers, the
 * server processes the tests spawn (`testing/server-process.ts` passes it on), their PGlite processes and the
 * cluster's. Node keys the cache by each file's content, so a changed file is compiled afresh. Both Vitest configs,
 * the bench and `npm run cluster` call it; a value set by the caller wins. `npm start` and `npm run dev` set the
 * same folder in package.json: a server started from the cache never loads Node's TypeScript stripper (swc in
 * WebAssembly), 14 MB of memory for as long as the process runs (decision 89).
 */
export function keepNodeCompileCache(): void {
  process.env.NODE_COMPILE_CACHE ??= path.join(
    import.meta.dirname,
    '../node_modules/.cache/node-compile-cache',
  );
}
