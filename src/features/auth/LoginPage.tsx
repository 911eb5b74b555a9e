import { Alert, Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../ui/useHydrated.ts';
import { type SignedInUser, signIn } from './session.ts';

export function LoginPage({ onSignedIn }: { onSignedIn: (user: SignedInUser) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The drawn-in-advance form cannot submit by itself (it would send the password in the address).
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: what was typed into the page drawn in advance, before the
    // app took it over, is in the inputs but never passed through an onChange.
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signIn(email, password));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container component="main" size={420} py="xl">
      <Title order={1} ta="center" mb="lg">
        {t('app.title')}
      </Title>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit}>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required name="email" />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            name="password"
          />
          <Button type="submit" loading={busy} disabled={!hydrated}>
            {t('auth.signIn')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
