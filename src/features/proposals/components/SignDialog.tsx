import { Button, Group, Loader, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_IMAGE_MAX_BYTES } from '#src/domain/proposals/signature.ts';
import { useSignProposal } from '../hooks/useSignProposal.ts';
import { pngBytesOfDataUrl, type SignProblem, signFormProblems } from '../utils/signing.ts';
import { ShownProposalView } from './ShownProposalView.tsx';
import { type PadHandle, SignaturePadField } from './SignaturePadField.tsx';

type Problems = Partial<Record<'signature' | 'name' | 'initials', SignProblem | 'imageTooLarge'>>;

/**
 * 'Sign the proposal' (full screen on a phone): the proposal as it will be signed, the pad, the
 * printed name, optional initials and whether to record the position. 'Sign' is refused, saying
 * why, while the pad is empty or the name missing; otherwise the device makes the signed PDF and
 * keeps it with the signature, offline.
 */
export function SignDialog({
  proposalId,
  opened,
  onClose,
}: {
  proposalId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('proposals');
  const narrow = useMediaQuery('(max-width: 48em)');
  const signing = useSignProposal(proposalId, opened);
  const pad = useRef<PadHandle | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [name, setName] = useState('');
  const [initials, setInitials] = useState('');
  const [withPosition, setWithPosition] = useState(true);
  const [problems, setProblems] = useState<Problems>({});
  const said = (problem: Problems[keyof Problems]) =>
    problem ? t(`proposals.sign.errors.${problem}`) : undefined;

  const submit = async () => {
    const found: Problems = signFormProblems({ drawn: drawn && !pad.current?.isEmpty(), name, initials });
    const image = found.signature ? undefined : pngBytesOfDataUrl(pad.current?.toPng() ?? '');
    if (!found.signature && (!image || image.byteLength > SIGNATURE_IMAGE_MAX_BYTES))
      found.signature = 'imageTooLarge';
    setProblems(found);
    if (Object.keys(found).length || !image) return;
    if (await signing.sign({ image, name, initials, withPosition })) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('proposals.sign.title')}
      fullScreen={!!narrow}
      size="lg"
    >
      <Stack>
        <Text size="sm">{t('proposals.sign.intro')}</Text>
        {signing.shown ? (
          <ShownProposalView shown={signing.shown} />
        ) : (
          <Loader size="sm" aria-label={t('proposals.sign.loading')} />
        )}
        <SignaturePadField
          handle={pad}
          onDrawnChange={(value) => {
            setDrawn(value);
            if (value) setProblems((p) => ({ ...p, signature: undefined }));
          }}
          error={said(problems.signature)}
        />
        <TextInput
          label={t('proposals.sign.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setProblems((p) => ({ ...p, name: undefined }));
          }}
          error={said(problems.name)}
          autoComplete="name"
          withAsterisk
        />
        <TextInput
          label={t('proposals.sign.initials')}
          description={t('proposals.sign.initialsHelp')}
          value={initials}
          onChange={(e) => setInitials(e.currentTarget.value)}
          error={said(problems.initials)}
        />
        <Switch
          label={t('proposals.sign.position')}
          description={t('proposals.sign.positionHelp')}
          checked={withPosition}
          onChange={(e) => setWithPosition(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('proposals.sign.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={signing.busy} disabled={!signing.shown}>
            {t('proposals.sign.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
