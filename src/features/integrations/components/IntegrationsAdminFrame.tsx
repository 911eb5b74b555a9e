import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { can } from '#src/domain/permissions.ts';
import type { Notice } from '../hooks/useConnections.ts';
import { NoticeAlert } from './NoticeAlert.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';

interface FrameProps {
  title: string;
  explain: ReactNode;
  /** The section's server state: whether it can be reached, a load problem, the last action's outcome. */
  state: { online: boolean; problem?: string; notice?: Notice };
  children: ReactNode;
}

/**
 * What the integration settings sections share: the heading (the page's h1), who may see them,
 * what they are for, and the offline, load-problem and last-action notices above their content.
 */
export function IntegrationsAdminFrame({ title, explain, state, children }: FrameProps) {
  const { t } = useTranslation('admin');
  const actor = useActor();
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  if (!can(actor, 'integrations.manage'))
    return (
      <Stack>
        {heading}
        <Text>{t('admin.noAccess')}</Text>
      </Stack>
    );
  return (
    <Stack maw={900}>
      {heading}
      <Text size="sm">{explain}</Text>
      {!state.online ? <OfflineNotice /> : null}
      {state.problem ? (
        <Alert color="red" title={t('common.error')}>
          {state.problem}
        </Alert>
      ) : null}
      <NoticeAlert notice={state.notice} />
      {children}
    </Stack>
  );
}

/** A titled part of an integration settings section, named by its title. */
export function IntegrationsPanel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
