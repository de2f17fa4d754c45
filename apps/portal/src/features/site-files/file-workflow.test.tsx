import { FILE_AREA_SETTING_KEYS, type FileAreaSettingKey, type FileAreaSettings } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { bulkFileActions, filePanels } from './file-workflow.tsx';

/** The portal offers Category, Project and Categorise only behind the site's flags (issue 27 items 4 and 5). */

const settings = (off: FileAreaSettingKey[] = []) =>
  Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, !off.includes(k)])) as FileAreaSettings;
const target = { tenant: 'acme', siteId: 's', fileIds: ['a'], onDone: () => {} };

describe('the part-2 actions of categories and projects', () => {
  it('are offered with their flags on', () => {
    const keys = filePanels('published', settings()).map((p) => p.key);
    expect(keys).toEqual(expect.arrayContaining(['category', 'project']));
    expect(bulkFileActions('submitted', settings(), target).map((a) => (a as { key: string }).key)).toContain(
      'categorise',
    );
  });

  it('are gone with their flags off', () => {
    const off = settings(['internalFilesRecategorize', 'internalFileSetProject']);
    const keys = filePanels('submitted', off).map((p) => p.key);
    expect(keys).not.toContain('category');
    expect(keys).not.toContain('project');
    expect(bulkFileActions('published', off, target).map((a) => (a as { key: string }).key)).not.toContain(
      'categorise',
    );
    expect(filePanels('published', settings(['internalFileSetProject'])).map((p) => p.key)).toContain(
      'category',
    );
  });
});
