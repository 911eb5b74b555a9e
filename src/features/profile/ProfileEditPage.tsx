import { Alert, Button, Input, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { formatPhone } from '#src/domain/phone.ts';
import { showToast } from '#src/ui/toasts.tsx';
import type { SignedInUser } from '../auth/index.ts';

/**
 * /profile/edit: where a user without a configuration lands (SPEC section 2). Saving goes through
 * the outbox like every other change, so it works offline too. The language switch is the shell's
 * own (`languageControl`), offered again here.
 */
export function ProfileEditPage({
  user,
  onSaved,
  languageControl,
}: {
  user: SignedInUser;
  onSaved: () => void;
  languageControl: ReactNode;
}) {
  const { t } = useTranslation(['profile', 'leads']);
  const navigate = useNavigate();
  const { saveProfile } = useCommands();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await saveProfile(user._id, { name, phone });
      onSaved();
      showToast({ color: 'green', message: t('profile.saved') });
      navigate('/');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Stack component="form" onSubmit={submit} maw={480}>
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      {!user.has_config && <Alert color="blue">{t('profile.firstTime')}</Alert>}
      <TextInput
        label={t('leads:lead.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        required
      />
      <TextInput
        label={t('leads:lead.phone')}
        value={phone}
        onChange={(e) => setPhone(e.currentTarget.value)}
        onBlur={() => setPhone(formatPhone(phone))}
        inputMode="tel"
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit">{t('common.save')}</Button>
      <Input.Wrapper label={t('nav.language')} description={t('languageChoice.hint')} mt="md">
        {languageControl}
      </Input.Wrapper>
    </Stack>
  );
}
