import { useTranslation } from 'react-i18next';
import type { SalesFigures } from '#src/domain/sales.ts';
import type { UserActivity } from '#src/domain/schemas/userProfile.ts';
import { FigureCard, SalesFigureCards } from '#src/ui/SalesFigureCards.tsx';

/** The person's pipeline (from the device) and their live sessions (from the server, online). */
export function UserFigures({
  figures,
  activity,
  online,
}: {
  figures: SalesFigures | undefined;
  activity: UserActivity | undefined;
  online: boolean;
}) {
  const { t } = useTranslation('users');
  const sessions = activity?.active_sessions ?? (online ? undefined : t('userManager.figures.offline'));
  return (
    <SalesFigureCards figures={figures}>
      <FigureCard label={t('userManager.figures.activeSessions')} value={sessions} />
    </SalesFigureCards>
  );
}
