import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's map, enforced (docs/architecture.md): route folders under `services/` import modules downward
 * and never each other; each domain module imports only the infrastructure and the modules listed for it; and
 * nothing imports in a circle, type imports included.
 */
const SRC = import.meta.dirname;

/** Domain modules and the other modules each may import; the order is the layering, lowest first. */
const MODULES: Record<string, readonly string[]> = {
  audit: [],
  discovery: [],
  idempotency: [],
  mail: [],
  sites: ['audit'],
  branding: ['audit'],
  menus: ['audit'],
  scanning: ['audit', 'mail', 'sites'],
  folders: ['sites', 'audit'],
  uploads: ['sites', 'audit', 'scanning', 'folders'],
  subscriptions: ['sites', 'audit', 'mail', 'folders'],
  'site-files': ['sites', 'audit', 'uploads', 'mail', 'scanning', 'folders', 'subscriptions'],
  tenants: ['audit', 'discovery', 'sites'],
  invitations: ['sites', 'audit', 'mail'],
  requests: ['sites', 'audit', 'uploads', 'site-files', 'mail', 'scanning', 'folders'],
  'file-actions': ['sites', 'audit', 'uploads', 'site-files', 'checkouts', 'folders', 'subscriptions'],
  trash: ['sites', 'audit', 'uploads', 'file-actions'],
  checkouts: ['sites', 'audit', 'site-files'],
  'file-history': ['audit', 'site-files'],
  versions: ['sites', 'audit', 'uploads', 'site-files', 'mail', 'scanning', 'checkouts'],
  idp: ['sites', 'audit', 'mail', 'invitations'],
  'share-links': ['sites', 'audit', 'uploads', 'site-files', 'mail', 'scanning'],
  'file-statuses': ['sites', 'audit', 'site-files', 'mail'],
  tags: ['sites', 'audit', 'site-files'],
  categories: ['sites', 'audit', 'site-files'],
  projects: ['sites', 'audit', 'site-files'],
  'client-publishing': ['sites', 'audit', 'site-files', 'checkouts', 'file-actions'],
  assignments: ['sites', 'audit', 'site-files', 'mail', 'scanning'],
};
/** What every module may use: identity, the database, blobs, HTTP errors and transfers, settings. */
const INFRASTRUCTURE = ['auth', 'db', 'storage', 'transfers', 'http', 'config.ts', 'sweep-timer.ts'];

/**
 * Files that run SQL outside a repository: none since 2026-11-27 (issue 24, item 4). SQL lives in a module's
 * `*.repository.ts` (or the database's own plumbing); a file that adds any elsewhere fails the test.
 */
const SQL_OUTSIDE_REPOSITORIES: string[] = [];

/**
 * Use cases that drive HTTP: none since 2026-11-27 (issue 24, item 4). The multipart receiving and the tus server's
 * answers are the file-storage routes' (`services/file-storage/multipart-uploads.ts`, `tus-transport.ts`).
 */
const HTTP_IN_USE_CASES: string[] = [];

function productionFiles(dir: string, skip = ['testing']): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : productionFiles(full, skip);
    return /\.tsx?$/.test(entry.name) && !/\.test(-suite)?\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Relative imports and re-exports of a file, type imports and `import('…')` included (as madge counts them), as
 * paths relative to `root`.
 */
function importsOf(file: string, root = SRC): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g),
    ...source.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g),
  ];
  return specifiers.map((m) => path.relative(root, path.resolve(path.dirname(file), m[1]!)));
}

