import { Alert, Box, Button, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#src/domain/format.ts';
import type { RegionGeometry } from '#src/domain/regionGeometry.ts';
import { TURF_BALANCE_BOUND, turfBalance } from '#src/domain/turfCutting.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { TurfReviewMap } from './TurfReviewMap.tsx';
import { issueWords } from './turfIssues.ts';
import type { useTurfCut } from './useTurfCut.ts';

type Flow = ReturnType<typeof useTurfCut>;

/** A cut under review: the turfs on a map to reshape, each with its rep, doors and weight; then 'Assign'. */
export function TurfReview({
  region,
  flow,
  onAssigned,
}: {
  region: RegionGeometry;
  flow: Flow;
  onAssigned(): void;
}) {
  const { t } = useTranslation('regions');
  const review = flow.review;
  if (!review) return null;
  const language = shownLanguage();
  const percent = (share: number) =>
    formatNumber(share, language, { style: 'percent', maximumFractionDigits: 0 });
  const names = new Map(flow.reps.map((rep) => [rep.id, rep.name]));
  const nameOf = new Map(review.drafts.map((d) => [d.id, d.name]));
  // The balance of the turfs as they stand now: a corner dragged moves doors between them.
  const balance = turfBalance(review.drafts.filter((draft) => draft.polygon !== null));
  const notes = [
    balance.withinBound
      ? t('turfs.balanced', { bound: percent(TURF_BALANCE_BOUND) })
      : t('turfs.unbalanced', {
          deviation: percent(balance.maxDeviation),
          bound: percent(TURF_BALANCE_BOUND),
        }),
    ...review.cut.issues.map((issue) => issueWords(t, issue, names)),
  ];
  const problems = flow.problems.map((p) =>
    t(`turfs.problems.${p.problem}`, { name: nameOf.get(p.id) ?? '' }),
  );

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('turfs.reviewTitle')}
      </Title>
      <Text size="sm">{t('turfs.reviewHint')}</Text>
      <TurfReviewMap doorIds={flow.doorIds} region={region} review={review} onChange={flow.reshape} />
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {review.drafts.map((draft) => (
          <Group component="li" key={draft.id} justify="space-between" wrap="wrap" gap="xs">
            <Group gap={6} wrap="nowrap">
              <Box w={12} h={12} style={{ borderRadius: 3, background: draft.color }} />
              <Text size="sm" fw={500}>
                {draft.name}
              </Text>
              <Text size="sm" c="dimmed">
                {draft.polygon
                  ? `${t('turfs.turfDoors', { count: draft.doors })} · ${t('turfs.turfWeight', {
                      weight: formatNumber(draft.weight, language, { maximumFractionDigits: 0 }),
                    })}`
                  : t('turfs.emptyTurf')}
              </Text>
            </Group>
            <Select
              size="xs"
              aria-label={t('turfs.repOf', { name: draft.name })}
              data={flow.reps.map((rep) => ({ value: rep.id, label: rep.name }))}
              value={draft.repId}
              onChange={(value) => value && flow.giveTo(draft.id, value)}
              allowDeselect={false}
              maw={220}
            />
          </Group>
        ))}
      </Stack>
      <List size="sm">
        {notes.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
      {problems.length > 0 && (
        <Alert color="red" title={problems[0]}>
          {problems.slice(1).join(' ')}
        </Alert>
      )}
      <Group>
        <Button
          color="green"
          onClick={() => void flow.assign().then((done) => done && onAssigned())}
          loading={flow.assigning}
          disabled={problems.length > 0}
        >
          {t('turfs.assign')}
        </Button>
        <Button variant="default" onClick={flow.discard}>
          {t('turfs.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
