import { type ComponentType, lazy } from 'react';
import { AfterFirstScreen } from '../../../ui/after-first-screen.tsx';
import type { ChoiceFilterProps, ChoiceSelectProps } from './choice-select.tsx';

// antd's multiple select (choice-select.tsx) arrives with antd's theme, after the first screen.
const ChoiceSelect = lazy(() => import('./choice-select.tsx')) as ComponentType<
  ChoiceSelectProps<string, string>
>;

/**
 * Narrows a list to rows with any of the chosen values (statuses, tags, actions); none chosen is no filter. `noun`
 * names it: "Filter by status", "Any status". A still field saying "Any {noun}" stands in until the page has
 * settled or the field is reached (`AfterFirstScreen`): Published Files has these filters since issue 27, and
 * asking for antd at once put it on the portal's first screen (decision 66).
 */
export function ChoiceFilter<K extends string, V extends string>(props: ChoiceFilterProps<K, V>) {
  return (
    <AfterFirstScreen
      standIn={(reach) => (
        <input
          className="portico-input"
          readOnly
          aria-label={`Filter by ${props.noun} (loading)`}
          placeholder={`Any ${props.noun}`}
          style={{ minWidth: 200, maxWidth: 420, ...props.style }}
          data-stand-in="choice-filter"
          onPointerEnter={() => reach(false)}
          onFocus={() => reach(true)}
        />
      )}
      control={(focused) => (
        <ChoiceSelect {...(props as unknown as ChoiceFilterProps<string, string>)} autoFocus={focused} />
      )}
    />
  );
}
