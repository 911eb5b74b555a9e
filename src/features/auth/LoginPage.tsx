import { Alert, Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '#src/ui/useHydrated.ts';
import { OidcButton } from './components/OidcButton.tsx';
import { useServerSessionSignIn } from './hooks/useServerSessionSignIn.ts';
import { useSignInOptions } from './hooks/useSignInOptions.ts';
import { devKeyInUse } from './utils/devKey.ts';
import { type SignedInUser, signIn } from './utils/session.ts';
import { readSignInParams } from './utils/signInParams.ts';

/**
 * `onSignedIn` gets the same-site path to go to next, when the address named one; the form stays
 * busy until what it answers has settled (the signed-in app's code loading). `onSigningIn` hears of
 * a sign-in as it is sent, so that code can load while the server checks the password.
 */
export function LoginPage({
  onSignedIn,
  onSigningIn,
}: {
  onSignedIn: (user: SignedInUser, returnTo: string | undefined) => void | Promise<void>;
  onSigningIn?: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The drawn-in-advance form cannot submit by itself (it would send the password in the address).
  const hydrated = useHydrated();
  // Read once: the app clears these parameters from the address shortly after it opens.
  const [params] = useState(() => readSignInParams(typeof location === 'undefined' ? '' : location.search));
  const options = useSignInOptions();

  // Signed in: on to the page the person was on (same-site paths only), else home.
  const enter = (user: SignedInUser) => onSignedIn(user, params.returnTo);
  const serverSession = useServerSessionSignIn(params.oidcDone || devKeyInUse(), enter);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: what was typed into the page drawn in advance, before the
    // app took it over, is in the inputs but never passed through an onChange.
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(undefined);
    onSigningIn?.();
    try {
      await enter(await signIn(email, password));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  // Messages from the address appear once the app runs (the page drawn in advance has none).
  const notice = !hydrated
    ? undefined
    : (error ??
      serverSession.error ??
      (params.oidcError && t(`signInOptions.oidcError.${params.oidcError}`)) ??
      (params.authFailed ? t('signInOptions.sessionRefused') : undefined));

  return (
    <Container component="main" size={420} py="xl">
      <Title order={1} ta="center" mb="lg">
        {t('app.title')}
      </Title>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit}>
        <Stack>
          {notice && (
            <Alert color="red" role="alert">
              {notice}
            </Alert>
          )}
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required name="email" />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            name="password"
          />
          <Button type="submit" loading={busy || (hydrated && serverSession.busy)} disabled={!hydrated}>
            {t('auth.signIn')}
          </Button>
          {options?.oidc && <OidcButton label={options.oidc.label} returnTo={params.returnTo} />}
        </Stack>
      </Paper>
    </Container>
  );
}
