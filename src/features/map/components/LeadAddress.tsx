import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAddressLookupState } from '#src/device/hooks/useAddressLookup.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';

/**
 * A lead's address on the map's panel; for a pin dropped without one, whether its address is
 * still to be looked up (offline, it is looked up on reconnecting) or the lookup found none, with
 * a way to look again. The rep can always type the address on the lead page.
 */
export function LeadAddress({ leadId, address }: { leadId: string; address: string | undefined }) {
  const { t } = useTranslation('map');
  const lookup = useAddressLookupState(leadId);
  const { queueAddressLookup } = useCommands();
  if (address?.trim() || !lookup) {
    return (
      <Text size="sm" c="dimmed">
        {address ?? ''}
      </Text>
    );
  }
  if (lookup === 'pending') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('map.addressPending')}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="red.8" role="status">
        {t('map.addressNotFound')}
      </Text>
      <Button size="compact-xs" variant="light" onClick={() => void queueAddressLookup(leadId)}>
        {t('map.lookUpAddressAgain')}
      </Button>
    </Group>
  );
}
