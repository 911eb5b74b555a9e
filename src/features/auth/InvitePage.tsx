import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '#src/api/appClient.ts';
import { ApiError } from '#src/api/client.ts';
import { type SignedInUser, signIn } from './utils/session.ts';

const MIN_LENGTH = 8;

/**
 * `/auth/invite/{token}`: a new user chooses their password through the link their admin passed
 * on, and is signed in with it (the app then sends them to the profile editor). Public: they have
 * no password yet.
 */
export function InvitePage({ onSignedIn }: { onSignedIn: (user: SignedInUser) => void }) {
  const { t } = useTranslation('users');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setError(t('userManager.invite.tooShort'));
    if (password !== repeat) return setError(t('userManager.invite.mismatch'));
    setBusy(true);
    setError(undefined);
    try {
      const { email } = await api.request<{ email: string }>('/api/v2/auth/invite', {
        method: 'POST',
        body: { token, password },
      });
      onSignedIn(await signIn(email, password));
      navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else if (!(err instanceof ApiError)) setError(t('userManager.invite.needsConnection'));
      else setError(t('userManager.invite.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container component="main" size={420} py="xl">
      <Title order={1} ta="center" mb="lg">
        {t('userManager.invite.title')}
      </Title>
      <Paper
        withBorder
        p="lg"
        radius="md"
        component="form"
        onSubmit={(e) => void submit(e)}
        aria-label={t('userManager.invite.title')}
      >
        <Stack>
          <Text size="sm">{t('userManager.invite.intro')}</Text>
          {error && (
            <Alert color="red" role="alert" title={t('userManager.invite.failed')}>
              {error}
            </Alert>
          )}
          <PasswordInput
            label={t('userManager.invite.password')}
            autoComplete="new-password"
            required
            minLength={MIN_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('userManager.invite.repeat')}
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            {t('userManager.invite.submit')}
          </Button>
          <Anchor component={Link} to="/auth/login" size="sm" ta="center">
            {t('userManager.invite.toSignIn')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
