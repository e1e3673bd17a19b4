import { PORTRAIT_SIZE } from '@lipcast/contracts';
import { seededRandom, type Backdrop, type CharacterLook } from './look';
import type { FrameSize } from '../yuv420';

/**
 * The character is designed on a 640x720 canvas (the portrait card, the size the spec gives the
 * Creator and One Shot); other formats draw the same vector art at their own size (`characterLayout`).
 */
export const WIDTH = PORTRAIT_SIZE.width;
export const HEIGHT = PORTRAIT_SIZE.height;

export type { FrameSize };

/** Where the 640x720 character canvas sits in a frame: drawn `scale` times its size with its top-left corner at (left, top). */
export interface CharacterLayout {
  scale: number;
  left: number;
  top: number;
}

/**
 * The character in a frame of `size`: as tall as the frame allows while its shoulders (about 480 of
 * the canvas's 640 units) still fit the width, centred, standing on the bottom edge. The portrait
 * card is the canvas itself (scale 1 at 0, 0); 1080x1920 draws it 2.25 times, 1920x1080 1.5 times.
 */
export function characterLayout(size: FrameSize): CharacterLayout {
  const scale = Math.min(size.width / 480, size.height / HEIGHT);
  return { scale, left: Math.round((size.width - WIDTH * scale) / 2), top: Math.round(size.height - HEIGHT * scale) };
}

/** Where the face's moving parts sit on the canvas (before head motion). */
export const FACE = {
  mouth: { x: 320, y: 392 },
  eyes: { y: 292, left: 272, right: 368 },
} as const;

/** Boxes of the sprites drawn over the character each frame, centred on the part they animate. */
export const MOUTH_BOX = { width: 120, height: 80 } as const;
export const EYES_BOX = { width: 200, height: 64 } as const;

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** Mixes a hex colour with black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 255;
    const mixed = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(Math.min(255, Math.max(0, mixed)));
  };
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

