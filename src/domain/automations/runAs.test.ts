import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import type { Actor } from '../permissions.ts';
import { canExportLeads } from '../permissions.ts';
import { recordDenial } from '../recordRules.ts';
import { RUN_AS_SKIPPED, runAsDenial, sendsOutward, WEBHOOK_ACTION_DENIED } from './runAs.ts';

const actor = (level: Actor['level'], extra: Partial<Actor> = {}): Actor =>
  testActor(level, { user_id: 'author', ...extra });

const admin = actor('Admin');
/** A plain user whose named role grants only "manage automations". */
const automator = actor('User', { granted: ['automations.manage'] });
/** The same, with every contact in reach too. */
const exporter = actor('User', { granted: ['automations.manage', 'contacts.read'] });
const live = { active: true, status: true, deleted_at: null };
const notifyOnly = { org_id: 6, actions: [{ type: 'notify' as const }] };
const callsWebhook = { org_id: 6, actions: [{ type: 'notify' as const }, { type: 'webhook' as const }] };

describe('runAsDenial', () => {
  it('lets an author who may manage automations run theirs', () => {
    expect(runAsDenial(notifyOnly, live, admin)).toBeUndefined();
    expect(runAsDenial(notifyOnly, live, automator)).toBeUndefined();
  });

  it('skips a run whose author is gone, deactivated, elsewhere or without the right', () => {
    expect(runAsDenial(notifyOnly, undefined, undefined)).toBe(RUN_AS_SKIPPED.unknown);
    expect(runAsDenial(notifyOnly, { ...live, deleted_at: '2026-01-01T00:00:00Z' }, admin)).toBe(
      RUN_AS_SKIPPED.unknown,
    );
    expect(runAsDenial(notifyOnly, { ...live, active: false }, admin)).toBe(RUN_AS_SKIPPED.deactivated);
    expect(runAsDenial(notifyOnly, { ...live, status: false }, admin)).toBe(RUN_AS_SKIPPED.deactivated);
    expect(runAsDenial(notifyOnly, live, undefined)).toBe(RUN_AS_SKIPPED.deactivated);
    expect(runAsDenial(notifyOnly, live, { ...admin, org_id: 7 })).toBe(RUN_AS_SKIPPED.otherOrg);
    expect(runAsDenial(notifyOnly, live, actor('Manager'))).toBe(RUN_AS_SKIPPED.noRight);
    expect(runAsDenial(notifyOnly, live, actor('User'))).toBe(RUN_AS_SKIPPED.noRight);
  });

  it('runs an automation that calls a webhook only for an author who may export every lead', () => {
    expect(sendsOutward(callsWebhook.actions)).toBe(true);
    expect(sendsOutward(notifyOnly.actions)).toBe(false);
    expect(runAsDenial(callsWebhook, live, admin)).toBeUndefined();
    expect(runAsDenial(callsWebhook, live, exporter)).toBeUndefined();
    expect(runAsDenial(callsWebhook, live, automator)).toBe(RUN_AS_SKIPPED.noExport);
  });
});

describe('canExportLeads', () => {
  it('is for admins and holders of org-wide contact read only', () => {
    expect(canExportLeads(admin)).toBe(true);
    expect(canExportLeads(exporter)).toBe(true);
    expect(canExportLeads(automator)).toBe(false);
    expect(canExportLeads(actor('Manager', { granted: ['settings.manage'] }))).toBe(false);
  });
});

describe('saving an automation', () => {
  const webhook = [{ type: 'webhook', endpoint_id: 'e' }];
  it('needs the right to manage automations', () => {
    expect(recordDenial(actor('Manager'), 'automations', 'create', undefined, {})).toBeDefined();
    expect(recordDenial(automator, 'automations', 'create', undefined, {})).toBeUndefined();
  });

  it('with a webhook action, needs the right to export leads, on create and on any edit', () => {
    expect(recordDenial(automator, 'automations', 'create', undefined, { actions: webhook })).toBe(
      WEBHOOK_ACTION_DENIED,
    );
    // Renaming someone else's automation that calls a webhook would make it run as the renamer.
    expect(recordDenial(automator, 'automations', 'edit', { actions: webhook }, { name: 'Mine' })).toBe(
      WEBHOOK_ACTION_DENIED,
    );
    expect(recordDenial(exporter, 'automations', 'create', undefined, { actions: webhook })).toBeUndefined();
    expect(recordDenial(admin, 'automations', 'edit', { actions: webhook }, { name: 'Ok' })).toBeUndefined();
    // Taking the webhook out, or deleting, is allowed.
    expect(
      recordDenial(automator, 'automations', 'edit', { actions: webhook }, { actions: [{ type: 'notify' }] }),
    ).toBeUndefined();
    expect(recordDenial(automator, 'automations', 'delete', { actions: webhook }, {})).toBeUndefined();
  });
});
