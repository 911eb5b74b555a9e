import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import type { Question } from '#src/domain/surveys/index.ts';
import { makeThumbnail } from '#src/features/leads/index.ts';
import { toastFailed } from '#src/ui/toasts.tsx';

/**
 * A photo answer: each photo taken (camera on phones) is added to the lead's files at once, kept on
 * the device until sync uploads it; the answer holds those files' ids.
 */
export function PhotoAnswer({
  question: q,
  value,
  error,
  leadId,
  onChange,
}: {
  question: Question;
  value: unknown;
  error: string | undefined;
  leadId: string;
  onChange(value: unknown): void;
}) {
  const { t } = useTranslation('surveys');
  const { addMedia } = useCommands();
  const actor = useActor();
  const [busy, setBusy] = useState(false);
  const ids = Array.isArray(value) ? (value as string[]) : [];

  async function add(file: File | null) {
    if (!file) return;
    setBusy(true);
    try {
      const thumb = await makeThumbnail(file);
      const id = await addMedia(
        { lead_id: leadId, file, name: file.name || 'photo.jpg', thumb },
        actor.user_id,
      );
      onChange([...ids, id]);
    } catch (err) {
      toastFailed('surveys:surveys.photoError', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Input.Wrapper label={q.label} required={q.required} error={error}>
      <Group gap="xs" mt={4}>
        <FileButton
          onChange={(file) => void add(file)}
          accept="image/*"
          capture="environment"
          inputProps={{ 'aria-label': `${q.label}: ${t('surveys.takePhoto')}` }}
        >
          {(props) => (
            <Button size="xs" variant="light" loading={busy} {...props}>
              {t('surveys.takePhoto')}
            </Button>
          )}
        </FileButton>
        {ids.length > 0 && (
          <>
            <Text size="sm">{t('surveys.photoCount', { count: ids.length })}</Text>
            <Button size="xs" variant="subtle" onClick={() => onChange([])}>
              {t('surveys.removePhotos')}
            </Button>
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}
