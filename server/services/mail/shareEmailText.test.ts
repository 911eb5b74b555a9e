import { describe, expect, it } from 'vitest';
import { shareEmailMessage, testEmailMessage } from './shareEmailText.ts';

const facts = {
  orgName: 'Demo Solar',
  proposalName: 'Rooftop 8 kW',
  signerName: 'Dee Homeowner',
  signedDay: '2026-11-24',
  link: 'https://crm.example/signed/AbC_123-xyz',
  expiresAt: '2026-12-24T10:00:00.000Z',
};

describe('the homeowner’s email', () => {
  it.each([
    {
      language: 'en' as const,
      subject: 'Your signed proposal from Demo Solar',
      lines: [
        'Hello Dee Homeowner,',
        'Here is your copy of “Rooftop 8 kW”, signed by Dee Homeowner on November 24, 2026:',
        'It works until December 24, 2026',
      ],
    },
    {
      language: 'es' as const,
      subject: 'Su propuesta firmada de Demo Solar',
      lines: [
        'Hola, Dee Homeowner:',
        'Aquí tiene su copia de «Rooftop 8 kW», firmada por Dee Homeowner el 24 de noviembre de 2026:',
        'Funciona hasta el 24 de diciembre de 2026',
      ],
    },
  ])(
    'says the org, who signed and when, the link and its expiry in $language',
    ({ language, subject, lines }) => {
      const message = shareEmailMessage(facts, language);
      expect(message.subject).toBe(subject);
      for (const line of lines) {
        expect(message.text).toContain(line);
        expect(message.html).toContain(line);
      }
      expect(message.text).toContain(`\n\n${facts.link}\n\n`);
      expect(message.html).toContain(`<a href="${facts.link}">`);
      expect(message.html).toContain(`<html lang="${language}">`);
      expect(message.text.trim().endsWith('Demo Solar')).toBe(true);
    },
  );

  it('puts names in as text: markup is escaped, line breaks cannot start a header', () => {
    const message = shareEmailMessage(
      {
        ...facts,
        orgName: 'Evil <b>Co</b>\r\nBcc: eve@evil.example',
        signerName: '<script>alert(1)</script>',
        proposalName: '"quoted" & \'single\'',
      },
      'en',
    );
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.subject).toBe('Your signed proposal from Evil <b>Co</b>  Bcc: eve@evil.example');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.html).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
    expect(message.html).not.toContain('<b>Co</b>');
  });

  it('a test email names the org in either language', () => {
    expect(testEmailMessage('Demo Solar', 'en')).toMatchObject({ subject: 'Test email from Demo Solar' });
    const es = testEmailMessage('Demo <Solar>', 'es');
    expect(es.subject).toBe('Correo de prueba de Demo <Solar>');
    expect(es.html).toContain('Demo &lt;Solar&gt;');
  });
});
