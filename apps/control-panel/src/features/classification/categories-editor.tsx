import {
  describeQueryError,
  notify,
  QueryErrorAlert,
  Skeleton,
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useGetCategoriesQuery,
  useRenameCategoryMutation,
} from '@portico/web-shell';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { AddNameForm, NameRow } from './name-row.tsx';

/**
 * The firm's categories (document types, issue 27 item 4): add, rename, remove. Names are unique ignoring case;
 * a removed category is cleared from its files. Clients choose among them where a site's
 * `internalFilesRecategorize` lets them; staff always.
 */
export function CategoriesEditor() {
  const categories = useGetCategoriesQuery();
  const [create, creating] = useCreateCategoryMutation();
  const [rename, renaming] = useRenameCategoryMutation();
  const [remove, removing] = useDeleteCategoryMutation();
  const records = categories.data?.records ?? [];

  const removeOne = async (id: string, name: string) => {
    try {
      await remove({ id }).unwrap();
      notify.success('Category removed', `Files that were “${name}” have no category now.`);
    } catch (error) {
      notify.error('The category could not be removed', describeQueryError(error));
    }
  };

  return (
    <div className="portico-stack" data-testid="categories-editor">
      <p style={{ margin: 0, color: '#595959' }}>
        Every file can have one category. Clients filter and sort by it, and may change it where the site lets
        them (Recategorise files).
      </p>
      {categories.error ? (
        <QueryErrorAlert
          title="The categories could not be loaded"
          error={categories.error}
          onRetry={() => void categories.refetch()}
        />
      ) : categories.isLoading ? (
        <Skeleton rows={3} label="Loading the categories…" />
      ) : records.length === 0 ? (
        <p data-testid="categories-empty">No categories yet: add the first below.</p>
      ) : (
        <ul className="portico-classify-list" aria-label="Categories">
          {records.map((c) => (
            <NameRow
              key={c.id}
              name={c.name}
              what="category"
              renaming={renaming.isLoading && renaming.originalArgs?.id === c.id}
              onRename={async (name) => {
                await rename({ id: c.id, name }).unwrap();
                notify.success('Category renamed', `${c.name} is now ${name}.`);
              }}
              testId="category-row"
            >
              <ConfirmButton
                action="Remove"
                subject={c.name}
                consequence="Its files keep their place and lose this category."
                onConfirm={() => removeOne(c.id, c.name)}
                loading={removing.isLoading && removing.originalArgs?.id === c.id}
                button={{ size: 'small' }}
              />
            </NameRow>
          ))}
        </ul>
      )}
      <AddNameForm
        label="New category"
        maxLength={60}
        adding={creating.isLoading}
        onAdd={async (name) => {
          await create({ name }).unwrap();
          notify.success('Category added', name);
        }}
        testId="category-add"
      />
    </div>
  );
}