const BACKDROPS: Record<Backdrop, (random: () => number) => string> = {
  studio: (random) => {
    const spots = Array.from({ length: 14 }, () => {
      const x = Math.round(random() * WIDTH);
      const y = Math.round(random() * HEIGHT * 0.7);
      return `<circle cx="${x}" cy="${y}" r="${Math.round(18 + random() * 40)}" fill="#fff" opacity="${(0.04 + random() * 0.08).toFixed(2)}"/>`;
    }).join('');
    const hue = Math.round(random() * 360);
    return `<defs><radialGradient id="bg" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="hsl(${hue},45%,62%)"/><stop offset="1" stop-color="hsl(${hue},40%,22%)"/></radialGradient></defs>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>${spots}`;
  },
  stage: () => `<defs><radialGradient id="spot" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#ffe7a8"/><stop offset="1" stop-color="#3a1d12"/></radialGradient>
      <linearGradient id="curtain" x1="0" x2="1"><stop offset="0" stop-color="#7d0f1a"/><stop offset="0.5" stop-color="#b3202e"/><stop offset="1" stop-color="#6a0c16"/></linearGradient></defs>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#spot)"/>
      <rect y="600" width="${WIDTH}" height="120" fill="#5b3520"/>
      <path d="M0 0 H120 Q90 300 140 720 H0 Z" fill="url(#curtain)"/><path d="M640 0 H520 Q550 300 500 720 H640 Z" fill="url(#curtain)"/>
      <path d="M0 0 H640 V50 Q320 90 0 50 Z" fill="#8e1420"/>`,
  neon: (random) => {
    const lines = Array.from({ length: 9 }, (_, i) => `<line x1="${i * 80}" y1="720" x2="${320 + (i * 80 - 320) * 0.2}" y2="430" stroke="#ff4fd8" stroke-width="2" opacity="0.6"/>`).join('');
    const rows = Array.from({ length: 6 }, (_, i) => `<line x1="0" y1="${450 + i * i * 9}" x2="640" y2="${450 + i * i * 9}" stroke="#4fe3ff" stroke-width="2" opacity="0.5"/>`).join('');
    const stars = Array.from({ length: 30 }, () => `<circle cx="${Math.round(random() * WIDTH)}" cy="${Math.round(random() * 400)}" r="${(1 + random() * 2).toFixed(1)}" fill="#fff" opacity="0.8"/>`).join('');
    return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#12002b"/><stop offset="0.6" stop-color="#4b0f6b"/><stop offset="1" stop-color="#0b0620"/></linearGradient></defs>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>${stars}<circle cx="320" cy="420" r="150" fill="#ff7a3c" opacity="0.55"/>${lines}${rows}`;
  },
  outdoors: (random) => {
    const trees = Array.from({ length: 7 }, (_, i) => {
      const x = Math.round(i * 100 + random() * 40);
      return `<ellipse cx="${x}" cy="${440 + Math.round(random() * 30)}" rx="${50 + Math.round(random() * 30)}" ry="90" fill="#2f7a3a" opacity="0.9"/>`;
    }).join('');
    return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7ec8f2"/><stop offset="1" stop-color="#d8f0ff"/></linearGradient></defs>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/><circle cx="540" cy="110" r="46" fill="#fff3b0"/>
      ${trees}<path d="M0 520 Q160 470 320 510 T640 500 V720 H0 Z" fill="#5fae4f"/>`;
  },
  office: (random) => {
    const shelves = Array.from({ length: 5 }, (_, i) => `<rect x="${40 + i * 22}" y="${300 - Math.round(random() * 30)}" width="18" height="${60 + Math.round(random() * 30)}" fill="hsl(${Math.round(random() * 360)},45%,50%)"/>`).join('');
    return `<rect width="${WIDTH}" height="${HEIGHT}" fill="#e9e1d6"/><rect x="400" y="70" width="190" height="250" fill="#bfe3f7" stroke="#fff" stroke-width="12"/>
      <line x1="495" y1="70" x2="495" y2="320" stroke="#fff" stroke-width="8"/><rect x="30" y="385" width="170" height="12" fill="#8b6a4a"/>${shelves}
      <rect y="560" width="${WIDTH}" height="160" fill="#cbbfae"/>`;
  },
  beach: () => `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#49b6e8"/><stop offset="1" stop-color="#bde8fb"/></linearGradient></defs>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/><circle cx="110" cy="120" r="50" fill="#fff6c2"/>
      <rect y="430" width="${WIDTH}" height="110" fill="#1f8fc4"/><path d="M0 450 Q80 440 160 452 T320 448 T480 452 T640 446" stroke="#d9f4ff" stroke-width="4" fill="none"/>
      <rect y="540" width="${WIDTH}" height="180" fill="#f2d79b"/>`,
};

/** The scene behind the character. */
export function backdropSvg(look: CharacterLook, size: FrameSize = PORTRAIT_SIZE): string {
  const body = BACKDROPS[look.backdrop](seededRandom(`backdrop-${look.seed}`));
  if (size.width === WIDTH && size.height === HEIGHT) return svg(WIDTH, HEIGHT, body);
  // The same scene drawn at the frame's size, covering it (the middle kept): vector art, never scaled pixels.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

function hairBack(look: CharacterLook): string {
  const color = look.hairColor;
  switch (look.hair) {
    case 'long':
      return `<path d="M190 290 Q180 150 320 140 Q460 150 450 290 L470 520 Q320 560 170 520 Z" fill="${color}"/>`;
    case 'curly':
      return Array.from({ length: 12 }, (_, i) => {
        const angle = Math.PI * (0.95 + (i / 11) * 1.1);
        return `<circle cx="${Math.round(320 + Math.cos(angle) * 140)}" cy="${Math.round(265 + Math.sin(angle) * 150)}" r="48" fill="${color}"/>`;
      }).join('');
    case 'bun':
      return `<circle cx="320" cy="128" r="52" fill="${color}"/>`;
    default:
      return '';
  }
}

function hairFront(look: CharacterLook): string {
  const color = look.hairColor;
  const sheen = shade(color, 0.18);
  switch (look.hair) {
    case 'short':
      return `<path d="M198 280 Q190 150 320 148 Q452 150 442 280 Q430 205 372 196 Q300 226 232 204 Q206 228 198 280 Z" fill="${color}"/>
        <path d="M262 178 Q320 160 380 176" stroke="${sheen}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case 'buzz':
      return `<path d="M202 262 Q200 158 320 154 Q440 158 438 262 Q420 198 320 192 Q220 198 202 262 Z" fill="${color}" opacity="0.9"/>`;
    case 'long':
    case 'bun':
      return `<path d="M196 300 Q186 150 320 148 Q454 150 444 300 Q436 215 384 196 Q330 240 248 214 Q210 240 196 300 Z" fill="${color}"/>
        <path d="M270 176 Q320 162 372 174" stroke="${sheen}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case 'curly':
      return Array.from({ length: 7 }, (_, i) => `<circle cx="${222 + i * 33}" cy="${186 - Math.round(Math.sin((i / 6) * Math.PI) * 26)}" r="34" fill="${color}"/>`).join('');
    case 'bald':
      return `<ellipse cx="300" cy="190" rx="40" ry="16" fill="#fff" opacity="0.18"/>`;
  }
}

function eyebrows(look: CharacterLook): string {
  const tilt = look.mood === 'serious' ? 6 : look.mood === 'happy' ? -4 : 0;
  const color = look.hair === 'bald' || look.hair === 'buzz' ? shade(look.hairColor, -0.3) : look.hairColor;
  const { left, right, y } = FACE.eyes;
  // The mood lowers (serious) or raises (happy) each brow's inner end, next to the nose.
  const brow = (x: number, innerSide: -1 | 1) => {
    const leftEnd = y - 34 + (innerSide < 0 ? tilt : 0);
    const rightEnd = y - 34 + (innerSide > 0 ? tilt : 0);
    return `<path d="M${x - 26} ${leftEnd} Q${x} ${y - 48} ${x + 26} ${rightEnd}" stroke="${color}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  };
  return brow(left, 1) + brow(right, -1);
}

function eyes(look: CharacterLook): string {
  return [FACE.eyes.left, FACE.eyes.right]
    .map((x) => {
      const y = FACE.eyes.y;
      return `<ellipse cx="${x}" cy="${y}" rx="24" ry="17" fill="#fff"/><circle cx="${x}" cy="${y + 1}" r="12" fill="${look.eyeColor}"/>
        <circle cx="${x}" cy="${y + 1}" r="6" fill="#111"/><circle cx="${x + 4}" cy="${y - 3}" r="3" fill="#fff"/>
        <path d="M${x - 25} ${y - 2} Q${x} ${y - 22} ${x + 25} ${y - 2}" stroke="#2b1d16" stroke-width="${look.feminine ? 5 : 3}" fill="none"/>`;
    })
    .join('');
}

function glasses(look: CharacterLook): string {
  if (!look.glasses) return '';
  const { left, right, y } = FACE.eyes;
  return `<g fill="#fff" fill-opacity="0.12" stroke="#222" stroke-width="6"><rect x="${left - 38}" y="${y - 28}" width="76" height="56" rx="18"/>
    <rect x="${right - 38}" y="${y - 28}" width="76" height="56" rx="18"/></g><path d="M${left + 38} ${y - 6} Q320 ${y - 16} ${right - 38} ${y - 6}" stroke="#222" stroke-width="6" fill="none"/>`;
}

function beard(look: CharacterLook): string {
  if (!look.beard) return '';
  return `<path d="M206 330 Q214 470 320 486 Q426 470 434 330 Q420 400 372 420 Q320 436 268 420 Q220 400 206 330 Z" fill="${look.hairColor}"/>
    <path d="M272 372 Q320 352 368 372 Q320 364 272 372 Z" fill="${look.hairColor}"/>`;
}

/** The character without its eyelids' motion or its mouth: both are drawn per frame on top. */
export function characterSvg(look: CharacterLook): string {
  const skinShadow = shade(look.skin, -0.12);
  const collar = shade(look.shirt, -0.25);
  const body = `<path d="M110 720 Q112 560 230 520 Q320 500 410 520 Q528 560 530 720 Z" fill="${look.shirt}"/>
    <path d="M276 510 L320 575 L364 510" fill="${look.skin}" stroke="${collar}" stroke-width="8"/>`;
  const neck = `<path d="M282 420 L282 515 Q320 540 358 515 L358 420 Z" fill="${skinShadow}"/>`;
  const head = `<ellipse cx="200" cy="310" rx="20" ry="32" fill="${skinShadow}"/><ellipse cx="440" cy="310" rx="20" ry="32" fill="${skinShadow}"/>
    <path d="M200 280 Q198 160 320 156 Q442 160 440 280 Q440 400 380 448 Q320 478 260 448 Q200 400 200 280 Z" fill="${look.skin}"/>
    <ellipse cx="252" cy="352" rx="22" ry="12" fill="#ff7a7a" opacity="${look.mood === 'happy' ? 0.25 : 0.12}"/>
    <ellipse cx="388" cy="352" rx="22" ry="12" fill="#ff7a7a" opacity="${look.mood === 'happy' ? 0.25 : 0.12}"/>
    <path d="M318 300 Q308 340 312 350 Q322 356 334 348" stroke="${shade(look.skin, -0.3)}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  return svg(WIDTH, HEIGHT, `${hairBack(look)}${body}${neck}${head}${beard(look)}${eyes(look)}${eyebrows(look)}${glasses(look)}${hairFront(look)}`);
}

/** Closed (closedness 1) or half-closed eyelids over both eyes, in the EYES_BOX around their centre. */
export function eyelidsSvg(look: CharacterLook, closedness: number): string {
  const cx = EYES_BOX.width / 2;
  const cy = EYES_BOX.height / 2;
  const lid = (x: number) => {
    const bottom = cy - 17 + 34 * closedness;
    return `<path d="M${x - 27} ${cy - 2} Q${x} ${cy - 24} ${x + 27} ${cy - 2} L${x + 27} ${bottom} Q${x} ${bottom + 6} ${x - 27} ${bottom} Z" fill="${look.skin}"/>
      <path d="M${x - 26} ${bottom} Q${x} ${bottom + 6} ${x + 26} ${bottom}" stroke="#2b1d16" stroke-width="${look.feminine ? 5 : 3}" fill="none"/>`;
  };
  const offset = (FACE.eyes.right - FACE.eyes.left) / 2;
  return svg(EYES_BOX.width, EYES_BOX.height, lid(cx - offset) + lid(cx + offset));
}

/**
 * The mouth in the MOUTH_BOX around its centre: `open` 0..1 (jaw), `width` 0..1 (0.5 neutral). A
 * closed mouth is the lip line curved by the character's mood.
 */
export function mouthSvg(look: CharacterLook, open: number, width: number): string {
  const cx = MOUTH_BOX.width / 2;
  const cy = MOUTH_BOX.height / 2 - 8;
  const half = 18 + 22 * width;
  const smile = look.mood === 'happy' ? 7 : look.mood === 'serious' ? -1 : 3;
  if (open < 0.06) {
    return svg(MOUTH_BOX.width, MOUTH_BOX.height,
      `<path d="M${cx - half} ${cy} Q${cx} ${cy + smile * 2} ${cx + half} ${cy}" stroke="${look.lips}" stroke-width="7" fill="none" stroke-linecap="round"/>`);
  }
  const drop = 6 + 40 * open;
  const outline = `M${cx - half} ${cy} Q${cx} ${cy - 8 + smile * 0.5} ${cx + half} ${cy} Q${cx} ${cy + drop + smile} ${cx - half} ${cy} Z`;
  return svg(MOUTH_BOX.width, MOUTH_BOX.height,
    `<defs><clipPath id="m"><path d="${outline}"/></clipPath></defs>
    <path d="${outline}" fill="#4a1418"/>
    <g clip-path="url(#m)"><rect x="${cx - half}" y="${cy - 10}" width="${half * 2}" height="${6 + 6 * open}" fill="#f7f3ea"/>
      <ellipse cx="${cx}" cy="${cy + drop + smile - 4}" rx="${half * 0.6}" ry="${6 + 8 * open}" fill="#d8646e"/></g>
    <path d="${outline}" stroke="${look.lips}" stroke-width="6" fill="none" stroke-linejoin="round"/>`);
}
