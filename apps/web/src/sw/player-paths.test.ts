import { describe, expect, it } from 'vitest';
import {
  gamePauseIn,
  isGameState,
  isMessagesInbox,
  isPlayerPage,
  isPublicData,
} from './player-paths';

describe('what the service worker answers from its cache', () => {
  it.each([
    ['/demo/start', true],
    ['/demo/select-route', true],
    ['/demo/gioco/step', true],
    ['/demo/gioco/step/roma', true],
    ['/demo/roma/details', true],
    ['/demo/roma/play', true],
    ['/demo/game/scoreboard', true],
    ['/demo/classifica', true],
    ['/demo/dashboard', false],
    ['/demo/routes/1/steps', false],
    ['/demo/login', false],
    ['/superadmin/media', false],
    ['/home', false],
    ['/api/play/demo/start', false],
    ['/files/brand-assets/x/start', false],
    ['/', false],
  ])('opens %s offline: %s', (pathname, expected) => {
    expect(isPlayerPage(pathname)).toBe(expected);
  });

  it('keeps a game state and public tenant data, not the game’s actions or staff data', () => {
    expect(isGameState('/api/play/demo/games/0f1e')).toBe(true);
    expect(isGameState('/api/play/demo/games/0f1e/pause')).toBe(false);
    expect(isPublicData('/api/public/tenants/demo')).toBe(true);
    expect(isPublicData('/api/public/platform-brand')).toBe(true);
    expect(isPublicData('/api/public/tenants/demo/manifest.webmanifest')).toBe(true);
    expect(isPublicData('/api/public/tenants/demo/manifest-icons/any-192.png')).toBe(true);
    expect(isPublicData('/api/public/tenants/demo/scoreboard')).toBe(false);
    expect(isPublicData('/api/tenants/demo/brand')).toBe(false);
  });

  it('keeps the team’s inbox (issue 35), not its stream, its writes or the staff’s messages', () => {
    expect(isMessagesInbox('/api/play/demo/messages')).toBe(true);
    expect(isMessagesInbox('/api/play/demo/messages/stream')).toBe(false);
    expect(isMessagesInbox('/api/play/demo/messages/read')).toBe(false);
    expect(isMessagesInbox('/api/play/demo/messages/received')).toBe(false);
    expect(isMessagesInbox('/api/tenants/demo/messages')).toBe(false);
    expect(isMessagesInbox('/api/play/demo/games/0f1e')).toBe(false);
  });

  it('sends on a game’s pause itself, and no other action (decision 0056)', () => {
    expect(gamePauseIn('/api/play/demo/games/0f1e/pause')).toEqual({
      slug: 'demo',
      gameId: '0f1e',
    });
    expect(gamePauseIn('/api/play/demo/games/0f1e')).toBeNull();
    expect(gamePauseIn('/api/play/demo/games/0f1e/resume')).toBeNull();
    expect(gamePauseIn('/api/play/demo/games/0f1e/steps/s1/pause')).toBeNull();
  });
});
