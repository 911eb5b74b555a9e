import { createEvents } from 'ics';
import { describe, expect, it } from 'vitest';
import { feedText } from './calendarText.ts';

describe('feedText', () => {
  it.each([
    ['plain text', 'Bring the roof samples', 'Bring the roof samples'],
    ['LF', 'a\nb', 'a\nb'],
    ['CRLF', 'a\r\nb', 'a\nb'],
    ['bare CR', 'a\rb', 'a\nb'],
    ['CR then LF then CR', 'a\r\n\rb', 'a\n\nb'],
    ['line separator', 'a\u2028b', 'a\nb'],
    ['paragraph separator', 'a\u2029b', 'a\nb'],
    ['injected event', 'x\rBEGIN:VEVENT', 'x\nBEGIN:VEVENT'],
    ['tab', 'a\tb', 'a b'],
    ['backspace and form feed', 'a\b\fb', 'ab'],
    ['vertical tab', 'a\u000bb', 'ab'],
    ['NEL (C1)', 'a\u0085ATTENDEE:x', 'aATTENDEE:x'],
    ['other C1', 'a\u0080\u009fb', 'ab'],
    ['DEL', 'a\u007fb', 'ab'],
    ['escape sequence', 'a\u001b[31mb', 'a[31mb'],
    ['NUL', 'a\u0000b', 'ab'],
    ['accents and emoji stay', 'José 🏠 ñ', 'José 🏠 ñ'],
    ['empty', '', ''],
  ])('%s', (_name, input, expected) => {
    expect(feedText(input)).toBe(expected);
  });

  it('leaves no line of a written calendar starting with an injected property', () => {
    const hostile =
      'Fix\rBEGIN:VEVENT\r\nUID:evil\nATTENDEE:mailto:x@example.com\u2028DTSTART:1\u0085END:VEVENT\u2029X';
    const { error, value } = createEvents([
      {
        uid: 'one@test',
        start: Date.UTC(2030, 0, 1, 15),
        startInputType: 'utc',
        startOutputType: 'utc',
        duration: { hours: 1 },
        title: feedText(hostile),
        description: feedText(hostile),
        location: feedText(hostile),
      },
    ]);
    expect(error).toBeFalsy();
    const lines = String(value).split('\r\n');
    // Only CRLF ends a line; no stray CR or LF remains anywhere.
    expect(lines.every((line) => !/[\r\n]/.test(line))).toBe(true);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    for (const property of ['UID:evil', 'ATTENDEE', 'DTSTART:1'])
      expect(lines.some((line) => line.startsWith(property))).toBe(false);
  });
});
