import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every text asset of the build (the server sends them to browsers that take them,
 * `preCompressed` in http/front-ends.ts), compressed once at the highest levels rather than on every request.
 */
function precompress(): Plugin {
  return {
    name: 'portico-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /\.(js|mjs|css|html|svg|json|wasm)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await readFile(full);
          if (data.length < 1024) return;
          await writeFile(
            `${full}.br`,
            await brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          );
          await writeFile(`${full}.gz`, await gzipped(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * React (with its router) changes at its own pace and gets its own long-cached chunk. Redux Toolkit and
 * oidc-client-ts travel with the shell, which alone uses them: on HTTP/1.1 each chunk of the first screen is a
 * request with about 1 KB of headers, and one compressed file compresses better than three (decision 40).
 */
const VENDOR_CHUNKS: [name: string, test: RegExp][] = [
  ['react', /node_modules\/(react|react-dom|scheduler|react-router)\//],
];

/**
 * The shell's own modules travel as one chunk: left to the bundler, the many entry points of the lazy pages cut
 * them into a score of 1–2 KB files, each a request with its headers on the first screen. The modules that draw
 * with antd (found by their imports; the shell loads each of them lazily), the viewer's, the versions view's and
 * the uploads' stay in their own lazy chunks, so the first screen never carries antd; so does the package's
 * index, whose re-exports would otherwise pull them in (a chunk group takes its modules' static imports along).
 */
const SHELL = /\/packages\/web-shell\/src\//;
const SHELL_APART =
  /\/web-shell\/src\/(index\.ts$|testing\/|features\/preview\/components\/|features\/file-versions\/components\/|features\/transfers\/api\/upload-file)/;
/** A module that draws with antd itself: it stays in the lazy chunk that imports it. */
const DRAWS_WITH_ANTD = /\/node_modules\/(antd|@ant-design\/cssinjs)\//;

/**
 * The Vite build both front ends share; each app names only where the Portico server serves it (`base`, which
 * its descriptor's basePath must match) and its dev-server port. In development the API, discovery and the
 * identity provider are proxied to a server started with `npm start`.
 */
export function defineShellAppConfig(app: { base: string; devPort: number }): UserConfig {
  return defineConfig({
    base: app.base,
    plugins: [react(), precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      chunkSizeWarningLimit: 1500,
      rollupOptions: {
        // The contracts' schemas are built at module level (`Type.Object(…)`), which a bundler must assume has
        // side effects; they have none, so a front end that imports a constant does not carry TypeBox with it.
        treeshake: { manualPureFunctions: ['Type'] },
        output: {
          manualChunks(id, { getModuleInfo }) {
            for (const [name, test] of VENDOR_CHUNKS) if (test.test(id)) return name;
            const drawsWithAntd = () =>
              getModuleInfo(id)?.importedIds.some((dep) => DRAWS_WITH_ANTD.test(dep));
            if (SHELL.test(id) && !SHELL_APART.test(id) && !drawsWithAntd()) return 'shell';
            return undefined;
          },
        },
      },
    },
    server: {
      port: app.devPort,
      proxy: {
        '^/(config\\.json|discovery|t|oidc|idp)(/|$)': 'http://localhost:8080',
      },
    },
  });
}
