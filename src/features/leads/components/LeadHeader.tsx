import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeadRow } from '#src/db/rows.ts';
import { useActivityLog } from '#src/device/hooks/useActivityLog.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useKnockPosition } from '#src/device/hooks/useKnockPosition.ts';
import { useUser } from '#src/device/hooks/useUsers.ts';
import { CONTRACT_SIGNED_STATUS, type DealValues } from '#src/domain/deal.ts';
import { type DealStage, statusColor } from '#src/domain/dealStages.ts';
import { rankStatuses } from '#src/domain/statusSuggestions.ts';
import { timeAgo, useTimeAgoNow } from '#src/ui/timeAgo.ts';
import { toastDone, toastFailed } from '#src/ui/toasts.tsx';
import { ContractSignedModal } from './ContractSignedModal.tsx';

/** Who the lead is, where it stands, who owns it and who touched it last; the status changes here. */
export function LeadHeader({
  lead,
  stages,
  userId,
}: {
  lead: LeadRow;
  stages: readonly DealStage[];
  userId: string;
}) {
  const { t } = useTranslation('leads');
  const now = useTimeAgoNow();
  const { editLead } = useCommands();
  const activity = useActivityLog();
  const knockPosition = useKnockPosition();
  const ownerId = lead.owner_id ?? '';
  const toucherId = lead.last_touched_by ?? '';
  const people = { owner: useUser(ownerId || undefined), toucher: useUser(toucherId || undefined) };
  const status = lead.deal_stage_status ?? '';
  const ranked = rankStatuses(stages, status);
  const option = (s: { value: string; label: string }) => ({ value: s.value, label: s.label });
  const data = [
    { group: t('leadDetail.suggested'), items: ranked.filter((s) => s.suggested).map(option) },
    {
      group: t('leadDetail.otherStatuses'),
      items: [
        ...(status ? [{ value: status, label: status }] : []),
        ...ranked.filter((s) => !s.suggested).map(option),
      ],
    },
  ].filter((g) => g.items.length);
  const touchedAt = lead.last_touched_at ?? '';
  const who = toucherId === userId ? t('leadDetail.you') : people?.toucher?.name || t('leadDetail.someone');

  const [signing, setSigning] = useState(false);

  async function setStatus(value: string | null, deal: Partial<DealValues> = {}) {
    if (!value || value === status) return;
    // A signed contract asks for its figures first (the status changes with them, or not at all).
    if (value === CONTRACT_SIGNED_STATUS && !signing) {
      setSigning(true);
      return;
    }
    try {
      // A status set here may be a knock at the door: where the device is travels with it.
      const knock = await knockPosition();
      await editLead(lead._id, { deal_stage_status: value, ...deal, ...(knock ? { knock } : {}) });
      setSigning(false);
      activity.event('knock', { table: 'contacts', ref: lead._id, value: { status: value, from: 'lead' } });
      toastDone('toast.contactEdited');
    } catch (err) {
      toastFailed('toast.contactError', err);
    }
  }

  return (
    <Stack gap="xs">
      {signing && (
        <ContractSignedModal
          lead={lead}
          onSave={(deal) => setStatus(CONTRACT_SIGNED_STATUS, deal)}
          onClose={() => setSigning(false)}
        />
      )}
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {lead.name || t('lead.unnamed')}
          </Title>
          <Group gap="xs">
            <Badge color={statusColor(stages, status)} variant="filled" aria-label={t('leadDetail.status')}>
              {status || t('leadDetail.empty')}
            </Badge>
            {lead.pending ? (
              <Badge color="orange" variant="light">
                {t('leadDetail.notSynced')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to="/contacts" variant="subtle">
            {t('leadDetail.back')}
          </Button>
          <Button component={Link} to={`/contacts/${lead._id}/edit`}>
            {t('leadDetail.edit')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="lg">
        <Select
          label={t('leadDetail.status')}
          data={data}
          value={status || null}
          onChange={(v) => void setStatus(v)}
          searchable
          allowDeselect={false}
          placeholder={t('common.searchPlaceholder')}
          nothingFoundMessage={t('common.noOptions')}
          w={260}
        />
        <div>
          <Text size="xs" c="dimmed">
            {t('leadDetail.owner')}
          </Text>
          <Text size="sm">{people?.owner?.name || (ownerId ? ownerId : t('leadDetail.noOwner'))}</Text>
        </div>
        <Text size="xs" c="dimmed">
          {touchedAt
            ? t('leadDetail.lastTouched', { when: timeAgo(touchedAt, now), who })
            : t('leadDetail.neverTouched')}
        </Text>
      </Group>
    </Stack>
  );
}
