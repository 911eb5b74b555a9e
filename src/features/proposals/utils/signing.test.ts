import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { SignedContent } from '#src/domain/proposals/signature.ts';
import { pngBytesOfDataUrl, positionText, signatureLines, signFormProblems } from './signing.ts';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction<'proposals'>;

describe("what stops 'Sign'", () => {
  it.each([
    [{ drawn: true, name: 'Dee', initials: '' }, {}],
    [{ drawn: false, name: 'Dee', initials: '' }, { signature: 'signature' }],
    [{ drawn: true, name: '   ', initials: '' }, { name: 'name' }],
    [
      { drawn: false, name: '', initials: 'DH' },
      { signature: 'signature', name: 'name' },
    ],
    [{ drawn: true, name: 'x'.repeat(201), initials: '' }, { name: 'nameTooLong' }],
    [{ drawn: true, name: 'Dee', initials: 'ABCDEFGHIJK' }, { initials: 'initialsTooLong' }],
    [{ drawn: true, name: ' Dee ', initials: ' DH ' }, {}],
  ])('%j → %j', (form, problems) => {
    expect(signFormProblems(form)).toEqual(problems);
  });
});

describe('the drawn PNG', () => {
  it.each([
    ['data:image/png;base64,iVBORw==', [0x89, 0x50, 0x4e, 0x47]],
    ['data:image/jpeg;base64,iVBORw==', undefined],
    ['data:image/png;base64,not base64!', undefined],
    ['', undefined],
  ])('%s', (url, bytes) => {
    const found = pngBytesOfDataUrl(url);
    expect(found ? [...found] : undefined).toEqual(bytes);
  });
});

describe('the signature block', () => {
  it('says the position, or that it is not known', () => {
    expect(positionText(null, t, 'en')).toBe('proposals.signature.positionUnknown');
    expect(positionText({ lat: 33.448377, lng: -112.074037, accuracy: 12.4 }, t, 'en')).toBe(
      'proposals.signature.position {"latitude":"33.44838","longitude":"-112.07404","accuracy":"12"}',
    );
  });

  it('lists the printed name, the time with its instant, the position, the initials and the hash', () => {
    const content = {
      signer_name: 'Dee Homeowner',
      initials: 'DH',
      signed_at: '2026-11-24T18:30:00.000Z',
      position: null,
    } as SignedContent;
    const lines = signatureLines(content, 'a'.repeat(64), t, 'en');
    expect(lines.map((l) => l.label)).toEqual([
      'proposals.signature.pdf.signedBy',
      'proposals.signature.pdf.signedAt',
      'proposals.signature.pdf.position',
      'proposals.signature.pdf.initials',
      'proposals.signature.pdf.hash',
    ]);
    expect(lines[1]?.value).toMatch(/2026.*\(2026-11-24T18:30:00.000Z\)$/);
    expect(lines[4]?.value).toBe('a'.repeat(64));
    expect(signatureLines({ ...content, initials: null }, 'b', t, 'en')).toHaveLength(4);
  });
});
