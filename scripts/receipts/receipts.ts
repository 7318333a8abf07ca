// Payment receipts as phone screenshots, drawn from a seed: the look-alike detector's measure
// (issue 51 item 3, `npm run lookalike:measure`), its unit tests, and the screenshot reading of
// issue 54 (each receipt's amount, reference and time are known). Rendered by sharp (librsvg
// with fontconfig's fonts: Debian's fonts-liberation, fonts-dejavu-core and -extra; .ci/run
// installs them), nothing fetched.
// `generate.ts` writes a set to disk with its manifest.
import sharp from 'sharp';

/** The app whose success screen a receipt imitates (none of them named in the picture). */
export const LAYOUTS = ['violet', 'sky', 'plain', 'bank'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Fonts Debian ships (fonts-dejavu-core and -extra, fonts-liberation), as fontconfig names them. */
export const FONTS = ['DejaVu Sans', 'Liberation Sans', 'DejaVu Sans Condensed', 'Liberation Sans Narrow', 'Liberation Serif'] as const;

/**
 * An app draws in the phone's font: two phones' fonts per layout, so many receipts share a
 * layout, a font and a screen size and differ only in what was paid (the detector's hard case).
 */
const FONTS_OF: Record<Layout, readonly (typeof FONTS)[number][]> = {
  violet: ['DejaVu Sans', 'Liberation Sans'],
  sky: ['Liberation Sans Narrow', 'DejaVu Sans'],
  plain: ['Liberation Sans', 'DejaVu Sans Condensed'],
  bank: ['DejaVu Sans', 'Liberation Serif'],
};

export type Receipt = {
  id: string;
  layout: Layout;
  font: (typeof FONTS)[number];
  width: number;
  height: number;
  /** Rupees in paise (integer minor units, as the server keeps money). */
  amountPaise: number;
  /** The amount as the receipt prints it, e.g. `₹1,500` or `₹1,500.00`. */
  amountText: string;
  /** The 12-digit UPI reference (RRN/UTR). */
  reference: string;
  /** When the payment was made, India time, ISO 8601 with its offset. */
  time: string;
  /** The time as the receipt prints it. */
  timeText: string;
  payee: string;
  payeeUpi: string;
  payer: string;
  /** The payer's bank and the last four digits of the account. */
  payerAccount: string;
  /** The app's own transaction id, where the layout shows one. */
  appTransactionId: string | null;
};

/** A small deterministic generator (mulberry32): the same seed, the same receipts. */
export function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const digits = (random: () => number, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

// Businesses customers pay and customers who pay: few, so many receipts share a payee, a payer
// and an amount, as a desk's receipts do (the hard case: they differ in reference and time only).
const PAYEES = [
  ['Shree Balaji Games', 'shreebalaji@okaxis'],
  ['Royal Play Zone', 'royalplay.zone@ybl'],
  ['Lucky Star Sports', 'luckystar@paytm'],
  ['Ganesh Enterprises', 'ganesh.ent@oksbi'],
  ['Maa Durga Traders', 'maadurga@okhdfcbank'],
  ['Kiran Online Services', 'kiranonline@ibl'],
] as const;
const PAYERS = [
  'Rahul Sharma', 'Priya Verma', 'Amit Kumar', 'Sunita Devi', 'Vikram Singh', 'Neha Gupta',
  'Arjun Reddy', 'Pooja Patel', 'Mohammed Irfan', 'Kavita Nair', 'Rohit Yadav', 'Anjali Mehta',
  'Suresh Babu', 'Deepak Joshi', 'Meena Kumari', 'Sanjay Mishra', 'Ritu Chauhan', 'Manoj Tiwari',
] as const;
const BANKS = ['State Bank of India', 'HDFC Bank', 'ICICI Bank', 'Punjab National Bank', 'Bank of Baroda', 'Axis Bank', 'Canara Bank'] as const;
const COMMON_AMOUNTS = [100, 200, 300, 500, 1000, 1500, 2000, 2500, 5000] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const rupees = (paise: number, withPaise: boolean) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: withPaise ? 2 : 0, maximumFractionDigits: 2 }).format(paise / 100)}`;

/** Phone screens: most 720 × 1600, some 1080 × 2400; the bank layout sometimes a 1280 × 960 page. */
function screenOf(random: () => number, layout: Layout): [number, number] {
  if (layout === 'bank' && random() < 0.4) return [1280, 960];
  return random() < 0.25 ? [1080, 2400] : [720, 1600];
}

/** `count` receipts from `seed`: the same arguments always give the same receipts. */
export function receiptsOf(seed: number, count: number): Receipt[] {
  const random = randomOf(seed);
  const receipts: Receipt[] = [];
  for (let i = 0; i < count; i += 1) {
    const layout = LAYOUTS[i % LAYOUTS.length]!;
    const font = pick(random, FONTS_OF[layout]);
    const [width, height] = screenOf(random, layout);
    const rupeeAmount = random() < 0.6 ? pick(random, COMMON_AMOUNTS) : 50 + Math.floor(random() * 9950);
    const amountPaise = rupeeAmount * 100 + (layout === 'bank' && random() < 0.3 ? Math.floor(random() * 100) : 0);
    const [payee, payeeUpi] = pick(random, PAYEES);
    // Minutes from 1 January 2026 00:00 India time, within the first half of the year.
    const minutes = Math.floor(random() * 181 * 24 * 60);
    const seconds = Math.floor(random() * 60);
    // India time, read with the UTC getters.
    const local = new Date(Date.UTC(2026, 0, 1, 0, minutes, seconds));
    const [y, mo, d, h, mi] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes()];
    const reference = `${1 + Math.floor(random() * 9)}${digits(random, 11)}`;
    const appTransactionId =
      layout === 'violet'
        ? `T${String(y % 100)}${pad(mo + 1)}${pad(d)}${pad(h)}${pad(mi)}${digits(random, 12)}`
        : layout === 'plain'
          ? `CICAgM${digits(random, 4)}${pick(random, ['Qb', 'Rk', 'Zx', 'Hd'])}${digits(random, 6)}`
          : layout === 'sky'
            ? digits(random, 14)
            : null;
    const hour12 = `${h % 12 === 0 ? 12 : h % 12}:${pad(mi)}`;
    const ampm = h < 12 ? 'am' : 'pm';
    const day = `${d} ${MONTHS[mo]} ${y}`;
    const timeText = {
      violet: `${hour12} ${ampm} on ${day}`,
      sky: `${day}, ${hour12} ${ampm.toUpperCase()}`,
      plain: `${day}, ${hour12} ${ampm}`,
      bank: `${pad(d)}/${pad(mo + 1)}/${y} ${pad(h)}:${pad(mi)}:${pad(seconds)}`,
    }[layout];
    receipts.push({
      id: `r${String(i).padStart(4, '0')}`,
      layout,
      font,
      width,
      height,
      amountPaise,
      amountText: rupees(amountPaise, layout === 'bank'),
      reference,
      time: `${y}-${pad(mo + 1)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(seconds)}+05:30`,
      timeText,
      payee,
      payeeUpi,
      payer: pick(random, PAYERS),
      payerAccount: `${pick(random, BANKS)} ••${digits(random, 4)}`,
      appTransactionId,
    });
  }
  return receipts;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type TextOptions = { size: number; fill?: string; weight?: 'bold' | 'normal'; anchor?: 'start' | 'middle' | 'end' };

/** SVG drawing in a 720-unit-wide (phone) or 1280-unit-wide (page) space. */
class Drawing {
  private readonly parts: string[] = [];
  constructor(readonly font: string) {}
  rect(x: number, y: number, w: number, h: number, fill: string, radius = 0, stroke?: string): this {
    this.parts.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${radius}" fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="2"` : ''}/>`,
    );
    return this;
  }
  circle(cx: number, cy: number, r: number, fill: string): this {
    this.parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`);
    return this;
  }
  tick(cx: number, cy: number, r: number, colour: string, mark = '#ffffff'): this {
    this.circle(cx, cy, r, colour);
    const k = r / 10;
    this.parts.push(
      `<path d="M${cx - 4.5 * k} ${cy + 0.2 * k} L${cx - 1.2 * k} ${cy + 3.6 * k} L${cx + 5 * k} ${cy - 3.4 * k}" fill="none" stroke="${mark}" stroke-width="${1.6 * k}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
    return this;
  }
  line(x1: number, y: number, x2: number, colour = '#e2e2e2'): this {
    this.parts.push(`<rect x="${x1}" y="${y}" width="${x2 - x1}" height="2" fill="${colour}"/>`);
    return this;
  }
  text(x: number, y: number, content: string, { size, fill = '#1f1f1f', weight = 'normal', anchor = 'start' }: TextOptions): this {
    this.parts.push(
      `<text x="${x}" y="${y}" font-family="${this.font}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(content)}</text>`,
    );
    return this;
  }
  statusBar(width: number, clock: string, background: string, colour: string): this {
    this.rect(0, 0, width, 48, background);
    this.text(28, 34, clock, { size: 24, fill: colour, weight: 'bold' });
    for (let i = 0; i < 4; i += 1) this.rect(width - 200 + i * 10, 30 - i * 5, 7, 8 + i * 5, colour);
    this.text(width - 80, 33, `${40 + ((clock.charCodeAt(3) * 7) % 60)}%`, { size: 20, fill: colour, anchor: 'end' });
    this.rect(width - 70, 16, 40, 20, 'none', 3, colour).rect(width - 66, 20, 26, 12, colour);
    return this;
  }
  toString(): string {
    return this.parts.join('\n');
  }
}

