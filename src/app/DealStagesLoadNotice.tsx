import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDealStagesUnreadable } from '../device/hooks/useDealStages.ts';
import { showToast } from '../ui/toasts.tsx';

/**
 * SPEC section 8: when the org's deal stages cannot be loaded, the built-in ones are used and the
 * user is told once.
 */
export function DealStagesLoadNotice() {
  const { t } = useTranslation();
  const unreadable = useDealStagesUnreadable();
  const told = useRef(false);
  useEffect(() => {
    if (!unreadable || told.current) return;
    told.current = true;
    showToast({ color: 'red', title: t('common.error'), message: t('shell.dealStagesLoadFailed') });
  }, [unreadable, t]);
  return null;
}
