/**
 * The email that carries a signed proposal's link to its homeowner, in English or Spanish: plain
 * text and simple HTML saying the org's name, who signed and when, the link and until when it
 * works. Every value is put in as text (escaped in the HTML), never as markup. The test email an
 * admin sends from Settings → Email is here too.
 */
import { formatDate } from '#src/domain/format.ts';
import type { Language } from '#src/domain/language.ts';
import type { MailMessage } from './mailer.ts';

export interface ShareEmailFacts {
  orgName: string;
  proposalName: string;
  signerName: string;
  /** The day it was signed, YYYY-MM-DD. */
  signedDay: string;
  link: string;
  /** When the link stops working (ISO date-time). */
  expiresAt: string;
}

type Fill = Record<string, string>;

interface Words {
  subject: string;
  greeting: string;
  thanks: string;
  linkIntro: string;
  opens: string;
  until: string;
  testSubject: string;
  testBody: string;
}

const WORDS: Record<Language, Words> = {
  en: {
    subject: 'Your signed proposal from {org}',
    greeting: 'Hello {signer},',
    thanks:
      'Thank you for signing your proposal with {org}. Here is your copy of “{proposal}”, signed by {signer} on {day}:',
    linkIntro: 'Open your signed proposal',
    opens: 'The link opens the signed PDF and shows where your project stands.',
    until: 'It works until {expires}; after that, ask your sales representative for a new one.',
    testSubject: 'Test email from {org}',
    testBody:
      'This is a test email from {org}. Email is set up: homeowners will receive their signed proposals this way.',
  },
  es: {
    subject: 'Su propuesta firmada de {org}',
    greeting: 'Hola, {signer}:',
    thanks:
      'Gracias por firmar su propuesta con {org}. Aquí tiene su copia de «{proposal}», firmada por {signer} el {day}:',
    linkIntro: 'Abrir su propuesta firmada',
    opens: 'El enlace abre el PDF firmado y muestra en qué punto está su proyecto.',
    until: 'Funciona hasta el {expires}; después, pida uno nuevo a su representante de ventas.',
    testSubject: 'Correo de prueba de {org}',
    testBody:
      'Este es un correo de prueba de {org}. El correo está configurado: los propietarios recibirán así sus propuestas firmadas.',
  },
};

const fill = (text: string, values: Fill) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/** One line of a value: line breaks and other control characters become spaces. */
const oneLine = (text: string) =>
  Array.from(text, (ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? ' ' : ch))
    .join('')
    .trim();

const LONG_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };

/** The homeowner's email: subject, plain text and HTML. */
export function shareEmailMessage(facts: ShareEmailFacts, language: Language): Omit<MailMessage, 'to'> {
  const w = WORDS[language];
  const values: Fill = {
    org: oneLine(facts.orgName),
    signer: oneLine(facts.signerName),
    proposal: oneLine(facts.proposalName),
    day: formatDate(`${facts.signedDay}T00:00:00Z`, language, LONG_DATE),
    expires: formatDate(facts.expiresAt, language, LONG_DATE),
  };
  const paragraphs = [fill(w.greeting, values), fill(w.thanks, values)];
  const after = [`${w.opens} ${fill(w.until, values)}`, values.org as string];
  const text = [...paragraphs, facts.link, ...after].join('\n\n');
  const p = (t: string) => `<p>${escapeHtml(t)}</p>`;
  const href = escapeHtml(facts.link);
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    ...paragraphs.map(p),
    `<p><a href="${href}">${escapeHtml(w.linkIntro)}</a><br>${href}</p>`,
    ...after.map(p),
    '</body></html>',
  ].join('\n');
  return { subject: fill(w.subject, values), text: `${text}\n`, html };
}

/** The test email of Settings → Email. */
export function testEmailMessage(orgName: string, language: Language): Omit<MailMessage, 'to'> {
  const w = WORDS[language];
  const values = { org: oneLine(orgName) };
  const body = fill(w.testBody, values);
  return {
    subject: fill(w.testSubject, values),
    text: `${body}\n`,
    html: `<!doctype html><html lang="${language}"><body><p>${escapeHtml(body)}</p></body></html>`,
  };
}
