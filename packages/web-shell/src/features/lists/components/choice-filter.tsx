import { type CSSProperties, useId } from 'react';
import { visuallyHiddenStyle } from '../../../components/visually-hidden.tsx';

/** A list whose filter `K` holds the chosen values (what `useListState` returns). */
interface ChoiceList<K extends string, V extends string> {
  filters: Record<K, V[]>;
  setFilter: (name: K, value: V[]) => void;
}

/** The option that stands for what an address chose and no single option says (several values at once). */
const SEVERAL = '(several)';

/**
 * Narrows a list to rows with the chosen value (a status, an action); "Any {noun}" is no filter. A native select,
 * named "Filter by {noun}". The filter holds a list of values, as the server takes them: one chosen here, or
 * several from an address, shown as one option until another is chosen.
 */
export function ChoiceFilter<K extends string, V extends string>({
  list,
  name,
  noun,
  options,
  style,
}: {
  list: ChoiceList<K, V>;
  name: K;
  noun: string;
  options: { value: V; label: string }[];
  style?: CSSProperties;
}) {
  const id = useId();
  const chosen = list.filters[name];
  const labelOf = (value: V) => options.find((option) => option.value === value)?.label;
  const [only, ...more] = chosen;
  const value = only === undefined ? '' : more.length === 0 && labelOf(only) ? only : SEVERAL;
  return (
    <>
      <label htmlFor={id} style={visuallyHiddenStyle}>
        Filter by {noun}
      </label>
      <select
        id={id}
        className="portico-select portico-choice-filter"
        value={value}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.target.value);
          if (event.target.value !== SEVERAL) list.setFilter(name, next ? [next.value] : []);
        }}
        style={style}
      >
        <option value="">Any {noun}</option>
        {value === SEVERAL ? (
          <option value={SEVERAL}>{chosen.map((v) => labelOf(v) ?? v).join(', ')}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
