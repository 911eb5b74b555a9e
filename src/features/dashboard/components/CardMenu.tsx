import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CARD_MOVES, type CardMove } from '../utils/placement.ts';

interface CardMenuProps {
  title: string;
  onMove(move: CardMove): void;
  onEdit(): void;
  onRemove(): void;
}

/** A card's actions: edit, move and resize from the keyboard (the alternative to dragging), remove. */
export function CardMenu({ title, onMove, onEdit, onRemove }: CardMenuProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('dashboard.card.menu', { title })}>
          <span aria-hidden>⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit} closeMenuOnClick>
          {t('dashboard.card.edit')}
        </Menu.Item>
        <Menu.Divider />
        {CARD_MOVES.map((move) => (
          <Menu.Item key={move} onClick={() => onMove(move)}>
            {t(`dashboard.card.moves.${move}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onRemove} closeMenuOnClick>
          {t('dashboard.card.remove')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
