import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MediaRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useLeadMedia, useMediaBlobs } from '#src/device/hooks/useLeadRecords.ts';
import { formatFileSize } from '#src/domain/format.ts';
import { mediaContentPath } from '#src/domain/media.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { useBlobUrl } from '../hooks/useBlobUrl.ts';
import { useRecordSection } from '../hooks/useRecordSection.ts';
import { makeThumbnail } from '../utils/makeThumbnail.ts';
import { RecordSection } from './RecordSection.tsx';

/** Photos (camera on phones) and PDFs of the lead; taken offline, uploaded by sync later. */
export function MediaSection({ leadId, actor }: { leadId: string; actor: Actor }) {
  const { t } = useTranslation('leads');
  const { addMedia, deleteMedia } = useCommands();
  const flow = useRecordSection<MediaRow>();
  const files = useLeadMedia(leadId);
  const canAdd = !recordDenial(actor, 'media', 'create', undefined);

  async function add(file: File | null) {
    if (!file) return;
    await flow.run(
      async () => {
        const thumb = await makeThumbnail(file);
        await addMedia({ lead_id: leadId, file, name: file.name || 'photo.jpg', thumb }, actor.user_id);
      },
      'leads:media.added',
      'leads:media.addError',
    );
  }

  return (
    <RecordSection
      title={t('leadDetail.sections.media')}
      actions={
        canAdd && (
          <Group gap="xs">
            {/* `capture` opens the camera straight away on phones, which then cannot pick a file:
                so the camera and the file picker are two buttons. */}
            <FileButton
              onChange={(file) => void add(file)}
              accept="image/*"
              capture="environment"
              inputProps={{ 'aria-label': t('media.takePhoto') }}
            >
              {(props) => (
                <Button size="xs" variant="light" {...props}>
                  {t('media.takePhoto')}
                </Button>
              )}
            </FileButton>
            <FileButton
              onChange={(file) => void add(file)}
              accept="image/*,application/pdf"
              inputProps={{ 'aria-label': t('media.add') }}
            >
              {(props) => (
                <Button size="xs" {...props}>
                  {t('media.add')}
                </Button>
              )}
            </FileButton>
          </Group>
        )
      }
      records={files ?? []}
      list={{
        label: t('media.list'),
        empty: t('media.none'),
        layout: 'grid',
        item: (row) => (
          <MediaCard
            key={row._id}
            row={row}
            mayDelete={!recordDenial(actor, 'media', 'delete', { created_by: row.created_by || null })}
            onDelete={() => flow.askDelete(row)}
          />
        ),
      }}
      confirm={{
        title: t('media.delete', { name: flow.deleting?.name ?? '' }),
        question: t('media.confirmDelete'),
        record: flow.deleting,
        onClose: flow.closeDelete,
        // The bytes on the device go with the record.
        onConfirm: (row) =>
          void flow.run(() => deleteMedia(row._id), 'leads:media.deleted', 'leads:media.deleteError'),
      }}
    />
  );
}

function MediaCard({ row, mayDelete, onDelete }: { row: MediaRow; mayDelete: boolean; onDelete(): void }) {
  const { t } = useTranslation('leads');
  const local = useMediaBlobs(row._id);
  const isImage = (row.mimetype ?? '').startsWith('image/');
  // The device's own copy first (works offline), else the server's.
  const localUrl = useBlobUrl(local?.thumb?.blob ?? (isImage ? local?.file?.blob : undefined));
  const fileUrl = useBlobUrl(local?.file?.blob);
  const serverUrl = row.url ?? '';
  const name = row.name ?? '';
  const thumbSrc = localUrl ?? (serverUrl && isImage ? mediaContentPath(row._id, true) : undefined);
  const openHref = serverUrl || fileUrl;
  const state = local?.file?.failed
    ? { color: 'red', label: t('media.failed', { reason: local.file.failed }) }
    : serverUrl || local?.file?.uploaded
      ? undefined
      : { color: 'orange', label: t('media.waiting') };
  return (
    <Paper component="li" withBorder p="xs" aria-label={name}>
      <Stack gap={4}>
        {thumbSrc ? (
          <Image src={thumbSrc} alt={t('media.thumbnail', { name })} h={120} fit="cover" radius="sm" />
        ) : (
          <Text size="xl" ta="center" py="lg" aria-hidden>
            {t('marks.pdf')}
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap" gap={4}>
          {openHref ? (
            <Anchor
              href={openHref}
              target="_blank"
              rel="noopener"
              size="sm"
              lineClamp={1}
              aria-label={t('media.open', { name })}
            >
              {name}
            </Anchor>
          ) : (
            <Text size="sm" lineClamp={1}>
              {name}
            </Text>
          )}
          {mayDelete && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('media.delete', { name })}
              onClick={onDelete}
            >
              ×
            </ActionIcon>
          )}
        </Group>
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            {typeof row.size === 'number' ? formatFileSize(row.size, shownLanguage()) : ''}
          </Text>
          {state && (
            <Badge size="xs" variant="light" color={state.color}>
              {state.label}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
