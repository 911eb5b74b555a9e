import { ActionIcon, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LatestActivity } from '../ui/ActivityFeed.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';

/** The header's activity panel: what happened lately that the user may see, from the device. */
export function ActivityPanel() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={open}
        aria-label={t('activityFeed.open')}
        title={t('activityFeed.open')}
      >
        <LineIcon paths={PULSE_ICON} />
      </ActionIcon>
      <Drawer opened={opened} onClose={close} position="right" size="sm" title={t('activityFeed.latest')}>
        {opened && <LatestActivity onNavigate={close} />}
      </Drawer>
    </>
  );
}

const PULSE_ICON = ['M22 12h-4l-3 9L9 3l-3 9H2'];
