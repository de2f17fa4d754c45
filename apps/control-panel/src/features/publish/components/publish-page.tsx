import { CloudUploadOutlined, InboxOutlined, SendOutlined } from '@ant-design/icons';
import { MAX_FILES_PER_SAVE } from '@portico/contracts';
import {
  CategorySelect,
  dropZoneInvitation,
  FolderBrowser,
  FolderSelect,
  folderSearch,
  logger,
  notify,
  QueryErrorAlert,
  type UploadItem,
  useCoarsePointer,
  useDiscardUploadsMutation,
  useFileUploads,
  useFolderParam,
  useIdempotencyKeys,
  useLeaveWarning,
} from '@portico/web-shell';
import { Button, Card, Flex, Typography, Upload } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../components/console-page.tsx';
import { ScannerNotice } from '../../../components/scanner-notice.tsx';
import { SiteSelect } from '../../../components/site-select.tsx';
import { usePublishFilesMutation } from '../api/publish.ts';
import { defaultTitle, titleProblem } from '../title-rules.ts';
import { PublishedFilesTable } from './published-files-table.tsx';
import { UploadList } from './upload-list.tsx';

/**
 * `/publish`: choose a site, upload files (progress and cancel per file), give each a title and publish them;
 * the site's clients see them in Published Files at their next call. Below, what the site already has.
 */
