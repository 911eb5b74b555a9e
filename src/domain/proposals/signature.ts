/**
 * The homeowner's signature on a proposal: what is signed, how it is hashed, when a later change
 * voids it, and how a signed copy is verified. The device and the server apply the same rules.
 *
 * What is signed ({@link SignedContent}, version 1): the proposal's priced content (its lead,
 * financing, amount, panels and the lead guide's design inputs and results: {@link pricedContent}),
 * the proposal as the homeowner was shown it (its title and sections of label/value lines, in the
 * words shown), the printed name, the optional initials, the instant and local day of signing,
 * who held the device (the rep's user id), where it was (or null) and the SHA-256 of the drawn
 * signature's PNG bytes.
 *
 * The hash: SHA-256 (WebCrypto) over the UTF-8 bytes of the content's canonical JSON
 * ({@link canonicalJson}: object keys sorted by UTF-16 code unit at every level, no whitespace,
 * numbers as JavaScript writes them, absent and undefined fields left out), written as 64
 * lower-case hex digits. The drawn image is covered through its own SHA-256 inside the content.
 *
 * Void: a signature holds while the proposal's priced content equals the signed one; a later
 * change of the price or the design (amount, financing, panels, usage, size, products, lead)
 * voids it, and the proposal needs a new signature. Its name, date and status are not priced.
 */

import { completeDeal, financingOf } from '../deal.ts';
import { leadStatusOnSave, WON_STATUS } from './statuses.ts';

export const SIGNATURE_VERSION = 1;
/** The drawn signature's PNG may be at most this many bytes (a phone's drawing is ~10–60 KB). */
export const SIGNATURE_IMAGE_MAX_BYTES = 128 * 1024;
/** The signed content's canonical JSON may be at most this many characters. */
export const SIGNED_CONTENT_MAX_CHARS = 256 * 1024;
export const SIGNER_NAME_MAX = 200;
export const INITIALS_MAX = 10;
export const AUDIT_MAX = 20;
/** A signing time further ahead of the server's clock than this is refused (a phone's clock may be off). */
export const SIGNED_AT_MAX_AHEAD_MS = 24 * 3_600_000;

/** The lead guide's design inputs and results that are priced (all of `details` the guide writes). */
const PRICED_DETAILS = [
  'utility',
  'usage_source',
  'monthly_bill',
  'rate',
  'annual_kwh',
  'sun_hours',
  'panel_wattage',
  'required_kw',
  'system_kw',
  'product_ids',
] as const;

type Plain = string | number | null;

/** The price and design of a proposal: what a signature covers and a later change voids. */
export interface PricedContent {
  lead_id: string | null;
  financer: string | null;
  option: string | null;
  amount: number | null;
  panels: number | null;
  details: Record<(typeof PRICED_DETAILS)[number], Plain | string[]>;
}

export interface ShownLine {
  label: string;
  value: string;
}
export interface ShownSection {
  title: string;
  lines: ShownLine[];
  note?: string;
}
/** The proposal as the homeowner read it: the words of the printed proposal. */
export interface ShownProposal {
  title: string;
  subtitle: string;
  sections: ShownSection[];
}

export interface SignaturePosition {
  lat: number;
  lng: number;
  accuracy: number;
}

export interface SignedContent {
  v: typeof SIGNATURE_VERSION;
  proposal_id: string;
  priced: PricedContent;
  shown: ShownProposal;
  signer_name: string;
  initials: string | null;
  /** The instant of signing (ISO, UTC) and the day it was on the device's clock (YYYY-MM-DD). */
  signed_at: string;
  signed_day: string;
  /** The user whose device took the signature. */
  signed_by: string;
  position: SignaturePosition | null;
  image_sha256: string;
}

export type AuditEventName = 'viewed' | 'signed' | 'synced';
/** One line of a signature's audit trail: what happened, who, when and where (null: not known). */
export interface AuditEvent {
  event: AuditEventName;
  by: string;
  at: string;
  position: SignaturePosition | null;
}

/** A signature as the proposal keeps it (the drawn image travels in the signed PDF). */
export interface StoredSignature {
  hash: string;
  content: SignedContent;
  file_id: string | null;
  audit: AuditEvent[];
}

