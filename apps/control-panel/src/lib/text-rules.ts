import type { FormRule } from 'antd';

// The control characters the server refuses in text a person types (nonBlankTextSchema of the contracts).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const hasControlCharacters = (text: string) => CONTROL.test(text);

/** antd rules mirroring the server's `nonBlankTextSchema`: required, not blank, no control characters, a limit. */
export function nonBlankTextRules(what: string, maxLength: number): FormRule[] {
  return [
    { required: true, whitespace: true, message: `Please enter ${what}.` },
    { max: maxLength, message: `At most ${maxLength} characters.` },
    {
      validator: (_rule, value: unknown) =>
        typeof value === 'string' && hasControlCharacters(value)
          ? Promise.reject(new Error('Line breaks and control characters are not allowed.'))
          : Promise.resolve(),
    },
  ];
}
