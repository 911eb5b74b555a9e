/**
 * The printable proposal, made on the device with pdf-lib (so it works offline): a band in the
 * org's colour with its name, the title, then each section's label/value lines, wrapped and paged.
 * Loaded only when a PDF is asked for (its own chunk).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { ProposalPdfInput } from './pdfInput.ts';

const PAGE = { width: 612, height: 792 } as const; // US Letter, in points
const MARGIN = 48;
const BAND = 72;
const DEFAULT_COLOR = '#1c7ed6';

function hexColor(hex: string | null) {
  const match =
    /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '') ?? /^#(..)(..)(..)$/.exec(DEFAULT_COLOR);
  const [r, g, b] = (match as RegExpExecArray).slice(1).map((h) => Number.parseInt(h, 16) / 255) as [
    number,
    number,
    number,
  ];
  // Text on the band: white on dark colours, near-black on light ones (WCAG relative luminance).
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return { band: rgb(r, g, b), text: luminance > 0.179 ? rgb(0.1, 0.1, 0.1) : rgb(1, 1, 1) };
}

/** Text the standard fonts can draw: characters outside their set become '?'. */
function drawable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return Array.from(text.replace(/[\r\n\t]+/g, ' '))
    .map((ch) => (set.has(ch.codePointAt(0) ?? 0) ? ch : '?'))
    .join('');
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      // A word longer than the line is cut where it fills it.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** Writes on a proposal's pages: paragraphs that wrap and page, and room for a block of a given height. */
export interface ProposalWriter {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  /** The page being written and the height the next line starts at. */
  at(): { page: PDFPage; y: number };
  paragraph(text: string, font: PDFFont, size: number, indent?: number): void;
  /** Starts a new page unless `needed` points fit on this one. */
  room(needed: number): void;
  /** Moves down by `by` points. */
  skip(by: number): void;
  /** A section's rule and title. */
  heading(title: string): void;
  margin: number;
  width: number;
}

/** Lays the proposal out on a new document's pages; answers the writer to add more (a signature). */
export async function drawProposal(doc: PDFDocument, input: ProposalPdfInput): Promise<ProposalWriter> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(drawable(regular, input.title));
  doc.setAuthor(drawable(regular, input.author));
  doc.setCreator(drawable(regular, input.orgName));
  const colors = hexColor(input.brandColor);
  const width = PAGE.width - 2 * MARGIN;
  const dark = rgb(0.1, 0.1, 0.1);
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = 0;

  const band = () => {
    page.drawRectangle({ x: 0, y: PAGE.height - BAND, width: PAGE.width, height: BAND, color: colors.band });
    page.drawText(drawable(bold, input.orgName || ' '), {
      x: MARGIN,
      y: PAGE.height - BAND / 2 - 8,
      size: 22,
      font: bold,
      color: colors.text,
    });
    y = PAGE.height - BAND - 32;
  };
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    band();
  };
  const paragraph = (text: string, font: PDFFont, size: number, indent = 0) => {
    for (const line of wrap(font, drawable(font, text), size, width - indent)) {
      room(size + 4);
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: dark });
      y -= size + 4;
    }
  };
  const heading = (title: string) => {
    room(40);
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y: y + 14 },
      end: { x: PAGE.width - MARGIN, y: y + 14 },
      thickness: 1,
      color: colors.band,
    });
    paragraph(title, bold, 14);
  };

  band();
  paragraph(input.title, bold, 18);
  if (input.subtitle) paragraph(input.subtitle, regular, 12);
  y -= 8;
  for (const section of input.sections) {
    heading(section.title);
    for (const line of section.lines)
      paragraph(line.value.trim() ? `${line.label}: ${line.value}` : line.label, regular, 11, 8);
    if (section.note) paragraph(section.note, regular, 9, 8);
    y -= 6;
  }
  return {
    doc,
    regular,
    bold,
    at: () => ({ page, y }),
    paragraph,
    room,
    skip: (by) => {
      y -= by;
    },
    heading,
    margin: MARGIN,
    width,
  };
}

export async function buildProposalPdf(input: ProposalPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  await drawProposal(doc, input);
  return doc.save();
}
