import {
  AppShell,
  Burger,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AnnouncementPanel } from '../features/announcements/panel/AnnouncementPanel.tsx';
import { NotificationBell } from '../features/notifications/index.ts';
import { SyncStatusIndicator } from '../features/sync/components/SyncStatusIndicator.tsx';
import { NARROW_QUERY, useNarrow } from '../ui/breakpoints.ts';
import { ActivityPanel } from './ActivityPanel.tsx';
import { AppNavigation } from './AppNavigation.tsx';
import { feedbackUrl } from './feedback.ts';
import { LanguageControl } from './LanguageControl.tsx';
import { OrgBrand, useBrandEdge } from './OrgBrand.tsx';
import { OrgSwitcher } from './OrgSwitcher.tsx';
import { panelStartsOpen, SHOW_MOBILE_NAVIGATION } from './shellConfig.ts';

// Opened from the header only when changes were rejected: loaded on first use.
const NeedsAttentionDrawer = lazy(() =>
  import('../features/sync/components/NeedsAttentionDrawer.tsx').then((m) => ({
    default: m.NeedsAttentionDrawer,
  })),
);

/** Whether the screen is 768 px or less when the shell appears (a phone, or a narrow window). */
const narrowAtStart = () => typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches;

export function AppLayout({
  userName,
  onSignOut,
  children,
}: {
  userName: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [startsOpen] = useState(() => panelStartsOpen(import.meta.env.DEV, narrowAtStart()));
  const [opened, { toggle, close }] = useDisclosure(startsOpen);
  const [attention, setAttention] = useState(false);
  const narrow = useNarrow();
  const location = useLocation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const brandEdge = useBrandEdge();

  // Spec: on screens of 768 px or less the side panel closes when the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route changes only
  useEffect(() => {
    if (narrow) close();
  }, [location.pathname]);

  return (
    <AppShell
      header={{ height: 56 }}
      // Mantine's sm is the spec's md (768 px): below it the panel is the mobile navigation, which a
      // build may turn off (shellConfig.ts).
      navbar={{
        width: 220,
        breakpoint: 'sm',
        collapsed: { mobile: !SHOW_MOBILE_NAVIGATION || !opened, desktop: !opened },
      }}
      padding="md"
    >
      <AppShell.Header style={{ borderBottom: brandEdge }}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={t('nav.menu')}
              visibleFrom={SHOW_MOBILE_NAVIGATION ? undefined : 'sm'}
            />
            <OrgBrand />
          </Group>
          <Group wrap="nowrap" gap="xs">
            <OrgSwitcher />
            <SyncStatusIndicator onOpenAttention={() => setAttention(true)} />
            <ActivityPanel />
            <AnnouncementPanel />
            <NotificationBell />
          </Group>
        </Group>
      </AppShell.Header>
      {/* The panel scrolls when its sections outgrow a short screen: every link stays reachable. */}
      <AppShell.Navbar p="xs" aria-label={t('nav.main')} style={{ overflowY: 'auto' }}>
        <Stack justify="space-between" mih="100%" gap="md">
          <AppNavigation />
          <Stack gap="xs">
            <SegmentedControl
              size="xs"
              aria-label={t('nav.colorMode')}
              value={colorScheme}
              onChange={(mode) => setColorScheme(mode as 'auto' | 'light' | 'dark')}
              data={(['auto', 'light', 'dark'] as const).map((mode) => ({
                value: mode,
                label: t(`nav.${mode === 'auto' ? 'system' : mode}`),
              }))}
            />
            <LanguageControl />
            <Button
              variant="subtle"
              size="xs"
              component="a"
              href={feedbackUrl('bug', userName)}
              target="_blank"
              rel="noopener"
            >
              {t('nav.bug')}
            </Button>
            <Button
              variant="subtle"
              size="xs"
              component="a"
              href={feedbackUrl('feedback', userName)}
              target="_blank"
              rel="noopener"
            >
              {t('nav.feedback')}
            </Button>
            <Text size="sm" px="xs">
              {userName}
            </Text>
            <Button variant="default" size="xs" onClick={onSignOut}>
              {t('nav.signOut')}
            </Button>
          </Stack>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
      {attention && (
        <Suspense fallback={null}>
          <NeedsAttentionDrawer opened onClose={() => setAttention(false)} />
        </Suspense>
      )}
    </AppShell>
  );
}
