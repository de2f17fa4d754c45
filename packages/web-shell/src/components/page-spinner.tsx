import { Flex, Spin } from 'antd';

/** A centred loading indicator with a readable label (announced to screen readers). */
export function PageSpinner({
  label = 'Loading…',
  fullPage = false,
}: {
  label?: string;
  fullPage?: boolean;
}) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      role="status"
      aria-live="polite"
      style={{ minHeight: fullPage ? '100vh' : 240, padding: 24, boxSizing: 'border-box' }}
    >
      <Spin size="large" />
      <span>{label}</span>
    </Flex>
  );
}
