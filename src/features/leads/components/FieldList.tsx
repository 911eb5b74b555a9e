import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Label and value pairs of a lead, read-only; empty values show a dash. */
export function FieldList({ items }: { items: { label: string; value: string }[] }) {
  const { t } = useTranslation('leads');
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} size="sm">
            {item.value || t('leadDetail.empty')}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
