import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AnnouncementPanel } from '../features/announcements/panel/AnnouncementPanel.tsx';
import { NotificationBell } from '../features/notifications/index.ts';
import { SyncStatusIndicator } from '../features/sync/components/SyncStatusIndicator.tsx';
import { NARROW_QUERY, useNarrow } from '../ui/breakpoints.ts';
import { ActivityPanel } from './ActivityPanel.tsx';
import { OrgBrand, useBrandEdge } from './OrgBrand.tsx';
import { OrgSwitcher } from './OrgSwitcher.tsx';
import { SidePanel } from './SidePanel.tsx';
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
  const brandEdge = useBrandEdge();
  // The side panel's contents are drawn the first time it opens, then kept. A phone opens on its
  // page with the panel closed off the screen's edge, and drawing its links and controls there would
  // cost every opening about a tenth of a second of a phone's time.
  const [panelDrawn, setPanelDrawn] = useState(opened);
  if (opened && !panelDrawn) setPanelDrawn(true);

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
        {panelDrawn && <SidePanel userName={userName} onSignOut={onSignOut} />}
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
