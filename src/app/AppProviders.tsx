import { MantineProvider } from '@mantine/core';
import { type ReactNode, StrictMode } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

/**
 * What wraps the app in the browser (src/app/boot.tsx) and at build time (src/prerender.tsx): one
 * tree, so a page drawn in advance is the page the app takes over.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        {children}
      </MantineProvider>
    </StrictMode>
  );
}
