import { Button, SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppNavigation } from './AppNavigation.tsx';
import { feedbackUrl } from './feedback.ts';
import { LanguageControl } from './LanguageControl.tsx';

/**
 * The side panel's contents: the links the user's role may open, then the colour mode, the
 * language, the bug and feedback links, the user's name and signing out.
 */
export function SidePanel({ userName, onSignOut }: { userName: string; onSignOut: () => void }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
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
        {(['bug', 'feedback'] as const).map((kind) => (
          <Button
            key={kind}
            variant="subtle"
            size="xs"
            component="a"
            href={feedbackUrl(kind, userName)}
            target="_blank"
            rel="noopener"
          >
            {t(`nav.${kind}`)}
          </Button>
        ))}
        <Text size="sm" px="xs">
          {userName}
        </Text>
        <Button variant="default" size="xs" onClick={onSignOut}>
          {t('nav.signOut')}
        </Button>
      </Stack>
    </Stack>
  );
}
