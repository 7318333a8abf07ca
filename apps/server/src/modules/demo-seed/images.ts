import { loadSharp } from '../../lib/sharp';

/** A palette for generated art: two gradient stops and an accent. */
export type Palette = { from: string; to: string; accent: string };

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A 1200×800 poster for the demo gallery: a gradient, soft shapes and a headline, drawn as
 * SVG and rasterised by sharp, so nothing is downloaded. Where the machine has no fonts the
 * headline is simply missing; the picture still works.
 */
export async function posterPng(headline: string, caption: string, palette: Palette) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.from}"/>
      <stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="800" fill="url(#bg)"/>
  <circle cx="1040" cy="140" r="220" fill="${palette.accent}" opacity="0.35"/>
  <circle cx="180" cy="720" r="260" fill="#ffffff" opacity="0.08"/>
  <rect x="760" y="430" width="320" height="210" rx="28" fill="#ffffff" opacity="0.14"/>
  <rect x="800" y="475" width="110" height="110" rx="55" fill="#ffffff" opacity="0.55"/>
  <rect x="935" y="490" width="110" height="18" rx="9" fill="#ffffff" opacity="0.7"/>
  <rect x="935" y="525" width="80" height="18" rx="9" fill="#ffffff" opacity="0.5"/>
  <rect x="935" y="560" width="95" height="18" rx="9" fill="#ffffff" opacity="0.35"/>
  <text x="90" y="330" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="#ffffff">${escapeXml(headline)}</text>
  <text x="92" y="410" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" fill="#ffffff" opacity="0.85">${escapeXml(caption)}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A 512×512 square logo for a demo catalogue item: the initials on a brand colour with a
 * lighter ring, drawn as SVG and rasterised by sharp. Without fonts the initials are missing
 * and the logo is a plain coloured badge, which still works.
 */
export async function logoPng(initials: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="${colour}"/>
  <circle cx="256" cy="256" r="196" fill="none" stroke="#ffffff" stroke-opacity="0.28" stroke-width="20"/>
  <circle cx="400" cy="112" r="56" fill="#ffffff" opacity="0.16"/>
  <text x="256" y="300" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="150" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}
