import {
  Badge,
  Button,
  CloseButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeadRow } from '#src/db/rows.ts';
import { useActivityLog } from '#src/device/hooks/useActivityLog.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useKnockPosition } from '#src/device/hooks/useKnockPosition.ts';
import { useLead } from '#src/device/hooks/useLeads.ts';
import { positionOf } from '#src/device/hooks/usePinView.ts';
import { useUser } from '#src/device/hooks/useUsers.ts';
import { CONTRACT_SIGNED_STATUS, type DealValues } from '#src/domain/deal.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import { statusColor } from '#src/domain/dealStages.ts';
import { formatPhone } from '#src/domain/phone.ts';
import { workflowPins } from '#src/domain/workflowPins.ts';
import { ContractSignedModal } from '#src/features/leads/index.ts';
import { timeAgo, useTimeAgoNow } from '#src/ui/timeAgo.ts';
import { showToast } from '#src/ui/toasts.tsx';
import type { EndPreview } from '../hooks/useKnockPreview.ts';
import { MAP_SETTINGS } from '../utils/mapSettings.ts';
import { LeadAddress } from './LeadAddress.tsx';
import { WorkflowIconGlyph } from './WorkflowIconGlyph.tsx';

/**
 * The lead view panel on the map: who, where, when last touched, and one-tap knocks. `initial` is
 * the lead as read when it was opened, drawn at once while the panel's own live read starts.
 */
export function LeadPanel({
  leadId,
  initial,
  userId,
  stages,
  previewKnock,
  onClose,
}: {
  leadId: string;
  initial?: LeadRow | null | undefined;
  userId: string;
  stages: readonly DealStage[];
  /** Shows the pin's new colour while the knock is saved; answers how to take it back. */
  previewKnock?: (leadId: string, status: string) => Promise<EndPreview>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['map', 'leads']);
  const now = useTimeAgoNow();
  const { editLead } = useCommands();
  const activity = useActivityLog();
  const knockPosition = useKnockPosition();
  const live = useLead(leadId);
  const lead = live === undefined && initial?._id === leadId ? initial : live;
  const [signing, setSigning] = useState(false);
  // The panel is drawn first with its suggested knocks; every other status a moment later.
  const showAll = useDeferredValue(true, false);
  // A knock carries where the device is: asked for as the panel opens, so a knock never waits for it.
  useEffect(() => {
    if (leadId) void knockPosition();
  }, [knockPosition, leadId]);
  const toucherId = lead?.last_touched_by ?? undefined;
  const toucher = useUser(toucherId);
  if (!lead) return null;
  const status = lead.deal_stage_status ?? '';
  const pins = workflowPins(stages, status);
  const suggested = pins.filter((p) => p.suggested);
  const rest = pins.filter((p) => !p.suggested);
  const touchedAt = lead.last_touched_at ?? undefined;
  const who = toucherId === userId ? t('map.you') : (toucher?.name ?? t('map.someone'));

  async function knock(value: string, deal: Partial<DealValues> = {}) {
    // A signed contract asks for its figures first (the status changes with them, or not at all).
    if (value === CONTRACT_SIGNED_STATUS && !signing) {
      setSigning(true);
      return;
    }
    // The pin takes its new colour now, not once the write (and the position) are in.
    const shown = previewKnock?.(leadId, value);
    try {
      // Where the device is travels with the knock (none when it cannot tell within 3 s).
      const knock = await knockPosition();
      await editLead(leadId, { deal_stage_status: value, ...deal, ...(knock ? { knock } : {}) });
      setSigning(false);
      activity.event('knock', { table: 'contacts', ref: leadId, value: { status: value, from: 'map' } });
      showToast({ color: 'green', message: t('map.statusSet', { status: value }), autoClose: 2000 });
    } catch (err) {
      void shown?.then((takeBack) => takeBack());
      activity.error('pin_edit', err);
      showToast({
        color: 'red',
        title: t('toast.contactError'),
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }

  return (
    <Paper
      shadow="md"
      p="md"
      radius="md"
      withBorder
      role="dialog"
      aria-label={lead.name || t('leads:lead.unnamed')}
      style={{ maxHeight: '100%', overflowY: 'auto' }}
    >
      {signing && (
        <ContractSignedModal
          lead={lead}
          onSave={(deal) => knock(CONTRACT_SIGNED_STATUS, deal)}
          onClose={() => setSigning(false)}
        />
      )}
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={4}>{lead.name || t('leads:lead.unnamed')}</Title>
            <LeadAddress leadId={leadId} address={lead.address ?? undefined} />
          </div>
          <CloseButton onClick={onClose} aria-label={t('map.closePanel')} />
        </Group>
        <Group gap="xs">
          <Badge color={statusColor(stages, status)} variant="filled">
            {status || '—'}
          </Badge>
          {lead.pending ? (
            <Badge color="orange" variant="light">
              {t('map.notSynced')}
            </Badge>
          ) : null}
        </Group>
        {lead.phone ? <Text size="sm">{formatPhone(lead.phone)}</Text> : null}
        <StreetView lead={lead} />
        <Text size="xs" c="dimmed">
          {touchedAt ? t('map.lastTouched', { when: timeAgo(touchedAt, now), who }) : t('map.neverTouched')}
        </Text>
        <Text size="sm" fw={600} mt="xs">
          {t('map.knock')}
        </Text>
        <SimpleGrid cols={2} spacing="xs" aria-label={t('map.suggested')}>
          {suggested.map((pin) => (
            <Button
              key={pin.id}
              size="sm"
              color={pin.color}
              leftSection={<WorkflowIconGlyph icon={pin.icon} />}
              onClick={() => void knock(pin.value)}
            >
              {pin.name}
            </Button>
          ))}
        </SimpleGrid>
        {showAll && (
          <>
            <Text size="xs" c="dimmed" mt="xs">
              {t('map.allStatuses')}
            </Text>
            <Group gap={6}>
              {rest.map((pin) => (
                <Button
                  key={pin.id}
                  size="compact-xs"
                  variant="light"
                  color={pin.color}
                  onClick={() => void knock(pin.value)}
                >
                  {pin.name}
                </Button>
              ))}
            </Group>
          </>
        )}
        <Button component={Link} to={`/contacts/${leadId}/edit`} variant="default" size="xs" mt="xs">
          {t('map.editLead')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** SPEC section 9: the street-view image is 400x400. */
const STREET_VIEW_SIZE = 400;

/** The house from the street, when a Google key is configured and the device is online. */
function StreetView({ lead }: { lead: LeadRow }) {
  const { t } = useTranslation(['map', 'leads']);
  const position = positionOf(lead);
  if (!MAP_SETTINGS.googleMapsKey || !position || !navigator.onLine) return null;
  const params = new URLSearchParams({
    size: `${STREET_VIEW_SIZE}x${STREET_VIEW_SIZE}`,
    location: `${position[1]},${position[0]}`,
    key: MAP_SETTINGS.googleMapsKey,
  });
  return (
    <Image
      src={`https://maps.googleapis.com/maps/api/streetview?${params}`}
      alt={t('map.streetView')}
      w="100%"
      maw={STREET_VIEW_SIZE}
      radius="sm"
      loading="lazy"
    />
  );
}
