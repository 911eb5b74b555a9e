import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import {
  type DealForm,
  type DealValues,
  dealChanges,
  dealFormOf,
  dealProblems,
  localDay,
} from '#src/domain/deal.ts';
import { DealFields } from './DealFields.tsx';

/**
 * Asked when a lead's status becomes Contract Signed: the deal's figures and dates, the day it
 * was signed today unless already set. `onSave` gets the changed deal fields; closing keeps the
 * status as it was.
 */
export function ContractSignedModal({
  lead,
  onSave,
  onClose,
}: {
  lead: LeadRow;
  onSave: (deal: Partial<DealValues>) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('leads');
  const [form, setForm] = useState<DealForm>(() => {
    const stored = dealFormOf(lead);
    return { ...stored, contract_signed_date: stored.contract_signed_date || localDay(new Date()) };
  });
  const [showProblems, setShowProblems] = useState(false);
  const [busy, setBusy] = useState(false);
  const problems = dealProblems(form);

  async function save() {
    if (Object.keys(problems).length) {
      setShowProblems(true);
      return;
    }
    setBusy(true);
    try {
      await onSave(dealChanges(form, lead));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('deal.signedTitle')} size="lg">
      <Stack>
        <Text size="sm">{t('deal.signedIntro')}</Text>
        <DealFields value={form} onChange={setForm} problems={showProblems ? problems : {}} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('deal.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            {t('deal.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
