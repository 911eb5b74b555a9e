import { Button, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#src/ui/RichText.tsx';
import { showToast } from '#src/ui/toasts.tsx';
import { acceptTerms, fetchTerms, type TermsDocument } from '../utils/terms.ts';

/**
 * Spec: with terms not accepted the privacy modal opens and cannot be closed until accepted. It
 * shows the terms of `org`, the user's own org (the default org's when not known).
 */
export function PrivacyModal({
  org,
  onAccepted,
}: {
  org?: number | undefined;
  onAccepted: (version: string) => void;
}) {
  const { t } = useTranslation('legal');
  const [terms, setTerms] = useState<TermsDocument | undefined>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    fetchTerms(org).then(
      (read) => current && setTerms(read),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [org]);

  async function accept() {
    if (!terms) return;
    setBusy(true);
    try {
      await acceptTerms(terms.version);
      onAccepted(terms.version);
    } catch (err) {
      showToast({
        color: 'red',
        title: t('common.error'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={terms?.title ?? t('privacy.title')}
      size="lg"
    >
      <Stack>
        {failed && <Text>{t('privacy.unavailable')}</Text>}
        {!terms && !failed && <Text>{t('privacy.loading')}</Text>}
        {terms && (
          <ScrollArea h={300}>
            {terms.content.split('\n\n').map((p) => (
              <RichText key={p} html={p} mb="sm" fz="sm" />
            ))}
          </ScrollArea>
        )}
        <Button onClick={() => void accept()} disabled={!terms} loading={busy}>
          {t('privacy.accept')}
        </Button>
      </Stack>
    </Modal>
  );
}
