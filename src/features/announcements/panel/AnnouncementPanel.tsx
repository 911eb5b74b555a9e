import {
  ActionIcon,
  Anchor,
  Badge,
  Drawer,
  Group,
  Indicator,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AnnouncementRow } from '#src/db/rows.ts';
import { formatDate } from '#src/domain/format.ts';
import { notificationLinks } from '#src/domain/notificationLinks.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { LineIcon } from '#src/ui/LineIcon.tsx';
import { useAnnouncementFeed } from '../hooks/useAnnouncementFeed.ts';

/** How many of the latest announcements the panel lists; the rest are on `/update`. */
const PANEL_SIZE = 8;

/**
 * The header's announcement panel: the latest announcements with unread ones marked and counted
 * on the button; one opens on the updates page (which marks it read).
 */
export function AnnouncementPanel() {
  const { t } = useTranslation('announcements');
  const [opened, { open, close }] = useDisclosure(false);
  const feed = useAnnouncementFeed(null);
  const label =
    feed.unread > 0
      ? t('announcementPanel.buttonUnread', { count: feed.unread })
      : t('announcementPanel.button');
  return (
    <>
      <Indicator
        // The button's name says the count; the badge is only for the eye.
        label={<span aria-hidden="true">{feed.unread > 99 ? '99+' : feed.unread}</span>}
        size={16}
        color="red"
        disabled={feed.unread === 0}
        offset={4}
      >
        <ActionIcon variant="subtle" size="lg" onClick={open} aria-label={label} title={label}>
          <LineIcon paths={MEGAPHONE_ICON} />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={close} position="right" size="sm" title={t('announcementPanel.title')}>
        {opened && <LatestAnnouncements feed={feed} onNavigate={close} />}
      </Drawer>
    </>
  );
}

function LatestAnnouncements({
  feed,
  onNavigate,
}: {
  feed: ReturnType<typeof useAnnouncementFeed>;
  onNavigate(): void;
}) {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  if (feed.loading) return <Text c="dimmed">{t('announcements.loading')}</Text>;
  const latest = feed.shown.slice(0, PANEL_SIZE);
  return (
    <Stack gap="sm">
      {latest.length === 0 && <Text c="dimmed">{t('announcements.empty')}</Text>}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {latest.map((row) => (
          <li key={row._id}>
            <PanelItem
              row={row}
              unread={feed.isUnread(row._id)}
              author={feed.authorOf(row.author_id) ?? t('announcements.someone')}
              onOpen={() => {
                onNavigate();
                navigate(notificationLinks.announcement(row._id));
              }}
            />
          </li>
        ))}
      </Stack>
      <Anchor component={Link} to={notificationLinks.announcements()} onClick={onNavigate}>
        {t('announcementPanel.seeAll')}
      </Anchor>
    </Stack>
  );
}

function PanelItem({
  row,
  unread,
  author,
  onOpen,
}: {
  row: AnnouncementRow;
  unread: boolean;
  author: string;
  onOpen(): void;
}) {
  const { t } = useTranslation('announcements');
  const date = row.date ?? row.created_at;
  const day = formatDate(date, shownLanguage());
  const category = row.category ?? 'General';
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      p="xs"
      data-unread={unread || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="xs" wrap="wrap">
        <Text fw={unread ? 700 : 500}>{row.title ?? ''}</Text>
        <Badge variant="light" color="gray">
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
    </UnstyledButton>
  );
}

const MEGAPHONE_ICON = [
  'M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z',
  'M15 8a5 5 0 0 1 0 8',
  'M18 5a9 9 0 0 1 0 14',
];
