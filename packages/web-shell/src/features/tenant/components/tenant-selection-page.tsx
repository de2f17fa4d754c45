import { useId, useState } from 'react';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { setTenant } from '../../../store/app-slice.ts';
import { useShellDispatch } from '../../../store/hooks.ts';
import { Button } from '../../../ui/button.tsx';
import { useTenantOptions } from '../hooks/use-tenant-options.ts';

/** SPEC §2: shown to a signed-in user with several tenants and none chosen. */
export function TenantSelectionPage() {
  const dispatch = useShellDispatch();
  const { options, isLoading } = useTenantOptions();
  const [choice, setChoice] = useState<string | undefined>();
  const selectId = useId();

  return (
    <CenteredPage>
      <form
        className="portico-card portico-card__body portico-stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) dispatch(setTenant(choice));
        }}
      >
        <h1 style={{ fontSize: 24, margin: 0 }}>Select the tenant</h1>
        <p style={{ margin: 0 }}>
          Your account works with several firms. Choose the one you want to work with now; you can switch
          later from the header.
        </p>
        <div className="portico-stack" style={{ gap: 4 }}>
          <label htmlFor={selectId}>Tenant</label>
          <select
            id={selectId}
            className="portico-select portico-select--large"
            value={choice ?? ''}
            onChange={(event) => setChoice(event.target.value || undefined)}
            aria-busy={isLoading || undefined}
            data-testid="tenant-choice"
          >
            <option value="" disabled>
              Select a tenant
            </option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Button variant="primary" type="submit" className="portico-btn--large" disabled={!choice}>
            Done
          </Button>
        </div>
      </form>
    </CenteredPage>
  );
}
