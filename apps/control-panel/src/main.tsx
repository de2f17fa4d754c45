import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ControlPanelPlaceholder } from './control-panel-placeholder.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ControlPanelPlaceholder />
  </StrictMode>,
);
