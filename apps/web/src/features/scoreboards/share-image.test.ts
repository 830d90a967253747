import { TEAM_NAME_MAX_LENGTH } from '@tappa/domain';
import { describe, expect, it } from 'vitest';
import {
  boundedText,
  type DrawOp,
  fitText,
  type MeasureText,
  SHARE_IMAGE_SIZE_PX,
  shareFileName,
  type ShareImageInput,
  shareImageLayout,
} from './share-image';

/** A stand-in for a canvas's measure: every character is 0.6 of the font's size wide. */
const measure: MeasureText = (text, font) => {
  const size = Number(/(\d+)px/.exec(font)?.[1]);
  return Array.from(text).length * size * 0.6;
};

const input = (over: Partial<ShareImageInput> = {}): ShareImageInput => ({
  tenantName: 'Tappa Demo',
  teamName: 'I Leoni',
  routeTitle: 'Roma in un giorno',
  position: 3,
  score: 42,
  colors: { background: '#3473db', text: '#ffffff', accent: '#10b981' },
  logo: null,
  labels: { position: 'Posizione', score: 'Punti', completed: 'Percorso completato' },
  ...over,
});

const texts = (ops: DrawOp[]) => ops.flatMap((op) => (op.kind === 'text' ? [op.text] : []));
const sizeOf = (op: DrawOp | undefined) =>
  op?.kind === 'text' ? Number(/(\d+)px/.exec(op.font)?.[1]) : NaN;

describe('the share image (decision 0088)', () => {
  it('draws the team, the route, the place and the score, in the brand colours', () => {
    const ops = shareImageLayout(input(), measure);
    expect(texts(ops)).toEqual([
      'Tappa Demo',
      'I Leoni',
      'Roma in un giorno',
      'Posizione',
      '#3',
      'Punti',
      '42',
    ]);
    expect(ops[0]).toEqual({
      kind: 'rect',
      x: 0,
      y: 0,
      width: SHARE_IMAGE_SIZE_PX,
      height: SHARE_IMAGE_SIZE_PX,
      color: '#3473db',
    });
    for (const op of ops) if (op.kind === 'text') expect(op.color).toBe('#ffffff');
    expect(ops.some((op) => op.kind === 'rect' && op.color === '#10b981')).toBe(true);
  });

  it('shows only what there is: no place without a row, a check mark on exploration', () => {
    expect(texts(shareImageLayout(input({ position: null }), measure)).slice(3)).toEqual([
      'Punti',
      '42',
    ]);
    expect(texts(shareImageLayout(input({ score: null }), measure)).slice(3)).toEqual([
      'Percorso completato',
      '✓',
    ]);
  });

  it('keeps every text within the image, shrinking a long name before cutting it', () => {
    const long = 'W'.repeat(TEAM_NAME_MAX_LENGTH + 40);
    const ops = shareImageLayout(input({ teamName: long, routeTitle: 'R'.repeat(300) }), measure);
    for (const op of ops) {
      if (op.kind !== 'text') continue;
      expect(measure(op.text, op.font), op.text).toBeLessThanOrEqual(SHARE_IMAGE_SIZE_PX - 160);
    }
    const name = ops.filter((op) => op.kind === 'text')[1];
    expect(sizeOf(name)).toBe(56);
    expect(name?.kind === 'text' && name.text.endsWith('…')).toBe(true);
  });

  it('puts a name on one line when it fits at a large size, else on two', () => {
    const short = texts(shareImageLayout(input({ teamName: 'Le Volpi di Roma' }), measure));
    expect(short.slice(1, 3)).toEqual(['Le Volpi di Roma', 'Roma in un giorno']);
    const long = shareImageLayout(
      input({ teamName: 'Le Volpi Argentate del Rione Trastevere di Roma' }),
      measure,
    );
    const [, first, second] = long.filter((op) => op.kind === 'text');
    expect([first, second].map((op) => op?.kind === 'text' && op.text)).toEqual([
      'Le Volpi Argentate del',
      'Rione Trastevere di Roma',
    ]);
    expect(sizeOf(first)).toBe(sizeOf(second));
    expect(sizeOf(first)).toBeGreaterThanOrEqual(56);
    expect(first?.kind === 'text' && second?.kind === 'text' && first.y < second.y).toBe(true);
  });

  it('cuts a name of one long word, never drawing past the width', () => {
    const ops = shareImageLayout(
      input({ teamName: 'Supercalifragilistichespiralidoso-'.repeat(2) }),
      measure,
    );
    const name = ops.filter((op) => op.kind === 'text')[1];
    expect(name?.kind === 'text' && name.text.endsWith('…')).toBe(true);
    expect(name?.kind === 'text' && measure(name.text, name.font)).toBeLessThanOrEqual(920);
  });

  it('fits the logo in its box, keeping its proportions, and never enlarges it', () => {
    const image = {} as CanvasImageSource;
    const wide = shareImageLayout(
      input({ logo: { image, widthPx: 1680, heightPx: 400 } }),
      measure,
    );
    expect(wide.find((op) => op.kind === 'logo')).toEqual({
      kind: 'logo',
      x: 330,
      y: 146,
      width: 420,
      height: 100,
    });
    const small = shareImageLayout(input({ logo: { image, widthPx: 80, heightPx: 40 } }), measure);
    expect(small.find((op) => op.kind === 'logo')).toMatchObject({ width: 80, height: 40 });
    const broken = shareImageLayout(input({ logo: { image, widthPx: 0, heightPx: 0 } }), measure);
    expect(broken.some((op) => op.kind === 'logo')).toBe(false);
    // Without a logo, the tenant's name in its place; with one, not.
    expect(texts(broken)[0]).toBe('Tappa Demo');
    expect(texts(wide)[0]).toBe('I Leoni');
  });
});

