import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, localStorageColorSchemeManager, MantineProvider, Notification } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { AppNotifications } from './app/AppNotifications.tsx';
import i18n from './app/i18n.ts';
import { installChunkReloadGuard } from './app/serviceWorker.ts';

const theme = createTheme({
  primaryColor: 'blue',
  components: {
    // Every toast's close button is labelled 'Close' (SPEC section 9).
    Notification: Notification.extend({
      defaultProps: {
        closeButtonProps: { 'aria-label': i18n.t('common.close'), title: i18n.t('common.close') },
      },
    }),
  },
});
// Colour mode preference (system, light or dark) is kept in local storage.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'hs-color-scheme' });

installChunkReloadGuard();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <AppNotifications />
      <App />
    </MantineProvider>
  </StrictMode>,
);
