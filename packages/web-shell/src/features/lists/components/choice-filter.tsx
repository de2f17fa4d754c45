import { Select } from 'antd';
import type { CSSProperties } from 'react';

/** A list whose filter `K` holds the chosen values (what `useListState` returns). */
interface ChoiceList<K extends string, V extends string> {
  filters: Record<K, V[]>;
  setFilter: (name: K, value: V[]) => void;
}

/**
 * Narrows a list to rows with any of the chosen values (statuses, actions); none chosen is no filter. `noun`
 * names it: "Filter by status", "Any status".
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
  return (
    <Select<V[]>
      mode="multiple"
      aria-label={`Filter by ${noun}`}
      placeholder={`Any ${noun}`}
      allowClear
      value={list.filters[name]}
      onChange={(value) => list.setFilter(name, value)}
      options={options}
      maxTagCount="responsive"
      style={{ minWidth: 200, maxWidth: 420, ...style }}
    />
  );
}
