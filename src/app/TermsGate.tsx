import { Suspense } from 'react';
import { useTermsDue } from '../device/hooks/useTermsDue.ts';
import { PrivacyModal } from './routes/shellScreens.ts';

/**
 * The terms dialog over the signed-in app while the user has not accepted the terms in force: at
 * sign-in, and whenever a pull brings a newer version than the one they accepted.
 */
export function TermsGate({
  accepted,
  onAccepted,
}: {
  accepted: string | null;
  onAccepted: (version: string) => void;
}) {
  const { due, orgId } = useTermsDue(accepted);
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <PrivacyModal org={orgId} onAccepted={onAccepted} />
    </Suspense>
  );
}
