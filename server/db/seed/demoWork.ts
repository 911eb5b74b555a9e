/**
 * The demo org's recent work, planned around `now` (so it never goes stale): appointments of this
 * week and next, proposals in every status, filled surveys, each with the moment a person did it.
 * Pure: the same seed, leads and `now` always give the same plan, ids included. Drawn from streams
 * of their own (`workRandom`), so the contacts and deals of demoData.ts stay as they were.
 */
import { completeDeal, type Financing } from '#src/domain/deal.ts';
import { annualKwhFromBill, systemSize } from '#src/domain/proposals/index.ts';
import type { DemoUser, DemoWorld } from './demoData.ts';
import { setupTimes } from './demoSetup.ts';
import {
  answersInWords,
  DEMO_SURVEY_TEMPLATES,
  type DemoTemplateKey,
  interviewAnswers,
  siteAnswers,
} from './demoSurveys.ts';
import { addDays, DAY_MS, demoDay, demoTime, demoWeekStart, HOUR_MS, MINUTE_MS } from './demoTime.ts';
import { createRandom, type Random, seedFor } from './random.ts';

/** A stream of the demo's work, apart from the contacts' and the deals' streams. */
export function workRandom(seed: number, stream: number): Random {
  return createRandom(seedFor(seed ^ 0x3c0ffee, stream));
}

/** A lead as the plan needs it (read back from the seeded contacts). */
export interface DemoLead {
  id: string;
  owner_id: string | null;
  name: string | null;
  deal_stage: string | null;
  deal_stage_status: string | null;
  created_at: string;
  lat: number | null;
  lng: number | null;
  data: Record<string, unknown>;
}

/** How much work the demo shows for its number of contacts: every screen has some at any size. */
export interface DemoScale {
  appointmentReps: number;
  appointmentsPerRepWeek: number;
  proposalsPerStatus: number;
  interviews: number;
  pathReps: number;
  pathDays: number;
}

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));

export function demoScale(contacts: number): DemoScale {
  return {
    appointmentReps: clamp(Math.round(contacts / 400), 3, 40),
    appointmentsPerRepWeek: clamp(2 + Math.round(contacts / 5000), 2, 4),
    proposalsPerStatus: clamp(Math.round(contacts / 400), 2, 20),
    interviews: clamp(Math.round(contacts / 400), 2, 20),
    pathReps: clamp(3 + Math.round(contacts / 2500), 3, 8),
    pathDays: 3,
  };
}

export interface PlannedSurvey {
  id: string;
  template: DemoTemplateKey;
  lead_id: string;
  user_id: string;
  at: Date;
  status: 'completed' | 'draft';
  answers: Record<string, unknown>;
}

export interface PlannedAppointment {
  id: string;
  lead_id: string;
  user_id: string;
  set_at: Date;
  fields: {
    lead_id: string;
    user_id: string;
    start_time: string;
    end_time: string;
    appointment_date: string;
    appointment_type: string;
    status: string;
    notes: string | null;
  };
  /** What happened, recorded after the visit (or a cancellation before it). */
  outcome?: { status: 'Completed' | 'No Show' | 'Cancelled'; at: Date };
}

export interface PlannedProposal {
  id: string;
  lead_id: string;
  user_id: string;
  /** The fields the lead guide saves, but the status (each step sets one) and its products. */
  fields: Record<string, unknown>;
  /** Legacy ids of the products it includes. */
  products: number[];
  steps: { status: 'Draft' | 'Sent' | 'Won' | 'Lost'; at: Date }[];
  survey?: PlannedSurvey;
  /** A lead without a deal gets this one saved on it before its proposal is won. */
  deal?: Record<string, unknown>;
}

export interface DemoWork {
  appointments: PlannedAppointment[];
  proposals: PlannedProposal[];
  /** Surveys filled on their own (a proposal's site survey is with its proposal). */
  surveys: PlannedSurvey[];
}

