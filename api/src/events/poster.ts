import type { Genre } from '@sports/contracts';

/** Our own generated poster art: a genre gradient, a few shapes and the title. No external assets. */
export interface PosterInput {
  title: string;
  genre: Genre;
  date: string;
  time: string | null;
  hue: number;
}

const WIDTH = 1200;
const HEIGHT = 675;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Each genre's gradient: saturation/lightness of the two stops and how far the hue turns. */
const PALETTE: Record<Genre, { from: [number, number]; to: [number, number]; turn: number; label: string }> = {
  sports: { from: [72, 42], to: [80, 16], turn: 35, label: 'SPORTS' },
  concert: { from: [68, 34], to: [75, 10], turn: 70, label: 'CONCERT' },
  community: { from: [60, 44], to: [65, 20], turn: -30, label: 'COMMUNITY' },
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** Greedy word wrap to at most maxLines lines of about maxChars characters. */
export function wrapTitle(title: string, maxChars = 20, maxLines = 4): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] as string).slice(0, maxChars - 1)}…`;
    return kept;
  }
  return lines;
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${((Math.round(h) % 360) + 360) % 360}, ${s}%, ${l}%)`;
}

function dateLabel(date: string, time: string | null): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = DAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday} ${d} ${MONTHS[m - 1]} ${y}${time ? ` · ${time}` : ''}`;
}

function genreArt(genre: Genre, accent: string): string {
  switch (genre) {
    case 'sports':
      // A court seen from above and a ball.
      return [
        `<rect x="700" y="120" width="440" height="300" rx="8" fill="none" stroke="${accent}" stroke-width="6" opacity="0.35"/>`,
        `<line x1="920" y1="120" x2="920" y2="420" stroke="${accent}" stroke-width="6" opacity="0.35"/>`,
        `<circle cx="920" cy="270" r="60" fill="none" stroke="${accent}" stroke-width="6" opacity="0.35"/>`,
        `<circle cx="1030" cy="520" r="90" fill="${accent}" opacity="0.85"/>`,
        `<path d="M940 520 H1120 M1030 430 V610 M965 455 Q1030 520 965 585 M1095 455 Q1030 520 1095 585" fill="none" stroke="#1b1b1b" stroke-width="5" opacity="0.55"/>`,
      ].join('');
    case 'concert': {
      // Spotlights and an equaliser.
      const bars = [90, 160, 230, 130, 200, 110, 180, 70]
        .map((h, i) => `<rect x="${760 + i * 50}" y="${600 - h}" width="32" height="${h}" rx="6" fill="${accent}" opacity="0.8"/>`)
        .join('');
      return [
        `<polygon points="780,0 860,0 1040,675 680,675" fill="#ffffff" opacity="0.07"/>`,
        `<polygon points="1040,0 1110,0 1200,520 1200,675 900,675" fill="#ffffff" opacity="0.05"/>`,
        bars,
      ].join('');
    }
    case 'community': {
      // A ring of people holding hands.
      const people = Array.from({ length: 7 }, (_, i) => {
        const angle = (i / 7) * Math.PI * 2 - Math.PI / 2;
        const x = Math.round(950 + Math.cos(angle) * 170);
        const y = Math.round(330 + Math.sin(angle) * 170);
        return `<circle cx="${x}" cy="${y}" r="34" fill="${accent}" opacity="0.85"/>`;
      }).join('');
      return `<circle cx="950" cy="330" r="170" fill="none" stroke="${accent}" stroke-width="10" opacity="0.4"/>${people}`;
    }
  }
}

/** `withText: false` draws the art alone: the home carousel sets its own title over it. */
export function renderPoster(input: PosterInput, { withText = true }: { withText?: boolean } = {}): string {
  const p = PALETTE[input.genre];
  const from = hsl(input.hue, ...p.from);
  const to = hsl(input.hue + p.turn, ...p.to);
  const accent = hsl(input.hue + 180, 85, 70);
  const lines = wrapTitle(input.title);
  const fontSize = lines.length <= 2 ? 68 : lines.length === 3 ? 58 : 50;
  const titleY = 300 - ((lines.length - 1) * fontSize * 1.15) / 2;
  const titleText = lines
    .map((line, i) => `<tspan x="72" y="${Math.round(titleY + i * fontSize * 1.15)}">${escapeXml(line)}</tspan>`)
    .join('');
  const title = escapeXml(input.title);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`,
    `<circle cx="-40" cy="720" r="260" fill="#ffffff" opacity="0.06"/>`,
    genreArt(input.genre, accent),
    ...(withText ? posterText(p.label, fontSize, titleText, dateLabel(input.date, input.time)) : []),
    `</svg>`,
  ].join('');
}

function posterText(label: string, fontSize: number, titleText: string, date: string): string[] {
  return [
    `<rect x="72" y="72" width="${label.length * 17 + 40}" height="44" rx="22" fill="#ffffff" opacity="0.18"/>`,
    `<text x="92" y="102" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" letter-spacing="3" fill="#ffffff">${label}</text>`,
    `<text font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="800" fill="#ffffff">${titleText}</text>`,
    `<text x="72" y="560" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="600" fill="#ffffff" opacity="0.92">${escapeXml(date)}</text>`,
    `<text x="72" y="610" font-family="Arial, Helvetica, sans-serif" font-size="22" letter-spacing="4" fill="#ffffff" opacity="0.7">CITY SPORTS COMPLEX</text>`,
  ];
}
