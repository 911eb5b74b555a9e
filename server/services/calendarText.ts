/**
 * Text written into a calendar feed (ICS). A property ends at a line break, so a bare CR, LF,
 * CRLF or Unicode line/paragraph separator inside an appointment's text would start a new,
 * forged line (`\rBEGIN:VEVENT`, `\nATTENDEE:…`). Every text value goes through `feedText`
 * first: line breaks become one `\n`, which the ICS writer escapes as the two characters `\n`
 * (a line break inside the value), tabs become spaces, and every other control character (C0,
 * DEL, C1 such as NEL U+0085) is dropped.
 */

const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this drops.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** The text as it may go into an ICS text property: `\n` the only line break, no other control characters. */
export function feedText(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(/\t/g, ' ').replace(CONTROL, '');
}
