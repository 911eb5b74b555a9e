import { Accordion, Anchor, Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '#src/db/rows.ts';
import { formatDate } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { RichText } from '#src/ui/RichText.tsx';

const CATEGORY_COLOR: Record<string, string> = {
  General: 'blue',
  Incentives: 'green',
  Commissions: 'grape',
  Policies: 'orange',
};

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** One announcement: its heading (title, category, unread mark, date and author), opened for the rest. */
export function AnnouncementItem({
  row,
  unread,
  author,
  manage,
}: {
  row: AnnouncementRow;
  unread: boolean;
  author: string;
  manage?: { onEdit(): void; onDelete(): void };
}) {
  const { t } = useTranslation('announcements');
  const title = row.title ?? '';
  const date = row.date ?? row.created_at;
  const day = formatDate(date, shownLanguage());
  const category = row.category ?? 'General';
  return (
    // The id lets a link (a notification about it) point at this announcement.
    <Accordion.Item value={row._id} id={`announcement-${row._id}`} data-unread={unread || undefined}>
      <Accordion.Control>
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text fw={unread ? 700 : 500}>{title}</Text>
            <Badge variant="light" color={CATEGORY_COLOR[category] ?? 'gray'}>
              {t(`announcements.categories.${category}`, { defaultValue: category })}
            </Badge>
            {unread && (
              <Badge variant="filled" color="red" size="sm">
                {t('announcements.unread')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('announcements.byline', { date: day, who: author })}
          </Text>
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {row.image_url && (
            <Image
              src={row.image_url}
              alt={t('announcements.imageAlt', { title })}
              radius="sm"
              mah={320}
              fit="contain"
            />
          )}
          <RichText
            html={row.content ?? ''}
            data-testid="announcement-content"
            style={{ overflowWrap: 'anywhere' }}
          />
          {row.files?.length ? (
            <Stack
              gap={2}
              component="ul"
              aria-label={t('announcements.files')}
              style={{ listStyle: 'none', padding: 0 }}
            >
              {row.files.map((file) => (
                <li key={file.url}>
                  <Anchor href={file.url} {...external}>
                    {file.name}
                  </Anchor>
                </li>
              ))}
            </Stack>
          ) : null}
          <Group justify="space-between">
            {row.link ? (
              <Button component="a" href={row.link.url} {...external}>
                {row.link.button_text}
              </Button>
            ) : (
              <span />
            )}
            {manage && (
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={manage.onEdit}
                  aria-label={t('announcements.editNamed', { title })}
                >
                  {t('announcements.editShort')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  onClick={manage.onDelete}
                  aria-label={t('announcements.deleteNamed', { title })}
                >
                  {t('announcements.deleteShort')}
                </Button>
              </Group>
            )}
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
