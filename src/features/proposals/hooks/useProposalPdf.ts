import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProposalPrintData } from '#src/device/hooks/useProposals.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { proposalPdfInput } from '../pdf/pdfInput.ts';

/** A file name from the proposal's name: letters, digits and dashes only. */
export function pdfFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'proposal'}.pdf`;
}

/**
 * Makes the proposal's PDF on the device (pdf-lib, loaded on first use) from what the device
 * holds, and hands it to the browser as a download: it works offline.
 */
export function useProposalPdf(id: string) {
  const { t } = useTranslation('proposals');
  const data = useProposalPrintData(id);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (!data) return;
    setBusy(true);
    try {
      const { buildProposalPdf } = await import('../pdf/buildProposalPdf.ts');
      const bytes = await buildProposalPdf(proposalPdfInput(data, t, shownLanguage()));
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = pdfFileName(String(data.proposal.name ?? ''));
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click ran; the address can go a moment later.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      showToast({
        color: 'red',
        title: t('proposals.pdfError'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  };

  return { ready: !!data, busy, download };
}
