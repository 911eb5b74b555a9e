import { Button, Group, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  title: string;
  submitLabel: string;
  canSubmit: boolean;
  saving: boolean;
  onSubmit: () => void;
  /** The quieter button of a section with two forms. */
  secondary?: boolean;
  children: ReactNode;
}

/** One form of a settings section: its heading (which also names the form), its fields and its button. */
export function TitledSettingsForm({
  title,
  submitLabel,
  canSubmit,
  saving,
  onSubmit,
  secondary,
  children,
}: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
        <Group justify="flex-end">
          <Button
            type="submit"
            variant={secondary ? 'default' : undefined}
            disabled={!canSubmit}
            loading={saving}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
