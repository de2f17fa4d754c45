import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { notify } from '../../../lib/notifications.tsx';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { signIn } from '../../../testing/signed-in.ts';
import { publishedFileCountApi } from '../../sites/api/get-published-file-count.ts';
import { useFileDownloads } from './use-file-downloads.ts';

const SITE = '6f1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7b';
const FILE = '0b6a3c1e-2d4f-4a5b-8c7d-9e0f1a2b3c4d';
const OTHER = '1c7b4d2f-3e5a-4b6c-9d8e-0f1a2b3c4d5e';

const TARGET = {
  service: 'file-management',
  fileUrl: (id: string) => `api/files/published-files/${id}`,
  zip: { url: 'api/files/published-files/zip', name: 'Published Files.zip' },
  invalidates: ['PublishedFiles'],
} as const;

const fetchMock = vi.fn<(request: Request | string, init?: RequestInit) => Promise<Response>>();
let saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const attachment = (ascii: string, utf8: string) =>
  `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
const urlOf = (input: Request | string) => (typeof input === 'string' ? input : input.url);

function setUp() {
  const { store } = createTestStore();
  signIn(store, { services: ['file-management'], siteId: SITE });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, hook: renderHook(() => useFileDownloads(TARGET), { wrapper }) };
}

describe('file downloads', () => {
  test('one file is fetched as a blob with the token and saved under its Content-Disposition name', async () => {
    const { store, hook } = setUp();
    fetchMock.mockImplementation(async (input) => {
      if (urlOf(input).includes('/published-files?')) return Response.json({ count: 1 });
      return new Response('%PDF-1.4', {
        headers: { 'Content-Disposition': attachment('Caf_ menu 2026.pdf', 'Caf%C3%A9%20menu%202026.pdf') },
      });
    });
    // The badge's count stands for every query of the published files (they share the tag).
    const list = store.dispatch(
      publishedFileCountApi.endpoints.getPublishedFileCount.initiate({ tenant: 'acme', siteId: SITE }),
    );
    await list;

    await act(() => hook.result.current.downloadFile({ id: FILE, fileName: 'fallback.pdf' }));
    const [input, init] = fetchMock.mock.calls.find(([i]) => urlOf(i).endsWith(FILE))!;
    expect(urlOf(input)).toBe(`http://api.test/t/acme/file-management/api/files/published-files/${FILE}`);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    expect(saved.map((s) => s.name)).toEqual(['Café menu 2026.pdf']);
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.4');
    // The file is no longer new: the list (and the badge's count) are read again.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([i]) => urlOf(i).includes('/published-files?'))).toHaveLength(2),
    );
    list.unsubscribe();
  });

  test('several files are zipped with POST { fileIds }, named by the answer', async () => {
    const { hook } = setUp();
    fetchMock.mockImplementation(
      async () =>
        new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
          headers: {
            'Content-Disposition': attachment(
              'Published Files 2026-11-22.zip',
              'Published%20Files%202026-11-22.zip',
            ),
          },
        }),
    );
    await act(() => hook.result.current.downloadZip([FILE, OTHER]));
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(input)).toBe('http://api.test/t/acme/file-management/api/files/published-files/zip');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ fileIds: [FILE, OTHER] });
    expect(saved.map((s) => s.name)).toEqual(['Published Files 2026-11-22.zip']);
  });

  test('without a Content-Disposition name the record’s own name is used', async () => {
    const { hook } = setUp();
    fetchMock.mockImplementation(async () => new Response('x'));
    await act(() => hook.result.current.downloadFile({ id: FILE, fileName: 'Tax return 2025.pdf' }));
    expect(saved.map((s) => s.name)).toEqual(['Tax return 2025.pdf']);
  });

  test('a 403 settings.forbidden is explained, not shown as a crash, and nothing is saved', async () => {
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
    expect(saved).toEqual([]);
    expect(error).toHaveBeenCalledWith(
      'Not allowed for this site',
      'Downloads are off for this site (internalFilesDownload). Please contact your firm if you need to download files here.',
    );
  });
});
