import { Alert, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useUser } from '#src/device/hooks/useUsers.ts';
import type { Language } from '#src/domain/language.ts';
import { emailAddressSchema } from '#src/domain/schemas/smtp.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import type { TestOutcome } from '../hooks/useSmtpAdmin.ts';
import { TitledSettingsForm } from './TitledSettingsForm.tsx';

/** 'Send a test email': to the admin's own address unless another is typed; says how it went. */
export function SmtpTestForm({
  busy,
  onTest,
}: {
  busy: boolean;
  onTest(to: string, language: Language): Promise<TestOutcome>;
}) {
  const { t } = useTranslation('admin');
  const own = useUser(useActor().user_id)?.email ?? '';
  const [typed, setTyped] = useState<string>();
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const to = (typed ?? own).trim();

  async function send() {
    setSaid(undefined);
    if (!emailAddressSchema.safeParse(to).success)
      return setSaid({ ok: false, text: t('email.problems.to') });
    const outcome = await onTest(to, shownLanguage());
    if ('error' in outcome) return setSaid({ ok: false, text: outcome.error });
    setSaid(
      outcome.sent
        ? { ok: true, text: t('email.testSent', { to }) }
        : { ok: false, text: t('email.testFailed', { reason: t(`email.failures.${outcome.failure}`) }) },
    );
  }

  return (
    <TitledSettingsForm
      title={t('email.test')}
      submitLabel={t('email.sendTest')}
      canSubmit={to !== ''}
      saving={busy}
      onSubmit={() => void send()}
      secondary
    >
      <TextInput
        label={t('email.testTo')}
        inputMode="email"
        value={typed ?? own}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      {said ? (
        <Alert color={said.ok ? 'green' : 'red'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </Alert>
      ) : null}
    </TitledSettingsForm>
  );
}
