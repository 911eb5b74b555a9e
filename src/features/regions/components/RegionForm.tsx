import { Alert, Button, ColorInput, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REGION_FILLS } from '#src/domain/regionGeometry.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { TeamSelector } from '#src/ui/selectors/TeamSelector.tsx';
import { UserSelector } from '#src/ui/selectors/UserSelector.tsx';
import { useRegionEditor } from '../hooks/useRegionEditor.ts';
import { RegionMap } from './RegionMap.tsx';

/** A region as its managers change it: the outline on the map, name, colour, reps and teams. */
export function RegionForm({
  regionId,
  row,
  teamIds,
  contactIds,
}: {
  regionId: string | null;
  row: Record<string, unknown> | undefined;
  teamIds: string[];
  contactIds: readonly string[];
}) {
  const { t } = useTranslation('regions');
  const editor = useRegionEditor(regionId, row, teamIds);
  const { draft, change } = editor;
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack>
      <RegionMap
        editable
        geometry={draft.geometry}
        color={draft.color}
        contactIds={contactIds}
        onChange={(geometry) => change({ geometry })}
      />
      {editor.problem && (
        <Alert color="red" title={t('regions.outlineProblem')}>
          {t(`regions.geometry.${editor.problem}`)}
        </Alert>
      )}
      <Stack
        component="form"
        aria-label={t('regions.form')}
        maw={720}
        onSubmit={(e) => {
          e.preventDefault();
          void editor.save();
        }}
      >
        <TextInput
          label={t('regions.name')}
          required
          value={draft.name}
          onChange={(e) => change({ name: e.currentTarget.value })}
        />
        <ColorInput
          label={t('regions.color')}
          description={t('regions.colorHelp')}
          format="hex"
          // The browser's eye dropper picks from the screen, not from the map's fills.
          withEyeDropper={false}
          swatches={[...REGION_FILLS]}
          value={draft.color}
          onChange={(color) => change({ color })}
        />
        <UserSelector
          multiple
          label={t('regions.people')}
          value={draft.manager_ids}
          onChange={(manager_ids) => change({ manager_ids })}
        />
        <TeamSelector
          multiple
          label={t('regions.teams')}
          value={draft.team_ids}
          onChange={(team_ids) => change({ team_ids })}
        />
        {editor.error && (
          <Alert color="red" role="alert" title={t('regions.notSaved')}>
            {editor.error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={editor.saving}>
            {t('regions.save')}
          </Button>
          {!editor.creating && (
            <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
              {t('regions.delete')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={t('regions.deleteTitle', { name: draft.name })}
        message={t('regions.deleteExplained')}
        confirmLabel={t('regions.confirmDelete')}
        onClose={() => setDeleting(false)}
        onConfirm={() => void editor.remove()}
      />
    </Stack>
  );
}
