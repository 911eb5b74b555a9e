import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProposalPdf } from '../hooks/useProposalPdf.ts';

/** "Download PDF" of a saved proposal, made on the device. */
export function DownloadPdfButton({ id, name }: { id: string; name?: string }) {
  const { t } = useTranslation('proposals');
  const pdf = useProposalPdf(id);
  return (
    <Button
      variant="light"
      size="sm"
      onClick={() => void pdf.download()}
      loading={pdf.busy}
      disabled={!pdf.ready}
      aria-label={name ? `${t('proposals.downloadPdf')}: ${name}` : undefined}
    >
      {t('proposals.downloadPdf')}
    </Button>
  );
}
