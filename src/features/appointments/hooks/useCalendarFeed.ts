import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useServerAction, useServerData } from '#src/device/hooks/useServerData.ts';
import type { FeedState, NewFeed } from '#src/domain/schemas/calendarFeed.ts';

const PATH = '/api/v2/calendar/feed';

/**
 * The user's calendar feed: whether it is on, its address right after making it, and make/revoke
 * (online only; a refusal shows the server's words).
 */
export function useCalendarFeed() {
  const { t } = useTranslation('appointments');
  const words = { offline: t('appointments.feed.offline'), failed: t('appointments.feed.error') };
  const read = useServerData('calendar-feed', () => api.request<FeedState>(PATH), { words });
  const action = useServerAction(words);
  // What this screen changed, over what was read (the address is shown only once, right after).
  const [changed, setChanged] = useState<{ state: FeedState; url?: string }>();
  const state =
    changed?.state ?? (read.data && { active: read.data.active, created_at: read.data.created_at });

  async function create() {
    const outcome = await action.run(() => api.request<NewFeed>(PATH, { method: 'POST', body: {} }));
    if (outcome.ok) {
      setChanged({ state: { active: true, created_at: outcome.value.created_at }, url: outcome.value.url });
    }
  }
  async function revoke() {
    const outcome = await action.run(() => api.request(PATH, { method: 'DELETE', body: {} }));
    if (outcome.ok) setChanged({ state: { active: false, created_at: null } });
  }
  return {
    state,
    url: changed?.url,
    problem: action.error ?? read.error,
    busy: action.busy,
    online: action.online,
    create,
    revoke,
  };
}
