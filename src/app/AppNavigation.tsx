import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useActor } from '../device/hooks/useActor.ts';
import { isCurrent, navigationFor } from './navigation.ts';

/** The side panel's links: the screens the user's role may open, grouped, the current one marked. */
export function AppNavigation() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = navigationFor(useActor());
  return (
    <Stack gap="xs">
      {groups.map((group) => (
        <Stack gap={2} key={group.key} role="group" aria-labelledby={`nav-group-${group.key}`}>
          <Text id={`nav-group-${group.key}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs">
            {t(`nav.groups.${group.key}`)}
          </Text>
          {group.items.map((item) => {
            const current = isCurrent(item, pathname);
            return (
              <NavLink
                key={item.path}
                component={Link}
                to={item.path}
                label={t(item.label)}
                active={current}
                aria-current={current ? 'page' : undefined}
              />
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