export default function PublishPage() {
  // A link may name the site (`?siteId=`, from "Assigned to me"); its name comes with the site select.
  const [site, setSite] = useState<{ id: string; name: string | undefined } | undefined>(() => {
    const id = new URLSearchParams(globalThis.location?.search ?? '').get('siteId');
    return id ? { id, name: undefined } : undefined;
  });
  const [titles, setTitles] = useState<Record<string, string>>({});
  const onUploaded = useCallback((item: UploadItem) => {
    setTitles((all) => ({ ...all, [item.uid]: all[item.uid] ?? defaultTitle(item.fileName) }));
  }, []);
  const uploads = useFileUploads({ siteId: site?.id, onUploaded });
  const [publishFiles, publishing] = usePublishFilesMutation();
  const keys = useIdempotencyKeys();
  const [discardUploads] = useDiscardUploadsMutation();
  // The folder browsed below is where files go, unless another is chosen (decision 47).
  const browsed = useFolderParam();
  const [params, setParams] = useSearchParams();
  const [chosenFolder, setChosenFolder] = useState<string | null | undefined>();
  const targetFolder = chosenFolder === undefined ? browsed : chosenFolder;
  // The category every published file gets (issue 27 item 4); empty: none.
  const [categoryId, setCategoryId] = useState('');

  const ready = uploads.done;
  const coarsePointer = useCoarsePointer();
  const unpublished = uploads.items.filter((i) => ['queued', 'uploading', 'done'].includes(i.status)).length;
  useLeaveWarning(
    unpublished > 0 && !publishing.isLoading,
    `${unpublished === 1 ? '1 file is' : `${unpublished} files are`} not published yet: leaving removes ${unpublished === 1 ? 'it' : 'them'} from this page.`,
  );
  const titleProblems = ready.some((item) => titleProblem(titles[item.uid] ?? '') !== undefined);
  const canPublish =
    !!site &&
    ready.length > 0 &&
    ready.length <= MAX_FILES_PER_SAVE &&
    !uploads.isUploading &&
    !titleProblems;

  const remove = (uid: string) => {
    const item = uploads.items.find((i) => i.uid === uid);
    uploads.remove(uid);
    if (site && item?.uploaded)
      // Not needed for correctness (unsaved uploads are reaped), but it frees the space at once.
      discardUploads({ siteId: site.id, referenceNumbers: [item.uploaded.referenceNumber] })
        .unwrap()
        .catch((error: unknown) => logger.warn('discarding an upload failed; it will be reaped', error));
  };

  const publish = async () => {
    if (!site || !canPublish) return;
    const request = {
      siteId: site.id,
      ...(targetFolder ? { folderId: targetFolder } : {}),
      ...(categoryId ? { categoryId } : {}),
      files: ready.map((item) => ({
        referenceNumber: item.uploaded.referenceNumber,
        title: (titles[item.uid] ?? '').trim(),
      })),
    };
    try {
      // Publishing again after a failure sends the same key: if the first did publish, its answer comes back.
      const { records } = await publishFiles({ ...request, idempotencyKey: keys.keyFor(request) }).unwrap();
      keys.succeeded();
      notify.success(
        records.length === 1 ? 'File published' : `${records.length} files published`,
        `The clients of ${site.name ?? 'the site'} see ${records.length === 1 ? 'it' : 'them'} in Published Files now.`,
      );
      uploads.clear();
      setTitles({});
    } catch {
      // The alert above the button says why.
    }
  };

  const changeSite = (siteId: string | undefined, name: string | undefined) => {
    uploads.clear();
    setTitles({});
    publishing.reset();
    setChosenFolder(undefined);
    // Another site's tree: its top level.
    if (params.has('folderId'))
      setParams(new URLSearchParams(folderSearch(params, null).slice(1)), { replace: true });
    setSite(siteId ? { id: siteId, name } : undefined);
  };

  return (
    <ConsolePage
      title="Publish"
      icon={<CloudUploadOutlined />}
      description="Send documents to a site's clients: they appear in the clients' Published Files at once."
    >
      <ScannerNotice />
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>1. Choose the site</h2>}>
        <Flex vertical gap={8}>
          <label htmlFor="publish-site">Site</label>
          <SiteSelect id="publish-site" value={site?.id} onChange={changeSite} />
          {site ? (
            <FolderSelect
              siteId={site.id}
              value={targetFolder}
              onChange={setChosenFolder}
              label="Folder the files go into"
            />
          ) : null}
          {site ? (
            <CategorySelect
              value={categoryId}
              onChange={setCategoryId}
              label="Category of the files (optional)"
              testId="publish-category"
            />
          ) : null}
          {uploads.items.length > 0 ? (
            <Typography.Text style={{ color: '#595959' }}>
              Choosing another site removes the files below.
            </Typography.Text>
          ) : null}
        </Flex>
      </Card>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>2. Add files and publish them</h2>}>
        <Flex vertical gap={16}>
          {site && uploads.canUpload ? (
            <Upload.Dragger
              multiple
              fileList={[]}
              showUploadList={false}
              beforeUpload={(file) => {
                uploads.add([file]);
                return false;
              }}
              data-testid="publish-dropzone"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">
                {dropZoneInvitation(coarsePointer, `files for ${site.name ?? 'the site'}`)}
              </p>
              <p className="ant-upload-hint" style={{ color: '#595959' }}>
                Each file is uploaded on its own; you can cancel any of them.
              </p>
            </Upload.Dragger>
          ) : (
            <Typography.Text style={{ color: '#595959' }}>
              Choose a site first; then add its files here.
            </Typography.Text>
          )}
          {uploads.items.length > 0 ? (
            <UploadList
              items={uploads.items}
              titles={titles}
              onTitleChange={(uid, title) => setTitles((all) => ({ ...all, [uid]: title }))}
              onCancel={uploads.cancel}
              onRemove={remove}
            />
          ) : null}
          {publishing.error ? (
            <QueryErrorAlert title="The files could not be published" error={publishing.error} />
          ) : null}
          <Flex gap={12} wrap align="center">
            <Button
              type="primary"
              icon={<SendOutlined aria-hidden />}
              disabled={!canPublish}
              loading={publishing.isLoading}
              onClick={() => void publish()}
              data-testid="publish-button"
            >
              {ready.length > 1 ? `Publish ${ready.length} files` : 'Publish'}
            </Button>
            {uploads.isUploading ? (
              <Typography.Text style={{ color: '#595959' }}>
                Waiting for the uploads to finish…
              </Typography.Text>
            ) : null}
            {ready.length > MAX_FILES_PER_SAVE ? (
              <Typography.Text type="danger">At most {MAX_FILES_PER_SAVE} files at a time.</Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      </Card>
      {site ? (
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Published to {site.name ?? 'this site'}</h2>}>
          <Flex vertical gap={16}>
            <FolderBrowser siteId={site.id} folderId={browsed} canCreate canManage rootLabel="Top level" />
            <PublishedFilesTable siteId={site.id} siteName={site.name} folderId={browsed} />
          </Flex>
        </Card>
      ) : null}
    </ConsolePage>
  );
}
