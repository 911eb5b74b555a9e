import { Alert, Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import * as Comlink from 'comlink';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivityLog } from '#src/device/hooks/useActivityLog.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useDatabaseName } from '#src/device/hooks/useLeads.ts';
import { type CsvColumn, toCsv } from '#src/domain/csv.ts';
import { type ColumnMapping, type ImportFieldKey, sheetRow } from '#src/domain/leadImport.ts';
import { can, scopeOf } from '#src/domain/permissions.ts';
import { downloadCsv } from '#src/ui/downloadCsv.ts';
import { ImportMapping } from './components/ImportMapping.tsx';
import { ImportPreview } from './components/ImportPreview.tsx';
import { ImportProblems } from './components/ImportProblems.tsx';
import { ImportSummaryView } from './components/ImportSummaryView.tsx';
import { useLeadImportWorker } from './hooks/useLeadImportWorker.ts';
import { duplicateText, errorText, fieldLabel } from './utils/importMessages.ts';
import type {
  ImportAnalysis,
  ImportProgress,
  ImportSummary,
  NotImportedRow,
} from './utils/LeadImportService.ts';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'reading'; fileName: string; progress?: ImportProgress }
  | { kind: 'review'; analysis: ImportAnalysis }
  | { kind: 'importing'; analysis: ImportAnalysis; progress: ImportProgress }
  | { kind: 'done'; analysis: ImportAnalysis; summary: ImportSummary };

/**
 * Import leads from a CSV file (SPEC section 3, lead import): choose a file, check the columns and
 * the rows, fix or skip the rows with problems, and import. Everything happens on the device, so
 * it works offline; the leads sync through the outbox.
 */
export function LeadImportPage() {
  const { t } = useTranslation('leads');
  const worker = useLeadImportWorker();
  const actor = useActor();
  const databaseName = useDatabaseName();
  const activity = useActivityLog();
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  const review = useCallback((analysis: ImportAnalysis) => setStep({ kind: 'review', analysis }), []);

  async function choose(file: File | null) {
    if (!file || !worker || !actor) return;
    performance.mark('import-read-start');
    setStep({ kind: 'reading', fileName: file.name });
    try {
      const analysis = await worker.load(
        file,
        file.name,
        {
          databaseName,
          userId: actor.user_id,
          mayAssignOthers: scopeOf(actor, 'contacts.create') !== 'owned',
        },
        Comlink.proxy((progress: ImportProgress) =>
          setStep((s) => (s.kind === 'reading' ? { ...s, progress } : s)),
        ),
      );
      performance.mark('import-read-done');
      setStep(
        analysis.total ? { kind: 'review', analysis } : { kind: 'choose', error: t('leadImport.noRows') },
      );
    } catch (err) {
      setStep({
        kind: 'choose',
        error: t('leadImport.readFailed', { message: err instanceof Error ? err.message : String(err) }),
      });
    }
  }

  async function start(analysis: ImportAnalysis) {
    if (!worker) return;
    performance.mark('import-start');
    setStep({
      kind: 'importing',
      analysis,
      progress: { phase: 'importing', done: 0, total: analysis.counts.ready },
    });
    let summary: ImportSummary;
    try {
      summary = await worker.run(
        Comlink.proxy((progress: ImportProgress) => {
          setStep((s) => (s.kind === 'importing' ? { ...s, progress } : s));
        }),
      );
    } catch (err) {
      // Nothing was written (failures while writing are reported in the summary itself).
      const { counts } = analysis;
      summary = {
        imported: 0,
        skipped: counts.skipped + counts.duplicates,
        errors: counts.errors + counts.ready,
        failure: err instanceof Error ? err.message : String(err),
      };
    }
    performance.mark('import-done');
    activity.event('import', { table: 'contacts', value: summary });
    setStep({ kind: 'done', analysis, summary });
  }

  async function downloadNotImported(fileName: string) {
    if (!worker) return;
    const { headers, rows } = await worker.notImported();
    const problemOf = (r: NotImportedRow) => {
      if (r.reason === 'skipped' && !r.errors.length) return t('leadImport.notImported.skipped');
      if (r.reason === 'duplicate' && r.duplicate) return duplicateText(t, r.duplicate);
      return r.errors.map((e) => `${fieldLabel(t, e.field)}: ${errorText(t, e)}`).join(' ');
    };
    const columns: CsvColumn<NotImportedRow>[] = [
      { key: 'row', label: t('leadImport.notImported.row'), value: (r: NotImportedRow) => sheetRow(r.index) },
      ...headers.map((header, i) => ({
        key: `c${i}`,
        label: header,
        value: (r: NotImportedRow) => r.cells[i] ?? '',
      })),
      {
        key: 'problem',
        label: t('leadImport.notImported.problem'),
        value: (r: NotImportedRow) => problemOf(r),
      },
    ];
    const base = fileName.replace(/\.csv$/i, '');
    downloadCsv(t('leadImport.notImported.fileName', { name: base }), toCsv<NotImportedRow>(columns, rows));
  }

  if (!actor || !can(actor, 'contacts.create')) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('leadImport.title')}
        </Title>
        <Alert color="red" role="alert">
          {t('leadImport.noPermission')}
        </Alert>
      </Stack>
    );
  }

  const chooser = (label: string, variant = 'filled') => (
    <FileButton onChange={(file) => void choose(file)} accept=".csv,text/csv">
      {(props) => (
        <Button {...props} variant={variant} disabled={!worker}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Stack maw={1100}>
      <Title order={1} size="h2">
        {t('leadImport.title')}
      </Title>
      {step.kind === 'choose' && (
        <>
          <Text>{t('leadImport.intro')}</Text>
          <Text size="sm" c="dimmed">
            {t('leadImport.ownerHint')}
          </Text>
          {step.error && (
            <Alert color="red" role="alert">
              {step.error}
            </Alert>
          )}
          <Group>{chooser(t('leadImport.choose'))}</Group>
        </>
      )}
      {step.kind === 'reading' && (
        <PhaseProgress
          label={t(`leadImport.phase.${step.progress?.phase ?? 'reading'}`)}
          progress={step.progress}
          text={
            step.progress?.phase === 'checking'
              ? t('leadImport.checkProgress', { done: step.progress.done, total: step.progress.total })
              : step.fileName
          }
        />
      )}
      {(step.kind === 'review' || step.kind === 'importing') && (
        <ReviewStep
          analysis={step.analysis}
          busy={step.kind === 'importing'}
          worker={worker}
          onAnalysis={review}
          onStart={() => void start(step.analysis)}
          chooseAnother={chooser(t('leadImport.chooseAnother'), 'default')}
        />
      )}
      {step.kind === 'importing' && (
        <PhaseProgress
          label={t('leadImport.phase.importing')}
          progress={step.progress}
          text={t('leadImport.progress', { done: step.progress.done, total: step.progress.total })}
        />
      )}
      {step.kind === 'done' && (
        <PhaseProgress
          label={t('leadImport.progressLabel')}
          progress={{ phase: 'importing', done: step.summary.imported, total: step.analysis.counts.ready }}
          text={t('leadImport.progress', { done: step.summary.imported, total: step.analysis.counts.ready })}
        />
      )}
      {step.kind === 'done' && (
        <ImportSummaryView
          summary={step.summary}
          onDownload={() => void downloadNotImported(step.analysis.fileName)}
          onAnother={() => setStep({ kind: 'choose' })}
        />
      )}
    </Stack>
  );
}

function PhaseProgress({
  label,
  progress,
  text,
}: {
  label: string;
  progress?: ImportProgress;
  text: string;
}) {
  const { t } = useTranslation('leads');
  const percent = progress?.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Text fw={500}>{label}</Text>
      <Progress value={percent} aria-label={t('leadImport.progressLabel')} animated={percent < 100} />
      <Text size="sm" c="dimmed" role="status">
        {text}
      </Text>
    </Stack>
  );
}

