import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64Bytes,
  buildSignature,
  bytesBase64,
  canonicalJson,
  leadChangeOnSigning,
  pricedContent,
  SIGNATURE_IMAGE_MAX_BYTES,
  type SignatureArgs,
  type SigningInput,
  signatureHash,
  signatureProblem,
  signatureState,
  signedProposalChanges,
  verifySignedCopy,
} from './signature.ts';
import { proposalSignSchema } from './signatureSchema.ts';

const PROPOSAL_ID = '00000000-0000-4000-8000-0000000000a1';
const LEAD_ID = '00000000-0000-4000-8000-0000000000b1';
const REP_ID = '00000000-0000-4000-8000-0000000000c1';

const ROW: Record<string, unknown> = {
  _id: PROPOSAL_ID,
  lead_id: LEAD_ID,
  name: 'Rooftop 8 kW',
  financer: 'GoodLeap',
  option: 'Loan',
  date: '2026-11-24',
  panels: 20,
  status: 'Sent',
  amount: 24_000,
  details: {
    utility: 'APS',
    usage_source: 'annual',
    annual_kwh: 11_680,
    sun_hours: 5,
    panel_wattage: 400,
    required_kw: 8,
    system_kw: 8,
    product_ids: ['p2', 'p1'],
  },
};

/** A PNG's first bytes and some drawing. */
const png = (size = 64, fill = 7) => {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

const input = (over: Partial<SigningInput> = {}): SigningInput => ({
  row: ROW,
  shown: {
    title: 'Solar proposal: Rooftop 8 kW',
    subtitle: '2026-11-24',
    sections: [{ title: 'Financing', lines: [{ label: 'Amount', value: '$24,000.00' }] }],
  },
  signerName: '  Dee Homeowner ',
  initials: '',
  signedAt: new Date('2026-11-24T18:30:00.000Z'),
  signedDay: '2026-11-24',
  signedBy: REP_ID,
  position: { lat: 33.45, lng: -112.07, accuracy: 12 },
  image: png(),
  fileId: null,
  audit: [{ event: 'signed', by: REP_ID, at: '2026-11-24T18:30:00.000Z', position: null }],
  ...over,
});

describe('canonical JSON', () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ z: { y: [3, { d: 1, c: null }] }, a: 'x' }, '{"a":"x","z":{"y":[3,{"c":null,"d":1}]}}'],
    [{ a: undefined, b: -0 }, '{"b":0}'],
    [[undefined, 1.5, 'é'], '[null,1.5,"é"]'],
    [{ é: 1, e: 2, E: 3 }, '{"E":3,"e":2,"é":1}'],
  ])('%j is %s', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('has no place for what JSON cannot say', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
    expect(() => canonicalJson({ a: () => 1 })).toThrow();
  });

  it('property: the order keys were written in never changes the text', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
        expect(JSON.parse(canonicalJson(object))).toEqual(JSON.parse(JSON.stringify(object)));
      }),
    );
  });
});

