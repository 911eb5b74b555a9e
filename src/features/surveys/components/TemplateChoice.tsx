import { Anchor, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSurveyTemplates } from '#src/device/hooks/useSurveys.ts';

/** The fill page opened without a template (a link from the lead guide): pick the one to fill. */
export function TemplateChoice({
  leadName,
  returnTo,
  onChoose,
}: {
  leadName: string;
  returnTo: string;
  onChoose(id: string): void;
}) {
  const { t } = useTranslation('surveys');
  const templates = useSurveyTemplates();
  const choices = (templates ?? []).map((tpl) => ({
    value: tpl._id,
    label: tpl.name || t('surveys.unnamedTemplate'),
  }));
  return (
    <Stack maw={640} gap="md">
      <Title order={1} size="h2">
        {t('surveys.fill')}
      </Title>
      <Text c="dimmed">{t('surveys.lead', { name: leadName })}</Text>
      {templates && !choices.length ? (
        <Text>{t('surveys.noTemplates')}</Text>
      ) : (
        <Select
          label={t('surveys.chooseTemplate')}
          data={choices}
          value={null}
          onChange={(id) => id && onChoose(id)}
        />
      )}
      <Anchor component={Link} to={returnTo}>
        {t('surveys.cancel')}
      </Anchor>
    </Stack>
  );
}
