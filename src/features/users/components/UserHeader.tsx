import { Avatar, Badge, Button, FileButton, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { can } from '#src/domain/permissions.ts';
import { initialsOf, PROFILE_PHOTO_TYPES } from '#src/domain/profilePhoto.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { useProfilePhoto } from '../hooks/useProfilePhoto.ts';

interface HeaderUser {
  _id: string;
  name?: string | undefined;
  pfp?: string | null | undefined;
  access_level?: string | undefined;
  status?: boolean | null | undefined;
}

/**
 * The person's picture (or at most two initials), name, access level and, for themself and
 * admins, the way to change the picture (uploading a file needs the right to add files).
 */
export function UserHeader({ user }: { user: HeaderUser }) {
  const { t } = useTranslation(['users', 'admin']);
  const actor = useActor();
  const name = user.name ?? '';
  const level = user.access_level ?? '';
  const photo = useProfilePhoto(user._id, name);
  const mayChange =
    (actor.user_id === user._id || can(actor, 'users.manage')) &&
    !recordDenial(actor, 'media', 'create', undefined);

  return (
    <Group>
      <Avatar src={user.pfp || null} alt={name} size="lg" color="blue">
        {initialsOf(name)}
      </Avatar>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {name}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{t(`admin:admin.users.levels.${level}`, { defaultValue: level })}</Badge>
          {user.status === false && <Badge color="red">{t('admin:admin.users.deletedBadge')}</Badge>}
          {mayChange && (
            <FileButton onChange={(file) => void photo.change(file)} accept={PROFILE_PHOTO_TYPES.join(',')}>
              {(props) => (
                <Button {...props} size="compact-xs" variant="default" loading={photo.busy}>
                  {t('userManager.photo.change')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
