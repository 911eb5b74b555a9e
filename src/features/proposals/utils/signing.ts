/**
 * The sign screen's checks and words: what stops 'Sign' (no drawing, no printed name), the drawn
 * PNG's bytes, the proposal as shown (the printable proposal's words) and the lines of the
 * signature block, on the screen and in the signed PDF.
 */
import type { TFunction } from 'i18next';
import { formatDateTime, formatNumber } from '#src/domain/format.ts';
import type { Language } from '#src/domain/language.ts';
import {
  base64Bytes,
  INITIALS_MAX,
  type ShownProposal,
  SIGNER_NAME_MAX,
  type SignatureArgs,
  type SignaturePosition,
  type SignedContent,
} from '#src/domain/proposals/signature.ts';
import type { PdfLine, ProposalPdfInput } from '../pdf/pdfInput.ts';

export interface SignForm {
  /** Whether the pad holds a drawing. */
  drawn: boolean;
  name: string;
  initials: string;
}

export type SignProblem = 'signature' | 'name' | 'nameTooLong' | 'initialsTooLong';

/** Why 'Sign' is refused, field by field (none: it may go ahead). */
export function signFormProblems(
  form: SignForm,
): Partial<Record<'signature' | 'name' | 'initials', SignProblem>> {
  const problems: Partial<Record<'signature' | 'name' | 'initials', SignProblem>> = {};
  if (!form.drawn) problems.signature = 'signature';
  const name = form.name.trim();
  if (!name) problems.name = 'name';
  else if (name.length > SIGNER_NAME_MAX) problems.name = 'nameTooLong';
  if (form.initials.trim().length > INITIALS_MAX) problems.initials = 'initialsTooLong';
  return problems;
}

/** The bytes of a PNG data URL (what the signature pad gives), or undefined for anything else. */
export function pngBytesOfDataUrl(url: string): Uint8Array | undefined {
  const prefix = 'data:image/png;base64,';
  return url.startsWith(prefix) ? base64Bytes(url.slice(prefix.length)) : undefined;
}

/** The proposal as shown for signing: the printable proposal's title and sections. */
export function shownOf(input: ProposalPdfInput): ShownProposal {
  return {
    title: input.title,
    subtitle: input.subtitle,
    sections: input.sections.map((s) => ({
      title: s.title,
      lines: s.lines.map((l) => ({ label: l.label, value: l.value })),
      ...(s.note ? { note: s.note } : {}),
    })),
  };
}

/** '33.44838, -112.07404 (accurate to 12 m)', or 'position not known'. */
export function positionText(
  position: SignaturePosition | null,
  t: TFunction<'proposals'>,
  language: Language,
): string {
  if (!position) return t('proposals.signature.positionUnknown');
  const degrees = (v: number) =>
    formatNumber(v, language, { minimumFractionDigits: 5, maximumFractionDigits: 5 });
  return t('proposals.signature.position', {
    latitude: degrees(position.lat),
    longitude: degrees(position.lng),
    accuracy: formatNumber(Math.round(position.accuracy), language),
  });
}

/** The signature block's lines: printed name, time (with the instant in UTC), position, initials, hash. */
export function signatureLines(
  content: SignedContent,
  hash: string,
  t: TFunction<'proposals'>,
  language: Language,
): PdfLine[] {
  const when = formatDateTime(content.signed_at, language, { dateStyle: 'long', timeStyle: 'long' });
  return [
    { label: t('proposals.signature.pdf.signedBy'), value: content.signer_name },
    { label: t('proposals.signature.pdf.signedAt'), value: `${when} (${content.signed_at})` },
    { label: t('proposals.signature.pdf.position'), value: positionText(content.position, t, language) },
    ...(content.initials ? [{ label: t('proposals.signature.pdf.initials'), value: content.initials }] : []),
    { label: t('proposals.signature.pdf.hash'), value: hash },
  ];
}

/**
 * The signed PDF of a signature (pdf-lib, loaded on first use): the proposal as shown, the drawing,
 * the signature block's lines, the initials on every page and the signed copy attached.
 */
/**
 * The signed PDF's code (pdf-lib), a chunk of its own: the proposal's page fetches it while there
 * is a connection, so a homeowner can sign once the signal has gone.
 */
export const loadSignedPdf = () => import('../pdf/signedPdf.ts');

export async function signedPdfOf(
  signature: SignatureArgs,
  proposal: ProposalPdfInput,
  image: Uint8Array,
  signedAt: Date,
  t: TFunction<'proposals'>,
  language: Language,
): Promise<Uint8Array> {
  const { content, hash } = signature;
  const { buildSignedProposalPdf } = await loadSignedPdf();
  return buildSignedProposalPdf({
    proposal,
    heading: t('proposals.signature.pdf.heading'),
    lines: signatureLines(content, hash, t, language),
    note: t('proposals.signature.pdf.note'),
    initials: content.initials
      ? t('proposals.signature.pdf.initialsFooter', { initials: content.initials })
      : null,
    image,
    copy: { content, hash, image: signature.image },
    signedAt,
  });
}
