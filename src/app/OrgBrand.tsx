import { Group, Image, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../device/hooks/useBranding.ts';
import { useNarrow } from '../ui/breakpoints.ts';

/**
 * The header's name: the org's logo and name when its admins set them (settings → branding),
 * otherwise the product's. The logo's text alternative is the org's name.
 */
export function OrgBrand() {
  const { t } = useTranslation();
  const branding = useBranding();
  const name = branding?.org_name || t('app.title');
  // A long name ends in an ellipsis at 768 px or less; wider headers have room for two lines.
  const narrow = useNarrow();
  return (
    <Group gap="xs" wrap="nowrap" visibleFrom="xs">
      {branding?.logo_url && <Image src={branding.logo_url} alt={name} h={32} w="auto" fit="contain" />}
      <Title order={4} lineClamp={narrow ? 1 : 2}>
        {name}
      </Title>
    </Group>
  );
}

/** The org's primary colour as the header's lower edge (no text sits on it, so any colour reads). */
export function useBrandEdge(): string | undefined {
  const color = useBranding()?.primary_color;
  return color ? `3px solid ${color}` : undefined;
}
