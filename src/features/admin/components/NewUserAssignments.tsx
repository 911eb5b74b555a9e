import { MultiSelect, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useOrgChoices } from '#src/device/hooks/useOrgChoices.ts';
import { SETTER_CLOSER_TYPES, type SetterCloserType } from '#src/domain/roles.ts';
import { ProductSelector } from '#src/ui/selectors/ProductSelector.tsx';
import { RegionSelector } from '#src/ui/selectors/RegionSelector.tsx';
import { UserRoleSelect } from '#src/ui/selectors/UserRoleSelect.tsx';
import type { NewUser } from '../utils/newUserBody.ts';
import { TeamRolesInput } from './TeamRolesInput.tsx';

/**
 * Where a new user belongs and what they sell: setter/closer type, role ids, teams with their
 * roles, region, default products and, for a super admin only, other organisations (anyone else adds
 * people to their own organisation, and the server holds them to it).
 */
export function NewUserAssignments({ user, set }: { user: NewUser; set: (patch: Partial<NewUser>) => void }) {
  const { t } = useTranslation('users');
  const actor = useActor();
  const orgChoices = useOrgChoices(actor.super_admin);

  return (
    <>
      <NativeSelect
        label={t('userManager.setterCloser')}
        value={user.setter_closer}
        onChange={(e) => set({ setter_closer: e.currentTarget.value as SetterCloserType | '' })}
        data={[
          { value: '', label: t('userManager.setterCloserNone') },
          ...SETTER_CLOSER_TYPES.map((type) => ({
            value: type,
            label: t(`userManager.setterCloserTypes.${type}`),
          })),
        ]}
      />
      <UserRoleSelect value={user.roles} onChange={(roles) => set({ roles })} />
      <TeamRolesInput value={user.teams} onChange={(teams) => set({ teams })} />
      <RegionSelector value={user.region_id} onChange={(region_id) => set({ region_id })} />
      <ProductSelector
        multiple
        label={t('userManager.defaultProducts')}
        value={user.default_products}
        onChange={(default_products) => set({ default_products })}
      />
      {actor.super_admin && orgChoices && (
        <MultiSelect
          label={t('userManager.orgs')}
          value={user.orgs.map(String)}
          onChange={(ids) => set({ orgs: ids.map(Number) })}
          data={orgChoices.map((o) => ({ value: String(o.id), label: `${o.name} (${o.id})` }))}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </>
  );
}
