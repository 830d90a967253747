import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as I18nModule from './i18n';
import type { KeyPrefix, TFunction } from './i18n';

/** A fresh engine for each test: Italian account and player texts only, nothing loaded. */
let engine: typeof I18nModule;

beforeEach(async () => {
  vi.resetModules();
  engine = await import('./i18n');
});

describe('i18n engine: lookup and fallback', () => {
  it('finds a text by its dotted key', () => {
    expect(engine.i18n.t('common.pageErrorTitle')).toBe('Qualcosa è andato storto');
    expect(engine.i18n.t('common.roles.superadmin')).toBe('Superadmin');
  });

  it('finds a text whose own name holds a dot, as i18next does', () => {
    engine.i18n.addResourceBundle('it', {
      auditLog: { actions: { 'tenant.update': 'Modificato' } },
    });
    expect(engine.i18n.t('auditLog.actions.tenant.update')).toBe('Modificato');
  });

  it('answers a missing key (or a group) with the key itself, as i18next does', () => {
    // @ts-expect-error -- not in the catalogue: the engine's answer at run time is checked here
    expect(engine.i18n.t('common.noSuchText')).toBe('common.noSuchText');
    // @ts-expect-error -- a group is not a text
    expect(engine.i18n.t('common.roles')).toBe('common.roles');
  });

  it('falls back to Italian for a text the language lacks', () => {
    engine.i18n.addResourceBundle('en', { common: { loading: 'Loading (en)' } });
    const t = engine.i18n.getFixedT('en');
    expect(t('common.loading')).toBe('Loading (en)');
    expect(t('common.pageErrorTitle')).toBe('Qualcosa è andato storto');
  });

  it('merges an added bundle group by group, keeping the texts it does not name', () => {
    engine.i18n.addResourceBundle('it', { common: { roles: { admin: 'Amministratore' } } });
    expect(engine.i18n.t('common.roles.admin')).toBe('Amministratore');
    expect(engine.i18n.t('common.roles.manager')).toBe('Manager');
    expect(engine.i18n.t('common.loading')).toBe('Loading...');
  });
});

describe('i18n engine: interpolation and plurals', () => {
  it('fills {{name}} placeholders as given, without HTML escaping', () => {
    expect(engine.i18n.t('player.registrationTitle', { tenant: 'Rock & <Roll>' })).toBe(
      'Rock & <Roll> - Registrazione',
    );
    expect(engine.i18n.t('player.inProgress', { done: 0, total: 12 })).toBe('In corso: 0/12 tappe');
  });

  it('leaves a placeholder it is not given, and empties one given as undefined or null', () => {
    expect(engine.i18n.t('player.inProgress', { done: 3 })).toBe('In corso: 3/{{total}} tappe');
    expect(engine.i18n.t('player.inProgress', { done: undefined, total: null })).toBe(
      'In corso: / tappe',
    );
  });

  it.each([
    ['it', 1, 'Sei offline: 1 risposta in attesa di invio.'],
    ['it', 0, 'Sei offline: 0 risposte in attesa di invio.'],
    ['it', 4, 'Sei offline: 4 risposte in attesa di invio.'],
    ['en', 1, 'You are offline: 1 answer waiting to be sent.'],
    ['en', 2, 'You are offline: 2 answers waiting to be sent.'],
  ] as const)('in %s, picks the plural form for count %i', async (language, count, text) => {
    await engine.i18n.loadLanguages(language);
    expect(engine.i18n.getFixedT(language)('offline.waiting', { count })).toBe(text);
  });

  it('with count, uses the plain key when the text has no plural forms', () => {
    expect(engine.i18n.t('player.details.intermediatePlaces', { count: 3 })).toBe(
      'Tappe intermedie: 3',
    );
  });
});

describe('i18n engine: keyPrefix and typed keys', () => {
  function Picker() {
    const { t } = engine.useTranslation(undefined, { keyPrefix: 'player.details' });
    return <p>{t('intermediatePlaces', { count: 2 })}</p>;
  }

  it('prefixes the keys of a `t` from useTranslation with keyPrefix', () => {
    render(<Picker />);
    expect(screen.getByText('Tappe intermedie: 2')).toBeDefined();
  });

  it('checks keys against the Italian catalogue at compile time', () => {
    // Type-only checks: `tsc` fails when an expected error disappears.
    const typed = (t: TFunction, media: TFunction<'media.picker'>) => [
      t('offline.waiting', { count: 2 }),
      t('offline.waiting_one'),
      // @ts-expect-error -- a key not in the Italian catalogue is refused
      t('offline.waitingg'),
      media('pick', { filename: 'a.png' }),
      // @ts-expect-error -- with a keyPrefix, only the keys under it are accepted
      media('common.loading'),
    ];
    // @ts-expect-error -- a keyPrefix must name a group of the catalogue, not a text
    const wrongPrefix: KeyPrefix = 'media.picker.nothing';
    expect([typeof typed, wrongPrefix]).toEqual(['function', 'media.picker.nothing']);
  });
});

describe('i18n engine: languages', () => {
  function Title() {
    const { t, i18n } = engine.useTranslation();
    return <h1 lang={i18n.language}>{t('offline.sending', { count: 1 })}</h1>;
  }

  it('loads English only when asked, then re-renders the components in English', async () => {
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe(
      'Di nuovo online: invio di 1 risposta in attesa...',
    );
    expect(engine.i18n.hasResourceBundle('en')).toBe(false);
    await act(() => engine.i18n.changeLanguage('en'));
    expect(engine.i18n.hasResourceBundle('en')).toBe(true);
    expect(engine.i18n.language).toBe('en');
    const heading = screen.getByRole('heading');
    expect(heading.textContent).toBe('Back online: sending 1 waiting answer...');
    expect(heading.getAttribute('lang')).toBe('en');
    await act(() => engine.i18n.changeLanguage('it'));
    expect(screen.getByRole('heading').textContent).toContain('Di nuovo online');
  });
});
