import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProviderChoice } from '#src/domain/schemas/integrations.ts';

/** The enabled providers, each with its Connect button (which starts at /oauth/connect). */
export function ProviderChoices({ providers }: { providers: ProviderChoice[] | undefined }) {
  const { t } = useTranslation('integrations');
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="providers-title">
      <Title order={2} size="h4" id="providers-title" mb="sm">
        {t('integrations.available')}
      </Title>
      {providers === undefined ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : providers.length === 0 ? (
        <Text size="sm">{t('integrations.noProviders')}</Text>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {providers.map((p) => (
            <li key={p.id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>{p.name}</Text>
                  {p.scopes.length ? (
                    <Text size="sm">{t('integrations.scopes', { scopes: p.scopes.join(', ') })}</Text>
                  ) : null}
                </Stack>
                <Button component={Link} to={`/oauth/connect?provider=${encodeURIComponent(p.key)}`}>
                  {t('integrations.connectTo', { name: p.name })}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
