import { Button, Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES } from '#src/domain/webhooks.ts';

/** Adds an endpoint: a name, a web address and the event types it takes. */
export function NewEndpointForm({
  onCreate,
}: {
  onCreate(body: { name: string; url: string; event_types: string[] }): Promise<boolean>;
}) {
  const { t } = useTranslation('automations');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const made = await onCreate({ name: name.trim(), url: url.trim(), event_types: types });
    setSaving(false);
    if (made) {
      setName('');
      setUrl('');
      setTypes([]);
    }
  }

  return (
    <Paper withBorder p="md">
      <Stack component="form" onSubmit={submit} gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label={t('automations.webhooks.name')}
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label={t('automations.webhooks.url')}
            required
            type="url"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
        </Group>
        <Checkbox.Group label={t('automations.webhooks.eventTypes')} value={types} onChange={setTypes}>
          <Group mt={4}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('automations.webhooks.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
