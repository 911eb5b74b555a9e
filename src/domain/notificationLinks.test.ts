import { describe, expect, it } from 'vitest';
import { notificationLinks, notificationTarget } from './notificationLinks.ts';

const lead = '0195f5a4-1c2d-7e3f-8a9b-0c1d2e3f4a5b';

describe('notificationTarget', () => {
  it.each([
    [notificationLinks.lead(lead), `/contacts/${lead}`],
    [notificationLinks.team(lead), `/teams/${lead}`],
    [notificationLinks.user(lead), `/users/${lead}`],
    [notificationLinks.region(lead), `/regions/${lead}`],
    ['/users/me', null],
    [`/regions/${lead}/edit`, null],
    [notificationLinks.announcements(), '/update'],
    [notificationLinks.announcement(lead), `/update?open=${lead}`],
    ['/update?open=x', null],
    [`/update?open=${lead}&next=https://evil.example`, null],
    [notificationLinks.contest(), '/contest'],
    [notificationLinks.leaderboard(), '/leaderboard'],
    ['/leaderboard/x', null],
    [` /update `, '/update'],
    [null, null],
    [undefined, null],
    ['', null],
    ['/contacts/not-a-uuid', null],
    [`/contacts/${lead}/edit`, null],
    ['https://evil.example/update', null],
    ['//evil.example/update', null],
    ['javascript:alert(1)', null],
    ['/admin/settings', null],
  ])('%j opens %j', (link, target) => {
    expect(notificationTarget(link)).toBe(target);
  });
});