/** What `proposal.sign.v1` carries: the content, its hash, the drawn PNG (base64) and the PDF's file. */
export interface SignatureArgs {
  proposal_id: string;
  content: SignedContent;
  hash: string;
  image: string;
  file_id: string | null;
  audit: AuditEvent[];
}

const plain = (value: unknown): Plain =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A proposal row's priced content, every field present (null when unset), product ids sorted. */
export function pricedContent(row: Record<string, unknown>): PricedContent {
  const d = (row.details && typeof row.details === 'object' ? row.details : {}) as Record<string, unknown>;
  const details = {} as PricedContent['details'];
  for (const key of PRICED_DETAILS) {
    details[key] =
      key === 'product_ids'
        ? (Array.isArray(d[key]) ? (d[key] as unknown[]).map(String) : []).sort()
        : plain(d[key]);
  }
  return {
    lead_id: typeof row.lead_id === 'string' ? row.lead_id : null,
    financer: typeof row.financer === 'string' ? row.financer : null,
    option: typeof row.option === 'string' ? row.option : null,
    amount: typeof row.amount === 'number' && Number.isFinite(row.amount) ? row.amount : null,
    panels: typeof row.panels === 'number' && Number.isFinite(row.panels) ? row.panels : null,
    details,
  };
}

/** JSON with object keys sorted at every level and no whitespace: the same value gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonical JSON has no place for a non-finite number');
    return JSON.stringify(Object.is(value, -0) ? 0 : value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`canonical JSON has no place for a ${typeof value}`);
}

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of bytes (WebCrypto, on the device and the server alike), as 64 lower-case hex digits. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** The signature's hash: SHA-256 of the UTF-8 bytes of the content's canonical JSON. */
export function signatureHash(content: SignedContent): Promise<string> {
  return sha256Hex(new TextEncoder().encode(canonicalJson(content)));
}

/** The bytes of base64 text, or undefined when it is not base64. */
export function base64Bytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Bytes as base64 text. */
export function bytesBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Whether the bytes start as a PNG file does. */
export const isPng = (bytes: Uint8Array) => PNG_MAGIC.every((b, i) => bytes[i] === b);

/** Why a signature cannot be taken as sent, or undefined when its image and content match its hash. */
export type SignatureProblem = 'image' | 'imageHash' | 'hash' | 'proposal';

export async function signatureProblem(args: SignatureArgs): Promise<SignatureProblem | undefined> {
  if (args.content.proposal_id !== args.proposal_id) return 'proposal';
  const image = base64Bytes(args.image);
  if (!image || !isPng(image) || image.byteLength > SIGNATURE_IMAGE_MAX_BYTES) return 'image';
  if ((await sha256Hex(image)) !== args.content.image_sha256) return 'imageHash';
  if ((await signatureHash(args.content)) !== args.hash) return 'hash';
  return undefined;
}

/** Whether a proposal's priced content is still what was signed. */
export function signatureHolds(row: Record<string, unknown>, signature: StoredSignature): boolean {
  return canonicalJson(pricedContent(row)) === canonicalJson(signature.content.priced);
}

/** The signature a proposal row keeps, or undefined (a row without one, or one of an unknown shape). */
export function storedSignatureOf(row: Record<string, unknown>): StoredSignature | undefined {
  const s = row.signature as Partial<StoredSignature> | null | undefined;
  if (
    !s ||
    typeof s !== 'object' ||
    typeof s.hash !== 'string' ||
    !s.content ||
    typeof s.content !== 'object'
  )
    return undefined;
  return { hash: s.hash, content: s.content, file_id: s.file_id ?? null, audit: s.audit ?? [] };
}

export type SignatureState = 'unsigned' | 'signed' | 'void';

/** A proposal is unsigned, signed (and unchanged in price and design since), or its signature is void. */
export function signatureState(row: Record<string, unknown>): SignatureState {
  const signature = storedSignatureOf(row);
  if (!signature) return 'unsigned';
  return signatureHolds(row, signature) ? 'signed' : 'void';
}

/**
 * What taking a signature changes on the proposal: the signature kept (with its audit trail and,
 * on the server, the 'synced' line), and the status Won when it signs the proposal as it stands.
 * A signature of a price or design the proposal no longer has is kept, void, and wins nothing.
 */
