// A payment screenshot for each add-funds call of the soak: a phone-sized picture (540×1170)
// with a flat background and blocks of "text" placed at random, so each one is its own image
// (the look-alike search sees different pictures) and the server's image work is a real
// screenshot's, while the PNG stays a few KB.
import sharp from 'sharp';

const WIDTH = 540;
const HEIGHT = 1170;

export async function screenshot(): Promise<Buffer> {
  const hue = Math.floor(Math.random() * 360);
  const blocks: string[] = [];
  for (let n = 0; n < 14; n += 1) {
    const x = 24 + Math.floor(Math.random() * 200);
    const y = 80 + n * 72 + Math.floor(Math.random() * 20);
    const w = 120 + Math.floor(Math.random() * 360);
    const shade = 20 + Math.floor(Math.random() * 60);
    blocks.push(`<rect x="${x}" y="${y}" width="${Math.min(w, WIDTH - x - 24)}" height="${18 + (n % 3) * 8}" rx="4" fill="hsl(${(hue + 180) % 360},40%,${shade}%)"/>`);
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue},60%,92%)"/>` +
    `<rect width="100%" height="64" fill="hsl(${hue},55%,40%)"/>${blocks.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
