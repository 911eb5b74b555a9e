import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import type { ContestRow } from '#src/device/hooks/useContests.ts';
import { useContestData, useContestList } from '#src/device/hooks/useContests.ts';
import { contestStatus } from '#src/domain/contests.ts';
import { can } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { ContestCard } from './components/ContestCard.tsx';
import { DeleteContest } from './components/DeleteContest.tsx';
import { useContestActions } from './hooks/useContestActions.ts';

// The form is for admins only: its code loads when it first opens.
const ContestForm = lazy(() =>
  import('./components/ContestForm.tsx').then((m) => ({ default: m.ContestForm })),
);

/** The clock the statuses are read at, moved on every minute so a contest starts and ends on screen. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * `/contest`: the org's contests, running first, then upcoming, then finished, each with its live
 * standings from the deals on this device and, once decided, its winner. Admins create, edit and
 * delete them through the contest commands, so it all works offline and syncs.
 */
export function ContestsPage() {
  const { t } = useTranslation('contests');
  const actor = useActor();
  const now = useMinute();
  const contests = useContestList(now);
  const data = useContestData(contests, now);
  const actions = useContestActions();
  const [editing, setEditing] = useState<ContestRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContestRow>();
  const canManage = !recordDenial(actor, 'contests', 'create', undefined);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('contests.title')}
        </Title>
        {canManage && <Button onClick={() => setEditing('new')}>{t('contests.new')}</Button>}
      </Group>
      {!can(actor, 'contests.read') ? (
        <Alert color="yellow">{t('contests.noAccess')}</Alert>
      ) : !contests || !data ? (
        <Group>
          <Loader size="sm" />
          <Text>{t('contests.loading')}</Text>
        </Group>
      ) : contests.length ? (
        contests.map((contest) => (
          <ContestCard
            key={contest._id}
            contest={contest}
            status={contestStatus(contest, now)}
            data={data}
            me={actor.user_id}
            manage={
              canManage
                ? { onEdit: () => setEditing(contest), onDelete: () => setDeleting(contest) }
                : undefined
            }
          />
        ))
      ) : (
        <Text>{t('contests.empty')}</Text>
      )}
      {editing && (
        <Suspense fallback={<Loader size="sm" aria-label={t('contests.formLoading')} />}>
          <ContestForm
            key={editing === 'new' ? 'new' : editing._id}
            contest={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      <DeleteContest
        row={deleting}
        onClose={() => setDeleting(undefined)}
        onConfirm={(row) => void actions.remove(row)}
      />
    </Stack>
  );
}
