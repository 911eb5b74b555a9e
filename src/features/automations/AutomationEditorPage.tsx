import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { readData } from '#src/api/appClient.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useAutomation } from '#src/device/hooks/useAutomations.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import { canExportLeads } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { ActionList } from './components/ActionList.tsx';
import { ConditionFields } from './components/ConditionFields.tsx';
import { DeleteAutomation } from './components/DeleteAutomation.tsx';
import { RunLog } from './components/RunLog.tsx';
import { RunsAs } from './components/RunsAs.tsx';
import { TriggerFields } from './components/TriggerFields.tsx';
import { useAutomationActions } from './hooks/useAutomationActions.ts';
import type { WebhookEndpoint } from './hooks/useWebhooks.ts';
import { type AutomationDraft, draftOf } from './utils/draft.ts';

/**
 * `/automations/create`, `/admin/settings/automations/new` and `/admin/settings/automations/{id}`:
 * an admin writes an automation (kept on the device and synced, so it works offline) and, for one
 * that exists, reads its run log from the server.
 */
export function AutomationEditorPage() {
  const { t } = useTranslation('automations');
  const { id } = useParams();
  const actor = useActor();
  const row = useAutomation(id);
  if (recordDenial(actor, 'automations', 'create', undefined)) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('automations.title')}
        </Title>
        <Alert color="yellow">{t('automations.noAccess')}</Alert>
      </Stack>
    );
  }
  if (id && row === undefined) return <Loader size="sm" aria-label={t('automations.loading')} />;
  if (id && (row === null || row?.deleted_at)) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('automations.edit')}
        </Title>
        <Alert color="yellow">{t('automations.notFound')}</Alert>
      </Stack>
    );
  }
  return (
    <AutomationForm key={id ?? 'new'} id={id} initial={draftOf(row ?? undefined)} runsAs={row?.created_by} />
  );
}

function AutomationForm({
  id,
  initial,
  runsAs,
}: {
  id: string | undefined;
  initial: AutomationDraft;
  runsAs: string | null | undefined;
}) {
  const { t } = useTranslation('automations');
  const navigate = useNavigate();
  const actions = useAutomationActions();
  const stages = useDealStages();
  const statuses = useMemo(() => stages.flatMap((s) => s.options.map((o) => o.value)), [stages]);
  const stageNames = useMemo(() => stages.map((s) => s.value), [stages]);
  const mayExport = canExportLeads(useActor());
  const endpoints = useServerData('webhooks', () => readData<WebhookEndpoint[]>('/api/v2/webhooks'), {
    enabled: mayExport,
  }).data;
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const set = (changes: Partial<AutomationDraft>) => setDraft((d) => ({ ...d, ...changes }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const saved = await actions.save(id, { ...draft });
    setSaving(false);
    if (saved && !id) navigate(`/admin/settings/automations/${saved}`, { replace: true });
  }

  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {id ? t('automations.edit') : t('automations.new')}
      </Title>
      <RunsAs userId={runsAs} explained />
      <Stack component="form" onSubmit={submit}>
        <TextInput
          label={t('automations.name')}
          withAsterisk
          maxLength={200}
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Textarea
          label={t('automations.description')}
          autosize
          minRows={2}
          value={draft.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <Switch
          label={t('automations.enabled')}
          checked={draft.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />
        <Paper withBorder p="md" component="fieldset">
          <legend>{t('automations.trigger')}</legend>
          <TriggerFields
            trigger={draft.trigger}
            statuses={statuses}
            onChange={(trigger) => set({ trigger })}
          />
        </Paper>
        <Paper withBorder p="md" component="fieldset">
          <legend>{t('automations.conditions')}</legend>
          <ConditionFields
            conditions={draft.conditions}
            stages={stageNames}
            statuses={statuses}
            onChange={(conditions) => set({ conditions })}
          />
        </Paper>
        <Paper withBorder p="md" component="fieldset">
          <legend>{t('automations.actions')}</legend>
          <ActionList
            actions={draft.actions}
            statuses={statuses}
            endpoints={endpoints}
            onChange={(list) => set({ actions: list })}
          />
        </Paper>
        <Group justify="space-between">
          {id ? (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('automations.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={saving}>
            {t('automations.save')}
          </Button>
        </Group>
      </Stack>
      {id && <RunLog automationId={id} />}
      {id && (
        <DeleteAutomation
          name={deleting ? draft.name : undefined}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            if (await actions.remove(id)) navigate('/automations');
          }}
        />
      )}
    </Stack>
  );
}