export function signedProposalChanges(
  row: Record<string, unknown>,
  args: SignatureArgs,
  synced?: AuditEvent,
): { signature: StoredSignature; status?: typeof WON_STATUS } {
  const signature: StoredSignature = {
    hash: args.hash,
    content: args.content,
    file_id: args.file_id,
    audit: synced ? [...args.audit, synced] : args.audit,
  };
  return signatureHolds(row, signature) ? { signature, status: WON_STATUS } : { signature };
}

/**
 * The lead's change when a proposal is signed: Contract Signed (only when the proposal becomes
 * Won, as any won proposal moves its lead) with the deal's value: the proposal's amount, the
 * system's size, the financing and the day it was signed, completed by the shared deal rule.
 */
export function leadChangeOnSigning(
  before: Record<string, unknown>,
  content: SignedContent,
): Record<string, unknown> {
  const status = leadStatusOnSave(before.status as string | null | undefined, WON_STATUS);
  const size = content.priced.details.system_kw;
  const deal = completeDeal({
    contract_amount: content.priced.amount,
    system_size_kw: typeof size === 'number' && size > 0 ? size : null,
    price_per_watt: null,
    financing: financingOf(content.priced.option),
    contract_signed_date: content.signed_day,
    crc_date: null,
    permit_filed: null,
    permit_received: null,
    install_ready_date: null,
  });
  const change: Record<string, unknown> = status ? { deal_stage_status: status } : {};
  for (const key of [
    'contract_amount',
    'system_size_kw',
    'price_per_watt',
    'financing',
    'contract_signed_date',
  ] as const)
    if (deal[key] !== null) change[key] = deal[key];
  return change;
}

/** What a signed copy (the signed PDF) carries: the content, its hash and the drawn PNG (base64). */
export interface SignedCopy {
  content: SignedContent;
  hash: string;
  image: string;
}

export type Verification =
  | { state: 'unchanged' }
  | { state: 'changed'; reason: 'copy' | 'otherSignature' | 'proposal' };

/**
 * Checks a signed copy against itself and the proposal: its content and image must give its hash,
 * the hash must be the signature the proposal keeps, and the proposal's price and design must
 * still be what was signed. Anything else: changed after signing.
 */
export async function verifySignedCopy(
  copy: SignedCopy,
  row: Record<string, unknown>,
): Promise<Verification> {
  const problem = await signatureProblem({
    proposal_id: copy.content?.proposal_id,
    content: copy.content,
    hash: copy.hash,
    image: copy.image,
    file_id: null,
    audit: [],
  }).catch(() => 'hash' as const);
  if (problem) return { state: 'changed', reason: 'copy' };
  const signature = storedSignatureOf(row);
  if (!signature || signature.hash !== copy.hash || copy.content.proposal_id !== (row._id ?? row.id))
    return { state: 'changed', reason: 'otherSignature' };
  return signatureHolds(row, signature) ? { state: 'unchanged' } : { state: 'changed', reason: 'proposal' };
}

/** What the device knows when the homeowner signs; {@link buildSignature} makes the signature of it. */
export interface SigningInput {
  row: Record<string, unknown>;
  shown: ShownProposal;
  signerName: string;
  initials: string;
  signedAt: Date;
  signedDay: string;
  signedBy: string;
  position: SignaturePosition | null;
  image: Uint8Array;
  fileId: string | null;
  audit: AuditEvent[];
}

/** The signature of a proposal as it stands: its content, the image's and the content's hashes. */
export async function buildSignature(input: SigningInput): Promise<SignatureArgs> {
  const proposalId = String(input.row._id ?? input.row.id);
  const content: SignedContent = {
    v: SIGNATURE_VERSION,
    proposal_id: proposalId,
    priced: pricedContent(input.row),
    shown: input.shown,
    signer_name: input.signerName.trim(),
    initials: input.initials.trim() || null,
    signed_at: input.signedAt.toISOString(),
    signed_day: input.signedDay,
    signed_by: input.signedBy,
    position: input.position,
    image_sha256: await sha256Hex(input.image),
  };
  return {
    proposal_id: proposalId,
    content,
    hash: await signatureHash(content),
    image: bytesBase64(input.image),
    file_id: input.fileId,
    audit: input.audit,
  };
}
