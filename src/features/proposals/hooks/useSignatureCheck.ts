import { useEffect, useState } from 'react';
import { api } from '#src/api/appClient.ts';
import type { ProposalRow } from '#src/db/rows.ts';
import { useMediaBlobs } from '#src/device/hooks/useLeadRecords.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import { mediaContentPath } from '#src/domain/media.ts';
import { type Verification, verifySignedCopy } from '#src/domain/proposals/signature.ts';

export type SignatureCheck = Verification | { state: 'checking' } | { state: 'noCopy' };

async function serverCopy(fileId: string): Promise<Blob> {
  const res = await api.open(mediaContentPath(fileId));
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  return res.blob();
}

/**
 * Whether a signed proposal's PDF is what was signed: the PDF kept on the device (or, when the
 * device no longer holds it, the server's copy, online), its attached signed copy read back and
 * its hash recomputed against the proposal (verifySignedCopy). 'noCopy' while neither is at hand.
 */
export function useSignatureCheck(row: ProposalRow, fileId: string | null): SignatureCheck {
  const kept = useMediaBlobs(fileId ?? '');
  const local = kept?.file?.blob;
  const remote = useServerData(fileId ? `signed-pdf:${fileId}` : null, () => serverCopy(fileId ?? ''), {
    enabled: !!fileId && kept !== undefined && !local,
  });
  const pdf = local ?? remote.data;
  const reading = kept === undefined;
  const [check, setCheck] = useState<SignatureCheck>({ state: 'checking' });
  useEffect(() => {
    if (!pdf) {
      setCheck({ state: reading ? 'checking' : 'noCopy' });
      return;
    }
    let stale = false;
    setCheck({ state: 'checking' });
    void (async () => {
      const { readSignedCopy } = await import('../pdf/signedPdf.ts');
      const copy = await readSignedCopy(new Uint8Array(await pdf.arrayBuffer()));
      const verdict: Verification = copy
        ? await verifySignedCopy(copy, row)
        : { state: 'changed', reason: 'copy' };
      if (!stale) setCheck(verdict);
    })();
    return () => {
      stale = true;
    };
  }, [pdf, row, reading]);
  return check;
}
