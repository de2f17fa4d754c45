import { describeQueryError } from '../../../lib/http-errors.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { useGetAssigneesQuery } from '../api/assignments.ts';

/**
 * Who a file of the site may be assigned to (the firm's staff, then the site's member clients), as a native select:
 * keyboard and screen readers work as everywhere. `nobody` adds "Nobody" (clears the assignee).
 */
export function AssigneeSelect({
  id,
  siteId,
  value,
  onChange,
  nobody = false,
  describedBy,
}: {
  id: string;
  siteId: string;
  value: string;
  onChange: (userId: string) => void;
  nobody?: boolean;
  describedBy?: string;
}) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const { data, error, isLoading } = useGetAssigneesQuery({ tenant, siteId });
  if (error)
    return (
      <span role="alert" className="portico-assign-error">
        The people could not be read: {describeQueryError(error)}
      </span>
    );
  const staff = data?.records.filter((p) => p.role === 'staff') ?? [];
  const clients = data?.records.filter((p) => p.role === 'client') ?? [];
  return (
    <select
      id={id}
      className="portico-input portico-assign-select"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={isLoading}
      aria-busy={isLoading}
      aria-describedby={describedBy}
      data-testid="assignee-select"
    >
      <option value="">{isLoading ? 'Loading the people…' : nobody ? 'Nobody' : 'Choose a person'}</option>
      {staff.length ? (
        <optgroup label="The firm">
          {staff.map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.name}
            </option>
          ))}
        </optgroup>
      ) : null}
      {clients.length ? (
        <optgroup label="Clients of this site">
          {clients.map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.name}
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  );
}
