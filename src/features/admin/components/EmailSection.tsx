import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmtpSettingsAnswer } from '#src/domain/schemas/smtp.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { useSmtpAdmin } from '../hooks/useSmtpAdmin.ts';
import type { SmtpFormProblem } from '../utils/smtpForm.ts';
import { CurrentSetting } from './CurrentSetting.tsx';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { SmtpSettingsForm } from './SmtpSettingsForm.tsx';
import { SmtpTestForm } from './SmtpTestForm.tsx';

/**
 * Settings → Email: the mail server homeowners' links are emailed through (the org's own, else
 * the server's), a test email, and removing the org's own. Online only: the server keeps it.
 */
export function EmailSection() {
  const { t } = useTranslation('admin');
  const admin = useSmtpAdmin();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const current = admin.current;

  const problemWords = (problem: SmtpFormProblem | undefined) =>
    setError(problem ? t(`email.problems.${problem}`) : undefined);

  return (
    <SettingsSectionFrame title={t('email.title')}>
      <Text size="sm">{t('email.intro')}</Text>
      {admin.offline && !current ? (
        <Alert color="yellow" role="status">
          {t('email.needsConnection')}
        </Alert>
      ) : null}
      {admin.readError ? (
        <Alert color="red" role="alert">
          {admin.readError}
        </Alert>
      ) : null}
      {current || admin.loading ? (
        <CurrentSetting label={t('email.current')} loading={admin.loading} loadingLabel={t('email.loading')}>
          {current ? currentInWords(current, t) : null}
        </CurrentSetting>
      ) : null}
      {error && (
        <Alert color="red" role="alert" title={t('email.notSaved')}>
          {error}
        </Alert>
      )}
      {current ? (
        <>
          <SmtpSettingsForm
            // A new answer (saved, removed) starts the form again from it.
            key={current.settings?.updated_at ?? 'none'}
            settings={current.settings}
            busy={admin.busy}
            onProblem={problemWords}
            onSave={async (body) => {
              const failed = await admin.save(body);
              setError(failed);
              return failed;
            }}
          />
          {current.settings ? (
            <Group justify="flex-end">
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t('email.remove')}
              </Button>
            </Group>
          ) : null}
          {current.settings || current.server_default ? (
            <SmtpTestForm busy={admin.busy} onTest={admin.test} />
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('email.removeTitle')}
        message={current?.server_default ? t('email.removeToServer') : t('email.removeToNone')}
        confirmLabel={t('email.remove')}
        busy={admin.busy}
        onConfirm={async () => setError(await admin.remove())}
        onClose={() => setConfirming(false)}
      />
    </SettingsSectionFrame>
  );
}

function currentInWords(answer: SmtpSettingsAnswer, t: ReturnType<typeof useTranslation<'admin'>>['t']) {
  const own = answer.settings;
  if (own) {
    const sender = own.from_name ? `${own.from_name} <${own.from_address}>` : own.from_address;
    const signIn = own.username
      ? t(own.password_set ? 'email.signsInWithPassword' : 'email.signsIn', { user: own.username })
      : t('email.noSignIn');
    return t('email.currentOwn', {
      host: own.host,
      port: own.port,
      security: t(`email.${own.security}`),
      sender,
      signIn,
    });
  }
  if (answer.server_default) {
    const { from_name, from_address } = answer.server_default;
    return t('email.currentServer', { sender: from_name ? `${from_name} <${from_address}>` : from_address });
  }
  return t('email.currentNone');
}