/** The phone's clock a minute or two after the payment. */
function clockOf(receipt: Receipt): string {
  const [h, m] = receipt.time.slice(11, 16).split(':').map(Number) as [number, number];
  const later = (h * 60 + m + 1 + (receipt.reference.charCodeAt(5) % 3)) % (24 * 60);
  return `${pad(Math.floor(later / 60))}:${pad(later % 60)}`;
}

function violet(r: Receipt, d: Drawing): number {
  const W = 720;
  const H = 1600;
  d.rect(0, 0, W, H, '#f2f1f6').statusBar(W, clockOf(r), '#4b1d85', '#ffffff');
  d.rect(0, 48, W, 260, '#5f259f');
  d.tick(84, 150, 34, '#ffffff', '#5f259f');
  d.text(140, 142, 'Transaction Successful', { size: 34, fill: '#ffffff', weight: 'bold' });
  d.text(140, 186, r.timeText, { size: 24, fill: '#e6dcf5' });
  d.rect(24, 332, W - 48, 300, '#ffffff', 16);
  d.text(56, 388, 'Paid to', { size: 24, fill: '#6b6b6b' });
  d.circle(96, 462, 38, '#e8def8').text(96, 476, r.payee[0]!, { size: 34, fill: '#5f259f', weight: 'bold', anchor: 'middle' });
  d.text(152, 456, r.payee, { size: 28, weight: 'bold' });
  d.text(152, 496, r.payeeUpi, { size: 22, fill: '#6b6b6b' });
  d.text(W - 56, 462, r.amountText, { size: 32, weight: 'bold', anchor: 'end' });
  d.line(56, 550, W - 56).text(56, 600, 'Banking Name: ' + r.payee.toUpperCase(), { size: 20, fill: '#6b6b6b' });
  d.rect(24, 656, W - 48, 420, '#ffffff', 16);
  d.text(56, 712, 'Transfer Details', { size: 28, weight: 'bold' });
  d.text(56, 772, 'Transaction ID', { size: 22, fill: '#6b6b6b' });
  d.text(56, 808, r.appTransactionId!, { size: 26 });
  d.line(56, 846, W - 56);
  d.text(56, 898, 'Debited from', { size: 22, fill: '#6b6b6b' });
  d.text(56, 936, r.payerAccount, { size: 26 });
  d.text(W - 56, 936, r.amountText, { size: 26, anchor: 'end' });
  d.text(56, 982, `UTR: ${r.reference}`, { size: 24, fill: '#444444' });
  d.rect(24, 1100, W - 48, 120, '#ffffff', 16);
  d.text(120, 1172, 'Share', { size: 26, fill: '#5f259f', weight: 'bold', anchor: 'middle' });
  d.text(W / 2, 1172, 'Split Expense', { size: 26, fill: '#5f259f', weight: 'bold', anchor: 'middle' });
  d.text(W - 120, 1172, 'History', { size: 26, fill: '#5f259f', weight: 'bold', anchor: 'middle' });
  d.text(W / 2, 1480, 'Powered by UPI', { size: 20, fill: '#8a8a8a', anchor: 'middle' });
  return H;
}

