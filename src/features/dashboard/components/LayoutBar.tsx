import { Badge, Button, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LayoutRow } from '#src/db/rows.ts';

interface LayoutBarProps {
  layouts: readonly LayoutRow[];
  layout: LayoutRow | undefined;
  canAddLayout: boolean;
  canEdit: boolean;
  canSetGlobal: boolean;
  onChoose(id: string): void;
  onAddLayout(): void;
  onRename(): void;
  onDelete(): void;
  onSetGlobal(global: boolean): void;
  onAddCard(): void;
}

/** The layout picker and what can be done with the layout shown. */
export function LayoutBar(props: LayoutBarProps) {
  const { t } = useTranslation('dashboard');
  const { layouts, layout, canEdit } = props;
  const global = layout?.is_global === true;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('dashboard.layout.choose')}
        data={layouts.map((l) => ({
          value: l._id,
          label: l.is_global ? t('dashboard.layout.globalName', { name: l.name }) : (l.name ?? ''),
        }))}
        value={layout?._id ?? null}
        onChange={(id) => id && props.onChoose(id)}
        allowDeselect={false}
        w={260}
        maw="100%"
      />
      {global && (
        <Badge variant="light" mb={6}>
          {t('dashboard.layout.global')}
        </Badge>
      )}
      {props.canAddLayout && (
        <Button variant="default" onClick={props.onAddLayout}>
          {t('dashboard.layout.add')}
        </Button>
      )}
      {layout && canEdit && (
        <>
          <Button onClick={props.onAddCard}>{t('dashboard.card.add')}</Button>
          <Button variant="default" onClick={props.onRename}>
            {t('dashboard.layout.rename')}
          </Button>
          <Button variant="default" color="red" onClick={props.onDelete}>
            {t('dashboard.layout.delete')}
          </Button>
        </>
      )}
      {layout && props.canSetGlobal && (
        <Button variant="light" onClick={() => props.onSetGlobal(!global)}>
          {global ? t('dashboard.layout.removeFromGlobal') : t('dashboard.layout.setGlobal')}
        </Button>
      )}
    </Group>
  );
}
