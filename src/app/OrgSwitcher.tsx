import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { actingOrgOf, chooseActingOrg, homeOrgOf } from '../api/actingOrg.ts';
import { useDevice } from '../device/DeviceProvider.tsx';
import { useActor } from '../device/hooks/useActor.ts';
import { useOrgChoices } from '../device/hooks/useOrgChoices.ts';

/**
 * A super admin (role 10) switches the org they work in from the header. The app starts again in
 * the chosen org, with that org's data in a device database of its own. Nobody else sees it.
 */
export function OrgSwitcher() {
  const { t } = useTranslation();
  const { userId } = useDevice();
  const actor = useActor();
  const choices = useOrgChoices(actor.super_admin);
  if (!actor.super_admin || !choices || choices.length < 2) return null;
  const home = homeOrgOf(userId) ?? actor.org_id;

  function choose(value: string | null) {
    const org = Number(value);
    if (!Number.isInteger(org) || org === (actingOrgOf(userId) ?? home)) return;
    chooseActingOrg(userId, org, home);
    window.location.assign('/');
  }

  return (
    <Select
      aria-label={t('nav.organisation')}
      size="xs"
      w={180}
      visibleFrom="xs"
      allowDeselect={false}
      value={String(actor.org_id)}
      onChange={choose}
      data={choices.map((o) => ({
        value: String(o.id),
        label: o.id === home ? t('nav.ownOrg', { name: o.name }) : o.name,
      }))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
