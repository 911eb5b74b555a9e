import { Box, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TurfRow } from '#src/db/rows.ts';
import { useTurfProgress } from '#src/device/hooks/useTurfs.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';

const NO_PROGRESS = new Map<string, { total: number; thisWeek: number }>();

/** Turfs with their reps and how many of their doors were knocked this week, live from the device. */
export function TurfProgressList({ turfs }: { turfs: readonly TurfRow[] }) {
  const { t } = useTranslation('regions');
  const names = useUserNames();
  const progress = useTurfProgress(turfs.map((turf) => turf._id));
  const byTurf = progress ? new Map(progress.map((p) => [p.turfId, p])) : NO_PROGRESS;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {turfs.map((turf) => {
        const { total = 0, thisWeek = 0 } = byTurf.get(turf._id) ?? {};
        const words = t('turfs.progress', { knocked: thisWeek, total });
        const rep = turf.user_id ? (names?.get(turf.user_id) ?? '') : t('turfs.noRep');
        return (
          <Box component="li" key={turf._id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <Box w={12} h={12} style={{ borderRadius: 3, background: turf.color || '#868e96' }} />
                <Text size="sm" fw={500}>
                  {String(turf.name ?? '')}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {rep}
              </Text>
            </Group>
            <Progress
              value={total ? (100 * thisWeek) / total : 0}
              aria-label={`${String(turf.name ?? '')}: ${words}`}
              mt={4}
            />
            <Text size="xs" c="dimmed">
              {words}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}
