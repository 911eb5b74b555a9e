/** The announcement form's values, their problems, and the fields a save sends. */
import type { AnnouncementRow } from '#src/db/rows.ts';
import type { AnnouncementCategory } from '#src/domain/schemas/records.ts';

export interface Draft {
  title: string;
  category: AnnouncementCategory;
  /** The announcement's day on this device's calendar, YYYY-MM-DD. */
  day: string;
  /** The editor's HTML. */
  content: string;
  linkUrl: string;
  linkButton: string;
  imageUrl: string;
  /** Files linked from the announcement, by name and web address. */
  files: DraftFile[];
}

export interface DraftFile {
  name: string;
  url: string;
}

const WEB_ADDRESS = /^https?:\/\/\S+$/i;
const pad = (n: number) => String(n).padStart(2, '0');

/** `date` as a day on this device's calendar. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function draftOf(row: AnnouncementRow | undefined, now: Date): Draft {
  const date = row?.date ? new Date(row.date) : now;
  return {
    title: row?.title ?? '',
    category: row?.category ?? 'General',
    day: localDay(Number.isNaN(date.getTime()) ? now : date),
    content: row?.content ?? '',
    linkUrl: row?.link?.url ?? '',
    linkButton: row?.link?.button_text ?? '',
    imageUrl: row?.image_url ?? '',
    files: (row?.files ?? []).map((f) => ({ name: f.name, url: f.url })),
  };
}

export type DraftProblems = Partial<Record<'title' | 'linkUrl' | 'linkButton' | 'imageUrl', true>> & {
  /** Per file: its name missing, its address not a web address. */
  files?: Record<number, { name?: true; url?: true }>;
};

export function draftProblems(draft: Draft): DraftProblems {
  const problems: DraftProblems = {};
  const url = draft.linkUrl.trim();
  const image = draft.imageUrl.trim();
  if (!draft.title.trim()) problems.title = true;
  if ((url && !WEB_ADDRESS.test(url)) || (!url && draft.linkButton.trim())) problems.linkUrl = true;
  if (url && !draft.linkButton.trim()) problems.linkButton = true;
  if (image && !WEB_ADDRESS.test(image)) problems.imageUrl = true;
  draft.files.forEach((file, i) => {
    const name = !file.name.trim() ? true : undefined;
    const url = !WEB_ADDRESS.test(file.url.trim()) ? true : undefined;
    if (name || url)
      problems.files = { ...problems.files, [i]: { ...(name && { name }), ...(url && { url }) } };
  });
  return problems;
}

/** The day's moment: now when it is today, else noon of that day on this device's calendar. */
function dayMoment(day: string, now: Date): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d || day === localDay(now)) return now.toISOString();
  return new Date(y, m - 1, d, 12).toISOString();
}

/**
 * The fields a save sends (content already turned into stored rich text). The date goes only on a
 * new announcement or when its day was changed, so an edit keeps the original moment.
 */
export function announcementChanges(
  draft: Draft,
  initial: Draft,
  existing: AnnouncementRow | undefined,
  now: Date,
): Record<string, unknown> {
  const url = draft.linkUrl.trim();
  const fields: Record<string, unknown> = {
    title: draft.title.trim(),
    category: draft.category,
    content: draft.content,
    link: url ? { url, button_text: draft.linkButton.trim() } : null,
    image_url: draft.imageUrl.trim() || null,
    files: draft.files.map((f) => ({ name: f.name.trim(), url: f.url.trim() })),
  };
  if (!existing || (draft.day && draft.day !== initial.day)) fields.date = dayMoment(draft.day, now);
  return fields;
}
