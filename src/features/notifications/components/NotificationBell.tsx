import { ActionIcon, Drawer, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '#src/device/hooks/useNotifications.ts';
import { LineIcon } from '#src/ui/LineIcon.tsx';
import { NotificationList } from './NotificationList.tsx';

/** Header bell: the unread count as a badge; opens the list in a side drawer (fits 412 px too). */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [opened, { open, close }] = useDisclosure(false);
  // The count only: the list reads its own page once opened.
  const unread = useNotifications(0)?.unread ?? 0;
  const label =
    unread > 0 ? t('notificationBell.buttonUnread', { count: unread }) : t('notificationBell.button');
  return (
    <>
      <Indicator
        // The button's name says the count; the badge is only for the eye.
        label={<span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>}
        size={16}
        color="red"
        disabled={unread === 0}
        offset={4}
      >
        <ActionIcon variant="subtle" size="lg" onClick={open} aria-label={label} title={label}>
          <LineIcon paths={BELL_ICON} />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={close} position="right" size="sm" title={t('notificationBell.title')}>
        {opened && <NotificationList onNavigate={close} />}
      </Drawer>
    </>
  );
}

const BELL_ICON = ['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'];