/** Every cycle of an import graph, each as the files in it. */
function cyclesOf(imports: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const dep of imports.get(file) ?? []) {
      if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].join(' → '));
      else if (!state.has(dep) && imports.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of imports.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

const files = productionFiles(SRC).map((f) => path.relative(SRC, f));
const graph = new Map(files.map((f) => [f, importsOf(path.join(SRC, f))]));
const topOf = (file: string) => file.split(path.sep)[0]!;

describe.skipIf(process.env.PORTICO_TEST_DB === 'postgres')('every workspace', () => {
  // madge (which would say the same) does not install beside TypeScript 7: the graph is read here.
  it('has no import cycles in apps/ and packages/', () => {
    const repo = path.resolve(SRC, '../../..');
    const sources = [
      'apps/server',
      'apps/portal',
      'apps/control-panel',
      'packages/web-shell',
      'packages/contracts',
    ]
      .map((workspace) => path.join(repo, workspace, 'src'))
      .flatMap((dir) => productionFiles(dir, []));
    const whole = new Map(sources.map((f) => [path.relative(repo, f), importsOf(f, repo)]));
    expect(whole.size).toBeGreaterThan(400);
    expect(cyclesOf(whole)).toEqual([]);
  });
});

describe.skipIf(process.env.PORTICO_TEST_DB === 'postgres')('the server map', () => {
  it('reads the import graph', () => {
    expect(graph.get('services/tenant-services.ts')).toContain('services/portal/portal.routes.ts');
  });

  it('has no import cycles', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps each route folder to its own service and the modules below it', () => {
    const crossings = files
      .filter((f) => f.startsWith(`services${path.sep}`) && f.split(path.sep).length > 2)
      .flatMap((f) =>
        graph
          .get(f)!
          .filter(
            (dep) => dep.startsWith(`services${path.sep}`) && dep.split(path.sep)[1] !== f.split(path.sep)[1],
          )
          .map((dep) => `${f} → ${dep}`),
      );
    expect(crossings).toEqual([]);
  });

  it('lets a module import only infrastructure and the modules below it', () => {
    const offences = files
      .filter((f) => topOf(f) in MODULES)
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((dep) => {
            const top = topOf(dep);
            return top !== topOf(f) && !INFRASTRUCTURE.includes(top) && !MODULES[topOf(f)]!.includes(top);
          })
          .map((dep) => `${f} → ${dep}`),
      );
    expect(offences).toEqual([]);
  });

  it('starts background jobs from the composition root’s one list alone (jobs.ts)', () => {
    // The list, and the timers it is built on.
    const allowed = ['jobs.ts', path.join('db', 'periodic-jobs.ts'), 'sweep-timer.ts'];
    const starters = files.filter(
      (f) =>
        !allowed.includes(f) &&
        /\b(startPeriodicJob|startJob|startSweepTimer)\(/.test(readFileSync(path.join(SRC, f), 'utf8')),
    );
    expect(starters).toEqual([]);
  });

  it('lets no module but sites name site_members: membership is asked of sites/', () => {
    const naming = files.filter(
      (f) => topOf(f) !== 'sites' && readFileSync(path.join(SRC, f), 'utf8').includes('site_members'),
    );
    expect(naming).toEqual([]);
  });

  it('keeps routes where docs/architecture.md says: services/<service>/<domain>[.staff].routes.ts', () => {
    // Routes two services mount alike are their module's; so are routes outside the SPEC services.
    const moduleRoutes = [
      path.join('site-files', 'site-file-list.routes.ts'),
      path.join('site-files', 'download-ticket.routes.ts'),
      path.join('site-files', 'staff-file-transfer.routes.ts'),
      path.join('mail', 'unsubscribe.routes.ts'),
      path.join('share-links', 'share-link-page.routes.ts'),
      path.join('subscriptions', 'unfollow.routes.ts'),
      path.join('idp', 'interactions.routes.ts'),
      path.join('idp', 'password.routes.ts'),
      path.join('idp', 'two-step.routes.ts'),
      path.join('idp', 'passkeys.routes.ts'),
    ];
    const misplaced = files.filter(
      (f) =>
        f.endsWith('.routes.ts') &&
        !moduleRoutes.includes(f) &&
        !/^services[/\\][a-z-]+[/\\][a-z-]+(\.staff)?\.routes\.ts$/.test(f),
    );
    expect(misplaced).toEqual([]);
    // A route folder holds routes alone.
    expect(files.filter((f) => /^services[/\\][a-z-]+[/\\]/.test(f) && !f.endsWith('.routes.ts'))).toEqual(
      [],
    );
  });

  it('runs SQL in repositories and database infrastructure alone (the files left are listed; the list only shrinks)', () => {
    const sql = /['`"]\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH [a-z_]+ AS)\s/;
    // Where SQL is the point: the database's own plumbing, and the identity provider's storage adapter and keys.
    const infrastructure = (f: string) =>
      ['db', 'http'].includes(topOf(f)) ||
      [
        path.join('idp', 'postgres-adapter.ts'),
        path.join('idp', 'signing-keys.ts'),
        path.join('idp', 'secret-key.ts'),
      ].includes(f);
    const outside = files.filter(
      (f) =>
        !f.endsWith('.repository.ts') &&
        !infrastructure(f) &&
        sql.test(readFileSync(path.join(SRC, f), 'utf8')),
    );
    expect(outside.sort()).toEqual(SQL_OUTSIDE_REPOSITORIES.map((f) => path.join(...f.split('/'))).sort());
  });

  it('keeps HTTP out of use cases: a *.usecases.ts file takes plain values (the files left are listed)', () => {
    const http = /\b(FastifyRequest|FastifyReply)\b|from '@fastify\/|\breply\.hijack\(/;
    const driving = files.filter(
      (f) => f.endsWith('.usecases.ts') && http.test(readFileSync(path.join(SRC, f), 'utf8')),
    );
    expect(driving.sort()).toEqual(HTTP_IN_USE_CASES.map((f) => path.join(...f.split('/'))).sort());
  });

  it('keeps infrastructure free of modules and routes', () => {
    // The demo seed (db/seed/) is built from the modules, as the command line is.
    const offences = files
      .filter((f) => INFRASTRUCTURE.includes(topOf(f)) && !f.startsWith(path.join('db', 'seed') + path.sep))
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((dep) => topOf(dep) in MODULES || topOf(dep) === 'services')
          .map((dep) => `${f} → ${dep}`),
      );
    expect(offences).toEqual([]);
  });
});
