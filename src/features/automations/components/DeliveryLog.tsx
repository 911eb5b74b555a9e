import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readData } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import { dateFormat } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import type { WebhookDelivery } from '../hooks/useWebhooks.ts';

/** An endpoint's deliveries, newest first: event, status, attempts and the last answer or error. */
export function DeliveryLog({ endpointId, name }: { endpointId: string; name: string }) {
  const { t } = useTranslation('automations');
  const rows = useServerData(endpointId, () =>
    readData<WebhookDelivery[]>(`/api/v2/webhooks/${endpointId}/deliveries`),
  ).data;
  const when = dateFormat(shownLanguage(), { dateStyle: 'short', timeStyle: 'medium' });
  if (!rows) return null;
  if (!rows.length) return <Text size="sm">{t('automations.webhooks.noDeliveries')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={t('automations.webhooks.deliveries', { name })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('automations.webhooks.when')}</Table.Th>
            <Table.Th>{t('automations.webhooks.event')}</Table.Th>
            <Table.Th>{t('automations.webhooks.status')}</Table.Th>
            <Table.Th>{t('automations.webhooks.attempts')}</Table.Th>
            <Table.Th>{t('automations.webhooks.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d._id}>
              <Table.Td>{when.format(new Date(d.created_at))}</Table.Td>
              <Table.Td>{d.event_type}</Table.Td>
              <Table.Td>{d.status}</Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.last_error ?? d.response_status ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
