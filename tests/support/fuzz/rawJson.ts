/** RawJson, text a body carries as it is, and toJsonText, the JSON text of a body holding such parts. */
import { randomUUID } from 'node:crypto';

/** A JSON text placed into a body as it is (numbers JSON.stringify cannot write, raw keys, nesting). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** JSON text of a value with RawJson parts written as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const marker = `__raw_${randomUUID()}_`;
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `${marker}${raws.length - 1}`;
    }
    return v;
  });
  return (text ?? 'null').replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_m, i) => raws[Number(i)] as string);
}
