import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { notify } from '../../../lib/notifications.tsx';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { signIn } from '../../../testing/signed-in.ts';
import { publishedFileCountApi } from '../../sites/api/get-published-file-count.ts';
import { REFRESH_AFTER_DOWNLOAD_MS, useFileDownloads } from './use-file-downloads.ts';

const SITE = '6f1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7b';
const FILE = '0b6a3c1e-2d4f-4a5b-8c7d-9e0f1a2b3c4d';
const OTHER = '1c7b4d2f-3e5a-4b6c-9d8e-0f1a2b3c4d5e';
const SECRET = `dt_${'A'.repeat(43)}`;

const TARGET = {
  service: 'file-management',
  ticketsUrl: 'api/files/published-files/download-tickets',
  zip: true,
  invalidates: ['PublishedFiles'],
} as const;

const fetchMock = vi.fn<(request: Request | string, init?: RequestInit) => Promise<Response>>();
let clicked: string[] = [];

beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.href);
  });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const urlOf = (input: Request | string) => (typeof input === 'string' ? input : input.url);
const ticket = (url: string, size = 8) =>
  Response.json({ url, size, expiresAt: '2026-11-24T12:05:00.000Z' }, { status: 201 });

function setUp() {
  const { store } = createTestStore();
  signIn(store, { services: ['file-management'], siteId: SITE });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, hook: renderHook(() => useFileDownloads(TARGET), { wrapper }) };
}

describe('file downloads', () => {
  test('one file: a ticket is asked for with the token, then the browser downloads its URL, which holds no token', async () => {
    const { store, hook } = setUp();
    fetchMock.mockImplementation(async (input) => {
      if (urlOf(input).includes('/published-files?')) return Response.json({ count: 1 });
      return ticket(`api/files/published-files/${FILE}/download/${SECRET}`);
    });
    // The badge's count stands for every query of the published files (they share the tag).
    const list = store.dispatch(
      publishedFileCountApi.endpoints.getPublishedFileCount.initiate({ tenant: 'acme', siteId: SITE }),
    );
    await list;

    await act(() => hook.result.current.downloadFile({ id: FILE, fileName: 'a.pdf' }));
    const request = fetchMock.mock.calls.map(([i]) => i).find((i) => urlOf(i).endsWith('download-tickets'));
    expect(request).toBeInstanceOf(Request);
    const sent = request as Request;
    expect(sent.url).toBe(
      'http://api.test/t/acme/file-management/api/files/published-files/download-tickets',
    );
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('Authorization')).toBe('Bearer tok');
    expect(await sent.json()).toEqual({ fileIds: [FILE] });
    expect(clicked).toEqual([
      `http://api.test/t/acme/file-management/api/files/published-files/${FILE}/download/${SECRET}`,
    ]);
    expect(clicked[0]).not.toContain('tok');
    // The file is no longer new once the browser's GET reached the server: the list is read again.
    await waitFor(
      () =>
        expect(fetchMock.mock.calls.filter(([i]) => urlOf(i).includes('/published-files?'))).toHaveLength(2),
      { timeout: REFRESH_AFTER_DOWNLOAD_MS + 2000 },
    );
    list.unsubscribe();
  });

  test('several files: one zip ticket for the ids in order', async () => {
    const { hook } = setUp();
    fetchMock.mockImplementation(async () => ticket(`api/files/published-files/zip/${SECRET}`, 12_345));
    await act(() => hook.result.current.downloadZip([FILE, OTHER]));
    const sent = fetchMock.mock.calls[0]![0] as Request;
    expect(await sent.json()).toEqual({ fileIds: [FILE, OTHER], zip: true });
    expect(clicked).toEqual([
      `http://api.test/t/acme/file-management/api/files/published-files/zip/${SECRET}`,
    ]);
  });

  test('a 403 settings.forbidden is explained, not shown as a crash, and nothing is downloaded', async () => {
    const { hook } = setUp();
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    fetchMock.mockImplementation(async () =>
      Response.json(
        {
          error: {
            code: 'settings.forbidden',
            message: 'Downloads are off for this site (internalFilesDownload).',
          },
        },
        { status: 403 },
      ),
    );
    await act(() => hook.result.current.downloadFile({ id: FILE, fileName: 'a.pdf' }));
    expect(clicked).toEqual([]);
    expect(error).toHaveBeenCalledWith(
      'Not allowed for this site',
      'Downloads are off for this site (internalFilesDownload). Please contact your firm if you need to download files here.',
    );
  });
});
