import { describe, expect, it as test } from 'vitest';
import { i18n } from './i18n';
import { en } from './locales/en';
import { it } from './locales/it';

/** Every leaf key of a nested catalogue, dot-separated, sorted. */
function leafKeys(value: object, prefix = ''): string[] {
  return Object.entries(value)
    .flatMap(([key, child]: [string, unknown]) =>
      typeof child === 'object' && child !== null
        ? leafKeys(child, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();
}

/** Every leaf text of a nested catalogue. */
function leafTexts(value: object): string[] {
  return Object.values(value).flatMap((child: unknown) =>
    typeof child === 'object' && child !== null ? leafTexts(child) : [String(child)],
  );
}

const SPEC_TEXTS = [
  'Loading...',
  'Your account is inactive',
  'Unable to load user profile. This may be a permissions issue.',
  'No tenant assigned. Please contact an administrator.',
  'Reset completato con successo! {{n}} entry resettate.',
  'Nessuna route trovata per questo tenant',
  'Nessun percorso disponibile al momento',
  'Vuoi davvero fermare il gioco? Il progresso verrà salvato.',
  'Step {{n}} di {{total}}',
  'Incorrect answer. Try again!',
  'Tempo scaduto! Il percorso è terminato e il punteggio è stato consolidato.',
  'No routes yet. Import one to get started!',
  'Inserisci un numero valido tra 1 e 1000',
  'Il JSON deve contenere un campo "id" per lo slug della route',
  'You are too far from the location ({{distance_m}}m away, need to be within {{radius_m}}m)',
  'Hai completato il percorso! Guarda come ti sei posizionato rispetto agli altri giocatori.',
  'Camera permission denied. Use manual input below.',
  "Errore nell'aggiornamento del codice",
  'Invalid reset link. Please request a new password reset.',
];

describe('i18n catalogues', () => {
  test('Italian and English have exactly the same keys', () => {
    expect(leafKeys(en)).toEqual(leafKeys(it));
  });

  test('no text is empty in either language', () => {
    expect([...leafTexts(it), ...leafTexts(en)].filter((text) => text.trim() === '')).toEqual([]);
  });

  test.each(SPEC_TEXTS)('the Italian catalogue holds the spec text %j verbatim', (text) => {
    expect(leafTexts(it)).toContain(text);
  });

  test('English keeps the English spec texts and translates the Italian ones', () => {
    expect(en.errors.try_reasons.wrong_answer).toBe(it.errors.try_reasons.wrong_answer);
    expect(en.routes.empty).toBe(it.routes.empty);
    expect(en.gameplay.confirmStop).not.toBe(it.gameplay.confirmStop);
  });
});

describe('i18n instance', () => {
  test('is ready synchronously, in Italian, with the admin texts the test setup adds', () => {
    expect(i18n.language).toBe('it');
    expect(i18n.t('common.loading')).toBe('Loading...');
    expect(i18n.t('routes.empty')).toBe('No routes yet. Import one to get started!');
  });

  test('interpolates the spec placeholders, loading English on demand', async () => {
    expect(i18n.t('gameplay.stepOf', { n: 2, total: 7 })).toBe('Step 2 di 7');
    expect(i18n.t('routes.editJson', { title: 'Giro & Centro' })).toBe(
      'Modifica JSON: Giro & Centro',
    );
    expect(i18n.hasResourceBundle('en')).toBe(false);
    await i18n.loadLanguages('en');
    expect(i18n.hasResourceBundle('en')).toBe(true);
    expect(i18n.language).toBe('it');
    expect(i18n.getFixedT('en')('gameplay.stepOf', { n: 2, total: 7 })).toBe('Step 2 of 7');
  });
});
