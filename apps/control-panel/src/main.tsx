import { WebShell } from '@portico/web-shell';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { controlPanelDescriptor } from './app/control-panel-descriptor.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WebShell descriptor={controlPanelDescriptor} />
  </StrictMode>,
);
