import type { SiteFolder } from '../api/file-actions.ts';

/** Every folder with its path from the root ("2025 / Tax return / Drafts"), in path order. */
export function folderPaths(folders: readonly SiteFolder[]): { id: string; path: string }[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (folder: SiteFolder): string => {
    const names = [folder.name];
    const seen = new Set([folder.id]);
    for (let parent = folder.parentId; parent && !seen.has(parent); ) {
      const up = byId.get(parent);
      if (!up) break;
      names.unshift(up.name);
      seen.add(up.id);
      parent = up.parentId;
    }
    return names.join(' / ');
  };
  return folders
    .map((f) => ({ id: f.id, path: pathOf(f) }))
    .sort((a, b) => a.path.localeCompare(b.path, undefined, { sensitivity: 'base' }));
}
