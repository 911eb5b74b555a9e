import type { TFunction } from 'i18next';
import type { Duplicate, ImportFieldError } from '#src/domain/leadImport.ts';
import { sheetRow } from '#src/domain/leadImport.ts';

/** The field's name as the screen shows it (schema fields outside the list show as they are). */
export function fieldLabel(t: TFunction<'leads'>, field: string): string {
  return t(`leadImport.fields.${field}`, { defaultValue: field });
}

export function errorText(t: TFunction<'leads'>, error: ImportFieldError): string {
  return t(`leadImport.errors.${error.code}`, error.params ?? {});
}

export function duplicateText(t: TFunction<'leads'>, duplicate: Duplicate): string {
  return duplicate.of === 'device'
    ? t('leadImport.problems.duplicateDevice', { name: duplicate.name || t('lead.unnamed') })
    : t('leadImport.problems.duplicateFile', { row: sheetRow(duplicate.index) });
}
