import { AppShell, Button, Group, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { type SignedInUser, signOut, storedUser } from '../features/auth/session.ts';

const TITLE = `Home Service CRM${__APP_CHANNEL__ === 'stable' ? ' - Stable' : ' - Beta'}`;

export function App() {
  const [user, setUser] = useState<SignedInUser | undefined>(() => storedUser());
  useEffect(() => {
    document.title = TITLE;
    performance.mark('app-ready');
  }, []);

  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/auth/login"
          element={user ? <Navigate to="/" replace /> : <LoginPage onSignedIn={setUser} />}
        />
        <Route
          path="*"
          element={
            user ? (
              <AppShell header={{ height: 56 }} padding="md">
                <AppShell.Header>
                  <Group h="100%" px="md" justify="space-between">
                    <Title order={3}>Home Service CRM</Title>
                    <Group>
                      <Text size="sm">{user.name}</Text>
                      <Button variant="subtle" onClick={() => signOut().then(() => setUser(undefined))}>
                        Sign out
                      </Button>
                    </Group>
                  </Group>
                </AppShell.Header>
                <AppShell.Main>
                  <Text>Signed in as {user.email}.</Text>
                </AppShell.Main>
              </AppShell>
            ) : (
              <Navigate to="/auth/login" replace />
            )
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
