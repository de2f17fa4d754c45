import { UserSwitchOutlined } from '@ant-design/icons';
import type { FileActionPanel } from '../../file-actions/file-actions.ts';
import '../assignments.css';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import type { AssignableFile } from '../dialogs/set-assignee-form.tsx';

const SetAssigneeForm = lazyPart(() => import('../dialogs/set-assignee-form.tsx'));

/** "Set assignee" in a file's "More" dialog: a person of the firm or of the site, or nobody, with a note. */
export function setAssigneePanel<F extends AssignableFile>(): FileActionPanel<F> {
  return {
    key: 'assignee',
    label: 'Set assignee',
    icon: <UserSwitchOutlined aria-hidden />,
    preload: SetAssigneeForm.preload,
    render: (props) => <SetAssigneeForm {...props} />,
  };
}
