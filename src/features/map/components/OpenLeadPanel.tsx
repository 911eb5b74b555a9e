import { Box } from '@mantine/core';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { EndPreview } from '../hooks/useKnockPreview.ts';
import { useOpenLeadOf } from '../hooks/useOpenLead.ts';
import type { OpenLeadStore } from '../utils/openLeadStore.ts';
import { LeadPanel } from './LeadPanel.tsx';

/** The open lead's panel, if one is open: a tap on a pin draws this, not the map page. */
export function OpenLeadPanel({
  store,
  userId,
  stages,
  previewKnock,
  onClose,
}: {
  store: OpenLeadStore;
  userId: string;
  stages: readonly DealStage[];
  previewKnock: (leadId: string, status: string) => Promise<EndPreview>;
  onClose(): void;
}) {
  const open = useOpenLeadOf(store);
  if (!open) return null;
  return (
    <Box
      w={{ base: '100%', sm: 340 }}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, pointerEvents: 'auto' }}
    >
      <LeadPanel
        leadId={open.id}
        initial={open.row}
        userId={userId}
        stages={stages}
        previewKnock={previewKnock}
        onClose={onClose}
      />
    </Box>
  );
}
