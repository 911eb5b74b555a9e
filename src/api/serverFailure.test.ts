import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { serverFailure } from './serverFailure.ts';

const words = { offline: 'Needs a connection', failed: 'Could not save' };

describe('serverFailure', () => {
  it.each([
    ['a refusal: the server’s own words', new ApiError(400, 'Email already in use'), 'Email already in use'],
    ['a forbidden change: the server’s own words', new ApiError(403, 'Not allowed'), 'Not allowed'],
    ['a conflict: the server’s own words', new ApiError(409, 'Name taken'), 'Name taken'],
    ['a server failure: the general failure', new ApiError(500, 'boom'), 'Could not save'],
    ['an unavailable server: the general failure', new ApiError(503, 'busy'), 'Could not save'],
    ['no answer at all: needs a connection', new TypeError('Failed to fetch'), 'Needs a connection'],
    ['anything else thrown: needs a connection', 'oops', 'Needs a connection'],
  ])('%s', (_, err, shown) => {
    expect(serverFailure(err, words)).toBe(shown);
  });
});
