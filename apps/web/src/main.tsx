import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { recordRunningVersion } from '@/app/shell/use-version-check';

recordRunningVersion(__BUILD_VERSION__, __BUILD_TIMESTAMP__);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
