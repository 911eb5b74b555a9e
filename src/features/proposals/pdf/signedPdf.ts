/**
 * The signed proposal as a PDF, made on the device (pdf-lib, offline): the proposal exactly as it
 * was shown for signing (the signed content's words), then the signature block: the drawn
 * signature, the printed name, the time, the position and the SHA-256 of the signed content; the
 * initials, when given, at the foot of every page. The PDF carries what was signed as an attached
 * file (`signed-proposal.json`: the content, its hash and the drawing), from which the app verifies
 * it (`readSignedCopy`, `verifySignedCopy` of src/domain/proposals/signature.ts).
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  rgb,
} from 'pdf-lib';
import type { SignedCopy } from '#src/domain/proposals/signature.ts';
import { drawProposal } from './buildProposalPdf.ts';
import type { PdfLine, ProposalPdfInput } from './pdfInput.ts';

export const SIGNED_COPY_NAME = 'signed-proposal.json';
const SIGNATURE_BOX = { width: 240, height: 90 } as const;

export interface SignedPdfInput {
  /** The proposal's band, title and sections: the signed content's words. */
  proposal: ProposalPdfInput;
  /** 'Signature', and its lines: printed name, time, position, hash. */
  heading: string;
  lines: PdfLine[];
  /** How the hash can be checked (printed under the lines). */
  note: string;
  /** 'Initials: DH', printed at the foot of every page, or null. */
  initials: string | null;
  image: Uint8Array;
  copy: SignedCopy;
  signedAt: Date;
}

export async function buildSignedProposalPdf(input: SignedPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const w = await drawProposal(doc, input.proposal);
  w.heading(input.heading);
  const png = await doc.embedPng(input.image);
  const scale = Math.min(SIGNATURE_BOX.width / png.width, SIGNATURE_BOX.height / png.height, 1);
  w.room(SIGNATURE_BOX.height + 12);
  const { page, y } = w.at();
  page.drawImage(png, {
    x: w.margin + 8,
    y: y - png.height * scale,
    width: png.width * scale,
    height: png.height * scale,
  });
  page.drawLine({
    start: { x: w.margin + 8, y: y - SIGNATURE_BOX.height - 4 },
    end: { x: w.margin + 8 + SIGNATURE_BOX.width, y: y - SIGNATURE_BOX.height - 4 },
    thickness: 0.75,
    color: rgb(0.4, 0.4, 0.4),
  });
  w.skip(SIGNATURE_BOX.height + 16);
  for (const line of input.lines) w.paragraph(`${line.label}: ${line.value}`, w.regular, 11, 8);
  w.paragraph(input.note, w.regular, 9, 8);
  if (input.initials) {
    for (const p of doc.getPages())
      p.drawText(input.initials, {
        x: w.margin,
        y: w.margin / 2,
        size: 9,
        font: w.regular,
        color: rgb(0.2, 0.2, 0.2),
      });
  }
  doc.setSubject(`SHA-256 ${input.copy.hash}`);
  // A copy in this realm's Uint8Array (pdf-lib checks the type; a test's TextEncoder may be another's).
  const json = new Uint8Array(new TextEncoder().encode(JSON.stringify(input.copy)));
  await doc.attach(json, SIGNED_COPY_NAME, {
    mimeType: 'application/json',
    description: 'The signed content, its SHA-256 and the drawn signature',
    creationDate: input.signedAt,
    modificationDate: input.signedAt,
  });
  return doc.save();
}

/** The attached files of a PDF, by name. */
function attachments(doc: PDFDocument): Map<string, Uint8Array> {
  const found = new Map<string, Uint8Array>();
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const files = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = files?.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (!list) return found;
  for (let i = 0; i + 1 < list.size(); i += 2) {
    const name = list.lookup(i);
    const spec = list.lookup(i + 1);
    if (!(name instanceof PDFString || name instanceof PDFHexString) || !(spec instanceof PDFDict)) continue;
    const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (stream instanceof PDFRawStream) found.set(name.decodeText(), decodePDFRawStream(stream).decode());
  }
  return found;
}

/** What a signed PDF says was signed, or undefined when it is not a PDF or carries no signed copy. */
export async function readSignedCopy(bytes: Uint8Array): Promise<SignedCopy | undefined> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const json = attachments(doc).get(SIGNED_COPY_NAME);
    if (!json) return undefined;
    const copy = JSON.parse(new TextDecoder().decode(json)) as SignedCopy;
    return copy && typeof copy === 'object' ? copy : undefined;
  } catch {
    return undefined;
  }
}
