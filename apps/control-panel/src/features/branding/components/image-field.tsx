import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useRef, useState } from 'react';
import { checkImageFile, type ImageField as ImageKind } from '../branding-validation.ts';

export interface ImageFieldProps {
  /** The image as a data: URL. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  kind: ImageKind;
  /** Why the chosen file cannot be used; undefined once a good one is chosen. */
  onProblem: (problem: string | undefined) => void;
}

const ACCEPT = { logo: '.png,.svg,image/png,image/svg+xml', icon: '.png,image/png' } as const;

/** The current image and a button to choose another file, checked as the server would before it is taken. */
export function ImageField({ value, onChange, id, kind, onProblem }: ImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      const result = await checkImageFile(file, kind);
      if (result.ok) {
        onProblem(undefined);
        onChange?.(result.dataUrl);
      } else onProblem(result.problem);
    } finally {
      setReading(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Flex gap={16} align="center" wrap>
      <div
        style={{
          width: kind === 'logo' ? 160 : 64,
          height: 64,
          display: 'grid',
          placeItems: 'center',
          border: '1px dashed rgba(0,0,0,0.25)',
          borderRadius: 6,
          background: '#FAFAFA',
        }}
      >
        {value ? (
          <img
            src={value}
            alt={kind === 'logo' ? 'The current logo' : 'The current icon'}
            style={{ maxWidth: '90%', maxHeight: 56, objectFit: 'contain' }}
            data-testid={`${kind}-image`}
          />
        ) : (
          <Typography.Text style={{ color: '#595959' }}>None</Typography.Text>
        )}
      </div>
      <Flex vertical gap={4}>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT[kind]}
          style={{ display: 'none' }}
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid={`${kind}-file`}
        />
        <Button
          icon={<UploadOutlined aria-hidden />}
          loading={reading}
          onClick={() => input.current?.click()}
        >
          {kind === 'logo' ? 'Choose a logo' : 'Choose an icon'}
        </Button>
        <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
          {kind === 'logo' ? 'PNG or SVG, at most 512 KB.' : 'A square PNG, at most 128 KB.'}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
