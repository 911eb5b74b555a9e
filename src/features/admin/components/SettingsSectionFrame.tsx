import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What every settings section shares: the way back to the overview, the section's heading (the
 * page's h1) with its actions beside it, and the section's content below.
 */
export function SettingsSectionFrame({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Stack maw={720}>
      <Anchor component={Link} to="/admin/settings/overview" size="sm">
        {t('admin.settings.back')}
      </Anchor>
      {actions ? (
        <Group justify="space-between">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
