import { WebShell } from '@portico/web-shell';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { portalDescriptor } from './app/portal-descriptor.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WebShell descriptor={portalDescriptor} />
  </StrictMode>,
);
