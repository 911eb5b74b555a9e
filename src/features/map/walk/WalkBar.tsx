import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WalkControls } from './useWalk.ts';
import type { WalkNotice } from './useWalkPlanning.ts';

/**
 * Under the lead map while a walk is planned or walked: what the walk holds, 'Next door' (the next
 * lead's panel) and 'End walk'; or why no walk could be planned.
 */
export function WalkBar({ walk }: { walk: WalkControls }) {
  const { t } = useTranslation('map');
  const { notice } = walk;
  if (!notice) return null;
  const left = walk.walk?.remaining.length ?? 0;
  return (
    <Paper role="region" aria-label={t('walk.bar')} shadow="md" px="sm" py="xs" maw={560}>
      <Group gap="xs">
        <Text size="sm" fw={500} role="status">
          {walk.walk ? (
            left ? (
              t('walk.left', { count: left })
            ) : (
              t('walk.done')
            )
          ) : (
            <NoticeWords notice={notice} />
          )}
        </Text>
        {notice.kind === 'walking' && (
          <WalkDetails notice={notice} knocked={walk.walk?.knocked.length ?? 0} />
        )}
        {walk.nextDoor && (
          <Button size="xs" onClick={walk.next}>
            {t('walk.next')}
          </Button>
        )}
        <Button size="xs" variant="subtle" onClick={walk.end}>
          {walk.walk ? t('walk.end') : t('walk.close')}
        </Button>
      </Group>
    </Paper>
  );
}

function NoticeWords({ notice }: { notice: WalkNotice }) {
  const { t } = useTranslation('map');
  switch (notice.kind) {
    case 'planning':
      return t('walk.planning');
    case 'zoomIn':
      return t('walk.zoomIn');
    case 'tooMany':
      return t('walk.tooMany');
    case 'noPosition':
      return t('walk.noPosition');
    case 'empty':
      return t('walk.empty', { count: notice.excluded });
    case 'walking':
      return t('walk.planning');
  }
}

function WalkDetails({
  notice,
  knocked,
}: {
  notice: Extract<WalkNotice, { kind: 'walking' }>;
  knocked: number;
}) {
  const { t } = useTranslation('map');
  const parts = [
    t(`walk.scope.${notice.scope}`),
    knocked ? t('walk.knocked', { count: knocked }) : '',
    notice.excluded ? t('walk.excluded', { count: notice.excluded }) : '',
    notice.beyond ? t('walk.beyond', { count: notice.beyond }) : '',
    notice.guessed ? t('walk.guessed') : '',
  ].filter(Boolean);
  return (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}
