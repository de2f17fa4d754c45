import type { folderOptions } from '../folder-tree.ts';

/** A folder select's options: the top level (`top` names it, value ""), then every folder as `2025 / Q1`. */
export function FolderOptions({
  paths,
  top,
}: {
  /** The site's folders as `folderOptions` gives them. */
  paths: ReturnType<typeof folderOptions>;
  top: string;
}) {
  return (
    <>
      <option value="">{top}</option>
      {paths.map((p) => (
        <option key={p.id} value={p.id}>
          {p.path}
        </option>
      ))}
    </>
  );
}
