/**
 * The demo org, generated from a seed: Sunward Solar (org 6) selling around Phoenix, Arizona.
 * Pure functions, no database: the same seed always gives the same rows, ids included.
 */
import { completeDeal, type DealDateField, type Financing } from '#src/domain/deal.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { DEFAULT_ORG_ID, DEFAULT_PRODUCT_ID } from '#src/domain/roles.ts';
import { createRandom, type Random, seedFor } from './random.ts';

export const DEMO_SEED = 20261122;
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_CONTACTS = 5000;

type Bounds = { west: number; south: number; east: number; north: number };

export interface DemoRegion {
  key: string;
  name: string;
  color: string;
  bounds: Bounds;
  cities: { name: string; zips: string[] }[];
}

/** Rectangles over the Phoenix metro; every demo contact lies inside its region's polygon. */
export const DEMO_REGIONS: DemoRegion[] = [
  {
    key: 'central',
    name: 'Central Phoenix',
    color: '#21A1D6',
    bounds: { west: -112.15, south: 33.42, east: -111.98, north: 33.58 },
    cities: [
      {
        name: 'Phoenix',
        zips: ['85004', '85006', '85008', '85012', '85013', '85014', '85015', '85016', '85018', '85020'],
      },
    ],
  },
  {
    key: 'east',
    name: 'East Valley',
    color: '#88D1F1',
    bounds: { west: -111.94, south: 33.28, east: -111.7, north: 33.44 },
    cities: [
      { name: 'Mesa', zips: ['85201', '85203', '85204', '85205', '85210'] },
      { name: 'Tempe', zips: ['85281', '85282', '85283'] },
      { name: 'Chandler', zips: ['85224', '85225', '85226'] },
      { name: 'Gilbert', zips: ['85233', '85234', '85295', '85296'] },
    ],
  },
  {
    key: 'west',
    name: 'West Valley',
    color: '#21A1D6',
    bounds: { west: -112.35, south: 33.5, east: -112.16, north: 33.68 },
    cities: [
      { name: 'Glendale', zips: ['85301', '85302', '85304', '85306', '85308'] },
      { name: 'Peoria', zips: ['85345', '85381', '85382'] },
    ],
  },
  {
    key: 'scottsdale',
    name: 'Scottsdale',
    color: '#88D1F1',
    bounds: { west: -111.94, south: 33.48, east: -111.84, north: 33.64 },
    cities: [{ name: 'Scottsdale', zips: ['85250', '85251', '85254', '85257', '85258', '85260'] }],
  },
];

export function regionPolygon(b: Bounds) {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [b.west, b.south],
        [b.east, b.south],
        [b.east, b.north],
        [b.west, b.north],
        [b.west, b.south],
      ],
    ],
  };
}

const FIRST = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Elena',
  'David',
  'Sarah',
  'Jose',
  'Karen',
  'Daniel',
  'Lisa',
  'Carlos',
  'Nancy',
  'Anthony',
  'Rosa',
  'Kevin',
  'Emily',
  'Luis',
  'Megan',
  'Brian',
  'Ana',
  'Jason',
  'Laura',
  'Miguel',
  'Ashley',
  'Eric',
  'Sofia',
  'Ryan',
  'Grace',
];
const LAST = [
  'Smith',
  'Garcia',
  'Johnson',
  'Martinez',
  'Brown',
  'Rodriguez',
  'Davis',
  'Lopez',
  'Miller',
  'Hernandez',
  'Wilson',
  'Gonzalez',
  'Anderson',
  'Perez',
  'Taylor',
  'Sanchez',
  'Thomas',
  'Ramirez',
  'Moore',
  'Torres',
  'Jackson',
  'Flores',
  'White',
  'Rivera',
  'Harris',
  'Gomez',
  'Clark',
  'Diaz',
  'Lewis',
  'Reyes',
];
const STREETS = [
  'Camelback',
  'Indian School',
  'Thomas',
  'McDowell',
  'Osborn',
  'Glendale',
  'Northern',
  'Dunlap',
  'Baseline',
  'Southern',
  'Broadway',
  'University',
  'Guadalupe',
  'Elliot',
  'Warner',
  'Ray',
  'Chandler',
  'Olive',
  'Peoria',
  'Cactus',
  'Shea',
  'Thunderbird',
  'Bell',
  'Union Hills',
  'Mountain View',
  'Desert Willow',
  'Saguaro',
  'Palo Verde',
  'Mesquite',
  'Ocotillo',
];
const SUFFIXES = ['Rd', 'Ave', 'St', 'Dr', 'Ln', 'Way', 'Blvd', 'Pl'];
const PROVIDERS = ['APS', 'SRP', 'TEP'];
export const SALES_CHANNELS = ['Door to Door', 'Referral', 'Web Lead', 'Event'];

