import './styles/shell-base.css';
import './styles/shell-chrome.css';
import './styles/shell-panels.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ShellApp } from './shell-app.tsx';
import { readShellConfig } from './shell-config.ts';

const container = document.getElementById('shell-root');
if (!container) throw new Error('The shell page has no #shell-root element');
const root = createRoot(container);
try {
  root.render(
    <StrictMode>
      <ShellApp config={readShellConfig()} />
    </StrictMode>,
  );
} catch (error) {
  root.render(<p className="es-fatal">{error instanceof Error ? error.message : String(error)}</p>);
}
