import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { api } from '#src/api/appClient.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { useSyncNow } from '#src/device/hooks/useSyncState.ts';
import { mediaContentPath } from '#src/domain/media.ts';
import { isProfilePhotoType } from '#src/domain/profilePhoto.ts';
import { showToast, toastError } from '#src/ui/toasts.tsx';
import { resizeImage } from '../utils/resizeImage.ts';

/**
 * Changes a user's photo: the image is resized on the device, its bytes uploaded through the media
 * path, then set as the user's photo on the server (online only: it is a change to their account).
 * The user's row reaches the device with the next pull, started at once.
 */
export function useProfilePhoto(userId: string, name: string) {
  const { t } = useTranslation(['users', 'admin']);
  const syncNow = useSyncNow();
  const action = useServerAction({
    offline: t('userManager.photo.needsConnection'),
    failed: t('admin:admin.users.editError'),
  });

  // The spec's red toast for a user not edited, the reason under it.
  const fail = (reason: string) => toastError(t('admin:admin.users.editError'), reason);

  async function change(file: File | null): Promise<void> {
    if (!file) return;
    if (!isProfilePhotoType(file.type)) return void fail(t('userManager.photo.notImage'));
    const outcome = await action.run(async () => {
      const photo = await resizeImage(file).catch(() => undefined);
      if (!photo) return false;
      const mediaId = uuidv7();
      await api.request(mediaContentPath(mediaId), { method: 'PUT', body: photo });
      await api.request('/api/v2/users/pfp', { method: 'POST', body: { _id: userId, media_id: mediaId } });
      return true;
    });
    if (!outcome.ok) return void fail(outcome.error);
    if (!outcome.value) return void fail(t('userManager.photo.unreadable'));
    showToast({ title: t('admin:admin.users.edited'), message: name });
    void syncNow().catch(() => undefined);
  }

  return { change, busy: action.busy };
}
