import { useId } from 'react';
import { useGetFoldersQuery } from '../api/folders.ts';
import { folderOptions } from '../folder-tree.ts';
import { FolderOptions } from './folder-options.tsx';

/** A native select of a site's folders (`2025 / Q1`), "Top level" first: where Publish puts the files. */
export function FolderSelect({
  siteId,
  value,
  onChange,
  label = 'Folder',
}: {
  siteId: string;
  value: string | null;
  onChange: (folderId: string | null) => void;
  label?: string;
}) {
  const id = useId();
  const folders = useGetFoldersQuery({ siteId }, { skip: !siteId });
  return (
    <div className="portico-stack" style={{ gap: 4 }}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="portico-input"
        value={value ?? ''}
        disabled={!siteId || folders.isLoading}
        onChange={(event) => onChange(event.target.value || null)}
        data-testid="folder-select"
      >
        <FolderOptions paths={folderOptions(folders.currentData?.records ?? [])} top="Top level" />
      </select>
    </div>
  );
}
