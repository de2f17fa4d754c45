import { type ComponentType, lazy } from 'react';
import { AntdScope } from '../../../ui/antd-scope.tsx';
import type { ChoiceFilterProps } from './choice-select.tsx';

// antd's multiple select (choice-select.tsx) arrives with antd's theme: no first screen has a choice filter.
const ChoiceSelect = lazy(() => import('./choice-select.tsx')) as ComponentType<
  ChoiceFilterProps<string, string>
>;

/**
 * Narrows a list to rows with any of the chosen values (statuses, actions); none chosen is no filter. `noun`
 * names it: "Filter by status", "Any status". Until its control has loaded, a still field says "Any {noun}".
 */
export function ChoiceFilter<K extends string, V extends string>(props: ChoiceFilterProps<K, V>) {
  const standIn = (
    <input
      className="portico-input"
      readOnly
      aria-label={`Filter by ${props.noun} (loading)`}
      placeholder={`Any ${props.noun}`}
      style={{ minWidth: 200, maxWidth: 420, ...props.style }}
    />
  );
  return (
    <AntdScope fallback={standIn}>
      <ChoiceSelect {...(props as unknown as ChoiceFilterProps<string, string>)} />
    </AntdScope>
  );
}
