import { TAG_PALETTE, type Tag } from '@portico/contracts';
import {
  Button,
  ColorPicker,
  colorName,
  describeQueryError,
  NewTagForm,
  notify,
  QueryErrorAlert,
  TagDot,
  useDeleteTagMutation,
  useGetTagsWithCountsQuery,
  useUpdateTagMutation,
} from '@portico/web-shell';
import { Card, Skeleton } from 'antd';
import { type FormEvent, useId, useState } from 'react';

const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

/**
 * The firm's tags for staff (issue 27 item 3, decision 57), on the File-area settings page: each tag with how many
 * files carry it; rename, recolour (the palette, each colour named), delete (saying how many files lose it); and a
 * new tag. Clients with `fileAreaManageTags` create and apply tags; only staff change or remove them.
 */
export function TagsEditor() {
  const tags = useGetTagsWithCountsQuery();
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<string>();
  const [remove, removing] = useDeleteTagMutation();
  const records = tags.currentData?.records ?? [];
  const body = tags.error ? (
    <QueryErrorAlert
      title="The tags could not be loaded"
      error={tags.error}
      onRetry={() => void tags.refetch()}
    />
  ) : !tags.currentData ? (
    <Skeleton active paragraph={{ rows: 3 }} />
  ) : (
    <div className="portico-stack">
      {!records.length ? (
        <p data-testid="tags-editor-empty">No tags yet. Create the first one below.</p>
      ) : null}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="tags-editor-list">
        {records.map((tag) => (
          <li
            key={tag.id}
            style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 0' }}
            data-testid={`tags-editor-${tag.name}`}
          >
            {editing === tag.id ? (
              <EditTag tag={tag} onClose={() => setEditing(undefined)} />
            ) : deleting === tag.id ? (
              <div className="portico-stack" data-testid="tag-delete-group">
                <p style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="tag-delete-warning">
                  {`Delete “${tag.name}”? It is taken off ${files(tag.fileCount ?? 0)}; the files stay.`}
                </p>
                <div className="portico-row" style={{ gap: 8, flexWrap: 'wrap' }}>
                  <Button
                    variant="danger-primary"
                    loading={removing.isLoading}
                    data-testid="tag-delete-confirm"
                    onClick={() =>
                      void remove({ id: tag.id })
                        .unwrap()
                        .then(() => {
                          notify.success('Tag deleted', `${tag.name} is off ${files(tag.fileCount ?? 0)}.`);
                          setDeleting(undefined);
                        })
                        .catch((error: unknown) =>
                          notify.error('The tag could not be deleted', describeQueryError(error)),
                        )
                    }
                  >
                    Delete tag
                  </Button>
                  <Button onClick={() => setDeleting(undefined)}>Keep it</Button>
                </div>
              </div>
            ) : (
              <div className="portico-row" style={{ gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                <TagDot color={tag.color} />
                <strong style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12em' }}>
                  {tag.name}
                </strong>
                <span style={{ color: '#595959' }}>
                  {colorName(tag.color)} · {files(tag.fileCount ?? 0)}
                </span>
                <Button
                  aria-label={`Edit ${tag.name}`}
                  onClick={() => setEditing(tag.id)}
                  data-testid="tag-edit"
                >
                  Edit
                </Button>
                <Button
                  variant="danger"
                  aria-label={`Delete ${tag.name}`}
                  onClick={() => setDeleting(tag.id)}
                  data-testid="tag-delete"
                >
                  Delete
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <NewTagForm onCreated={(tag) => notify.success('Tag created', tag.name)} />
    </div>
  );
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Tags</h2>} data-testid="tags-editor">
      <p style={{ marginTop: 0 }}>
        The firm’s tags. Clients of a site with “Manage tags” on may create and apply them; only staff rename,
        recolour or delete them.
      </p>
      {body}
    </Card>
  );
}

function EditTag({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const nameId = useId();
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color);
  const [problem, setProblem] = useState<string>();
  const [update, updating] = useUpdateTagMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('Give the tag a name.');
    try {
      await update({
        id: tag.id,
        ...(name.trim() !== tag.name ? { name: name.trim() } : {}),
        ...(color !== tag.color ? { color } : {}),
      }).unwrap();
      notify.success('Tag saved', name.trim());
      onClose();
    } catch (error) {
      setProblem(describeQueryError(error));
    }
  };
  const unchanged = name.trim() === tag.name && color === tag.color;
  return (
    <form className="portico-stack" onSubmit={(event) => void submit(event)} data-testid="tag-edit-form">
      <label htmlFor={nameId}>Name</label>
      <input
        id={nameId}
        className="portico-input"
        value={name}
        maxLength={50}
        onChange={(event) => setName(event.target.value)}
        data-testid="tag-edit-name"
      />
      <ColorPicker value={TAG_PALETTE.some((p) => p.color === color) ? color : ''} onChange={setColor} />
      {problem ? (
        <p role="alert" style={{ color: '#a8071a', margin: 0 }}>
          {problem}
        </p>
      ) : null}
      <div className="portico-row" style={{ gap: 8, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="primary"
          loading={updating.isLoading}
          disabled={unchanged}
          data-testid="tag-edit-save"
        >
          Save
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}
