import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { can } from '#src/domain/permissions.ts';
import { NotFoundPage } from '#src/ui/ErrorPages.tsx';
import type { MessageKey } from '#src/ui/messages.ts';
import { AutomationsPage, WebhooksSection } from '../automations/index.ts';
import { ApiKeysSection, ProvidersSection } from '../integrations/index.ts';
import { BaseMapSection } from './components/BaseMapSection.tsx';
import { BrandingSection } from './components/BrandingSection.tsx';
import { DealStagesSection } from './components/DealStagesSection.tsx';
import { EmailSection } from './components/EmailSection.tsx';
import { GeocoderSection } from './components/GeocoderSection.tsx';
import { ImagerySection } from './components/ImagerySection.tsx';
import { LegalSection } from './components/LegalSection.tsx';
import { PayPlanSection } from './components/PayPlanSection.tsx';
import { RecordsSection } from './components/RecordsSection.tsx';
import { RolesSection } from './components/RolesSection.tsx';
import { WalkRulesSection } from './components/WalkRulesSection.tsx';
import { SETTINGS_SECTIONS, settingsSectionAt } from './utils/settingsSections.ts';

/**
 * `/admin/settings/{section}`: the overview lists the sections, each leading to its screen; a
 * section that does not exist is the non-fatal 'Page not found'.
 */
export function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  const { section = '' } = useParams();
  const actor = useActor();
  const shown = settingsSectionAt(section);
  if (section !== 'overview' && !shown) return <NotFoundPage />;
  if (!can(actor, 'settings.manage')) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('admin.settings.title')}
        </Title>
        <Text>{t('admin.noAccess')}</Text>
      </Stack>
    );
  }
  if (shown?.table) return <RecordsSection table={shown.table} />;
  if (shown?.key === 'dealStages') return <DealStagesSection />;
  if (shown?.key === 'roles') return <RolesSection />;
  if (shown?.key === 'legal') return <LegalSection />;
  if (shown?.key === 'branding') return <BrandingSection />;
  if (shown?.key === 'baseMap') return <BaseMapSection />;
  if (shown?.key === 'geocoder') return <GeocoderSection />;
  if (shown?.key === 'imagery') return <ImagerySection />;
  if (shown?.key === 'payPlan') return <PayPlanSection />;
  if (shown?.key === 'walkRules') return <WalkRulesSection />;
  if (shown?.key === 'email') return <EmailSection />;
  if (shown?.key === 'integrations') return <ProvidersSection />;
  if (shown?.key === 'apiKeys') return <ApiKeysSection />;
  if (shown?.key === 'automations') return <AutomationsPage />;
  if (shown?.key === 'webhooks') return <WebhooksSection />;
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('admin.settings.title')}
      </Title>
      {SETTINGS_SECTIONS.map((s) => (
        <Paper withBorder p="md" key={s.key}>
          <Anchor component={Link} to={s.path} fw={600}>
            {t(`admin.settings.sections.${s.key}.title` as MessageKey<'admin'>)}
          </Anchor>
          <Text size="sm">{t(`admin.settings.sections.${s.key}.description` as MessageKey<'admin'>)}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
