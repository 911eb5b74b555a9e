import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WalkControls } from './useWalk.ts';

/** 'Plan my walk' over the map: plans (or plans again) a walk through the doors in scope; waits for the pins. */
export function WalkButton({ walk }: { walk: WalkControls }) {
  const { t } = useTranslation('map');
  return (
    <Button
      size="xs"
      variant={walk.walk ? 'light' : 'default'}
      disabled={!walk.ready}
      loading={walk.notice?.kind === 'planning'}
      onClick={() => void walk.plan()}
    >
      {walk.walk ? t('walk.planAgain') : t('walk.plan')}
    </Button>
  );
}
