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

/** A person's name as it is stored: the whole name, and its parts. */
export interface NameColumns {
  name: string;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The stored name of a lead or a user given as one `name` (SPEC section 5): kept as 'First Last'
 * with its first and last names, wherever it is set (an add, an edit, a person's own profile), so
 * saving a name unchanged never changes how it reads. First and last names given beside it win.
 */
export function nameColumns(
  name: string,
  given: { first_name?: string | null; last_name?: string | null } = {},
): NameColumns {
  const parsed = parseName(name);
  return {
    name: parsed.fullName,
    first_name: given.first_name !== undefined ? given.first_name : parsed.firstName || null,
    last_name: given.last_name !== undefined ? given.last_name : parsed.lastName || null,
  };
}
