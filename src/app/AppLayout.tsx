import {
  ActionIcon,
  AppShell,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NeedsAttentionDrawer } from '../features/sync/NeedsAttentionDrawer.tsx';
import { SyncStatusIndicator } from '../features/sync/SyncStatusIndicator.tsx';
import { feedbackUrl } from './feedback.ts';

/** Spec: the side panel starts open outside development and closed in development. */
const PANEL_STARTS_OPEN = !import.meta.env.DEV;

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
  const [opened, { toggle, close }] = useDisclosure(PANEL_STARTS_OPEN);
  const [attention, setAttention] = useState(false);
  const narrow = useMediaQuery('(max-width: 768px)');
  const location = useLocation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  // Spec: on screens of 768 px or less the side panel closes when the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route changes only
  useEffect(() => {
    if (narrow) close();
  }, [location.pathname]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('nav.menu')} />
            <Title order={4} visibleFrom="xs">
              {t('app.title')}
            </Title>
          </Group>
          <Group wrap="nowrap" gap="xs">
            <SyncStatusIndicator onOpenAttention={() => setAttention(true)} />
            <Menu>
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={t('nav.colorMode')}>
                  ◐
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {(['auto', 'light', 'dark'] as const).map((mode) => (
                  <Menu.Item
                    key={mode}
                    onClick={() => setColorScheme(mode)}
                    fw={colorScheme === mode ? 700 : 400}
                  >
                    {t(`nav.${mode === 'auto' ? 'system' : mode}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <Stack justify="space-between" h="100%">
          <Stack gap={2}>
            <NavLink component={Link} to="/" label={t('nav.home')} active={location.pathname === '/'} />
            <NavLink
              component={Link}
              to="/contacts"
              label={t('nav.contacts')}
              active={location.pathname.startsWith('/contacts')}
            />
          </Stack>
          <Stack gap="xs">
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
      <NeedsAttentionDrawer opened={attention} onClose={() => setAttention(false)} />
    </AppShell>
  );
}
