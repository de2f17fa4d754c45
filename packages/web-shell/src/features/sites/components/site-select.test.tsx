import { DEFAULT_FILE_AREA_SETTINGS, type Site } from '@portico/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setEndPoints, setSelectedSite, setTenant } from '../../../store/app-slice.ts';
import { authStateChanged } from '../../../store/client-state-slice.ts';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { sitesApi } from '../api/get-sites.ts';
import SiteSelect from './site-select.tsx';

const site = (n: number, name = `Site ${n}`): Site => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  reference: `REF-${n}`,
  fileAreaSettings: DEFAULT_FILE_AREA_SETTINGS,
});
const firstPage = Array.from({ length: 10 }, (_, i) => site(i + 1));
const northwind = site(12, 'Northwind Traders');

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const url = new URL(request.url);
    const search = url.searchParams.get('search');
    if (search) {
      const records = [...firstPage, northwind].filter((s) => s.name.toLowerCase().includes(search));
      return Response.json({ records, totalRecordCount: records.length });
    }
    return Response.json({ records: firstPage, totalRecordCount: 12 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function setUp() {
  const { store } = createTestStore();
  store.dispatch(setTenant('acme'));
  store.dispatch(
    setEndPoints([
      { serviceType: 'portal', entrypointAddress: 'http://api.test/t/acme/portal/', roleType: 'r' },
    ]),
  );
  store.dispatch(
    authStateChanged({
      isAuthenticated: true,
      idToken: null,
      accessToken: 't',
      refreshToken: null,
      error: null,
    }),
  );
  return store;
}

describe('the site switcher', () => {
  test('searches the sites on the server and makes the chosen one the selected site and breadcrumb', async () => {
    const store = setUp();
    await store.dispatch(sitesApi.endpoints.selectFirstSite.initiate({ tenant: 'acme' }));
    expect(store.getState().app.selectedSite).toBe(firstPage[0]!.id);
    render(
      <Provider store={store}>
        <SiteSelect width={280} autoFocus={false} />
      </Provider>,
    );
    const combobox = screen.getByRole('combobox', { name: 'Site' });
    await waitFor(() => expect(screen.getByTitle('Site 1')).toBeInTheDocument());

    const user = userEvent.setup();
    await user.click(combobox);
    await user.type(combobox, 'north');
    await waitFor(
      () =>
        expect(
          fetchMock.mock.calls.some(([r]) => new URL(r.url).searchParams.get('search') === 'north'),
        ).toBe(true),
      { timeout: 2000 },
    );
    // Debounced: no request for the partial words typed on the way.
    expect(fetchMock.mock.calls.filter(([r]) => new URL(r.url).searchParams.has('search'))).toHaveLength(1);
    const request = fetchMock.mock.calls.at(-1)![0];
    expect(request.url).toBe('http://api.test/t/acme/portal/api/sites?limit=10&offset=0&search=north');
    expect(request.headers.get('Authorization')).toBe('Bearer t');

    const option = await screen.findByText('Northwind Traders', { selector: '.ant-select-item-option *' });
    await user.click(option);
    expect(store.getState().app.selectedSite).toBe(northwind.id);
    expect(store.getState().app.dynamicBreadcrumbValues.site).toBe('Northwind Traders');
    // The chosen record (with its fileAreaSettings) is known without another call.
    expect(
      sitesApi.endpoints.getSiteRecord.select({ tenant: 'acme', siteId: northwind.id })(store.getState())
        .data,
    ).toEqual(northwind);
  });

  test('a reload keeps a site chosen from the first page', async () => {
    const store = setUp();
    store.dispatch(setSelectedSite(firstPage[3]!.id));
    await store.dispatch(sitesApi.endpoints.selectFirstSite.initiate({ tenant: 'acme' }));
    expect(store.getState().app.selectedSite).toBe(firstPage[3]!.id);
    expect(store.getState().app.dynamicBreadcrumbValues.site).toBe('Site 4');
  });
});
