import { Select } from 'antd';
import type { CSSProperties } from 'react';

/** A list whose filter `K` holds the chosen values (what `useListState` returns). */
interface ChoiceList<K extends string, V extends string> {
  filters: Record<K, V[]>;
  setFilter: (name: K, value: V[]) => void;
}

export interface ChoiceFilterProps<K extends string, V extends string> {
  list: ChoiceList<K, V>;
  name: K;
  noun: string;
  options: { value: V; label: string }[];
  style?: CSSProperties;
}

export type ChoiceSelectProps<K extends string, V extends string> = ChoiceFilterProps<K, V> & {
  /** The keyboard reached the stand-in: the focus moves on into the select. */
  autoFocus?: boolean;
};

/** ChoiceFilter's control: antd's multiple select, in a chunk of its own with antd's theme around it. */
export default function ChoiceSelect<K extends string, V extends string>({
  list,
  name,
  noun,
  options,
  style,
  autoFocus,
}: ChoiceSelectProps<K, V>) {
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
      autoFocus={autoFocus}
      style={{ minWidth: 200, maxWidth: 420, ...style }}
    />
  );
}
