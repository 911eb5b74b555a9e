import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n.ts';
import { App } from './app/App.tsx';
import { installChunkReloadGuard } from './app/serviceWorker.ts';

const theme = createTheme({ primaryColor: 'blue' });
// Colour mode preference (system, light or dark) is kept in local storage.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'hs-color-scheme' });

installChunkReloadGuard();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <Notifications position="bottom-right" autoClose={5000} />
      <App />
    </MantineProvider>
  </StrictMode>,
);