/** The leads a rep books a visit with, those furthest along first. */
const APPOINTMENT_LEAD_RANK = new Map([
  ['Appointment Set', 0],
  ['Follow Up', 1],
  ['Needs Rescheduled', 1],
  ['Prospect', 2],
  ['Come Back', 2],
  ['Not Home 1', 3],
  ['Not Home 2', 3],
]);
/** Leads nobody books a visit with; any other lead not yet a customer will do when few are left. */
const NO_VISIT = new Set([
  'Not Interested',
  'No Soliciting',
  'Disqualified',
  'DQ Property',
  'Closed Lost',
  'Failed Credit',
  'Already Has Solar',
]);

function visitRank(lead: DemoLead): number {
  const status = lead.deal_stage_status ?? '';
  const rank = APPOINTMENT_LEAD_RANK.get(status);
  if (rank !== undefined) return rank;
  const open = lead.deal_stage === 'Contact' || lead.deal_stage === 'Lead';
  return open && !NO_VISIT.has(status) ? 4 : -1;
}
/** Start times (Phoenix) of the visits: each ends by 16:30, the same day in UTC too. */
const SLOTS: [number, number][] = [
  [9, 0],
  [10, 30],
  [12, 0],
  [13, 30],
  [15, 0],
];
const VISIT_NOTES = [
  'Both homeowners home after 5; bring the battery brochure.',
  'Asked for a comparison with their neighbour’s quote.',
  'Gate code 4417. Dog in the yard.',
  'Wants to see last summer’s bills side by side.',
];

function weighted<T>(r: Random, items: readonly [T, number][]): T {
  let x = r.next();
  for (const [item, share] of items) {
    if (x < share) return item;
    x -= share;
  }
  return (items.at(-1) as [T, number])[0];
}

