import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userAddSchema } from '#src/domain/schemas/user.ts';
import { temporaryPassword } from './temporaryPassword.ts';

describe('a temporary password', () => {
  it('is 16 unambiguous letters and digits the server accepts as a password', () => {
    const password = temporaryPassword();
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
    expect(userAddSchema.safeParse({ name: 'N', email: 'n@example.com', password }).success).toBe(true);
  });

  it('differs each time', () => {
    expect(new Set(Array.from({ length: 50 }, () => temporaryPassword())).size).toBe(50);
  });

  it('keeps only unbiased bytes, whatever the random source gives', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 64 }), (bytes) => {
        let call = 0;
        // A source that repeats the given bytes, shifted on each call so it never stalls.
        const source = (out: Uint8Array) => {
          for (let i = 0; i < out.length; i++) out[i] = ((bytes[i % bytes.length] ?? 0) + call * 7 + i) % 256;
          call++;
          return out;
        };
        expect(temporaryPassword(12, source)).toHaveLength(12);
      }),
    );
  });
});
