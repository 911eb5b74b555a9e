import { Checkbox, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmtpSecurity, SmtpSettings, SmtpSettingsInput } from '#src/domain/schemas/smtp.ts';
import {
  type SmtpForm,
  type SmtpFormProblem,
  smtpBodyOf,
  smtpFormOf,
  withSecurity,
} from '../utils/smtpForm.ts';
import { TitledSettingsForm } from './TitledSettingsForm.tsx';

/**
 * The org's mail server: host, port, security, sign-in, sender. The password is never shown: one
 * typed replaces it, an empty field keeps it, 'Remove the password' takes it away.
 */
export function SmtpSettingsForm({
  settings,
  busy,
  onSave,
  onProblem,
}: {
  settings: SmtpSettings | null;
  busy: boolean;
  /** Answers the error to show, if any. */
  onSave(body: SmtpSettingsInput): Promise<string | undefined>;
  onProblem(problem: SmtpFormProblem | undefined): void;
}) {
  const { t } = useTranslation('admin');
  const [edited, setEdited] = useState<SmtpForm>();
  const form = edited ?? smtpFormOf(settings);
  const change = (next: Partial<SmtpForm>) => setEdited({ ...form, ...next });

  async function save() {
    const made = smtpBodyOf(form);
    if ('problem' in made) return onProblem(made.problem);
    onProblem(undefined);
    // Saved: the form shows the settings as the server keeps them (the password field empty again).
    if ((await onSave(made.body)) === undefined) setEdited(undefined);
  }

  return (
    <TitledSettingsForm
      title={t('email.server')}
      submitLabel={t('email.save')}
      canSubmit={form.host.trim() !== '' && form.fromAddress.trim() !== ''}
      saving={busy}
      onSubmit={() => void save()}
    >
      <TextInput
        label={t('email.host')}
        description={t('email.hostHelp')}
        required
        autoComplete="off"
        value={form.host}
        onChange={(e) => change({ host: e.currentTarget.value })}
      />
      <Radio.Group
        label={t('email.security')}
        value={form.security}
        onChange={(value) => setEdited(withSecurity(form, value as SmtpSecurity))}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="starttls" label={t('email.starttls')} description={t('email.starttlsHelp')} />
          <Radio value="tls" label={t('email.tls')} description={t('email.tlsHelp')} />
          <Radio value="none" label={t('email.none')} description={t('email.noneHelp')} />
        </Stack>
      </Radio.Group>
      <TextInput
        label={t('email.port')}
        inputMode="numeric"
        required
        value={form.port}
        onChange={(e) => change({ port: e.currentTarget.value })}
      />
      <TextInput
        label={t('email.username')}
        description={t('email.usernameHelp')}
        autoComplete="off"
        value={form.username}
        onChange={(e) => change({ username: e.currentTarget.value })}
      />
      <PasswordInput
        label={t('email.password')}
        description={settings?.password_set ? t('email.passwordKept') : t('email.passwordHelp')}
        autoComplete="new-password"
        disabled={form.removePassword}
        value={form.password}
        onChange={(e) => change({ password: e.currentTarget.value })}
      />
      {settings?.password_set ? (
        <Checkbox
          label={t('email.removePassword')}
          checked={form.removePassword}
          onChange={(e) => change({ removePassword: e.currentTarget.checked, password: '' })}
        />
      ) : null}
      <TextInput
        label={t('email.fromAddress')}
        description={t('email.fromAddressHelp')}
        inputMode="email"
        required
        value={form.fromAddress}
        onChange={(e) => change({ fromAddress: e.currentTarget.value })}
      />
      <TextInput
        label={t('email.fromName')}
        description={t('email.fromNameHelp')}
        value={form.fromName}
        onChange={(e) => change({ fromName: e.currentTarget.value })}
      />
    </TitledSettingsForm>
  );
}