function ReviewStep({
  analysis,
  busy,
  worker,
  onAnalysis,
  onStart,
  chooseAnother,
}: {
  analysis: ImportAnalysis;
  busy: boolean;
  worker: ReturnType<typeof useLeadImportWorker>;
  onAnalysis: (a: ImportAnalysis) => void;
  onStart: () => void;
  chooseAnother: ReactNode;
}) {
  const { t } = useTranslation('leads');
  const apply = useCallback(
    (pending: Promise<ImportAnalysis> | undefined) => void pending?.then(onAnalysis),
    [onAnalysis],
  );
  const actions = useMemo(
    () => ({
      onEdit: (index: number, field: ImportFieldKey, value: string) =>
        apply(worker?.editRow(index, field, value)),
      onSkip: (index: number, skipped: boolean) => apply(worker?.setSkipped(index, skipped)),
      onIncludeDuplicate: (index: number, include: boolean) =>
        apply(worker?.setIncludeDuplicate(index, include)),
    }),
    [worker, apply],
  );
  const { counts } = analysis;
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={500}>
          {t('leadImport.fileSummary', { name: analysis.fileName, total: analysis.total })}
        </Text>
        {!busy && chooseAnother}
      </Group>
      <ImportMapping
        headers={analysis.headers}
        mapping={analysis.mapping}
        sample={analysis.preview[0]}
        onChange={(mapping: ColumnMapping) => apply(worker?.setMapping(mapping))}
      />
      <ImportPreview headers={analysis.headers} rows={analysis.preview} />
      <ImportProblems
        rows={analysis.flagged}
        onSkipAll={() => apply(worker?.skipAllWithErrors())}
        {...actions}
      />
      <Text role="status" aria-label={t('leadImport.title')}>
        {t('leadImport.counts', counts)}
      </Text>
      <Group>
        <Button onClick={onStart} disabled={busy || counts.ready === 0} loading={busy}>
          {t('leadImport.start', { count: counts.ready })}
        </Button>
      </Group>
    </Stack>
  );
}
