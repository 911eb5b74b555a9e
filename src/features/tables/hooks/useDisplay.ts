import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '#src/db/rows.ts';
import { useNamedRows } from '#src/device/hooks/useTableRows.ts';
import { formatCurrency, formatDateTime } from '#src/domain/format.ts';
import { formatPhone } from '#src/domain/phone.ts';
import { isAnswered } from '#src/domain/surveys/answers.ts';
import type { ColumnDefinition } from '#src/domain/tables/registry.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { timeAgo } from '#src/ui/timeAgo.ts';

const NUMERIC_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};

export type DisplayValue = (column: ColumnDefinition, value: unknown) => string;

type Names = Map<string, string>;

function namesOf(rows: readonly TableRow[]): Names {
  const map: Names = new Map();
  for (const row of rows) map.set(row._id, typeof row.name === 'string' ? row.name : '');
  return map;
}

/**
 * How a value reads in the table (names for user, team and region ids, formatted phones and
 * dates): the same text is shown, searched, sorted, grouped and exported.
 */
export function useDisplay(): DisplayValue {
  // Names only, from the row index: a table of 100,000 leads with 10,000 users reads no full user.
  const users = useNamedRows('users');
  const teams = useNamedRows('teams');
  const regions = useNamedRows('regions');
  const templates = useNamedRows('survey_templates');
  const { t } = useTranslation('surveys');
  const names = useMemo(
    () => ({
      users: namesOf(users),
      teams: namesOf(teams),
      regions: namesOf(regions),
      templates: namesOf(templates),
    }),
    [users, teams, regions, templates],
  );
  return useCallback(
    (column: ColumnDefinition, value: unknown): string => {
      if (value === null || value === undefined || value === '') return '';
      const name = (map: Names, id: unknown) => map.get(String(id)) ?? String(id);
      switch (column.type) {
        case 'user':
          return name(names.users, value);
        case 'users':
          return Array.isArray(value) ? value.map((id) => name(names.users, id)).join(', ') : String(value);
        case 'team':
          return name(names.teams, value);
        case 'region':
          return name(names.regions, value);
        case 'template':
          return name(names.templates, value);
        case 'answers':
          return value && typeof value === 'object'
            ? t('surveys.answerCount', { count: Object.values(value).filter(isAnswered).length })
            : '';
        case 'phone':
          return formatPhone(String(value));
        case 'datetime': {
          if (column.relative) return timeAgo(String(value));
          // Numeric, with seconds: a table compares times row by row.
          return formatDateTime(String(value), shownLanguage(), NUMERIC_DATE_TIME) || String(value);
        }
        case 'currency': {
          const n = Number(value);
          return Number.isFinite(n) ? formatCurrency(n, shownLanguage()) : '';
        }
        case 'boolean':
          return value === true || value === 'true' ? '✓' : '✗';
        case 'json':
          return typeof value === 'object' ? JSON.stringify(value) : String(value);
        default:
          return Array.isArray(value) ? value.join(', ') : String(value);
      }
    },
    [names, t],
  );
}
