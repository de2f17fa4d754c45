import type { UploadResponse } from '@portico/contracts';
import { createTestStore, FIRST_FILE_PAGE, signIn } from '@portico/web-shell/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { DetailedError, type UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { portalDescriptor } from '../../../app/portal-descriptor.tsx';
import { siteFilesApi } from '../api/get-site-files.ts';
import { addSucceededFile } from '../uploader-slice.ts';
import { useSubmittedUploads } from './use-submitted-uploads.ts';

const SITE = '6f1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7b';
const OTHER_SITE = '7a2c6d4f-9b5e-4c6f-8a8b-3d4e5f6a7b8c';
const REF = 'UP-7KQ9X3M2ZPHD4R1A';

/**
 * tus-js-client as the uploader drives it: each upload waits until the test answers it (its last PATCH done, or
 * an error the server answered); the e2e specs run the real one against the real server.
 */
interface PendingUpload {
  file: File;
  options: UploadOptions;
  url: string | null;
  aborted: boolean | undefined;
  resolve: (answer: UploadResponse) => void;
  reject: (error: unknown) => void;
}
const tus = vi.hoisted(() => ({ uploads: [] as PendingUpload[], finished: new Map<string, unknown>() }));
let uploads = tus.uploads;
vi.mock('tus-js-client', async (original) => {
  const real = await original<typeof import('tus-js-client')>();
  class Upload {
    file: File;
    options: UploadOptions;
    url: string | null = null;
    aborted: boolean | undefined;
    constructor(file: File, options: UploadOptions) {
      this.file = file;
      this.options = options;
      tus.uploads.push(this as unknown as PendingUpload);
    }
    static terminate = async () => {};
    findPreviousUploads = async () => [];
    resumeFromPreviousUpload() {}
    start() {}
    async abort(terminate?: boolean) {
      this.aborted = terminate;
    }
    resolve(answer: UploadResponse) {
      this.url = `${this.options.endpoint}/${(tus.finished.size + 1).toString(16).padStart(32, '0')}`;
      tus.finished.set(this.url, answer.files[0]);
      this.options.onSuccess?.({ lastResponse: {} as never });
    }
    reject(error: Error) {
      this.options.onError?.(error);
    }
  }
  return { ...real, Upload };
});
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  tus.uploads.length = 0;
  tus.finished.clear();
  uploads = tus.uploads;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'GET' && tus.finished.has(request.url))
      return Response.json(tus.finished.get(request.url));
    if (request.method === 'DELETE' && path.endsWith('/file-storage/api/files'))
      return new Response(null, { status: 204 });
    if (request.method === 'POST' && path.endsWith('/portal/api/files'))
      return Response.json({ records: [] }, { status: 201 });
    if (path.endsWith('/portal/api/files/submitted'))
      return Response.json({ records: [], totalRecordCount: 0 });
    return Response.json({ error: { code: 'request.not_found', message: 'no' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setUp() {
  const test = createTestStore(undefined, portalDescriptor.slices);
  const { store } = test;
  signIn(store, { services: ['portal', 'file-storage'] });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useSubmittedUploads({ tenant: 'acme', siteId: SITE }), { wrapper });
  return { ...test, hook };
}

const pdf = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const answer = (name: string, referenceNumber = REF): UploadResponse => ({
  files: [
    { referenceNumber, fileName: name, size: 100, sha256: 'a'.repeat(64), contentType: 'application/pdf' },
  ],
});
/** tus-js-client is loaded with the first upload: the uploads exist once it has come. */
const started = (count: number) => waitFor(() => expect(uploads).toHaveLength(count));
const progress = (upload: PendingUpload, loaded: number, total: number) =>
  act(() => upload.options.onProgress?.(loaded, total));
/** The headers the uploader sets on a request it is about to send. */
const headersOf = async (upload: PendingUpload) => {
  const headers: Record<string, string> = {};
  await upload.options.onBeforeRequest?.({
    setHeader: (name: string, value: string) => (headers[name] = value),
  } as never);
  return headers;
};

describe('the Submitted Files uploader', () => {
  test('uploads each file on its own with a progress bar, then keeps it in the persisted slice until Save', async () => {
    const { store, hook } = setUp();
    act(() => void hook.result.current.add([pdf('a.pdf'), pdf('b.pdf')]));
    await started(2);
    const [first] = uploads;
    // A resumable (tus) upload, whose creation names the file and the site.
    expect(first!.options.endpoint).toBe('http://api.test/t/acme/file-storage/api/uploads/tus');
    expect(await headersOf(first!)).toMatchObject({ Authorization: 'Bearer tok' });
    expect(first!.options.metadata).toEqual({ filename: 'a.pdf', filetype: 'application/pdf', siteId: SITE });

    progress(first!, 40, 100);
    expect(hook.result.current.rows[0]).toMatchObject({
      fileName: 'a.pdf',
      status: 'uploading',
      percent: 40,
    });
    progress(first!, 100, 100);
    await act(async () => first!.resolve(answer('a.pdf')));
    expect(hook.result.current.rows.map((r) => [r.fileName, r.status])).toEqual([
      ['a.pdf', 'done'],
      ['b.pdf', 'uploading'],
    ]);
    expect(store.getState().uploader).toEqual({
      succeededFiles: [
        {
          uid: hook.result.current.rows[0]!.uid,
          fileName: 'a.pdf',
          size: 100,
          referenceNumber: REF,
          tenant: 'acme',
          siteId: SITE,
        },
      ],
      pendingSave: true,
    });
    expect(hook.result.current.readyCount).toBe(1);
  });

  test('a cancelled upload says Cancelled (ERR_CANCELED), is no error and is never saved', async () => {
    const { store, hook } = setUp();
    let uid = '';
    act(() => {
      uid = hook.result.current.add([pdf('big.pdf', 10_000)])[0]!;
    });
    await started(1);
    progress(uploads[0]!, 3_000, 10_000);
    act(() => hook.result.current.cancel(uid));
    await waitFor(() => expect(hook.result.current.rows[0]?.status).toBe('cancelled'));
    expect(hook.result.current.rows[0]?.error).toEqual({ code: 'ERR_CANCELED', message: 'Cancelled' });
    expect(store.getState().uploader.succeededFiles).toEqual([]);
    expect(hook.result.current.isUploading).toBe(false);

    // Cancelled, the upload was terminated on the server (tus DELETE); dismissing it asks nothing more.
    expect(uploads[0]!.aborted).toBe(true);
    await act(() => hook.result.current.remove(uid));
    expect(hook.result.current.rows).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("a file the server refuses (413, 415) shows the server's message on its row", async () => {
    const { hook } = setUp();
    act(() => void hook.result.current.add([pdf('huge.pdf'), pdf('setup.exe')]));
    await started(2);
    const refuse = (upload: PendingUpload, status: number, code: string, message: string) =>
      act(async () =>
        upload.reject(
          Object.assign(new DetailedError('refused'), {
            originalResponse: {
              getStatus: () => status,
              getHeader: () => undefined,
              getBody: () => JSON.stringify({ error: { code, message } }),
              getUnderlyingObject: () => undefined,
            },
          }),
        ),
      );
    await refuse(uploads[0]!, 413, 'uploads.too_large', 'A file may have at most 1048576 bytes (1 MiB).');
    await refuse(uploads[1]!, 415, 'uploads.type_refused', 'Files of type .exe are not accepted.');
    expect(hook.result.current.rows.map((r) => [r.status, r.error?.code, r.error?.message])).toEqual([
      ['error', 'uploads.too_large', 'A file may have at most 1048576 bytes (1 MiB).'],
      ['error', 'uploads.type_refused', 'Files of type .exe are not accepted.'],
    ]);
  });

  test('Remove discards an uploaded file on the server (DELETE api/files) and forgets it', async () => {
    const { store, hook } = setUp();
    act(() => void hook.result.current.add([pdf('a.pdf')]));
    await started(1);
    await act(async () => uploads[0]!.resolve(answer('a.pdf')));
    const uid = hook.result.current.rows[0]!.uid;

    await act(() => hook.result.current.remove(uid));
    const request = fetchMock.mock.calls.find(([r]) => r.method === 'DELETE')![0];
    expect(request.method).toBe('DELETE');
    expect(request.url).toBe('http://api.test/t/acme/file-storage/api/files');
    expect(await request.json()).toEqual({ siteId: SITE, referenceNumbers: [REF] });
    expect(hook.result.current.rows).toEqual([]);
    expect(store.getState().uploader).toEqual({ succeededFiles: [], pendingSave: false });
  });

  test('Save turns the uploads into Submitted Files, empties the uploader and refreshes the list', async () => {
    const { store, hook } = setUp();
    const list = store.dispatch(
      siteFilesApi.endpoints.getSubmittedFiles.initiate({
        tenant: 'acme',
        siteId: SITE,
        ...FIRST_FILE_PAGE,
      }),
    );
    await list;
    const listCalls = () =>
      fetchMock.mock.calls.filter(([r]) => r.url.includes('/api/files/submitted')).length;
    expect(listCalls()).toBe(1);

    act(() => void hook.result.current.add([pdf('a.pdf'), pdf('b.pdf')]));
    await started(2);
    await act(async () => uploads[0]!.resolve(answer('a.pdf', 'UP-AAAAAAAAAAAAAAAA')));
    await act(async () => uploads[1]!.resolve(answer('b.pdf', 'UP-BBBBBBBBBBBBBBBB')));

    await act(() => hook.result.current.save());
    const save = fetchMock.mock.calls.find(([r]) => r.method === 'POST')![0];
    expect(save.url).toBe('http://api.test/t/acme/portal/api/files');
    expect(await save.json()).toEqual({
      siteId: SITE,
      files: [{ referenceNumber: 'UP-AAAAAAAAAAAAAAAA' }, { referenceNumber: 'UP-BBBBBBBBBBBBBBBB' }],
    });
    expect(hook.result.current.rows).toEqual([]);
    expect(store.getState().uploader).toEqual({ succeededFiles: [], pendingSave: false });
    await waitFor(() => expect(listCalls()).toBe(2));
    list.unsubscribe();
  });

  test('Save sends an Idempotency-Key, and saving again after a broken connection sends the same key', async () => {
    const { hook } = setUp();
    act(() => void hook.result.current.add([pdf('a.pdf')]));
    await started(1);
    await act(async () => uploads[0]!.resolve(answer('a.pdf')));
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await act(() => hook.result.current.save());
    expect(hook.result.current.saveError).not.toBeNull();
    await act(() => hook.result.current.save());
    const keys = fetchMock.mock.calls
      .filter(([r]) => r.method === 'POST')
      .map(([r]) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(hook.result.current.rows).toEqual([]);
  });

  test('uploads from before a reload come back from the slice; those of another site stay hidden', async () => {
    const { store, hook } = setUp();
    act(() => {
      store.dispatch(
        addSucceededFile({
          uid: 'u1',
          fileName: 'kept.pdf',
          size: 5,
          referenceNumber: REF,
          tenant: 'acme',
          siteId: SITE,
        }),
      );
      store.dispatch(
        addSucceededFile({
          uid: 'u2',
          fileName: 'elsewhere.pdf',
          size: 5,
          referenceNumber: 'UP-CCCCCCCCCCCCCCCC',
          tenant: 'acme',
          siteId: OTHER_SITE,
        }),
      );
    });
    expect(hook.result.current.rows).toEqual([
      { uid: 'u1', fileName: 'kept.pdf', size: 5, status: 'done', percent: 100, referenceNumber: REF },
    ]);
    await act(() => hook.result.current.save());
    const save = fetchMock.mock.calls.find(([r]) => r.method === 'POST')![0];
    expect(await save.json()).toEqual({ siteId: SITE, files: [{ referenceNumber: REF }] });
    // The other site's upload still waits for its own Save.
    expect(store.getState().uploader).toMatchObject({ succeededFiles: [{ uid: 'u2' }], pendingSave: true });
  });
});
