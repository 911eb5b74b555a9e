import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShownProposal } from '#src/domain/proposals/signature.ts';

/** The proposal as it will be signed: the printable proposal's title and sections, word for word. */
export function ShownProposalView({ shown }: { shown: ShownProposal }) {
  const { t } = useTranslation('proposals');
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('proposals.sign.proposalLabel')}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {shown.title}
        </Title>
        {shown.subtitle ? <Text size="sm">{shown.subtitle}</Text> : null}
        {shown.sections.map((section) => (
          <Stack key={section.title} gap={2}>
            <Text fw={600} size="sm">
              {section.title}
            </Text>
            {section.lines.map((line) => (
              <Text key={`${line.label}: ${line.value}`} size="sm">
                {line.value.trim() ? `${line.label}: ${line.value}` : line.label}
              </Text>
            ))}
            {section.note ? (
              <Text size="xs" c="dimmed">
                {section.note}
              </Text>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
