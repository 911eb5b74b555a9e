import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { dealOf } from '#src/domain/deal.ts';
import { formatCurrency, formatNumber } from '#src/domain/format.ts';
import { formatPhone } from '#src/domain/phone.ts';
import { CONTACT_DATE_FIELDS } from '#src/domain/schemas/lead.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import { text } from '../utils/text.ts';
import { FieldList } from './FieldList.tsx';
import { PlacementNote } from './PlacementNote.tsx';
import { Section } from './Section.tsx';

/** The spec's selectable contact dates, in its order. */
const DATE_FIELDS = Object.values(CONTACT_DATE_FIELDS);

/** The signed deal's figures, as a person reads them. */
function dealItems(lead: LeadRow, t: TFunction<'leads'>) {
  const deal = dealOf(lead);
  const language = shownLanguage();
  return [
    {
      label: t('leadDetail.fields.contract_amount'),
      value: deal.contract_amount === null ? '' : formatCurrency(deal.contract_amount, language),
    },
    {
      label: t('leadDetail.fields.system_size_kw'),
      value: deal.system_size_kw === null ? '' : formatNumber(deal.system_size_kw, language),
    },
    {
      label: t('leadDetail.fields.price_per_watt'),
      value:
        deal.price_per_watt === null
          ? ''
          : formatNumber(deal.price_per_watt, language, {
              style: 'currency',
              currency: 'USD',
              maximumFractionDigits: 4,
            }),
    },
    {
      label: t('leadDetail.fields.financing'),
      value: deal.financing ? t(`deal.financing.${deal.financing}`) : '',
    },
  ];
}

/** The lead's own fields, grouped as a rep reads them: contact, address, deal and the six dates. */
export function LeadFields({ lead }: { lead: LeadRow }) {
  const { t } = useTranslation('leads');
  const field = (key: string, value?: string) => ({
    label: t(`leadDetail.fields.${key}` as MessageKey<'leads'>),
    value: value ?? text(lead[key]),
  });
  const language = lead.preferred_language ?? '';
  const coordinates = Array.isArray(lead.coordinates) ? lead.coordinates : undefined;
  const yesNo =
    typeof lead.new_roof === 'boolean' ? t(lead.new_roof ? 'leadDetail.yes' : 'leadDetail.no') : '';
  const appointment = [lead.appointment_date ?? '', lead.appointment_time ?? ''].filter(Boolean).join(' ');
  return (
    <>
      <Section title={t('leadDetail.sections.contact')}>
        <FieldList
          items={[
            field('name'),
            field('phone', lead.phone ? formatPhone(lead.phone) : ''),
            field('email'),
            field('language', language ? t(`lead.languages.${language}`, { defaultValue: language }) : ''),
          ]}
        />
      </Section>
      <Section title={t('leadDetail.sections.address')}>
        <FieldList
          items={[
            field('address'),
            field('city'),
            field('state'),
            field('zip'),
            field(
              'coordinates',
              coordinates ? `${coordinates[1]?.toFixed(5)}, ${coordinates[0]?.toFixed(5)}` : '',
            ),
          ]}
        />
        <PlacementNote lead={lead} />
      </Section>
      <Section title={t('leadDetail.sections.deal')}>
        <FieldList
          items={[
            field('deal_stage'),
            field('deal_stage_status'),
            field('lead_source'),
            field('property_type'),
            field('credit_score'),
            field('new_roof', yesNo),
            field('roof_type'),
            ...dealItems(lead, t),
          ]}
        />
      </Section>
      <Section title={t('leadDetail.sections.dates')}>
        <FieldList
          items={DATE_FIELDS.map((key) => field(key, key === 'appointment_date' ? appointment : undefined))}
        />
      </Section>
    </>
  );
}
