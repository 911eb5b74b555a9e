import { describe, expect, it } from 'vitest';
import { applyStageChange, applyStatusChange, DEFAULT_DEAL_STAGES } from './dealStages.ts';
import {
  fromLegacyStatus,
  LEGACY_STATUS_VALUES,
  statusOfLegacyStage,
  upgradeLegacyStatusFields,
} from './legacyStatus.ts';
import { rankStatuses, STATUS_SUGGESTIONS } from './statusSuggestions.ts';
import { workflowPins } from './workflowPins.ts';

const allStatuses = DEFAULT_DEAL_STAGES.flatMap((s) => s.options.map((o) => o.value));

describe('status suggestions', () => {
  it('ranks the spec’s examples first', () => {
    const first2 = (status: string) =>
      rankStatuses(DEFAULT_DEAL_STAGES, status)
        .slice(0, 2)
        .map((s) => s.value);
    expect(first2('Not Home 1')).toEqual(['Not Interested', 'Not Home 2']);
    expect(first2('Appointment Set')).toEqual(['Closed Won', 'Ghosted Appointment']);
    expect(first2('CRC')).toEqual(['Permit Sent', 'Cancellation']);
    expect(first2('Install Ready')).toEqual(['Installation Scheduled', 'Cancellation']);
    expect(rankStatuses(DEFAULT_DEAL_STAGES, '')[0]?.value).toBe('Appointment Set');
    expect(rankStatuses(DEFAULT_DEAL_STAGES, null)[0]?.value).toBe('Appointment Set');
  });

  it('lists every other status once, the current one left out, the rest in configuration order', () => {
    for (const current of ['', ...allStatuses]) {
      const ranked = rankStatuses(DEFAULT_DEAL_STAGES, current).map((s) => s.value);
      expect(new Set(ranked).size).toBe(ranked.length);
      expect(ranked).not.toContain(current);
      expect(ranked.length).toBe(allStatuses.filter((s) => s !== current).length);
      const rest = rankStatuses(DEFAULT_DEAL_STAGES, current)
        .filter((s) => !s.suggested)
        .map((s) => s.value);
      expect(rest).toEqual(allStatuses.filter((s) => rest.includes(s)));
    }
  });

  it('names only statuses of the built-in configuration, and has an entry for each', () => {
    for (const [from, to] of Object.entries(STATUS_SUGGESTIONS)) {
      expect(from === '' || allStatuses.includes(from), from).toBe(true);
      for (const s of to) expect(allStatuses, `${from} → ${s}`).toContain(s);
    }
    for (const s of allStatuses) expect(STATUS_SUGGESTIONS[s], s).toBeDefined();
  });

  it('skips suggestions a custom configuration does not have', () => {
    const custom = [
      { ...DEFAULT_DEAL_STAGES[0], options: DEFAULT_DEAL_STAGES[0]?.options.slice(0, 3) ?? [] },
    ];
    const ranked = rankStatuses(custom as never, 'Not Home 1').map((s) => s.value);
    expect(ranked[0]).toBe('Not Home 2');
    expect(ranked).not.toContain('Not Interested');
  });
});

describe('workflow pins', () => {
  it('one pin per status with the spec’s fields, suggested ones first', () => {
    const pins = workflowPins(DEFAULT_DEAL_STAGES, 'Not Home 1');
    expect(pins[0]).toMatchObject({
      name: 'Not Interested',
      value: 'Not Interested',
      category: 'Contact',
      property: 'deal_stage_status',
      icon: 'x',
      suggested: true,
    });
    expect(pins[0]?.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(pins.find((p) => p.value === 'Not Home 2')?.icon).toBe('door');
    expect(new Set(pins.map((p) => p.id)).size).toBe(pins.length);
  });

  it('choosing a stage sets its first status; a status of another stage moves the stage', () => {
    const position = { deal_stage: 'Contact', deal_stage_status: 'Not Home 1' };
    expect(applyStageChange(DEFAULT_DEAL_STAGES, position, 'Lead')).toMatchObject({
      deal_stage: 'Lead',
      deal_stage_status: 'Appointment Set',
    });
    expect(applyStatusChange(DEFAULT_DEAL_STAGES, position, 'Closed Won')).toMatchObject({
      deal_stage: 'Lead',
      deal_stage_status: 'Closed Won',
    });
    expect(applyStatusChange(DEFAULT_DEAL_STAGES, position, 'Not Home 2')).toMatchObject({
      deal_stage: 'Contact',
      deal_stage_status: 'Not Home 2',
    });
  });
});

describe('legacy statuses', () => {
  it('maps every older pin status value to a status of the built-in configuration', () => {
    for (const [legacy, status] of Object.entries(LEGACY_STATUS_VALUES)) {
      expect(allStatuses, legacy).toContain(status);
    }
    expect(fromLegacyStatus('first_knock')).toBe('Not Home 1');
    expect(fromLegacyStatus('contract_received_confirmed')).toBe('CRC');
    expect(fromLegacyStatus('Not Home 1')).toBe('Not Home 1');
    expect(fromLegacyStatus('Something New')).toBe('Something New');
  });

  it('maps the older stage labels as the spec lists them', () => {
    expect(statusOfLegacyStage('New Lead')).toBe('Prospect');
    expect(statusOfLegacyStage('5 Closed Won')).toBe('Closed Won');
    expect(statusOfLegacyStage(14)).toBe('Permit Sent');
    expect(statusOfLegacyStage('Permit Ready')).toBe('Permit Sent');
    expect(statusOfLegacyStage('Contract Received')).toBe('CRC');
    expect(statusOfLegacyStage('13 Engineering Design Complete')).toBe('');
    expect(statusOfLegacyStage('30 Day Out Calls')).toBe('Ghosted Appointment');
    expect(statusOfLegacyStage('Install Completed')).toBe('Installation Completed');
    expect(statusOfLegacyStage('PTO')).toBe('Permission To Operate');
    expect(statusOfLegacyStage('Not a stage')).toBeUndefined();
  });

  it('upgrades the status fields of an imported or received lead', () => {
    expect(upgradeLegacyStatusFields({ deal_stage_status: 'second_knock' }).deal_stage_status).toBe(
      'Not Home 2',
    );
    expect(upgradeLegacyStatusFields({ status: 'ghost' }).deal_stage_status).toBe('Ghosted Appointment');
    expect(upgradeLegacyStatusFields({ stage: '24 Cancelled' }).deal_stage_status).toBe('Cancellation');
    expect(upgradeLegacyStatusFields({ status: 'active' })).toEqual({ status: 'active' });
    // An explicit status wins over older hints.
    expect(
      upgradeLegacyStatusFields({ deal_stage_status: 'Come Back', status: 'ghost' }).deal_stage_status,
    ).toBe('Come Back');
  });
});
