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
  scanning: ['audit', 'mail'],
  uploads: ['sites', 'audit', 'scanning'],
  'site-files': ['sites', 'audit', 'uploads', 'mail', 'scanning'],
  tenants: ['audit', 'discovery', 'sites'],
  invitations: ['sites', 'audit', 'mail'],
  requests: ['sites', 'audit', 'uploads', 'site-files', 'mail', 'scanning'],
};
/** What every module may use: identity, the database, blobs, HTTP errors and transfers, settings. */
const INFRASTRUCTURE = ['auth', 'db', 'storage', 'transfers', 'http', 'config.ts', 'sweep-timer.ts'];

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productionFiles(full);
    return entry.name.endsWith('.ts') && !/\.test(-suite)?\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Relative imports and re-exports of a file, as paths relative to src/. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g)].map((m) =>
    path.relative(SRC, path.resolve(path.dirname(file), m[1]!)),
  );
}

const files = productionFiles(SRC).map((f) => path.relative(SRC, f));
const graph = new Map(files.map((f) => [f, importsOf(path.join(SRC, f))]));
const topOf = (file: string) => file.split(path.sep)[0]!;

describe.skipIf(process.env.PORTICO_TEST_DB === 'postgres')('the server map', () => {
  it('reads the import graph', () => {
    expect(graph.get('services/tenant-services.ts')).toContain('services/portal/portal.routes.ts');
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const dep of graph.get(file) ?? []) {
        if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].join(' → '));
        else if (!state.has(dep) && graph.has(dep)) visit(dep);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
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

  it('keeps infrastructure free of modules and routes', () => {
    const offences = files
      .filter((f) => INFRASTRUCTURE.includes(topOf(f)))
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((dep) => topOf(dep) in MODULES || topOf(dep) === 'services')
          .map((dep) => `${f} → ${dep}`),
      );
    expect(offences).toEqual([]);
  });
});