export interface DemoUser {
  id: string;
  email: string;
  name: string;
  first_name: string;
  last_name: string;
  phone: string;
  access_level: 'Guest' | 'User' | 'Manager' | 'Admin';
  roles: number[];
  setter_closer: string | null;
  monday_role: string;
  start_date: string;
  /** The region key of the user's team, for placing their contacts. */
  team: string | null;
  team_role: 'Leader' | 'Manager' | 'Member';
}

export interface DemoTeam {
  id: string;
  key: string;
  name: string;
  region_key: string;
}

export interface DemoWorld {
  users: DemoUser[];
  teams: DemoTeam[];
  regionIds: Record<string, string>;
  /** Extra memberships beyond each user's own team (the manager runs two teams). */
  extraMemberships: { team_key: string; user_email: string; role: 'Leader' | 'Manager' | 'Member' }[];
}

const phone = (r: Random) => `${r.pick(['480', '602', '623'])}555${String(r.int(0, 9999)).padStart(4, '0')}`;

/**
 * The drawn last name, or the next one in the list that nobody of this first name has yet: no two
 * demo people share a name (a manager could not tell them apart). Draws nothing more, so the rest
 * of the demo data stays as it was.
 */
function distinctLastName(first: string, drawn: string, taken: ReadonlySet<string>): string {
  const start = LAST.indexOf(drawn);
  for (let k = 0; k < LAST.length; k++) {
    const last = LAST[(start + k) % LAST.length] as string;
    if (!taken.has(`${first} ${last}`)) return last;
  }
  return drawn;
}

