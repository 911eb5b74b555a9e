import { Button, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftFile, DraftProblems } from '../utils/draft.ts';

/** The files an announcement links to: a name and a web address each; add and remove. */
export function FilesField({
  files,
  problems,
  onChange,
}: {
  files: DraftFile[];
  problems: DraftProblems['files'];
  onChange(files: DraftFile[]): void;
}) {
  const { t } = useTranslation('announcements');
  const change = (index: number, changes: Partial<DraftFile>) =>
    onChange(files.map((file, i) => (i === index ? { ...file, ...changes } : file)));
  return (
    <Fieldset legend={t('announcements.files')} variant="unstyled">
      <Stack gap="xs">
        {files.map((file, i) => (
          // Rows have no identity of their own; they are only added at the end or removed.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={i} align="flex-start" wrap="wrap" gap="xs">
            <TextInput
              label={t('announcements.fileName', { n: i + 1 })}
              value={file.name}
              maxLength={300}
              error={problems?.[i]?.name && t('announcements.fileNameRequired')}
              onChange={(e) => change(i, { name: e.currentTarget.value })}
              style={{ flex: '1 1 160px' }}
            />
            <TextInput
              type="url"
              label={t('announcements.fileUrl', { n: i + 1 })}
              value={file.url}
              error={problems?.[i]?.url && t('announcements.addressInvalid')}
              onChange={(e) => change(i, { url: e.currentTarget.value })}
              style={{ flex: '2 1 220px' }}
            />
            <Button
              variant="subtle"
              color="red"
              mt={24}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            >
              {t('announcements.removeFile', { n: i + 1 })}
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            size="xs"
            disabled={files.length >= 20}
            onClick={() => onChange([...files, { name: '', url: '' }])}
          >
            {t('announcements.addFile')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