function sky(r: Receipt, d: Drawing): number {
  const W = 720;
  const H = 1600;
  d.rect(0, 0, W, H, '#ffffff').statusBar(W, clockOf(r), '#ffffff', '#222222');
  d.rect(0, 48, W, 92, '#e8f4fd').text(40, 108, '←', { size: 36, fill: '#0b3c6f' }).text(W / 2, 106, 'Payment', { size: 30, fill: '#0b3c6f', weight: 'bold', anchor: 'middle' });
  d.tick(W / 2, 260, 64, '#21c17a');
  d.text(W / 2, 390, 'Paid Successfully', { size: 34, weight: 'bold', anchor: 'middle' });
  d.text(W / 2, 490, r.amountText, { size: 72, weight: 'bold', anchor: 'middle' });
  d.text(W / 2, 548, r.timeText, { size: 24, fill: '#666666', anchor: 'middle' });
  d.rect(32, 600, W - 64, 540, '#f6f9fc', 20, '#dbe6f0');
  d.text(64, 660, 'To', { size: 22, fill: '#666666' });
  d.text(64, 700, r.payee, { size: 28, weight: 'bold' });
  d.text(64, 738, `UPI ID: ${r.payeeUpi}`, { size: 22, fill: '#666666' });
  d.line(64, 770, W - 64, '#dbe6f0');
  d.text(64, 820, 'From', { size: 22, fill: '#666666' });
  d.text(64, 860, r.payer, { size: 28, weight: 'bold' });
  d.text(64, 898, r.payerAccount, { size: 22, fill: '#666666' });
  d.line(64, 930, W - 64, '#dbe6f0');
  d.text(64, 980, `UPI Ref No: ${r.reference}`, { size: 24 });
  d.text(64, 1026, `Order ID: ${r.appTransactionId!}`, { size: 22, fill: '#666666' });
  d.rect(32, 1180, (W - 80) / 2, 84, '#00baf2', 42).text(32 + (W - 80) / 4, 1234, 'Share', { size: 28, fill: '#ffffff', weight: 'bold', anchor: 'middle' });
  d.rect(48 + (W - 80) / 2, 1180, (W - 80) / 2, 84, '#ffffff', 42, '#00baf2').text(48 + (3 * (W - 80)) / 4, 1234, 'Check Balance', { size: 26, fill: '#00baf2', weight: 'bold', anchor: 'middle' });
  d.text(W / 2, 1500, 'Safe and secure payments', { size: 20, fill: '#9a9a9a', anchor: 'middle' });
  return H;
}

