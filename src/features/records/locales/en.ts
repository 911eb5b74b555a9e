/** The records feature's words in English, the source (its `records` namespace; the spec's texts are kept verbatim). */
export const en = {
  records: {
    noun: {
      teams: 'Team',
      products: 'Product',
      sales_channels: 'Sales Channel',
      orgs: 'Organization',
      regions: 'Region',
    },
    /** The noun inside a sentence. */
    nounInText: {
      teams: 'team',
      products: 'product',
      sales_channels: 'sales channel',
      orgs: 'organization',
      regions: 'region',
    },
    none: 'None',
    team: {
      members: 'Members',
      noMembers: 'This team has no members yet.',
      roles: { Leader: 'Leader', Manager: 'Manager', Member: 'Member' },
      pipeline_one: 'Pipeline: {{count}} contact',
      pipeline_other: 'Pipeline: {{count}} contacts',
    },
    add: 'Add',
    cannotAdd: 'You cannot add a new {{noun}} here.',
    new: 'New {{noun}}',
    formOf: '{{noun}} details',
    added: '{{noun}} Added',
    edited: '{{noun}} Edited',
    deleted: '{{noun}} Deleted',
    addError: 'There was an error adding the {{noun}}. Please try again.',
    editError: 'There was an error editing the {{noun}}. Please try again.',
    deleteError: 'There was an error deleting the {{noun}}. Please try again.',
    delete: 'Delete {{noun}}',
    deleteTitle: 'Delete {{title}}?',
    deleteExplained: 'It leaves every list, on this device now and on the others when they next sync.',
    confirmDelete: 'Delete',
    loading: 'Reading the record…',
    backTo: 'Back to {{list}}',
  },
};
