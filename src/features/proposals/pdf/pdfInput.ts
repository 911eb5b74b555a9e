/**
 * What the printable proposal shows, in words already translated: built from the device's rows
 * by the screen (so the PDF code stays a lazily loaded chunk that only lays text out).
 */
import type { TFunction } from 'i18next';
import type { ProposalPrintData } from '#src/device/hooks/useProposals.ts';
import { formatCurrency, formatNumber } from '#src/domain/format.ts';
import type { Language } from '#src/domain/language.ts';
import type { MessageKey } from '#src/ui/messages.ts';

export interface PdfLine {
  label: string;
  value: string;
}

export interface PdfSection {
  title: string;
  lines: PdfLine[];
  /** A paragraph under the lines (the formula). */
  note?: string;
}

export interface ProposalPdfInput {
  orgName: string;
  /** The org's colour (#rrggbb), or null for the app's default. */
  brandColor: string | null;
  title: string;
  subtitle: string;
  sections: PdfSection[];
  /** The document's metadata. */
  author: string;
}

const str = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';

export function proposalPdfInput(
  data: ProposalPrintData,
  t: TFunction<'proposals'>,
  language: Language,
): ProposalPdfInput {
  const { proposal: p, lead, products, branding } = data;
  const d = (p.details ?? {}) as Record<string, unknown>;
  const number = (v: unknown) => (typeof v === 'number' ? formatNumber(v, language) : '');
  const money = (v: unknown) => (typeof v === 'number' ? formatCurrency(v, language) : '');
  const kw = (v: unknown) => (typeof v === 'number' ? t('proposals.kw', { value: number(v) }) : '');
  const none = t('proposals.pdf.none');
  const survey = (p.survey_response ?? null) as {
    template?: unknown;
    date?: unknown;
    answers?: unknown;
  } | null;
  const answers = Array.isArray(survey?.answers)
    ? (survey.answers as { question?: unknown; answer?: unknown }[])
    : [];
  const orgName = branding.org_name ?? '';
  const keep = (lines: PdfLine[]) => lines.filter((l) => l.value);
  return {
    orgName,
    brandColor: branding.primary_color,
    title: `${t('proposals.pdf.proposal')}: ${str(p.name)}`,
    subtitle: [str(p.date), p.status ? t(`proposals.statuses.${p.status}`, { defaultValue: p.status }) : '']
      .filter(Boolean)
      .join(' · '),
    author: orgName,
    sections: [
      {
        title: t('proposals.pdf.homeowner'),
        lines: keep([
          { label: t('proposals.columns.name'), value: str(lead?.name) },
          { label: t('proposals.pdf.address'), value: str(lead?.address) },
        ]),
      },
      {
        title: t('proposals.pdf.system'),
        lines: keep([
          { label: t('proposals.pdf.utility'), value: str(d.utility) },
          {
            label: t('proposals.pdf.usage'),
            value: d.annual_kwh !== undefined ? `${number(d.annual_kwh)} kWh` : '',
          },
          { label: t('proposals.sunHours'), value: number(d.sun_hours) },
          { label: t('proposals.panelWattage'), value: number(d.panel_wattage) },
          { label: t('proposals.panels'), value: number(p.panels) },
          { label: t('proposals.requiredKw'), value: kw(d.required_kw) },
          { label: t('proposals.systemKw'), value: kw(d.system_kw) },
        ]),
        note: `${t('proposals.pdf.formula')}: ${t('proposals.formula')}`,
      },
      {
        title: t('proposals.pdf.products'),
        lines: products.length
          ? products.map((pr) => ({ label: str(pr.name), value: money(pr.price) || '—' }))
          : [{ label: none, value: ' ' }],
      },
      {
        title: t('proposals.pdf.financing'),
        lines: keep([
          { label: t('proposals.financer'), value: str(p.financer) },
          {
            label: t('proposals.option'),
            value: p.option ? t(`proposals.options.${p.option}` as MessageKey<'proposals'>) : '',
          },
          { label: t('proposals.columns.amount'), value: money(p.amount) },
          { label: t('proposals.date'), value: str(p.date) },
          {
            label: t('proposals.status'),
            value: p.status ? t(`proposals.statuses.${p.status}` as MessageKey<'proposals'>) : '',
          },
        ]),
      },
      {
        title: [t('proposals.pdf.survey'), str(survey?.template), str(survey?.date)]
          .filter(Boolean)
          .join(' · '),
        lines: answers.length
          ? answers.map((a) => ({ label: str(a.question), value: str(a.answer) }))
          : [{ label: none, value: ' ' }],
      },
    ],
  };
}
