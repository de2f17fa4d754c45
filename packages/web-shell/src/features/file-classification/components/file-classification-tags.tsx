import type { Assignee, Tag as FileTag } from '@portico/contracts';
import type { Breakpoint } from '../../../lib/use-breakpoint.ts';
import { Tag } from '../../../ui/tag.tsx';
import type { ListColumn } from '../../lists/list-column.ts';
import type { ColumnSort } from '../../lists/list-query.ts';
import './file-classification.css';

/** What a file's row shows of its classification (decision 54); every part optional, so every list can pass its record. */
export interface ClassifiedFile {
  tags?: readonly FileTag[] | undefined;
  category?: { id: string; name: string } | null | undefined;
  project?: { id: string; name: string } | null | undefined;
  assignee?: Assignee | null | undefined;
  /** A published file's status, as people read it. */
  statusName?: string | null | undefined;
  /** A published file a client published. */
  publishedBy?: { name: string; userId?: string } | null | undefined;
}

/**
 * The marks of a file's classification on its row, in one order everywhere: status, category, project, assignee,
 * who published it (a client), then its tags, each tag a dot of its colour beside its name (the name carries the
 * meaning, so the colour never has to). `you` is the caller's user id: their own assignment reads "Assigned to you".
 */
export function FileClassificationTags({ file, you }: { file: ClassifiedFile; you?: string | undefined }) {
  const { tags = [], category, project, assignee, statusName, publishedBy } = file;
  if (!tags.length && !category && !project && !assignee && !statusName && !publishedBy) return null;
  return (
    <>
      {statusName ? (
        <Tag tone="info" data-testid="file-status-tag">
          {statusName}
        </Tag>
      ) : null}
      {category ? <Tag data-testid="file-category-tag">{category.name}</Tag> : null}
      {project ? <Tag data-testid="file-project-tag">Project: {project.name}</Tag> : null}
      {assignee ? (
        <Tag tone="warning" data-testid="file-assignee-tag">
          {assignee.userId === you ? 'Assigned to you' : `Assigned to ${assignee.name}`}
          {assignee.dueDate ? `, due ${assignee.dueDate}` : ''}
        </Tag>
      ) : null}
      {publishedBy ? <Tag data-testid="file-published-by-tag">Published by {publishedBy.name}</Tag> : null}
      {tags.map((tag) => (
        <Tag key={tag.id} className="portico-file-tag" data-testid="file-tag">
          <span className="portico-file-tag-dot" style={{ background: tag.color }} aria-hidden />
          {tag.name}
        </Tag>
      ))}
    </>
  );
}

/**
 * A list's Category column (issue 27 item 4), sorted on the server by the category's name (files without one last
 * either way): give it the list's sorting of `category` (`list.sortColumn('category')`).
 */
export function categoryColumn<T extends { category?: { name: string } | null | undefined }>(
  sorting: { key: string; sort: ColumnSort },
  responsive: Breakpoint[] = ['lg'],
): ListColumn<T> {
  return {
    ...sorting,
    title: 'Category',
    responsive,
    render: (_value, file) =>
      file.category ? (
        <span style={{ overflowWrap: 'anywhere' }}>{file.category.name}</span>
      ) : (
        <span style={{ color: '#595959' }}>—</span>
      ),
  };
}
