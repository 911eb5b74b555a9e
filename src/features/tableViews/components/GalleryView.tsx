import { Avatar, Button, Card, Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '#src/db/rows.ts';
import { useLeadPhotos } from '#src/device/hooks/useLeadRecords.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';
import { useViewRendered } from '../hooks/useViewRendered.ts';
import { rowTitle } from '../utils/rowTitle.ts';
import type { TableViewProps } from '../utils/viewProps.ts';

/** Cards drawn at first and per 'Show more'. */
const PAGE = 60;
/** Fields under the title on a card. */
const DETAIL_COUNT = 3;

/** Rows as cards: a picture when the row has one (else initials), its title and a few columns. */
export default function GalleryView({ table, rows, view, openRow }: TableViewProps) {
  const { t } = useTranslation('tableViews');
  const [limit, setLimit] = useState(PAGE);
  useViewRendered();
  const shown = rows.slice(0, limit);
  const properties = (view.properties ?? {}) as { columns?: unknown };
  const columns = Array.isArray(properties.columns)
    ? (properties.columns as unknown[]).filter((c): c is string => typeof c === 'string')
    : table.defaultColumns;
  const details = columns.filter((key) => key !== table.titleField).slice(0, DETAIL_COUNT);
  // Pictures taken of a lead (already uploaded) show on its card when it has no street view.
  const shownIds = useMemo(() => shown.map((r) => r._id), [shown]);
  const photos = useLeadPhotos(shownIds, table.key === 'contacts');

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('tableViews.galleryShown', { shown: shown.length, total: rows.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing="sm" role="list">
        {shown.map((row) => (
          <GalleryCard
            key={row._id}
            row={row}
            table={table}
            details={details}
            image={imageOf(row) ?? photos.get(row._id)}
            onOpen={openRow}
          />
        ))}
      </SimpleGrid>
      {rows.length > shown.length && (
        <Button variant="default" onClick={() => setLimit((l) => l + PAGE)}>
          {t('tableViews.showMore')}
        </Button>
      )}
    </Stack>
  );
}

function GalleryCard({
  row,
  table,
  details,
  image,
  onOpen,
}: {
  row: TableRow;
  table: TableDefinition;
  details: string[];
  image: string | undefined;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('tableViews');
  const name = rowTitle(row, table) || t('tableViews.untitled');
  return (
    <Card withBorder padding="sm" role="listitem">
      <Card.Section>
        {image ? (
          <Image src={image} alt={t('tableViews.imageOf', { name })} h={140} fit="cover" loading="lazy" />
        ) : (
          <Avatar size={72} radius="xl" mx="auto" my="md" name={name} color="initials" alt={name} />
        )}
      </Card.Section>
      <UnstyledButton mt="xs" onClick={() => onOpen(row._id)} fw={600}>
        {name}
      </UnstyledButton>
      {details.map((key) => {
        const value = row[key];
        if (value === null || value === undefined || value === '') return null;
        const label = table.columns.find((c) => c.key === key)?.label ?? key;
        return (
          <Text key={key} size="xs" c="dimmed" lineClamp={1}>
            {label}: {typeof value === 'object' ? JSON.stringify(value) : String(value)}
          </Text>
        );
      })}
    </Card>
  );
}

/** The row's own picture: a contact's street view, a user's profile photo. */
function imageOf(row: TableRow): string | undefined {
  for (const key of ['image', 'pfp']) {
    const value = row[key];
    if (typeof value === 'string' && /^(https?:|data:image\/|\/)/.test(value)) return value;
  }
  return undefined;
}
