import { AppstoreOutlined, ProjectOutlined } from '@ant-design/icons';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import type { FileActionPanel, FileActionTarget } from '../../file-actions/file-actions.ts';
import type { ClassifiedFile } from '../../file-classification/components/file-classification-tags.tsx';
import { SelectionDialogButton } from '../../lists/components/selection-dialog-button.tsx';

/*
 * The category and project panels of a row's "More" dialog and the selection bar's "Categorise" (issue 27 items 4
 * and 5). Their forms are one chunk (dialogs/classification-forms.tsx), loaded when a dialog that offers them opens.
 */
const forms = () => import('../dialogs/classification-forms.tsx');
const CategoryForm = lazyPart(forms, 'CategoryForm');
const ProjectForm = lazyPart(forms, 'ProjectForm');
const BulkCategoriseDialog = lazyPart(forms, 'BulkCategoriseDialog');

/** The "Category" panel of a row's "More" dialog. */
export function categoryPanel<F extends FileActionTarget & ClassifiedFile>(): FileActionPanel<F> {
  return {
    key: 'category',
    label: 'Category',
    icon: <AppstoreOutlined aria-hidden />,
    preload: CategoryForm.preload,
    render: (props) => <CategoryForm {...props} />,
  };
}

/** The "Project" panel of a row's "More" dialog. */
export function projectPanel<F extends FileActionTarget & ClassifiedFile>(): FileActionPanel<F> {
  return {
    key: 'project',
    label: 'Project',
    icon: <ProjectOutlined aria-hidden />,
    preload: ProjectForm.preload,
    render: (props) => <ProjectForm {...props} />,
  };
}

/**
 * "Categorise" on the selected files: one request for all of them, all or nothing. Shown only where the caller
 * may recategorize (the site's `internalFilesRecategorize`, or staff).
 */
export function BulkCategoriseButton({
  fileIds,
  onDone,
}: {
  fileIds: readonly string[];
  onDone: () => void;
}) {
  return (
    <SelectionDialogButton
      verb="Categorise"
      count={fileIds.length}
      icon={<AppstoreOutlined aria-hidden />}
      testId="bulk-categorise"
      preload={BulkCategoriseDialog.preload}
      dialog={(close) => <BulkCategoriseDialog fileIds={fileIds} onClose={close} onDone={onDone} />}
    />
  );
}
