/** Name parsing (SPEC section 5): 'Last, First' or 'First … Last'. */

export interface ParsedName {
  firstName: string;
  lastName: string;
  fullName: string;
  name: string;
}

export function parseName(input: string | null | undefined): ParsedName {
  const clean = (input ?? '').replace(/\s+/g, ' ').trim();
  let firstName = '';
  let lastName = '';
  if (clean.includes(',')) {
    const [last, ...rest] = clean.split(',');
    lastName = (last ?? '').trim();
    firstName = rest.join(' ').replace(/\s+/g, ' ').trim();
  } else {
    const parts = clean.split(' ').filter(Boolean);
    if (parts.length === 1) firstName = parts[0] ?? '';
    else if (parts.length > 1) {
      lastName = parts.at(-1) ?? '';
      // Middle names stay with the first name.
      firstName = parts.slice(0, -1).join(' ');
    }
  }
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  return { firstName, lastName, fullName, name: fullName };
}
