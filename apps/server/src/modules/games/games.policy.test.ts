import { describe, expect, it } from 'vitest';
import { canReadPhoto } from './games.policy';

const photo = { ownerEmail: 'civette@example.org' };

describe('the photo rule', () => {
  it.each([
    ['the team that took it', { teamEmail: 'civette@example.org', isStaff: false }, true],
    ['the tenant staff', { teamEmail: null, isStaff: true }, true],
    ['another team', { teamEmail: 'gufi@example.org', isStaff: false }, false],
    ['a stranger', { teamEmail: null, isStaff: false }, false],
  ])('%s: %s', (_who, viewer, allowed) => {
    expect(canReadPhoto(viewer, photo)).toBe(allowed);
  });
});
