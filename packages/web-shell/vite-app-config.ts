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
 * oauth4webapi travel with the shell, which alone uses them: on HTTP/1.1 each chunk of the first screen is a
 * request with about 1 KB of headers, and one compressed file compresses better than three (decision 40).
 */
const VENDOR_CHUNKS: [name: string, test: RegExp][] = [
  ['react', /node_modules\/(react|react-dom|scheduler|react-router)\//],
];

/**
 * The shell's own modules travel as one chunk: left to the bundler, the many entry points of the lazy pages cut
 * them into a score of 1–2 KB files, each a request with its headers on the first screen. Kept out of it, each in
 * the lazy chunk that needs it:
 * - the modules that draw with antd (found by their imports; the shell loads each of them lazily), so the first
 *   screen never carries antd (decision 40);
 * - the parts loaded when first wanted (decision 68): every `dialogs/` module (the "More" dialog, its panels, the
 *   selection bar's dialogs, the details view, the folder forms; each behind a `lazyPart`), the viewer's, the
 *   versions view's and the uploads', the sign-in's record of spent refresh tokens (loaded at the first renewal,
 *   decision 85), and the pages the package exports on paths of their own (`@portico/web-shell/assigned-to-me`);
 * - the shell's pages outside the workspace that sign-in never shows (logged out, not found, the tenant
 *   selection; each lazily loaded), and the parts of other pages that the package's index re-exports (upload from
 *   a link, followed places, the tag and category fields, `Tabs`, the share links' calls, the uploads' scan, discard and idempotency helpers, the follow switches): the bundler binds an
 *   app's import through the index straight to the module, which then travels with the app's page that uses it
 *   (decision 75);
 * - what only those parts import;
 * - the package's index, whose re-exports would otherwise pull everything in (a chunk group takes its modules'
 *   static imports along).
 */
const SHELL = /\/packages\/web-shell\/src\//;
const SHELL_APART = new RegExp(
  `/web-shell/src/(${[
    'index\\.ts$',
    'testing/',
    'features/[^/]+/dialogs/',
    'features/preview/components/',
    'features/file-versions/components/',
    'features/transfers/api/upload-file',
    'features/assignments/components/assigned-to-me-page',
    'features/notification-preferences/components/notifications-page',
    'features/auth/components/logout-page',
    'features/auth/spent-refresh-tokens',
    'features/errors/components/not-found-page',
    'features/tenant/components/tenant-selection-page',
    'features/share-links/components/url-upload',
    'features/share-links/api/share-links',
    'features/subscriptions/components/followed-places',
    'features/subscriptions/components/follow-toggles\\.tsx$',
    'features/file-tags/components/tag-fields',
    'features/categories-projects/components/categories-projects',
    'features/transfers/api/upload-scans',
    'features/transfers/api/discard-uploads',
    'lib/idempotency-keys',
    'ui/tabs\\.tsx$',
  ].join('|')})`,
);
/** antd itself: a shell module that reaches it stays in the lazy chunk that imports it. */
const DRAWS_WITH_ANTD = /\/node_modules\/(antd|@ant-design\/cssinjs)\//;
const INDEX = /\/web-shell\/src\/index\.ts$/;

type ModuleInfoOf = (id: string) => {
  importedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
} | null;

/**
 * Whether a module draws with antd, itself or through the shell's modules it imports statically. Through them
 * too: a chunk takes its modules' static imports along, so a module that only imports the site picker (which
 * imports antd) would bring antd into the shell's chunk (as `site-select.tsx` did, unnoticed, from issue 24 until
 * 2026-11-28: 225 KB of the portal's first screen instead of 72).
 */
function drawsWithAntd(id: string, info: ModuleInfoOf, seen = new Set<string>()): boolean {
  // Reachability, walked afresh for each module: an answer remembered from inside an import cycle could be wrong.
  seen.add(id);
  return (info(id)?.importedIds ?? []).some(
    (dep) =>
      DRAWS_WITH_ANTD.test(dep) || (SHELL.test(dep) && !seen.has(dep) && drawsWithAntd(dep, info, seen)),
  );
}

/**
 * Whether a shell module is wanted without any lazily loaded part: some module imports it that is the
 * package's index (its public face), an app's module, or a shell module itself wanted so. A module only the
 * `dialogs/` modules (or the other parts apart) import travels with them instead.
 */
function wantedUpFront(id: string, info: ModuleInfoOf, seen = new Set<string>()): boolean {
  seen.add(id);
  const module = info(id);
  // Dynamically too: the protected root and the pages the shell preloads are wanted as the app starts.
  return [...(module?.importers ?? []), ...(module?.dynamicImporters ?? [])].some(
    (importer) =>
      INDEX.test(importer) ||
      !SHELL.test(importer) ||
      (!SHELL_APART.test(importer) && !seen.has(importer) && wantedUpFront(importer, info, seen)),
  );
}

/**
 * Fails the build if antd, or a part meant to load when first wanted (a `dialogs/` module, the viewer, the
 * versions view), reaches the shell's chunk anyway: a shell module imports it statically. The first screens'
 * budget (decisions 40 and 68) rests on it.
 */
function shellWithoutLazyParts(): Plugin {
  return {
    name: 'portico-shell-without-lazy-parts',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.name !== 'shell') continue;
        const ids = Object.keys(chunk.modules);
        const antd = ids.filter((id) => DRAWS_WITH_ANTD.test(id));
        if (antd.length > 0)
          this.error(
            `the shell chunk carries antd (${antd.length} modules, e.g. ${antd[0]}): a shell module imports it statically`,
          );
        const apart = ids.filter((id) => SHELL_APART.test(id) && !INDEX.test(id));
        if (apart.length > 0)
          this.error(
            `the shell chunk carries a part meant to load when first wanted (${apart[0]}): a shell module imports it statically instead of through lazyPart`,
          );
      }
    },
  };
}

/**
 * The Vite build both front ends share; each app names only where the Portico server serves it (`base`, which
 * its descriptor's basePath must match) and its dev-server port. In development the API, discovery and the
 * identity provider are proxied to a server started with `npm start`.
 */
export function defineShellAppConfig(app: { base: string; devPort: number }): UserConfig {
  return defineConfig({
    base: app.base,
    plugins: [react(), precompress(), shellWithoutLazyParts()],
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
            if (
              SHELL.test(id) &&
              !SHELL_APART.test(id) &&
              !drawsWithAntd(id, getModuleInfo) &&
              wantedUpFront(id, getModuleInfo)
            )
              return 'shell';
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