function plain(r: Receipt, d: Drawing): number {
  const W = 720;
  const H = 1600;
  d.rect(0, 0, W, H, '#ffffff').statusBar(W, clockOf(r), '#ffffff', '#202124');
  d.text(40, 112, '✕', { size: 32, fill: '#5f6368' });
  d.circle(W / 2, 240, 56, '#7baaf7').text(W / 2, 262, r.payee[0]!, { size: 56, fill: '#ffffff', anchor: 'middle' });
  d.text(W / 2, 360, `To ${r.payee}`, { size: 30, fill: '#202124', anchor: 'middle' });
  d.text(W / 2, 400, r.payeeUpi, { size: 22, fill: '#5f6368', anchor: 'middle' });
  d.text(W / 2, 520, r.amountText, { size: 84, fill: '#202124', anchor: 'middle' });
  d.tick(W / 2 - 80, 590, 16, '#1e8e3e').text(W / 2 - 52, 600, 'Completed', { size: 26, fill: '#202124' });
  d.line(120, 640, W - 120, '#e8eaed');
  d.text(W / 2, 690, r.timeText, { size: 24, fill: '#5f6368', anchor: 'middle' });
  d.rect(40, 760, W - 80, 520, '#ffffff', 18, '#dadce0');
  d.text(72, 820, 'UPI transaction ID', { size: 22, fill: '#5f6368' });
  d.text(72, 856, r.reference, { size: 26 });
  d.text(72, 920, `To: ${r.payee}`, { size: 22, fill: '#5f6368' });
  d.text(72, 956, r.payeeUpi, { size: 26 });
  d.text(72, 1020, `From: ${r.payer} (${r.payerAccount.split(' ••')[0]})`, { size: 22, fill: '#5f6368' });
  d.text(72, 1056, `••${r.payerAccount.split('••')[1]}`, { size: 26 });
  d.text(72, 1120, 'Google transaction ID', { size: 22, fill: '#5f6368' });
  d.text(72, 1156, r.appTransactionId!, { size: 26 });
  d.text(W / 2, 1420, 'Powered by UPI', { size: 20, fill: '#80868b', anchor: 'middle' });
  return H;
}

