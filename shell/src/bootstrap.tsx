import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerRemoteLoader } from '@lipcast/web-kit';
import { App } from './App';
import { loadRemotePage, registerRemotesFromServer } from './remotes';

// Remotes use each other's components (e.g. the wizard shows billing's upgrade panel) through the shell.
registerRemoteLoader((remote, module) => loadRemotePage(remote, module, false));

void registerRemotesFromServer().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
