import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useKnockPosition } from '#src/device/hooks/useKnockPosition.ts';
import { useProposalPrintData } from '#src/device/hooks/useProposals.ts';
import { localDay } from '#src/domain/deal.ts';
import { buildSignature } from '#src/domain/proposals/signature.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { proposalPdfInput } from '../pdf/pdfInput.ts';
import { shownOf, signedPdfOf } from '../utils/signing.ts';
import { pdfFileName } from './useProposalPdf.ts';

export interface SignInput {
  image: Uint8Array;
  name: string;
  initials: string;
  /** Whether the rep lets the phone's position be recorded. */
  withPosition: boolean;
}

/**
 * Signing a proposal on the device, offline: the proposal as shown (the printable proposal's
 * words), then on 'Sign' the signature (hashes of the drawing and the content), the signed PDF
 * (pdf-lib, loaded on first use) and the command that keeps both and queues them. The audit trail
 * has the dialog's opening ('viewed') and the signing, by the signed-in user.
 */
export function useSignProposal(id: string, opened: boolean) {
  const { t } = useTranslation('proposals');
  const data = useProposalPrintData(id);
  const actor = useActor();
  const { signProposal } = useCommands();
  const locate = useKnockPosition();
  const [viewedAt, setViewedAt] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setViewedAt(opened ? new Date().toISOString() : undefined), [opened]);
  const language = shownLanguage();
  const input = useMemo(() => (data ? proposalPdfInput(data, t, language) : undefined), [data, t, language]);
  const shown = useMemo(() => input && shownOf(input), [input]);

  const sign = async (form: SignInput): Promise<boolean> => {
    if (!data || !input || !shown) return false;
    setBusy(true);
    try {
      const signedAt = new Date();
      const fix = form.withPosition ? await locate() : undefined;
      const position = fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : null;
      const by = actor.user_id;
      const signature = await buildSignature({
        row: data.proposal,
        shown,
        signerName: form.name,
        initials: form.initials,
        signedAt,
        signedDay: localDay(signedAt),
        signedBy: by,
        position,
        image: form.image,
        fileId: crypto.randomUUID(),
        audit: [
          { event: 'viewed', by, at: viewedAt ?? signedAt.toISOString(), position: null },
          { event: 'signed', by, at: signedAt.toISOString(), position },
        ],
      });
      const pdf = await signedPdfOf(signature, { ...input, ...shown }, form.image, signedAt, t, language);
      const fileName = pdfFileName(`${String(data.proposal.name ?? '')} signed`);
      await signProposal({ signature, pdf, fileName }, by);
      showToast({
        color: 'green',
        title: t('proposals.sign.signed'),
        message: t('proposals.sign.signedMessage'),
      });
      return true;
    } catch (err) {
      showToast({
        color: 'red',
        title: t('proposals.sign.failed'),
        message: err instanceof Error ? err.message : String(err),
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { shown, busy, sign };
}
