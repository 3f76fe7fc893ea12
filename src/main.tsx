import './styles/standalone.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startBridge } from './app/bridge-setup.ts';

// The launch query (and its access_token) is taken before the first render, request or message.
startBridge();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
