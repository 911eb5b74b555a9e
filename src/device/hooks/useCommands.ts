import { useMemo } from 'react';
import type { AvailabilityFields, DistributionRuleSaveInput } from '#src/domain/schemas/availability.ts';
import type { RecordTable, TableKey } from '#src/domain/schemas/records.ts';
import type { UserConfigFields } from '#src/domain/schemas/userConfig.ts';
import { deleteAutomation, saveAutomation, setAutomationEnabled } from '#src/sync/commands/automations.ts';
import { saveAvailability, saveDistributionRule } from '#src/sync/commands/availability.ts';
import { deleteContest, saveContest } from '#src/sync/commands/contests.ts';
import {
  addCard,
  addLayout,
  addLead,
  addMedia,
  assignLeads,
  type CardFields,
  deleteLayout,
  deleteLeads,
  deleteMedia,
  deleteRecord,
  discardRejected,
  editCard,
  editLead,
  editUser,
  markAnnouncementsRead,
  markNotificationsRead,
  moveLeadsToStatus,
  placeCards,
  queueAddressLookup,
  type ReverseGeocoder,
  removeCard,
  renameLayout,
  resolveQueuedAddresses,
  restoreLeads,
  retryRejected,
  saveMapLayout,
  saveProfile,
  saveRecord,
  saveUserConfig,
  setLayoutGlobal,
  writeRow,
} from '#src/sync/commands/index.ts';
import { saveProposal, signProposal } from '#src/sync/commands/proposals.ts';
import { fillSurvey, saveSurveyTemplate } from '#src/sync/commands/surveys.ts';
import { useDevice } from '../DeviceProvider.tsx';

export type { CardFields } from '#src/sync/commands/index.ts';
/** A survey refused on the device, with each question's problem (`problems`, by question id). */
export { SurveyAnswersError } from '#src/sync/commands/surveys.ts';

type Input = Record<string, unknown>;

/**
 * The write commands (src/sync/commands) bound to this device's database: the one way a screen
 * writes. Each writes the row and its queued mutation in one transaction; the sync engine notices
 * and pushes by itself.
 */
export function useCommands() {
  const { db, userId } = useDevice();
  return useMemo(
    () => ({
      addLead: (input: Input) => addLead(db, input),
      editLead: (id: string, changes: Input) => editLead(db, id, changes),
      deleteLeads: (ids: readonly string[]) => deleteLeads(db, ids),
      assignLeads: (ids: readonly string[], ownerId: string) => assignLeads(db, ids, ownerId),
      restoreLeads: (ids: readonly string[]) => restoreLeads(db, ids),
      moveLeadsToStatus: (from: string, to: string) => moveLeadsToStatus(db, from, to),
      editUser: (id: string, changes: Input) => editUser(db, id, changes),
      saveProfile: (userId: string, input: Input) => saveProfile(db, userId, input),
      saveRecord: (table: RecordTable, id: string | undefined, fields: Input, author?: string) =>
        saveRecord(db, table, id, fields, author),
      deleteRecord: (table: RecordTable, id: string) => deleteRecord(db, table, id),
      markAnnouncementsRead: (ids: readonly string[]) => markAnnouncementsRead(db, ids),
      addMedia: (input: Parameters<typeof addMedia>[1], author?: string) => addMedia(db, input, author),
      deleteMedia: (id: string) => deleteMedia(db, id),
      retryRejected: (id: number, args?: Input) => retryRejected(db, id, args),
      discardRejected: (id: number) => discardRejected(db, id),
      queueAddressLookup: (leadId: string) => queueAddressLookup(db, leadId),
      resolveQueuedAddresses: (geocoder: ReverseGeocoder) => resolveQueuedAddresses(db, geocoder),
      writeRow: (table: TableKey, id: string, changes: Input) => writeRow(db, table, id, changes),
      markNotificationsRead: (ids?: readonly string[]) => markNotificationsRead(db, ids),
      saveUserConfig: (fields: UserConfigFields) => saveUserConfig(db, userId, fields),
      saveMapLayout: (change: Parameters<typeof saveMapLayout>[2]) => saveMapLayout(db, userId, change),
      addLayout: (owner: string, name: string) => addLayout(db, owner, name),
      renameLayout: (id: string, name: string) => renameLayout(db, id, name),
      setLayoutGlobal: (id: string, global: boolean) => setLayoutGlobal(db, id, global),
      deleteLayout: (id: string) => deleteLayout(db, id),
      addCard: (owner: string, layoutId: string, fields: CardFields) => addCard(db, owner, layoutId, fields),
      editCard: (id: string, fields: Partial<CardFields>) => editCard(db, id, fields),
      removeCard: (layoutId: string, cardId: string) => removeCard(db, layoutId, cardId),
      placeCards: (placements: Parameters<typeof placeCards>[1]) => placeCards(db, placements),
      saveProposal: (id: string | undefined, fields: Input, author?: string) =>
        saveProposal(db, id, fields, author),
      signProposal: (input: Parameters<typeof signProposal>[1], author?: string) =>
        signProposal(db, input, author),
      saveSurveyTemplate: (id: string | undefined, fields: Input, author?: string) =>
        saveSurveyTemplate(db, id, fields, author),
      fillSurvey: (input: Parameters<typeof fillSurvey>[1], author?: string) => fillSurvey(db, input, author),
      saveAutomation: (id: string | undefined, fields: Input, author?: string) =>
        saveAutomation(db, id, fields, author),
      setAutomationEnabled: (id: string, enabled: boolean) => setAutomationEnabled(db, id, enabled),
      deleteAutomation: (id: string) => deleteAutomation(db, id),
      saveContest: (id: string | undefined, fields: Input, author?: string) =>
        saveContest(db, id, fields, author),
      deleteContest: (id: string) => deleteContest(db, id),
      saveAvailability: (personId: string, fields: AvailabilityFields) =>
        saveAvailability(db, personId, fields, userId),
      saveDistributionRule: (input: DistributionRuleSaveInput) => saveDistributionRule(db, input),
    }),
    [db, userId],
  );
}
