import { Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An org setting's present value in words, read out as a status under its label: the base map,
 * the address search and the aerial imagery sections show theirs this way. While the setting is
 * read, a loader with its own name.
 */
export function CurrentSetting({
  label,
  loading,
  loadingLabel,
  children,
}: {
  label: string;
  loading?: boolean;
  loadingLabel?: string;
  children: ReactNode;
}) {
  if (loading) return <Loader size="sm" aria-label={loadingLabel} />;
  return (
    <Paper withBorder p="md">
      <Text fw={600}>{label}</Text>
      <Text size="sm" role="status" aria-label={label} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Paper>
  );
}
