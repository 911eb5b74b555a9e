/** Body field names go to the server in snake_case (SPEC section 7), form data included. */

export function toSnakeCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

/** Converts keys of plain objects (deeply, through arrays); leaves values, dates and blobs alone. */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [toSnakeCase(k), snakeCaseKeys(v)]));
  }
  return value;
}

export function snakeCaseFormData(form: FormData): FormData {
  const out = new FormData();
  for (const [key, value] of form.entries()) out.append(toSnakeCase(key), value);
  return out;
}