describe('what a signature covers', () => {
  it('the priced content: every price and design field, null when unset, products sorted', () => {
    expect(pricedContent(ROW)).toEqual({
      lead_id: LEAD_ID,
      financer: 'GoodLeap',
      option: 'Loan',
      amount: 24_000,
      panels: 20,
      details: {
        utility: 'APS',
        usage_source: 'annual',
        monthly_bill: null,
        rate: null,
        annual_kwh: 11_680,
        sun_hours: 5,
        panel_wattage: 400,
        required_kw: 8,
        system_kw: 8,
        product_ids: ['p1', 'p2'],
      },
    });
    expect(pricedContent({ name: 'x' })).toMatchObject({
      lead_id: null,
      amount: null,
      details: { rate: null },
    });
  });

  it('the hash is SHA-256 of the canonical JSON, the image by its own SHA-256', async () => {
    const args = await buildSignature(input());
    expect(args.content).toMatchObject({
      v: 1,
      proposal_id: PROPOSAL_ID,
      signer_name: 'Dee Homeowner',
      initials: null,
      signed_at: '2026-11-24T18:30:00.000Z',
      image_sha256: createHash('sha256').update(png()).digest('hex'),
    });
    expect(args.hash).toBe(createHash('sha256').update(canonicalJson(args.content), 'utf8').digest('hex'));
    expect(args.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(base64Bytes(args.image)).toEqual(png());
    expect(proposalSignSchema.safeParse(args).success).toBe(true);
  });
});

describe('the server takes a signature only when its hash is its content', () => {
  const cases: [string, (a: SignatureArgs) => SignatureArgs, string | undefined][] = [
    ['as the device made it', (a) => a, undefined],
    ['for another proposal', (a) => ({ ...a, proposal_id: LEAD_ID }), 'proposal'],
    ['a forged hash', (a) => ({ ...a, hash: 'f'.repeat(64) }), 'hash'],
    [
      'the price changed under the same hash',
      (a) => ({ ...a, content: { ...a.content, priced: { ...a.content.priced, amount: 1 } } }),
      'hash',
    ],
    [
      'another name under the same hash',
      (a) => ({ ...a, content: { ...a.content, signer_name: 'Eve' } }),
      'hash',
    ],
    ['another drawing under the same hash', (a) => ({ ...a, image: bytesBase64(png(64, 9)) }), 'imageHash'],
    ['not a PNG', (a) => ({ ...a, image: bytesBase64(new Uint8Array(64).fill(1)) }), 'image'],
    ['not base64', (a) => ({ ...a, image: 'not base64!' }), 'image'],
    [
      'a drawing larger than the cap',
      (a) => ({ ...a, image: bytesBase64(png(SIGNATURE_IMAGE_MAX_BYTES + 1)) }),
      'image',
    ],
  ];
  it.each(cases)('%s', async (_, change, problem) => {
    expect(await signatureProblem(change(await buildSignature(input())))).toBe(problem);
  });

  it('the wire schema refuses an oversized drawing, a bad hash and an empty name before any hashing', async () => {
    const args = await buildSignature(input());
    const problems = (value: unknown) =>
      proposalSignSchema.safeParse(value).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(problems({ ...args, image: bytesBase64(png(SIGNATURE_IMAGE_MAX_BYTES + 3)) })).toEqual(['image']);
    expect(problems({ ...args, hash: 'abc' })).toEqual(['hash']);
    expect(problems({ ...args, content: { ...args.content, signer_name: '  ' } })).toEqual([
      'content.signer_name',
    ]);
    expect(
      problems({
        ...args,
        audit: [{ event: 'synced', by: REP_ID, at: args.content.signed_at, position: null }],
      }),
    ).toEqual(['audit.0.event']);
    expect(problems({ ...args, extra: 1 })).toEqual(['']);
  });
});

describe('a later change of the price or design voids the signature', () => {
  const signed = async () => ({ ...ROW, ...signedProposalChanges(ROW, await buildSignature(input())) });

  it('a proposal without a signature is unsigned; signing it as it stands wins it', async () => {
    expect(signatureState(ROW)).toBe('unsigned');
    const row = await signed();
    expect(row.status).toBe('Won');
    expect(signatureState(row)).toBe('signed');
  });

  it.each([
    ['the amount', { amount: 25_000 }],
    ['the financing', { option: 'Cash' }],
    ['the financer', { financer: 'Sunlight' }],
    ['the panels', { panels: 21 }],
    ['the lead', { lead_id: REP_ID }],
    ['the system size', { details: { ...(ROW.details as object), system_kw: 8.4 } }],
    ['the products', { details: { ...(ROW.details as object), product_ids: ['p1'] } }],
    ['the usage', { details: { ...(ROW.details as object), annual_kwh: 12_000 } }],
  ])('changing %s voids it', async (_, change) => {
    expect(signatureState({ ...(await signed()), ...change })).toBe('void');
  });

  it.each([
    ['the name', { name: 'Rooftop (signed)' }],
    ['the date', { date: '2026-12-01' }],
    ['the status', { status: 'Sent' }],
    ['the product order', { details: { ...(ROW.details as object), product_ids: ['p1', 'p2'] } }],
  ])('changing %s does not', async (_, change) => {
    expect(signatureState({ ...(await signed()), ...change })).toBe('signed');
  });

  it('a signature of a price the proposal no longer has is kept, void, and wins nothing', async () => {
    const args = await buildSignature(input());
    const moved = { ...ROW, amount: 30_000 };
    const synced = { event: 'synced' as const, by: REP_ID, at: '2026-11-25T08:00:00.000Z', position: null };
    const changes = signedProposalChanges(moved, args, synced);
    expect(changes.status).toBeUndefined();
    expect(changes.signature.audit.map((e) => e.event)).toEqual(['signed', 'synced']);
    expect(signatureState({ ...moved, ...changes })).toBe('void');
  });
});

describe('signing moves the lead to Contract Signed with the deal', () => {
  it.each([
    [
      'a proposal becoming Won: the status, the amount, the size, the price per watt, the financing and the day',
      'Sent',
      {},
      {
        deal_stage_status: 'Contract Signed',
        contract_amount: 24_000,
        system_size_kw: 8,
        price_per_watt: 3,
        financing: 'Loan',
        contract_signed_date: '2026-11-24',
      },
    ],
    [
      'an already won proposal signed again: the deal only',
      'Won',
      {},
      {
        contract_amount: 24_000,
        system_size_kw: 8,
        price_per_watt: 3,
        financing: 'Loan',
        contract_signed_date: '2026-11-24',
      },
    ],
    [
      'no amount and no size: the status, financing and day',
      'Draft',
      { amount: null, details: { system_kw: null } },
      { deal_stage_status: 'Contract Signed', financing: 'Loan', contract_signed_date: '2026-11-24' },
    ],
  ])('%s', async (_, status, over, expected) => {
    const row = { ...ROW, ...over, status };
    const args = await buildSignature(input({ row }));
    expect(leadChangeOnSigning(row, args.content)).toEqual(expected);
  });
});

describe('a signed copy verifies against its proposal', () => {
  it.each([
    ['as signed', (c: Copy) => c, (r: Row) => r, { state: 'unchanged' }],
    [
      'its content edited',
      (c: Copy) => ({ ...c, content: { ...c.content, signer_name: 'Eve' } }),
      (r: Row) => r,
      { state: 'changed', reason: 'copy' },
    ],
    [
      'its hash edited',
      (c: Copy) => ({ ...c, hash: '0'.repeat(64) }),
      (r: Row) => r,
      { state: 'changed', reason: 'copy' },
    ],
    [
      'its drawing swapped',
      (c: Copy) => ({ ...c, image: bytesBase64(png(80)) }),
      (r: Row) => r,
      { state: 'changed', reason: 'copy' },
    ],
    ['garbage', () => ({}) as Copy, (r: Row) => r, { state: 'changed', reason: 'copy' }],
    [
      'a copy of an earlier signature',
      (c: Copy) => c,
      (r: Row) => ({ ...r, signature: { ...(r.signature as object), hash: 'a'.repeat(64) } }),
      { state: 'changed', reason: 'otherSignature' },
    ],
    [
      'the proposal repriced since',
      (c: Copy) => c,
      (r: Row) => ({ ...r, amount: 1 }),
      { state: 'changed', reason: 'proposal' },
    ],
  ])('%s', async (_, copyChange, rowChange, expected) => {
    const args = await buildSignature(input());
    const row = { ...ROW, ...signedProposalChanges(ROW, args) };
    const copy = { content: args.content, hash: args.hash, image: args.image };
    expect(await verifySignedCopy(copyChange(copy), rowChange(row))).toEqual(expected);
  });
});

type Copy = Parameters<typeof verifySignedCopy>[0];
type Row = Record<string, unknown>;

describe('property: any priced content signs, hashes alike and holds until changed', () => {
  it('the hash is the same however the row was written; any change of the amount voids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 500 }),
        fc.string({ maxLength: 30 }),
        async (amount, panels, financer) => {
          const row = { ...ROW, amount, panels, financer };
          const reordered = Object.fromEntries(Object.entries(row).reverse());
          const a = await buildSignature(input({ row }));
          const b = await buildSignature(input({ row: reordered }));
          expect(a.hash).toBe(b.hash);
          expect(await signatureHash(a.content)).toBe(a.hash);
          const signedRow = { ...row, ...signedProposalChanges(row, a) };
          expect(signatureState(signedRow)).toBe('signed');
          expect(signatureState({ ...signedRow, amount: amount + 0.01 })).toBe('void');
        },
      ),
      { numRuns: 40 },
    );
  });
});