function shuffled<T>(r: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const reps = (world: DemoWorld) => world.users.filter((u) => u.access_level === 'User');
const createdBy = (lead: DemoLead, at: number) => Date.parse(lead.created_at) <= at;

function planAppointments(
  world: DemoWorld,
  leads: readonly DemoLead[],
  now: Date,
  seed: number,
  scale: DemoScale,
): PlannedAppointment[] {
  const r = workRandom(seed, 1);
  const monday = demoWeekStart(now);
  const settled = now.getTime() - 14 * DAY_MS;
  const out: PlannedAppointment[] = [];
  let booking = 0;
  for (const rep of reps(world)) {
    const pool = leads
      .filter((l) => l.owner_id === rep.id && visitRank(l) >= 0 && createdBy(l, settled))
      .sort((a, b) => visitRank(a) - visitRank(b));
    // Reps with leads to visit, as many as the demo's size asks for.
    if (!pool.length) continue;
    if (++booking > scale.appointmentReps) break;
    // Distinct days (Monday to Saturday) each week, so a rep is never double booked; one week and
    // the other in turn, so a rep with few leads to visit still has both.
    const days = [0, 1].map((week) =>
      shuffled(r, [0, 1, 2, 3, 4, 5])
        .slice(0, scale.appointmentsPerRepWeek)
        .map((offset) => week * 7 + offset),
    );
    // Every other rep starts with next week, so even a demo of a few leads has visits in both.
    const [opening, other] = booking % 2 ? [days[0], days[1]] : [days[1], days[0]];
    const turns = opening?.flatMap((first, i) => [first, other?.[i] as number]) ?? [];
    for (const offset of turns) {
      const lead = pool.shift();
      if (!lead) break;
      out.push(appointment(r, rep, lead, addDays(monday, offset), now));
    }
  }
  return out;
}

function appointment(r: Random, rep: DemoUser, lead: DemoLead, day: string, now: Date): PlannedAppointment {
  const [hour, minute] = r.pick(SLOTS);
  const start = demoTime(day, hour, minute);
  const end = new Date(start.getTime() + r.pick([60, 90]) * MINUTE_MS);
  let setAt = start.getTime() - r.int(1, 6) * DAY_MS - r.int(0, 6) * HOUR_MS;
  if (setAt > now.getTime() - HOUR_MS) setAt = now.getTime() - r.int(1, 48) * HOUR_MS;
  const past = end.getTime() < now.getTime();
  const planned: PlannedAppointment = {
    id: r.uuid(),
    lead_id: lead.id,
    user_id: rep.id,
    set_at: new Date(setAt),
    fields: {
      lead_id: lead.id,
      user_id: rep.id,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      appointment_date: day,
      appointment_type: weighted(r, [
        ['In-person', 0.7],
        ['Virtual', 0.2],
        ['Phone', 0.1],
      ]),
      status: !past && r.next() < 0.4 ? 'Confirmed' : 'Scheduled',
      notes: r.next() < 0.5 ? r.pick(VISIT_NOTES) : null,
    },
  };
  if (!past) return planned;
  const status = weighted(r, [
    ['Completed', 0.7],
    ['No Show', 0.15],
    ['Cancelled', 0.15],
  ] as const);
  const at =
    status === 'Cancelled'
      ? start.getTime() - r.int(2, 20) * HOUR_MS
      : end.getTime() + r.int(15, 180) * MINUTE_MS;
  if (at < now.getTime() && at > setAt) planned.outcome = { status, at: new Date(at) };
  return planned;
}

const FINANCERS: Record<Financing, string[]> = {
  Loan: ['Desert Sun Credit Union', 'BrightPath Lending'],
  Cash: [],
  Lease: ['Sunward Lease Partners'],
  PPA: ['Sunward Lease Partners'],
};
const FINANCING: [Financing, number][] = [
  ['Loan', 0.55],
  ['Cash', 0.15],
  ['Lease', 0.15],
  ['PPA', 0.15],
];
const SUN_HOURS = 6;
const PANEL_WATTAGE = 400;

/** The site survey a rep fills before writing the proposal, on the template revision of its day. */
function siteSurvey(r: Random, lead: DemoLead, userId: string, at: Date, now: Date): PlannedSurvey {
  const revision = at.getTime() >= setupTimes(now).siteRevision.getTime() ? 2 : 1;
  return {
    id: r.uuid(),
    template: 'site',
    lead_id: lead.id,
    user_id: userId,
    at,
    status: 'completed',
    answers: siteAnswers(r, lead, revision),
  };
}

/**
 * The guide's fields for a lead: usage from its bill, or for a signed deal (`deal`: the contact's
 * stored deal figures) the deal's own size, amount and financing.
 */
function proposalFields(r: Random, lead: DemoLead, day: string, deal: Record<string, unknown>) {
  const bill = typeof lead.data.bill === 'number' ? lead.data.bill : 150;
  const rate = r.pick([0.13, 0.14, 0.15]);
  const signedKw = typeof deal.system_size_kw === 'number' ? deal.system_size_kw : undefined;
  const annual = signedKw ? Math.round(signedKw * 365 * SUN_HOURS * 0.8) : annualKwhFromBill(bill, rate);
  const size = systemSize({ annualKwh: annual, sunHours: SUN_HOURS, panelWattage: PANEL_WATTAGE });
  const option = (deal.financing as Financing | undefined) ?? weighted(r, FINANCING);
  const ppw = r.int(270, 360) / 100;
  const amount =
    typeof deal.contract_amount === 'number'
      ? deal.contract_amount
      : Math.round(ppw * size.systemKw * 1000 * 100) / 100;
  const last = (lead.name ?? '').trim().split(/\s+/).at(-1) || 'Homeowner';
  const financers = FINANCERS[option];
  return {
    lead_id: lead.id,
    name: `${last} ${size.systemKw} kW ${option}`,
    financer: financers.length ? r.pick(financers) : null,
    option,
    date: day,
    panels: size.panels,
    amount,
    details: {
      utility: typeof lead.data.utility === 'string' ? lead.data.utility : null,
      usage_source: signedKw ? 'annual' : 'bill',
      monthly_bill: signedKw ? null : bill,
      rate: signedKw ? null : rate,
      annual_kwh: annual,
      sun_hours: SUN_HOURS,
      panel_wattage: PANEL_WATTAGE,
      required_kw: size.requiredKw,
      system_kw: size.systemKw,
    },
  };
}

function proposal(
  r: Random,
  lead: DemoLead,
  steps: PlannedProposal['steps'],
  now: Date,
  withSurvey: boolean,
  deal?: Record<string, unknown>,
): PlannedProposal {
  const first = steps[0] as PlannedProposal['steps'][number];
  const userId = lead.owner_id as string;
  const survey = withSurvey
    ? siteSurvey(r, lead, userId, new Date(first.at.getTime() - r.int(1, 4) * HOUR_MS), now)
    : undefined;
  const fields: Record<string, unknown> = proposalFields(r, lead, demoDay(first.at), deal ?? lead.data);
  if (survey) {
    const questions = DEMO_SURVEY_TEMPLATES.site.revisions[survey.at >= setupTimes(now).siteRevision ? 1 : 0];
    fields.survey_id = survey.id;
    fields.survey_response = {
      template: DEMO_SURVEY_TEMPLATES.site.name,
      date: demoDay(survey.at),
      answers: answersInWords(questions ?? [], survey.answers),
    };
  }
  return {
    id: r.uuid(),
    lead_id: lead.id,
    user_id: userId,
    fields,
    products: r.next() < 0.3 ? [198, 199] : [198],
    steps,
    ...(survey ? { survey } : {}),
    ...(deal ? { deal } : {}),
  };
}

function planProposals(world: DemoWorld, leads: readonly DemoLead[], now: Date, seed: number, n: number) {
  const r = workRandom(seed, 2);
  const people = new Set(world.users.map((u) => u.id));
  const mine = leads.filter((l) => l.owner_id && people.has(l.owner_id));
  const used = new Set<string>();
  const take = (statuses: string[], filter: (l: DemoLead) => boolean = () => true) => {
    const found = mine.filter(
      (l) => statuses.includes(l.deal_stage_status ?? '') && !used.has(l.id) && filter(l),
    );
    const chosen = found.slice(0, n);
    for (const l of chosen) used.add(l.id);
    return chosen;
  };
  const latest = now.getTime() - HOUR_MS;
  const out: PlannedProposal[] = [];
  // Won: the customers whose contract is signed, each proposal the deal they signed.
  const signed = take(
    ['Contract Signed'],
    (l) => typeof l.data.contract_amount === 'number' && typeof l.data.contract_signed_date === 'string',
  );
  for (const lead of signed) {
    const won = Math.min(demoTime(String(lead.data.contract_signed_date), r.int(10, 17)).getTime(), latest);
    const draft = Math.max(won - r.int(4, 12) * DAY_MS, Date.parse(lead.created_at) + 6 * HOUR_MS);
    const sent = draft + Math.round((won - draft) * 0.3);
    const steps = [
      { status: 'Draft' as const, at: new Date(draft) },
      { status: 'Sent' as const, at: new Date(sent) },
      { status: 'Won' as const, at: new Date(won) },
    ];
    out.push(proposal(r, lead, steps, now, true));
  }
  if (!signed.length) {
    // So few contacts that no customer has signed yet: a lead signs now, its deal saved first.
    const [lead] = take(['Closed Won', 'Appointment Set', 'Follow Up', 'Prospect'], (l) =>
      createdBy(l, now.getTime() - 20 * DAY_MS),
    );
    if (lead) {
      const day = demoDay(now.getTime() - 2 * DAY_MS);
      const deal = {
        ...completeDeal({
          contract_amount: null,
          system_size_kw: r.int(50, 110) / 10,
          price_per_watt: r.int(280, 360) / 100,
          financing: weighted(r, FINANCING),
          contract_signed_date: day,
          crc_date: null,
          permit_filed: null,
          permit_received: null,
          install_ready_date: null,
        }),
      };
      const won = demoTime(day, 14).getTime();
      const steps = [
        { status: 'Draft' as const, at: new Date(won - 3 * DAY_MS) },
        { status: 'Won' as const, at: new Date(won) },
      ];
      out.push(proposal(r, lead, steps, now, true, deal));
    }
  }
  const recent = (days: [number, number]) => now.getTime() - r.int(...days) * DAY_MS - r.int(0, 8) * HOUR_MS;
  for (const lead of take(['Closed Lost'], (l) => createdBy(l, now.getTime() - 75 * DAY_MS))) {
    const draft = recent([25, 70]);
    const sent = draft + r.int(1, 3) * DAY_MS;
    const steps = [
      { status: 'Draft' as const, at: new Date(draft) },
      { status: 'Sent' as const, at: new Date(sent) },
      { status: 'Lost' as const, at: new Date(sent + r.int(5, 15) * DAY_MS) },
    ];
    out.push(proposal(r, lead, steps, now, false));
  }
  const settled = (l: DemoLead) => createdBy(l, now.getTime() - 20 * DAY_MS);
  for (const lead of take(['Follow Up', 'Appointment Set'], settled)) {
    const draft = recent([4, 14]);
    const steps = [
      { status: 'Draft' as const, at: new Date(draft) },
      { status: 'Sent' as const, at: new Date(draft + r.int(1, 2) * DAY_MS) },
    ];
    // A proposal sent is written with the site survey attached.
    out.push(proposal(r, lead, steps, now, true));
  }
  for (const lead of take(['Appointment Set', 'Needs Rescheduled', 'Follow Up'], settled))
    out.push(proposal(r, lead, [{ status: 'Draft', at: new Date(recent([1, 4])) }], now, false));
  return out;
}

/** The first visit's interview after each completed visit, and one half-filled for a visit to come. */
function planInterviews(
  appointments: readonly PlannedAppointment[],
  leads: readonly DemoLead[],
  now: Date,
  seed: number,
  n: number,
) {
  const r = workRandom(seed, 3);
  const byId = new Map(leads.map((l) => [l.id, l]));
  const out: PlannedSurvey[] = [];
  for (const a of appointments) {
    const lead = byId.get(a.lead_id);
    if (!lead || a.outcome?.status !== 'Completed' || out.length >= n) continue;
    const followUp = addDays(demoDay(a.outcome.at), r.int(3, 10));
    const answers = interviewAnswers(r, lead, r.next() < 0.6 ? followUp : undefined);
    out.push({
      id: r.uuid(),
      template: 'interview',
      lead_id: lead.id,
      user_id: a.user_id,
      at: a.outcome.at,
      status: 'completed',
      answers,
    });
  }
  const coming = appointments.find((a) => Date.parse(a.fields.start_time) > now.getTime());
  const lead = coming && byId.get(coming.lead_id);
  if (coming && lead) {
    const { decision_makers, utility } = interviewAnswers(r, lead, undefined);
    out.push({
      id: r.uuid(),
      template: 'interview',
      lead_id: lead.id,
      user_id: coming.user_id,
      at: new Date(coming.set_at.getTime() + 30 * MINUTE_MS),
      status: 'draft',
      answers: { decision_makers, utility },
    });
  }
  return out;
}

/** The demo's work for these leads around `now`. */
export function planDemoWork(input: {
  world: DemoWorld;
  leads: readonly DemoLead[];
  now: Date;
  seed: number;
  contacts: number;
}): DemoWork {
  const { world, leads, now, seed } = input;
  const scale = demoScale(input.contacts);
  const appointments = planAppointments(world, leads, now, seed, scale);
  return {
    appointments,
    proposals: planProposals(world, leads, now, seed, scale.proposalsPerStatus),
    surveys: planInterviews(appointments, leads, now, seed, scale.interviews),
  };
}
