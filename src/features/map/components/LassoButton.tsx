import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LassoState } from '../hooks/useLassoSelection.ts';

/**
 * "Select an area": a toggle, pressed while the lasso is drawn (pressing it again, or Escape,
 * stops). Shown only to those who may reassign leads; waits for the pins to be loaded.
 */
export function LassoButton({ lasso }: { lasso: LassoState }) {
  const { t } = useTranslation('map');
  if (!lasso.allowed) return null;
  return (
    <Button
      size="xs"
      variant={lasso.drawing ? 'filled' : 'default'}
      aria-pressed={lasso.drawing}
      disabled={!lasso.ready}
      onClick={lasso.drawing ? lasso.cancel : lasso.start}
    >
      {t('lasso.start')}
    </Button>
  );
}
