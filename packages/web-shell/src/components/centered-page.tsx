import { Flex } from 'antd';
import type { ReactNode } from 'react';

/** A page outside the master layout (sign-in, tenant selection, errors): one landmark, centred content. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <Flex
      component="main"
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16, boxSizing: 'border-box' }}
    >
      <div style={{ width: '100%', maxWidth: 560 }}>{children}</div>
    </Flex>
  );
}