describe('boundedText', () => {
  it('puts a name on one line and cuts it to its limit, never within a character', () => {
    expect(boundedText('  I\nLeoni\t\u0007 ', 60)).toBe('I Leoni');
    expect(boundedText('<b>Leoni</b>', 60)).toBe('<b>Leoni</b>');
    expect(boundedText('🦁'.repeat(70), TEAM_NAME_MAX_LENGTH)).toBe('🦁'.repeat(60));
    expect(boundedText('a\u2028b', 10)).toBe('a b');
  });
});

describe('fitText', () => {
  const opts = { measure, maxWidthPx: 600, maxSizePx: 100, minSizePx: 40, weight: 700 };

  it('takes the largest size that fits, in steps', () => {
    expect(fitText('abcdefghij', opts).font).toMatch(/^700 100px /);
    // 14 characters: 600 / (14 × 0.6) = 71.4 → 68 in steps of 4 from 100.
    expect(fitText('abcdefghijklmn', opts).font).toMatch(/^700 68px /);
  });

  it('cuts with an ellipsis at the smallest size', () => {
    const fitted = fitText('x'.repeat(40), opts);
    expect(fitted.font).toMatch(/^700 40px /);
    // 600 / 24 = 25 characters, the ellipsis one of them.
    expect(fitted.text).toBe(`${'x'.repeat(24)}…`);
  });
});

describe('shareFileName', () => {
  it.each([
    ['I Leoni', 'tappa-i-leoni.png'],
    ['Città d’Arte ☕', 'tappa-citta-darte.png'],
    ['../../etc/passwd', 'tappa-etcpasswd.png'],
    ['<script>', 'tappa-script.png'],
    ['🦁🦁', 'tappa-squadra.png'],
    ['', 'tappa-squadra.png'],
    ['a'.repeat(200), `tappa-${'a'.repeat(60)}.png`],
  ])('names %j as %j', (name, file) => {
    expect(shareFileName(name)).toBe(file);
  });
});
