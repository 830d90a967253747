import sharp from 'sharp';

/** The colours of each sample step's picture: sky, ground and the landmark's stone. */
const PALETTES = [
  ['#7DD3FC', '#0E7490', '#F8FAFC'],
  ['#FDBA74', '#78350F', '#E7E5E4'],
  ['#A5B4FC', '#3730A3', '#FDE68A'],
  ['#86EFAC', '#166534', '#FEF3C7'],
  ['#FCA5A5', '#7F1D1D', '#E5E7EB'],
  ['#C4B5FD', '#4C1D95', '#F1F5F9'],
] as const;

/** A simple drawn picture for sample step `n` (1-based): sky, sun, a skyline and a landmark. */
export function sampleStepImage(n: number): Promise<Buffer> {
  const [sky, ground, stone] = PALETTES[(n - 1) % PALETTES.length]!;
  const skyline = Array.from({ length: 10 }, (_, i) => {
    const h = 60 + ((i * 37 + n * 23) % 90);
    return `<rect x="${i * 80}" y="${360 - h}" width="70" height="${h}" fill="${ground}" opacity="0.55"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <rect width="800" height="500" fill="${sky}"/>
    <circle cx="${120 + n * 90}" cy="110" r="48" fill="#FEF08A"/>
    ${skyline}
    <rect y="360" width="800" height="140" fill="${ground}"/>
    <path d="M300 360 L300 230 Q400 ${150 - n * 8} 500 230 L500 360 Z" fill="${stone}"/>
    <rect x="330" y="280" width="40" height="80" fill="${ground}" opacity="0.7"/>
    <rect x="430" y="280" width="40" height="80" fill="${ground}" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