function bank(r: Receipt, d: Drawing, wide: boolean): number {
  const W = wide ? 1280 : 720;
  const H = wide ? 960 : 1600;
  d.rect(0, 0, W, H, '#eef1f5');
  if (!wide) d.statusBar(W, clockOf(r), '#12325b', '#ffffff');
  const top = wide ? 0 : 48;
  d.rect(0, top, W, 96, '#12325b').text(wide ? 48 : 32, top + 62, 'Bharat National Bank', { size: 32, fill: '#ffffff', weight: 'bold' });
  if (wide) d.text(W - 48, top + 60, 'Internet Banking', { size: 22, fill: '#c7d3e3', anchor: 'end' });
  const left = wide ? 240 : 24;
  const width = wide ? 800 : W - 48;
  const y0 = top + 140;
  d.rect(left, y0, width, wide ? 700 : 1020, '#ffffff', 8, '#d5dbe3');
  d.tick(left + 70, y0 + 72, 30, '#2e7d32');
  d.text(left + 120, y0 + 82, 'Transaction Successful', { size: 30, fill: '#2e7d32', weight: 'bold' });
  const rows: [string, string][] = [
    ['Amount', r.amountText],
    ['Date & Time', r.timeText],
    ['UTR Number', r.reference],
    ['Beneficiary', r.payee],
    ['Beneficiary VPA', r.payeeUpi],
    ['Debit Account', r.payerAccount],
    ['Remarks', 'UPI Payment'],
    ['Status', 'SUCCESS'],
  ];
  const rowHeight = wide ? 66 : 96;
  rows.forEach(([label, value], i) => {
    const y = y0 + 160 + i * rowHeight;
    if (wide) {
      d.text(left + 40, y, label, { size: 22, fill: '#5b6675' });
      d.text(left + width - 40, y, value, { size: 24, weight: label === 'Amount' ? 'bold' : 'normal', anchor: 'end' });
    } else {
      d.text(left + 32, y, label, { size: 22, fill: '#5b6675' });
      d.text(left + 32, y + 38, value, { size: 26, weight: label === 'Amount' ? 'bold' : 'normal' });
    }
    if (i < rows.length - 1) d.line(left + 24, y + (wide ? 24 : 56), left + width - 24, '#edf0f4');
  });
  const button = y0 + (wide ? 620 : 930);
  d.rect(left + width / 2 - 140, button - 20, 280, 64, '#12325b', 6)
    .text(left + width / 2, button + 22, 'Download Receipt', { size: 24, fill: '#ffffff', weight: 'bold', anchor: 'middle' });
  return H;
}

