import { ColorPicker, Flex, Input } from 'antd';
import { normaliseHexColor } from '../branding-validation.ts';

export interface ColorFieldProps {
  /** As typed: `#1F4E79`. */
  value?: string;
  onChange?: (value: string) => void;
  /** The text field's id, which the form item's label points at. */
  id?: string;
  label: string;
}

/** A colour as a hex text field (typed, pasted, read by screen readers) beside antd's picker on a swatch button. */
export function ColorField({ value = '', onChange, id, label }: ColorFieldProps) {
  const hex = normaliseHexColor(value);
  return (
    <Flex gap={8} align="center">
      <ColorPicker
        value={hex ? `#${hex}` : '#FFFFFF'}
        format="hex"
        disabledAlpha
        disabledFormat
        onChangeComplete={(color) => onChange?.(`#${color.toHex().toUpperCase()}`)}
      >
        <button
          type="button"
          aria-label={`Pick the ${label.toLowerCase()}`}
          style={{
            width: 32,
            height: 32,
            flex: 'none',
            borderRadius: 6,
            border: '1px solid rgba(0,0,0,0.25)',
            background: hex ? `#${hex}` : 'repeating-linear-gradient(45deg,#ddd 0 4px,#fff 4px 8px)',
            cursor: 'pointer',
          }}
          data-testid={`${id ?? 'color'}-swatch`}
        />
      </ColorPicker>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        maxLength={7}
        placeholder="#1F4E79"
        autoComplete="off"
        spellCheck={false}
        style={{ width: 120, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
      />
    </Flex>
  );
}