/** Users, teams and regions of the demo org. */
export function demoWorld(seed = DEMO_SEED): DemoWorld {
  const r = createRandom(seed);
  const regionIds = Object.fromEntries(DEMO_REGIONS.map((reg) => [reg.key, r.uuid()]));
  const teams: DemoTeam[] = [
    { id: r.uuid(), key: 'central', name: 'Phoenix Central', region_key: 'central' },
    { id: r.uuid(), key: 'east', name: 'East Valley', region_key: 'east' },
    { id: r.uuid(), key: 'west', name: 'West Valley', region_key: 'west' },
  ];
  const person = (
    first: string,
    last: string,
    extra: Partial<DemoUser> & Pick<DemoUser, 'email' | 'access_level'>,
  ): DemoUser => ({
    id: r.uuid(),
    name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    phone: phone(r),
    roles: [],
    setter_closer: null,
    monday_role: 'guest',
    start_date: `2025-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
    team: null,
    team_role: 'Member',
    ...extra,
  });
  const users: DemoUser[] = [
    person('Avery', 'Admin', {
      email: 'admin@demo.local',
      access_level: 'Admin',
      roles: [1],
      monday_role: 'admin',
    }),
    person('Morgan', 'Reyes', {
      email: 'manager@demo.local',
      access_level: 'Manager',
      roles: [3],
      monday_role: 'manager',
      team: 'central',
      team_role: 'Leader',
    }),
    person('Riley', 'Carter', {
      email: 'rep@demo.local',
      access_level: 'User',
      setter_closer: 'setter_closer',
      monday_role: 'rep',
      team: 'central',
    }),
    person('Gray', 'Guest', { email: 'guest@demo.local', access_level: 'Guest' }),
  ];
  const teamKeys = ['central', 'east', 'west'];
  const names = new Set(users.map((u) => u.name));
  for (let i = 0; i < 20; i++) {
    const first = r.pick(FIRST);
    const last = distinctLastName(first, r.pick(LAST), names);
    names.add(`${first} ${last}`);
    const team = teamKeys[i % 3] as string;
    users.push(
      person(first, last, {
        email: `${first.toLowerCase()}.${last.toLowerCase()}${i + 1}@demo.local`,
        access_level: 'User',
        setter_closer: r.pick(['setter', 'closer', 'setter_closer']),
        monday_role: 'rep',
        team,
        team_role: team === 'west' && i === 2 ? 'Leader' : 'Member',
      }),
    );
  }
  return {
    users,
    teams,
    regionIds,
    extraMemberships: [{ team_key: 'east', user_email: 'manager@demo.local', role: 'Manager' }],
  };
}

const STAGE_WEIGHTS: [string, number][] = [
  ['Contact', 0.6],
  ['Lead', 0.22],
  ['Customer', 0.15],
  ['Service', 0.03],
];

function pickStage(r: Random): { deal_stage: string; deal_stage_status: string } {
  let x = r.next();
  for (const [stage, weight] of STAGE_WEIGHTS) {
    if (x < weight) {
      const options = DEFAULT_DEAL_STAGES.find((s) => s.value === stage)?.options ?? [];
      return { deal_stage: stage, deal_stage_status: r.pick(options).value };
    }
    x -= weight;
  }
  return { deal_stage: 'Contact', deal_stage_status: 'Prospect' };
}

export interface DemoContact {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  address: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  deal_stage: string;
  deal_stage_status: string;
  lead_source: string;
  owner_id: string;
  team_id: string;
  region_id: string;
  energy_consultants: string[];
  preferred_language: string;
  property_type: string;
  credit_score: string | null;
  created_at: string;
  updated_at: string;
  last_touched_at: string;
  last_touched_by: string;
  data: Record<string, unknown>;
}

/** Contact number `index` of the demo org: the same for a seed whatever else was generated. */
export function demoContact(world: DemoWorld, index: number, base: Date, seed = DEMO_SEED): DemoContact {
  const r = createRandom(seedFor(seed, index));
  const team = world.teams[index % world.teams.length] as DemoTeam;
  // Some contacts sit in Scottsdale, a region with no team of its own (East Valley works it).
  const regionKey = team.key === 'east' && r.next() < 0.3 ? 'scottsdale' : team.region_key;
  const region = DEMO_REGIONS.find((reg) => reg.key === regionKey) as DemoRegion;
  const reps = world.users.filter((u) => u.team === team.key && u.access_level === 'User');
  const demoRep = world.users.find((u) => u.email === 'rep@demo.local') as DemoUser;
  const owner = team.key === 'central' && r.next() < 0.2 ? demoRep : r.pick(reps);
  const first = r.pick(FIRST);
  const last = r.pick(LAST);
  const city = r.pick(region.cities);
  const zip = r.pick(city.zips);
  const street = `${r.int(100, 9999)} ${r.pick(['N', 'S', 'E', 'W'])} ${r.pick(STREETS)} ${r.pick(SUFFIXES)}`;
  const b = region.bounds;
  const lng = Math.round((b.west + (b.east - b.west) * r.next()) * 1e6) / 1e6;
  const lat = Math.round((b.south + (b.north - b.south) * r.next()) * 1e6) / 1e6;
  const created = new Date(base.getTime() - r.int(0, 180 * 24 * 3600) * 1000);
  const touched = new Date(Math.min(base.getTime(), created.getTime() + r.int(0, 30 * 24 * 3600) * 1000));
  const bill = r.int(90, 420);
  const contact: DemoContact = {
    id: r.uuid(),
    name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    phone: phone(r),
    email: r.next() < 0.6 ? `${first.toLowerCase()}.${last.toLowerCase()}${r.int(1, 999)}@example.com` : null,
    address: `${street}, ${city.name}, AZ ${zip}`,
    street,
    city: city.name,
    state: 'AZ',
    zip,
    lat,
    lng,
    ...pickStage(r),
    lead_source: r.pick(SALES_CHANNELS),
    owner_id: owner.id,
    team_id: team.id,
    region_id: world.regionIds[regionKey] as string,
    energy_consultants: [owner.id],
    preferred_language: r.next() < 0.82 ? 'english' : 'spanish',
    property_type: r.next() < 0.9 ? 'Single Family' : 'Townhome',
    credit_score: r.next() < 0.5 ? r.pick(['700+', '640-700', 'Under 600', 'Not sure']) : null,
    created_at: created.toISOString(),
    updated_at: touched.toISOString(),
    last_touched_at: touched.toISOString(),
    last_touched_by: owner.id,
    data: {
      utility: r.pick(PROVIDERS),
      bill,
      new_roof: r.next() < 0.1,
      roof_type: r.pick(['Tile', 'Shingle', 'Flat', 'Metal']),
      ecl_data: { provider: r.pick(PROVIDERS), bill, avg_usage: Math.round(bill * 7.8) },
    },
  };
  const signed = demoDeal(contact, index, base, seed);
  if (!signed) return contact;
  const lastTouch = contact.updated_at > signed.signed_at ? contact.updated_at : signed.signed_at;
  return {
    ...contact,
    created_at: signed.created_at,
    updated_at: lastTouch,
    last_touched_at: lastTouch,
    data: { ...contact.data, ...signed.deal },
  };
}

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
/** Each contract date is set once the deal's status has reached the first status that implies it. */
const DATE_AFTER: [DealDateField, string][] = [
  ['crc_date', 'CRC'],
  ['permit_filed', 'Permit Sent'],
  ['permit_received', 'Permit Received'],
  ['install_ready_date', 'Install Ready'],
];
const FINANCING_WEIGHTS: [Financing, number][] = [
  ['Loan', 0.55],
  ['Cash', 0.15],
  ['Lease', 0.15],
  ['PPA', 0.15],
];

/** The item whose share of [0, 1) holds `x` (shares in order, summing to 1). */
function weighted<T>(items: readonly [T, number][], x: number): T {
  let rest = x;
  for (const [item, share] of items) {
    if (rest < share) return item;
    rest -= share;
  }
  return (items.at(-1) as [T, number])[0];
}

/**
 * The signed deal of a customer of the demo org (Customer and Service stages): a 4–12 kW system at
 * $2.60–3.80 a watt (the amount to the cent), its financing, signed within the twelve months before
 * `base` and never before the contact was created (a customer signed long ago was created earlier),
 * and the contract dates its status has reached, a few days to weeks apart. Drawn from a stream of
 * its own, so the contact's other fields are as they were; undefined for a contact with no deal.
 */
export function demoDeal(
  contact: Pick<DemoContact, 'deal_stage' | 'deal_stage_status' | 'created_at'>,
  index: number,
  base: Date,
  seed = DEMO_SEED,
): { created_at: string; signed_at: string; deal: Record<string, unknown> } | undefined {
  if (contact.deal_stage !== 'Customer' && contact.deal_stage !== 'Service') return undefined;
  const r = createRandom(seedFor(seed ^ 0x5a1e5, index));
  const kw = r.int(40, 120) / 10;
  const ppw = r.int(260, 380) / 100;
  const financing = weighted(FINANCING_WEIGHTS, r.next());
  const signedAt = base.getTime() - r.int(0, 364) * DAY_MS - r.int(0, 86_399) * 1000;
  const created = Math.min(Date.parse(contact.created_at), signedAt - r.int(3, 60) * DAY_MS);
  const statuses = DEFAULT_DEAL_STAGES.find((s) => s.value === 'Customer')?.options.map((o) => o.value) ?? [];
  const reached =
    contact.deal_stage === 'Service' ? statuses.length : statuses.indexOf(contact.deal_stage_status);
  const deal: Record<string, unknown> = {
    ...completeDeal({
      contract_amount: null,
      system_size_kw: kw,
      price_per_watt: ppw,
      financing,
      contract_signed_date: dayOf(signedAt),
      crc_date: null,
      permit_filed: null,
      permit_received: null,
      install_ready_date: null,
    }),
  };
  let at = signedAt;
  for (const [field, status] of DATE_AFTER) {
    const position = statuses.indexOf(status);
    if (contact.deal_stage_status === 'Cancellation' || reached < position) break;
    at += r.int(3, 21) * DAY_MS;
    if (at > base.getTime()) break;
    deal[field] = dayOf(at);
  }
  for (const key of Object.keys(deal)) if (deal[key] === null) delete deal[key];
  return { created_at: new Date(created).toISOString(), signed_at: new Date(signedAt).toISOString(), deal };
}

export const DEMO_PRODUCTS = [
  { legacy_id: DEFAULT_PRODUCT_ID, name: 'Standard Solar Package', category: 'Solar', price: 24_500 },
  { legacy_id: 199, name: 'Home Battery 13.5 kWh', category: 'Storage', price: 11_900 },
  { legacy_id: 200, name: 'High-Efficiency Panel Upgrade', category: 'Solar', price: 3_200 },
  { legacy_id: 201, name: 'Roof Replacement', category: 'Roofing', price: 14_800 },
];

export const DEMO_ANNOUNCEMENTS = [
  {
    category: 'General',
    title: 'Welcome to the new CRM',
    content: 'Your leads, pins and paths now work offline. Knock away!',
  },
  {
    category: 'Incentives',
    title: 'December SPIFF: $250 per install',
    content: 'Every install scheduled before Dec 31 earns a <b>$250</b> bonus.',
  },
  {
    category: 'Commissions',
    title: 'Commission statements are live',
    content: 'November statements are available under your profile.',
  },
  {
    category: 'Policies',
    title: 'Updated door-knocking hours',
    content: 'Knock between 10 am and 7 pm; respect every No Soliciting sign.',
  },
];

export const DEMO_TERMS = {
  version: '2026-01',
  title: 'Terms of Service and Privacy Policy',
  content: [
    'These terms govern your use of Home Service CRM on behalf of your employer.',
    'Customer information you record is confidential and used only to serve that customer.',
    'Location and path tracking run only while you have started them, and are visible to your managers.',
    'Contact your admin to have your data corrected or removed.',
  ].join('\n\n'),
};

export { DEFAULT_ORG_ID };
