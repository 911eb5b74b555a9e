import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProposalRow } from '#src/db/rows.ts';
import { useMediaBlobs } from '#src/device/hooks/useLeadRecords.ts';
import { mediaContentPath } from '#src/domain/media.ts';
import type { StoredSignature } from '#src/domain/proposals/signature.ts';
import { useSignatureCheck } from '../hooks/useSignatureCheck.ts';

/**
 * The signed PDF checked against what was signed: 'Signed and unchanged' or 'Changed after
 * signing' (with why), its SHA-256, whether it waits to be sent, and a link that opens it (the copy
 * kept on the device, else the server's).
 */
export function SignatureCheckBadge({
  proposal,
  signature,
  pending,
}: {
  proposal: ProposalRow;
  signature: StoredSignature;
  pending: boolean;
}) {
  const { t } = useTranslation('proposals');
  const check = useSignatureCheck(proposal, signature.file_id);
  const local = useMediaBlobs(signature.file_id ?? '')?.file?.blob;
  const href = signature.file_id && !local ? mediaContentPath(signature.file_id) : undefined;
  // The copy kept on the device opens as it is, offline too.
  const openLocal = () => {
    if (!local) return;
    const url = URL.createObjectURL(local);
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <>
      <Group gap="xs" role="status">
        {check.state === 'checking' ? (
          <Loader size="xs" aria-label={t('proposals.signature.checking')} />
        ) : check.state === 'unchanged' ? (
          <Badge color="green" variant="light">
            {t('proposals.signature.unchanged')}
          </Badge>
        ) : check.state === 'changed' ? (
          <>
            <Badge color="red" variant="light">
              {t('proposals.signature.changed')}
            </Badge>
            <Text size="sm">{t(`proposals.signature.reasons.${check.reason}`)}</Text>
          </>
        ) : (
          <Text size="sm">{t('proposals.signature.noCopy')}</Text>
        )}
        {pending ? <Badge variant="light">{t('proposals.signature.pending')}</Badge> : null}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('proposals.signature.hash', { hash: signature.hash })}
      </Text>
      <Group>
        {local ? (
          <Button onClick={openLocal} variant="light" size="sm">
            {t('proposals.signature.download')}
          </Button>
        ) : href ? (
          <Button component="a" href={href} target="_blank" rel="noopener" variant="light" size="sm">
            {t('proposals.signature.download')}
          </Button>
        ) : null}
      </Group>
    </>
  );
}
