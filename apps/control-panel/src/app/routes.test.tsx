import type { MenuEntry } from '@portico/contracts';
import { buildNavItems, createRoutes, visiblePages } from '@portico/web-shell';
import type { RouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import { STAFF_MENU_KEYS } from '../lib/menu-keys.ts';
import { controlPanelDescriptor } from './control-panel-descriptor.tsx';
import { CONTROL_PANEL_ROUTES, type ControlPanelRoute, requiredRoleOf, toShellPages } from './routes.tsx';

const entry = (key: string, name: string, order: number, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  key,
  name,
  order,
  noRoute: false,
  subMenus: [],
  ...extra,
});

/** The staff menu the demo tenants get (apps/server/src/db/seed/demo-data.ts). */
const DEMO_STAFF_MENU: MenuEntry[] = [
  entry('sites', 'Sites', 1),
  entry('publish', 'Publish', 2),
  entry('submissions', 'Submissions', 3),
  entry('branding', 'Branding', 4),
  entry('fileAreaSettings', 'File-area settings', 5),
  entry('navigationMenu', 'Navigation menu', 6),
  entry('auditLog', 'Audit log', 7),
  entry('mail', 'Mail', 8),
  entry('notifications', 'Notifications', 9),
  entry('quarantine', 'Quarantine', 10),
];

function protectedChildren(routes: RouteObject[]): RouteObject[] {
  const root = routes[0]?.children?.find((r) => r.path === '/');
  return root?.children ?? [];
}

describe('the route configuration', () => {
  test('has one route per staff menu key, each with its own path, and the home page among them', () => {
    expect(CONTROL_PANEL_ROUTES.map((r) => r.menuKey).sort()).toEqual(Object.values(STAFF_MENU_KEYS).sort());
    expect(new Set(CONTROL_PANEL_ROUTES.map((r) => r.path)).size).toBe(CONTROL_PANEL_ROUTES.length);
    expect(CONTROL_PANEL_ROUTES.map((r) => `/${r.path}`)).toContain(controlPanelDescriptor.homePath);
  });

  test('becomes the descriptor: its pages, the staff menu, its own client and base path', () => {
    expect(controlPanelDescriptor).toMatchObject({
      basePath: '/control-panel/',
      client: 'controlPanel',
      clientType: 'control-panel',
      audience: 'staff',
      siteSelection: false,
    });
    expect(
      controlPanelDescriptor.pages.map(({ path, menuKey, title }) => ({ path, menuKey, title })),
    ).toEqual(CONTROL_PANEL_ROUTES.map(({ path, menuKey, title }) => ({ path, menuKey, title })));
  });

  test('drives the router: each route path renders inside the protected root', () => {
    const children = protectedChildren(createRoutes(controlPanelDescriptor));
    // The shell's own activity page (the header's bell), then every page of the control panel.
    expect(children.filter((c) => !c.index).map((c) => c.path)).toEqual([
      'activity',
      ...CONTROL_PANEL_ROUTES.map((r) => r.path),
    ]);
    for (const child of children.filter((c) => !c.index && c.path !== 'activity'))
      expect(child.handle).toMatchObject({ menuKey: expect.any(String), title: expect.any(String) });
    // No site crumb at the root: the console works across sites.
    const root = createRoutes(controlPanelDescriptor)[0]?.children?.find((r) => r.path === '/');
    expect(root?.handle).not.toHaveProperty('crumb');
  });

  test('drives the side menu: the server menu decides which items show, their names and order', () => {
    const items = buildNavItems(DEMO_STAFF_MENU, controlPanelDescriptor.pages);
    expect(items.map((i) => [i.label, i.path])).toEqual([
      ['Sites', '/sites'],
      ['Publish', '/publish'],
      ['Submissions', '/submissions'],
      ['Branding', '/branding'],
      ['File-area settings', '/file-area-settings'],
      ['Navigation menu', '/navigation-menu'],
      ['Audit log', '/audit-log'],
      ['Mail', '/mail'],
      ['Notifications', '/notifications'],
      ['Quarantine', '/quarantine'],
    ]);

    // Without a key the page is neither in the menu nor openable; unknown keys show nothing; order is the server's.
    const menu = [
      entry('auditLog', 'Journal', 1),
      entry('sites', 'Clients', 2),
      entry('reports', 'Reports', 3),
    ];
    expect(buildNavItems(menu, controlPanelDescriptor.pages).map((i) => i.label)).toEqual([
      'Journal',
      'Clients',
    ]);
    expect(visiblePages(menu, controlPanelDescriptor.pages).map((p) => p.menuKey)).toEqual([
      'auditLog',
      'sites',
    ]);
  });

  test('every route requires the staff role, which is the menu audience asked for', () => {
    expect(requiredRoleOf(CONTROL_PANEL_ROUTES)).toBe('staff');
    const mixed: ControlPanelRoute[] = [
      ...CONTROL_PANEL_ROUTES,
      { ...CONTROL_PANEL_ROUTES[0]!, path: 'x', requiredRole: 'client' },
    ];
    expect(() => requiredRoleOf(mixed)).toThrow(/same role/);
    expect(toShellPages(CONTROL_PANEL_ROUTES)[0]).not.toHaveProperty('requiredRole');
  });

  test("every route's page loads lazily and is a component", async () => {
    for (const route of CONTROL_PANEL_ROUTES) {
      const module = await route.load();
      expect(typeof module.default, route.path).toBe('function');
    }
  }, 60_000);
});