/** The receipt's SVG at its own screen size. */
export function receiptSvg(receipt: Receipt): string {
  const d = new Drawing(receipt.font);
  const wide = receipt.width > receipt.height;
  const units = wide ? 1280 : 720;
  const unitHeight =
    receipt.layout === 'violet' ? violet(receipt, d) : receipt.layout === 'sky' ? sky(receipt, d) : receipt.layout === 'plain' ? plain(receipt, d) : bank(receipt, d, wide);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${receipt.width}" height="${receipt.height}" viewBox="0 0 ${units} ${unitHeight}">${d.toString()}</svg>`;
}

/** The receipt as a phone saves a screenshot: PNG, zlib level 6. */
export async function renderReceipt(receipt: Receipt): Promise<Buffer> {
  return sharp(Buffer.from(receiptSvg(receipt))).flatten({ background: '#ffffff' }).png({ compressionLevel: 6 }).toBuffer();
}

/** What a customer might do to an earlier screenshot before sending it again. */
export const TRANSFORMATIONS = [
  'jpeg',
  'recolour',
  'greyscale',
  'half',
  'crop-2px',
  'crop-20px',
  'crop-10pct',
  'crop-random',
  'border-10px',
  'mirror',
  'turn-90',
  'turn-180',
  'turn-270',
] as const;
export type Transformation = (typeof TRANSFORMATIONS)[number];

/**
 * One transformation of a screenshot. `random` chooses what a transformation leaves open
 * (`crop-random`: each side cut by 0–10 %; `border-10px`: its colour).
 */
export async function transform(png: Buffer, how: Transformation, random: () => number): Promise<Buffer> {
  const image = sharp(png);
  const { width, height } = await image.metadata();
  const crop = (l: number, t: number, r: number, b: number) =>
    image.extract({ left: l, top: t, width: width - l - r, height: height - t - b }).png({ compressionLevel: 6 }).toBuffer();
  switch (how) {
    case 'jpeg':
      return image.jpeg({ quality: 70 }).toBuffer();
    case 'recolour':
      return image.modulate({ hue: 90 + Math.floor(random() * 180), saturation: 0.6 + random() * 0.8, brightness: 0.9 + random() * 0.2 }).png().toBuffer();
    case 'greyscale':
      return image.greyscale().png().toBuffer();
    case 'half':
      return image.resize(Math.round(width / 2), Math.round(height / 2)).png().toBuffer();
    case 'crop-2px':
      return crop(2, 2, 2, 2);
    case 'crop-20px':
      return crop(20, 20, 20, 20);
    case 'crop-10pct': {
      const [x, y] = [Math.round(width * 0.1), Math.round(height * 0.1)];
      return crop(x, y, x, y);
    }
    case 'crop-random': {
      const side = (n: number) => Math.round(n * 0.1 * random());
      return crop(side(width), side(height), side(width), side(height));
    }
    case 'border-10px': {
      const colours = ['#000000', '#ffffff', '#808080', '#3366cc'];
      return image.extend({ top: 10, bottom: 10, left: 10, right: 10, background: pick(random, colours) }).png().toBuffer();
    }
    case 'mirror':
      return image.flop().png().toBuffer();
    case 'turn-90':
      return image.rotate(90).png().toBuffer();
    case 'turn-180':
      return image.rotate(180).png().toBuffer();
    case 'turn-270':
      return image.rotate(270).png().toBuffer();
  }
}

/** The measured set's defaults (`npm run receipts`, `npm run lookalike:measure`). */
export const SET = { seed: 2026, count: 200, transformed: 50 } as const;

/**
 * Which of a set's receipts are transformed: the first `transformed`, every transformation each,
 * with what each leaves open (a random crop's sides, a border's colour) drawn from SET.seed and
 * the pair's place, whatever the set's own seed.
 */
export function transformedOf(receipts: Receipt[], transformed: number): { receipt: Receipt; how: Transformation; random: () => number }[] {
  return receipts.slice(0, transformed).flatMap((receipt, i) =>
    TRANSFORMATIONS.map((how, k) => ({ receipt, how, random: randomOf(SET.seed * 7919 + i * 31 + k) })),
  );
}
