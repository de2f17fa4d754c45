import { TAG_PALETTE, type Tag } from '@portico/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useCreateTagMutation } from '../api/tags.ts';
import './file-tags.css';

/** A tag's colour as a dot beside its name: the name always says it, the colour only adds to it. */
export function TagDot({ color }: { color: string }) {
  return <span className="portico-tag-dot" style={{ background: color }} aria-hidden />;
}

/** The palette's name of a colour (a colour set outside the palette reads as its code). */
export const colorName = (color: string) => TAG_PALETTE.find((p) => p.color === color)?.name ?? color;

/** The palette as radio buttons, each with its colour's name. */
export function ColorPicker({
  value,
  onChange,
  legend = 'Colour',
}: {
  value: string;
  onChange: (color: string) => void;
  legend?: string;
}) {
  const name = useId();
  // One Tab stop, the arrow keys move between colours (a native radio group, named as one for assistive technology).
  return (
    <div className="portico-tag-palette" role="radiogroup" aria-labelledby={`${name}-legend`}>
      <span id={`${name}-legend`} className="portico-tag-palette__legend">
        {legend}
      </span>
      {TAG_PALETTE.map((p) => (
        <label key={p.color} className="portico-tag-palette__choice">
          <input
            type="radio"
            name={name}
            value={p.color}
            checked={value === p.color}
            onChange={() => onChange(p.color)}
            data-testid={`tag-color-${p.name.toLowerCase()}`}
          />
          <TagDot color={p.color} />
          {p.name}
        </label>
      ))}
    </div>
  );
}

/** Checkboxes over the firm's tags (loading, empty and long names handled). */
export function TagChecklist({
  tags,
  checked,
  onToggle,
  loading,
  legend,
}: {
  tags: readonly Tag[];
  checked: ReadonlySet<string>;
  onToggle: (id: string) => void;
  loading: boolean;
  legend: string;
}) {
  return (
    <fieldset className="portico-tag-list" aria-busy={loading || undefined}>
      <legend>{legend}</legend>
      {loading ? <p>Loading tags…</p> : null}
      {!loading && !tags.length ? <p data-testid="tags-empty">No tags yet.</p> : null}
      {tags.map((tag) => (
        <label key={tag.id} className="portico-tag-list__item">
          <input
            type="checkbox"
            checked={checked.has(tag.id)}
            onChange={() => onToggle(tag.id)}
            data-testid={`tag-option-${tag.name}`}
          />
          <TagDot color={tag.color} />
          <span className="portico-tag-list__name">{tag.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A new tag: name and colour. Staff create one for the firm; a client names the site whose `fileAreaManageTags`
 * allows it. Answers the tag made.
 */
export function NewTagForm({
  siteId,
  onCreated,
}: {
  siteId?: string | undefined;
  onCreated: (tag: Tag) => void;
}) {
  const nameId = useId();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(TAG_PALETTE[0].color);
  const [problem, setProblem] = useState<string>();
  const [create, creating] = useCreateTagMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!name.trim()) {
      setProblem('Give the tag a name.');
      return;
    }
    try {
      const tag = await create({ name: name.trim(), color, ...(siteId ? { siteId } : {}) }).unwrap();
      setName('');
      setProblem(undefined);
      onCreated(tag);
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };
  return (
    <form
      className="portico-stack portico-new-tag"
      onSubmit={(event) => void submit(event)}
      data-testid="new-tag-form"
    >
      <div className="portico-file-actions__field">
        <label htmlFor={nameId}>New tag</label>
        <input
          id={nameId}
          className="portico-input"
          value={name}
          maxLength={50}
          onChange={(event) => setName(event.target.value)}
          data-testid="new-tag-name"
        />
      </div>
      <ColorPicker value={color} onChange={setColor} />
      {problem ? <Notice tone="error" title={problem} data-testid="new-tag-problem" /> : null}
      <div>
        <Button type="submit" loading={creating.isLoading} data-testid="new-tag-create">
          Create tag
        </Button>
      </div>
    </form>
  );
}
