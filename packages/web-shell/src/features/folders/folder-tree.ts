import type { Folder } from '@portico/contracts';

/** A site's folders by id and by parent (null: the root), each parent's children by name. */
export interface FolderTree {
  byId: Map<string, Folder>;
  children: Map<string | null, Folder[]>;
}

export function folderTree(folders: readonly Folder[]): FolderTree {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const children = new Map<string | null, Folder[]>();
  for (const folder of folders) {
    const parent = folder.parentId && byId.has(folder.parentId) ? folder.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }));
  }
  return { byId, children };
}

/** The folders from the root down to `id`, itself last; empty when it is not in the tree. */
export function folderPath(tree: FolderTree, id: string): Folder[] {
  const path: Folder[] = [];
  const seen = new Set<string>();
  for (let folder = tree.byId.get(id); folder && !seen.has(folder.id); ) {
    seen.add(folder.id);
    path.unshift(folder);
    folder = folder.parentId ? tree.byId.get(folder.parentId) : undefined;
  }
  return path;
}

/** Every folder as `2025 / Q1`, in tree order: what a folder picker offers. */
export function folderOptions(folders: readonly Folder[]): { id: string; path: string; depth: number }[] {
  const tree = folderTree(folders);
  const out: { id: string; path: string; depth: number }[] = [];
  const walk = (parent: string | null, prefix: string, depth: number) => {
    for (const folder of tree.children.get(parent) ?? []) {
      const path = prefix ? `${prefix} / ${folder.name}` : folder.name;
      out.push({ id: folder.id, path, depth });
      walk(folder.id, path, depth + 1);
    }
  };
  walk(null, '', 0);
  return out;
}

/** Where `movingId` may go: every folder but itself and those below it (the server refuses those: folders.cycle). */
export function moveTargets(folders: readonly Folder[], movingId: string) {
  const tree = folderTree(folders);
  const below = new Set<string>([movingId]);
  const walk = (id: string) => {
    for (const child of tree.children.get(id) ?? []) {
      below.add(child.id);
      walk(child.id);
    }
  };
  walk(movingId);
  return folderOptions(folders).filter((option) => !below.has(option.id));
}
