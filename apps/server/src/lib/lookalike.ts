import { loadSharp } from './sharp';

/**
 * Look-alike payment screenshots (issue 51 item 3, decision 038; measured in docs/security.md
 * §5). A screenshot is described by its text lines, found without reading them: each line's
 * place, size and a small picture of it (`Fingerprint`). Two screenshots look alike when one
 * maps onto the other by a scale and a shift (in one of the four ways a picture can be turned
 * or mirrored, once both are stood upright) and the lines both show are the same lines: a crop,
 * a border, a re-save, a recolour, a turn or a mirror of one screenshot passes; another payment
 * in the same app does not, because its amount, reference and time lines differ where the
 * other's are. The index keys (`storedKeys`, `probeKeys`) let the search find the few stored
 * proofs worth comparing. Runs on the image thread (lib/image-work.ts) from the decoded pixels;
 * the comparison (`isLookalike`) where the search's candidates arrive (uploads/service.ts).
 */

/** Decoded 8-bit pixels, as sharp's `raw()` gives them (1–4 channels, interleaved). */
export type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** A grey picture, one byte a pixel. */
type Grey = { data: Uint8Array; width: number; height: number };

/** One text line (or icon) of a screenshot, in the working picture's pixels. */
export type Blob = {
  x: number;
  y: number;
  w: number;
  h: number;
  /** GRID_ROWS × GRID_COLS levels 0–15 of the line's picture: its contrast normalised, ink dark. */
  grid: Uint8Array;
  /**
   * CODE_ROWS × 2·CODE_COLS mean grey levels of the line, each cell reaching further beyond its
   * edges than the grid's: the index keys' source (smoother, so their bits tip less). Only
   * where the fingerprint was just taken; a stored one has none.
   */
  coarse?: Float32Array;
  /**
   * A long line's two ends (its first and last WINDOW heights) as CODE_ROWS × CODE_COLS cells,
   * for the heights h, h − 1 and h + 1: a line a crop cut keeps one end whole. Only where the
   * fingerprint was just taken.
   */
  ends?: { left: Float32Array[]; right: Float32Array[] };
};

export type Fingerprint = { width: number; height: number; blobs: Blob[] };

/** The working picture's longer side: a 720 × 1600 screenshot is looked at as 360 × 800. */
const WORKING_SIDE = 800;
/** A pixel is on an edge when its 3 × 3 neighbourhood spans more grey levels than this. */
const EDGE_SPAN = 40;
const GRID_ROWS = 8;
const GRID_COLS = 48;
const GRID_LEVELS = 16;
/**
 * How far beyond its edges a grid cell reaches, in line heights: where a small line's pixels
 * fall after a resize then matters less (in line heights, so the same at any scale).
 */
const SOFT = 0.08;
/** How far beyond its edges a key's cell reaches, in line heights: smoother, its bits tip less. */
const SOFT_CODE = 0.25;
/** At most this many lines are kept (the widest). */
const MAX_BLOBS = 40;
/** Bumped when the fingerprint changes: stored ones of another version are taken again. */
export const FINGERPRINT_VERSION = 1;

// ---------------------------------------------------------------------------------------------
// The fingerprint

/** The fingerprint of decoded pixels (any size, 1–4 channels). */
export async function fingerprintOfPixels(pixels: Pixels): Promise<Fingerprint> {
  const sharp = await loadSharp();
  // Lanczos, as sharp shrinks by default: the letters' edges stay sharp at the working size
  // whatever the factor (box filters measured worse on crops and half sizes).
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
  })
    .resize(WORKING_SIDE, WORKING_SIDE, { fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fingerprintOfGrey({ data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height });
}

/** The fingerprint of an encoded image (any format sharp reads), as an upload of it would get (tests, scripts). */
export async function fingerprintOfImage(image: Buffer): Promise<Fingerprint> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return fingerprintOfPixels({ data, width: info.width, height: info.height, channels: info.channels });
}

type Box = { x0: number; y0: number; x1: number; y1: number; n: number };

const heightOf = (b: Box) => b.y1 - b.y0 + 1;

/** The lines of a grey picture of at most WORKING_SIDE pixels a side. */
function fingerprintOfGrey(input: Grey): Fingerprint {
  let grey = input;
  let glyphs = glyphsOf(grey);
  // Text runs across: letters sit side by side. A screenshot turned a quarter is stood up first.
  if (touchingPairs(transposed(glyphs)) > touchingPairs(glyphs)) {
    grey = turnedQuarter(grey);
    glyphs = glyphsOf(grey);
  }
  const lines = linesOf(glyphs, grey.height)
    .filter((b) => heightOf(b) >= 4)
    .sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))
    .slice(0, MAX_BLOBS)
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const sums = summedArea(grey.data, grey.width, grey.height);
  return {
    width: grey.width,
    height: grey.height,
    blobs: lines.map((b) => ({ x: b.x0, y: b.y0, w: b.x1 - b.x0 + 1, h: heightOf(b), grid: gridOf(grey, sums, b), coarse: coarseOf(grey, sums, b), ...endsOf(grey, sums, b) })),
  };
}

/**
 * Connected pieces of edge pixels that can be letters (or letters run together): not a speck,
 * a rule across the screen, or the hollow outline of a card or a button.
 */
function glyphsOf(grey: Grey): Box[] {
  const { width, height } = grey;
  return components(edgeMask(grey), width, height).filter((b) => {
    const w = b.x1 - b.x0 + 1;
    const h = heightOf(b);
    return b.n >= 4 && h >= 3 && w < width * 0.9 && h < height * 0.2 && b.n >= 0.1 * w * h;
  });
}

/** Pixels where the grey level changes (3 × 3 max − min), whatever the colours. */
function edgeMask({ data, width, height }: Grey): Uint8Array {
  const rowMax = new Uint8Array(data.length);
  const rowMin = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    const o = y * width;
    for (let x = 0; x < width; x += 1) {
      const a = data[o + (x > 0 ? x - 1 : x)]!;
      const b = data[o + x]!;
      const c = data[o + (x < width - 1 ? x + 1 : x)]!;
      rowMax[o + x] = a > b ? (a > c ? a : c) : b > c ? b : c;
      rowMin[o + x] = a < b ? (a < c ? a : c) : b < c ? b : c;
    }
  }
  const mask = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    const up = (y > 0 ? y - 1 : y) * width;
    const o = y * width;
    const down = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x += 1) {
      const max = Math.max(rowMax[up + x]!, rowMax[o + x]!, rowMax[down + x]!);
      const min = Math.min(rowMin[up + x]!, rowMin[o + x]!, rowMin[down + x]!);
      if (max - min > EDGE_SPAN) mask[o + x] = 1;
    }
  }
  return mask;
}

/** The bounding boxes of the mask's 8-connected pieces (the mask is cleared as they are read). */
function components(mask: Uint8Array, width: number, height: number): Box[] {
  // Pixels still to visit: grown as a piece needs, kept for the thread's next picture.
  if (stack.length < 1024) stack = new Int32Array(1024);
  const boxes: Box[] = [];
  for (let start = 0; start < mask.length; start += 1) {
    if (!mask[start]) continue;
    let x0 = width;
    let y0 = height;
    let x1 = -1;
    let y1 = -1;
    let n = 0;
    let top = 0;
    stack[top++] = start;
    mask[start] = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const y = (p / width) | 0;
      const x = p - y * width;
      n += 1;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let yy = y > 0 ? y - 1 : y; yy <= y + 1 && yy < height; yy += 1) {
        for (let xx = x > 0 ? x - 1 : x; xx <= x + 1 && xx < width; xx += 1) {
          const q = yy * width + xx;
          if (!mask[q]) continue;
          mask[q] = 0;
          if (top === stack.length) {
            const grown = new Int32Array(stack.length * 2);
            grown.set(stack);
            stack = grown;
          }
          stack[top++] = q;
        }
      }
    }
    boxes.push({ x0, y0, x1, y1, n });
  }
  return boxes;
}
let stack = new Int32Array(0);

/** Each box with its neighbours to the right that `near` accepts, by increasing gap. */
function eachPair(boxes: Box[], reach: (a: Box, b: Box) => number, near: (a: Box, b: Box, gap: number) => boolean, visit: (i: number, j: number) => void): void {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a]!.x0 - boxes[b]!.x0);
  for (let oi = 0; oi < order.length; oi += 1) {
    const a = boxes[order[oi]!]!;
    for (let oj = oi + 1; oj < order.length; oj += 1) {
      const b = boxes[order[oj]!]!;
      const gap = b.x0 - a.x1 - 1;
      if (gap > reach(a, b)) break;
      if (near(a, b, gap)) visit(order[oi]!, order[oj]!);
    }
  }
}

const overlapOf = (a: Box, b: Box) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;

/** Letters of one word: about the same height, side by side on one line, touching or nearly. */
function touchingPairs(boxes: Box[]): number {
  let pairs = 0;
  eachPair(
    boxes,
    (a, b) => 0.3 * Math.max(heightOf(a), heightOf(b), 20),
    (a, b, gap) => {
      const [ha, hb] = [heightOf(a), heightOf(b)];
      return gap >= -1 && gap <= 0.3 * Math.max(ha, hb) && Math.max(ha, hb) <= 1.4 * Math.min(ha, hb) && overlapOf(a, b) >= 0.8 * Math.min(ha, hb);
    },
    () => (pairs += 1),
  );
  return pairs;
}

function transposed(boxes: Box[]): Box[] {
  return boxes.map((b) => ({ x0: b.y0, y0: b.x0, x1: b.y1, y1: b.x1, n: b.n }));
}

/**
 * Glyphs joined into lines: side by side, sharing the line's height, less than a line apart.
 * What the picture's top or bottom edge cuts (an icon's remnant after a crop) joins nothing
 * whole.
 */
function linesOf(glyphs: Box[], height: number): Box[] {
  const cutAcross = (b: Box) => b.y0 <= 1 || b.y1 >= height - 2;
  const parent = Int32Array.from(glyphs, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  eachPair(
    glyphs,
    (a, b) => Math.max(heightOf(a), heightOf(b), 40),
    (a, b, gap) => {
      const [ha, hb] = [heightOf(a), heightOf(b)];
      const [low, high] = [Math.min(ha, hb), Math.max(ha, hb)];
      const overlap = overlapOf(a, b);
      if (gap > high || overlap < 0.5 * low || cutAcross(a) !== cutAcross(b)) return false;
      // A small mark far smaller than its neighbour joins it only close by (a comma, not the
      // text beside an icon).
      return high <= 2.5 * low || gap <= 0.5 * low;
    },
    (i, j) => {
      parent[find(i)] = find(j);
    },
  );
  const lines = new Map<number, Box>();
  glyphs.forEach((b, i) => {
    const root = find(i);
    const line = lines.get(root);
    if (!line) lines.set(root, { ...b });
    else {
      line.x0 = Math.min(line.x0, b.x0);
      line.y0 = Math.min(line.y0, b.y0);
      line.x1 = Math.max(line.x1, b.x1);
      line.y1 = Math.max(line.y1, b.y1);
      line.n += b.n;
    }
  });
  return [...lines.values()];
}

/** Turned a quarter clockwise. */
function turnedQuarter({ data, width, height }: Grey): Grey {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) out[x * height + (height - 1 - y)] = data[row + x]!;
  }
  return { data: out, width: height, height: width };
}

/** Summed-area table, (width + 1) × (height + 1): a rectangle's sum in four reads. */
type SummedArea = { sums: Int32Array; stride: number };

function summedArea(data: Uint8Array, width: number, height: number): SummedArea {
  const stride = width + 1;
  // At most 255 × 800 × 800: well within 32 bits.
  const sums = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += data[y * width + x]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  return { sums, stride };
}

/**
 * The sum of the picture over [0, x) × [0, y) for fractional x and y: the table read
 * bilinearly, which is exact for a picture made of constant pixels.
 */
function areaTo({ sums, stride }: SummedArea, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (xx: number, yy: number) => sums[yy * stride + xx]!;
  const x1 = fx > 0 ? x0 + 1 : x0;
  const y1 = fy > 0 ? y0 + 1 : y0;
  return (
    at(x0, y0) * (1 - fx) * (1 - fy) + at(x1, y0) * fx * (1 - fy) + at(x0, y1) * (1 - fx) * fy + at(x1, y1) * fx * fy
  );
}

/**
 * The line's picture: GRID_ROWS × GRID_COLS mean grey levels, their spread normalised (2.5
 * standard deviations either side) into GRID_LEVELS levels, and turned so ink is dark: the
 * ring of pixels around the line is its background.
 */
function gridOf(grey: Grey, sums: SummedArea, b: Box): Uint8Array {
  const w = b.x1 - b.x0 + 1;
  const h = heightOf(b);
  // Each cell averages a little beyond its edges (SOFT line heights).
  const xs = Array.from({ length: GRID_COLS + 1 }, (_, c) => b.x0 + (c * w) / GRID_COLS);
  const ys = Array.from({ length: GRID_ROWS + 1 }, (_, r) => b.y0 + (r * h) / GRID_ROWS);
  const clampX = (x: number) => Math.max(0, Math.min(grey.width, x));
  const clampY = (y: number) => Math.max(0, Math.min(grey.height, y));
  const soft = SOFT * h;
  const lowX = xs.map((x) => clampX(x - soft));
  const highX = xs.map((x) => clampX(x + soft));
  const lowY = ys.map((y) => clampY(y - soft));
  const highY = ys.map((y) => clampY(y + soft));
  const cells = new Float64Array(GRID_ROWS * GRID_COLS);
  for (let r = 0; r < GRID_ROWS; r += 1) {
    const [ya, yb] = [lowY[r]!, highY[r + 1]!];
    for (let c = 0; c < GRID_COLS; c += 1) {
      const [xa, xb] = [lowX[c]!, highX[c + 1]!];
      cells[r * GRID_COLS + c] = (areaTo(sums, xb, yb) - areaTo(sums, xa, yb) - areaTo(sums, xb, ya) + areaTo(sums, xa, ya)) / ((xb - xa) * (yb - ya));
    }
  }
  let mean = 0;
  for (const v of cells) mean += v;
  mean /= cells.length;
  let variance = 0;
  for (const v of cells) variance += (v - mean) ** 2;
  const spread = Math.max(4, Math.sqrt(variance / cells.length));
  const { data, width, height } = grey;
  const [rx0, rx1, ry0, ry1] = [Math.max(0, b.x0 - 2), Math.min(width - 1, b.x1 + 2), Math.max(0, b.y0 - 2), Math.min(height - 1, b.y1 + 2)];
  let ring = 0;
  for (let x = rx0; x <= rx1; x += 1) ring += data[ry0 * width + x]! + data[ry1 * width + x]!;
  for (let y = ry0; y <= ry1; y += 1) ring += data[y * width + rx0]! + data[y * width + rx1]!;
  const darkBackground = ring / (2 * (rx1 - rx0 + 1) + 2 * (ry1 - ry0 + 1)) < mean;
  return Uint8Array.from(cells, (v) => {
    const z = Math.max(-2.5, Math.min(2.5, (v - mean) / spread));
    const level = Math.min(GRID_LEVELS - 1, Math.floor(((z + 2.5) / 5) * GRID_LEVELS));
    return darkBackground ? GRID_LEVELS - 1 - level : level;
  });
}

/**
 * Mean grey levels of CODE_ROWS × `cols` cells over the part of the line from `start`,
 * `length` pixels long, each cell reaching `soft` pixels beyond its edges (grey as it is: a copy
 * keeps its colours' order). The keys' source.
 */
function cellsOf(grey: Grey, sums: SummedArea, b: Box, start: number, length: number, cols: number, soft: number): Float32Array {
  const cells = new Float32Array(CODE_ROWS * cols);
  const rowHeight = heightOf(b) / CODE_ROWS;
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  for (let r = 0; r < CODE_ROWS; r += 1) {
    const ya = clamp(b.y0 + r * rowHeight - soft, grey.height);
    const yb = clamp(b.y0 + (r + 1) * rowHeight + soft, grey.height);
    for (let c = 0; c < cols; c += 1) {
      const xa = clamp(start + (c * length) / cols - soft, grey.width);
      const xb = clamp(start + ((c + 1) * length) / cols + soft, grey.width);
      cells[r * cols + c] = (areaTo(sums, xb, yb) - areaTo(sums, xa, yb) - areaTo(sums, xb, ya) + areaTo(sums, xa, ya)) / ((xb - xa) * (yb - ya));
    }
  }
  return cells;
}

/** The whole line's cells (`Blob.coarse`). */
const coarseOf = (grey: Grey, sums: SummedArea, b: Box) =>
  cellsOf(grey, sums, b, b.x0, b.x1 - b.x0 + 1, 2 * CODE_COLS, SOFT_CODE * heightOf(b));

/** A line at least WINDOW + 1 heights long: its ends' windows (see `Blob.ends`). */
function endsOf(grey: Grey, sums: SummedArea, b: Box): Pick<Blob, 'ends'> {
  const h = heightOf(b);
  const w = b.x1 - b.x0 + 1;
  if (w < (WINDOW + 1) * h) return {};
  const heights = [h, h - 1, h + 1];
  return {
    ends: {
      left: heights.map((hh) => cellsOf(grey, sums, b, b.x0, WINDOW * hh, CODE_COLS, SOFT_CODE * hh)),
      right: heights.map((hh) => cellsOf(grey, sums, b, b.x1 + 1 - WINDOW * hh, WINDOW * hh, CODE_COLS, SOFT_CODE * hh)),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Stored form

/**
 * The fingerprint as stored (proof_fingerprints.fingerprint): version, width, height, then per
 * line x, y, w, h (16 bits each) and its grid, two levels a byte. About 200 bytes a line.
 */
export function encodeFingerprint(f: Fingerprint): Buffer {
  const perBlob = 8 + (GRID_ROWS * GRID_COLS) / 2;
  const out = Buffer.alloc(5 + f.blobs.length * perBlob);
  out.writeUInt8(FINGERPRINT_VERSION, 0);
  out.writeUInt16BE(f.width, 1);
  out.writeUInt16BE(f.height, 3);
  f.blobs.forEach((b, i) => {
    const at = 5 + i * perBlob;
    out.writeUInt16BE(b.x, at);
    out.writeUInt16BE(b.y, at + 2);
    out.writeUInt16BE(b.w, at + 4);
    out.writeUInt16BE(b.h, at + 6);
    for (let k = 0; k < b.grid.length; k += 2) out[at + 8 + k / 2] = (b.grid[k]! << 4) | b.grid[k + 1]!;
  });
  return out;
}

/** A stored fingerprint; null for one of another version (taken again by `lookalike:rehash`). */
export function decodeFingerprint(data: Uint8Array): Fingerprint | null {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buffer.length < 5 || buffer.readUInt8(0) !== FINGERPRINT_VERSION) return null;
  const perBlob = 8 + (GRID_ROWS * GRID_COLS) / 2;
  const blobs: Blob[] = [];
  for (let at = 5; at + perBlob <= buffer.length; at += perBlob) {
    const grid = new Uint8Array(GRID_ROWS * GRID_COLS);
    for (let k = 0; k < grid.length; k += 2) {
      grid[k] = buffer[at + 8 + k / 2]! >> 4;
      grid[k + 1] = buffer[at + 8 + k / 2]! & 15;
    }
    blobs.push({ x: buffer.readUInt16BE(at), y: buffer.readUInt16BE(at + 2), w: buffer.readUInt16BE(at + 4), h: buffer.readUInt16BE(at + 6), grid });
  }
  return { width: buffer.readUInt16BE(1), height: buffer.readUInt16BE(3), blobs };
}

// ---------------------------------------------------------------------------------------------
// The four ways round

/**
 * Once its text runs across, a screenshot may still be upside down or mirrored: the same
 * fingerprint seen as it, mirrored, turned half round and flipped. Variant 0 is the stored one.
 */
export const VARIANTS = 4;

export function variantOf(f: Fingerprint, variant: number): Fingerprint {
  if (variant === 0) return f;
  const mirror = variant === 1 || variant === 2;
  const flip = variant === 2 || variant === 3;
  return {
    ...f,
    blobs: f.blobs.map((b) => {
      const grid = new Uint8Array(b.grid.length);
      for (let r = 0; r < GRID_ROWS; r += 1) {
        const from = (flip ? GRID_ROWS - 1 - r : r) * GRID_COLS;
        for (let c = 0; c < GRID_COLS; c += 1) grid[r * GRID_COLS + c] = b.grid[from + (mirror ? GRID_COLS - 1 - c : c)]!;
      }
      let coarse: Float32Array | undefined;
      if (b.coarse) {
        const cols = 2 * CODE_COLS;
        coarse = new Float32Array(b.coarse.length);
        for (let r = 0; r < CODE_ROWS; r += 1) {
          const from = (flip ? CODE_ROWS - 1 - r : r) * cols;
          for (let c = 0; c < cols; c += 1) coarse[r * cols + c] = b.coarse[from + (mirror ? cols - 1 - c : c)]!;
        }
      }
      const turnCells = (cells: Float32Array) => {
        const out = new Float32Array(cells.length);
        for (let r = 0; r < CODE_ROWS; r += 1) {
          const from = (flip ? CODE_ROWS - 1 - r : r) * CODE_COLS;
          for (let c = 0; c < CODE_COLS; c += 1) out[r * CODE_COLS + c] = cells[from + (mirror ? CODE_COLS - 1 - c : c)]!;
        }
        return out;
      };
      const ends = b.ends && {
        left: (mirror ? b.ends.right : b.ends.left).map(turnCells),
        right: (mirror ? b.ends.left : b.ends.right).map(turnCells),
      };
      return {
        x: mirror ? f.width - b.x - b.w : b.x,
        y: flip ? f.height - b.y - b.h : b.y,
        w: b.w,
        h: b.h,
        grid,
        ...(coarse ? { coarse } : {}),
        ...(ends ? { ends } : {}),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Index keys

/**
 * The search's keys (proof_keys). Per text line (`keyedLines`), a key per half of the line: in
 * 2 × 12 smoothed cells of that half (a row above and one below the middle), whether each cell
 * is darker than the next to its right — 22 bits that follow the letters — and which half. A
 * line at least seven heights long also has a key per end: the same code over its first or last
 * six heights, so a line a crop cut is still found by the end it kept. A copy's line gives the
 * same key most of the time; a bit whose two cells are nearly equal can tip, so the search also
 * probes each key with either of its two least certain bits flipped (and a cut line's end at
 * the line's height ± 1 pixel). Another line rarely gives the same key.
 */
/** Lines keyed per stored proof, and probed per new one. */
const STORED_LINES = 16;
const PROBED_LINES = 12;
const CODE_ROWS = 2;
const CODE_COLS = 12;
/** A line's end, for the keys of a line a crop cut: this many heights. */
const WINDOW = 6;

type HalfCode = { bits: number; weakest: [number, number] };

/**
 * The lines worth a key: at least twice as wide as high (text, not an icon), the widest first;
 * for a search, lines cut by the picture's edge last (their halves are not the stored ones).
 */
function keyedLines(f: Fingerprint, count: number): number[] {
  const cut = (b: Blob) => b.x <= 1 || b.y <= 1 || b.x + b.w >= f.width - 1 || b.y + b.h >= f.height - 1;
  return f.blobs
    .map((b, i) => ({ shape: b.w / b.h, cut: cut(b), i }))
    .filter(({ shape }) => shape >= 2)
    .sort((a, b) => Number(a.cut) - Number(b.cut) || b.shape - a.shape || a.i - b.i)
    .slice(0, count)
    .map(({ i }) => i);
}

/** The gradient code of CODE_ROWS × CODE_COLS cells (`stride` apart per row, from `offset`). */
function codeOf(cells: Float32Array, stride: number, offset: number): HalfCode {
  let bits = 0;
  const margins: [number, number][] = [];
  for (let r = 0; r < CODE_ROWS; r += 1) {
    for (let c = 0; c < CODE_COLS - 1; c += 1) {
      const left = cells[r * stride + offset + c]!;
      const right = cells[r * stride + offset + c + 1]!;
      const bit = r * (CODE_COLS - 1) + c;
      if (left < right) bits |= 1 << bit;
      margins.push([Math.abs(left - right), bit]);
    }
  }
  margins.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { bits: bits >>> 0, weakest: [margins[0]![1], margins[1]![1]] };
}

/** The codes of a line's two halves, from its coarse cells (grey as they are: a copy keeps its colours' order). */
function halfCodes(b: Blob): HalfCode[] {
  return [0, 1].map((half) => codeOf(b.coarse!, 2 * CODE_COLS, half * CODE_COLS));
}

/** Keys' kinds: a half (0 left, 1 right) or an end's window (2 left, 3 right). */
const END_KIND = { left: 2, right: 3 } as const;

const keyOf = (kind: number, bits: number) => (BigInt(kind) << 32n) | BigInt(bits >>> 0);

/** The keys a proof is stored under: its own way round, exact codes. */
export function storedKeys(f: Fingerprint): bigint[] {
  const keys = new Set<bigint>();
  for (const i of keyedLines(f, STORED_LINES)) {
    const b = f.blobs[i]!;
    halfCodes(b).forEach((code, half) => keys.add(keyOf(half, code.bits)));
    if (b.ends) for (const side of ['left', 'right'] as const) keys.add(keyOf(END_KIND[side], codeOf(b.ends[side][0]!, CODE_COLS, 0).bits));
  }
  return [...keys];
}

/** A probe of the search: a key, and which line of which variant asks for it. */
export type Probe = { key: bigint; line: number; variant: number };

/** The keys to look up: every variant's (`variantOf`), each also with one of its two least certain bits flipped. */
export function probeKeys(f: Fingerprint): Probe[] {
  const probes: Probe[] = [];
  const lines = keyedLines(f, PROBED_LINES);
  for (let variant = 0; variant < VARIANTS; variant += 1) {
    const turned = variantOf(f, variant);
    for (const line of lines) {
      const b = turned.blobs[line]!;
      const add = (kind: number, { bits, weakest }: HalfCode) => {
        for (const flipped of [bits, bits ^ (1 << weakest[0]), bits ^ (1 << weakest[1])]) probes.push({ key: keyOf(kind, flipped), line, variant });
      };
      halfCodes(b).forEach((code, half) => add(half, code));
      // A line its picture's edge cut: the end the cut left whole, at three heights.
      const whole = b.x <= 1 ? 'right' : b.x + b.w >= turned.width - 1 ? 'left' : null;
      if (whole && b.ends) for (const cells of b.ends[whole]) add(END_KIND[whole], codeOf(cells, CODE_COLS, 0));
    }
  }
  return probes;
}

/** What an upload's image work hands over: the stored fingerprint, its keys and the search's probes. */
export type Lookalike = { fingerprint: Buffer; keys: bigint[]; probes: Probe[] };

/** The look-alike data of decoded pixels (lib/image-work.ts, on the image thread). */
export async function lookalikeOfPixels(pixels: Pixels): Promise<Lookalike> {
  const fingerprint = await fingerprintOfPixels(pixels);
  return { fingerprint: encodeFingerprint(fingerprint), keys: storedKeys(fingerprint), probes: probeKeys(fingerprint) };
}

// ---------------------------------------------------------------------------------------------
// The judgement

/** Lines' pictures this far apart (0–15, the worst eighth of their width) are different lines. */
const DIFFERENT_AT = 2.25;
/** A line cut by the other picture's edge is compared on the part both show, a little more loosely. */
const DIFFERENT_CUT_AT = 2.6;
/** Lines this close can anchor the two pictures' alignment (a line cut by its picture's edge: the part it shows)… */
const ANCHOR_AT = 1.6;
const ANCHOR_CUT_AT = 2.0;
/** …when at least this many agree on it. */
const MIN_ANCHORS = 2;

/** The largest mean difference of two grids over any eighth of their width, in levels. */
function gridDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const per = GRID_COLS / 8;
  let worst = 0;
  for (let k = 0; k < 8; k += 1) {
    let sum = 0;
    for (let r = 0; r < GRID_ROWS; r += 1) {
      const row = r * GRID_COLS;
      for (let c = k * per; c < (k + 1) * per; c += 1) sum += Math.abs(a[row + c]! - b[row + c]!);
    }
    if (sum > worst) worst = sum;
  }
  return worst / (per * GRID_ROWS);
}

type Alignment = { scale: number; dx: number; dy: number; anchors: number };

/** Which of its picture's sides a line touches: cut there by the picture's edge. */
function cutSides(f: Fingerprint, b: Blob): { left: boolean; right: boolean; across: boolean } {
  return { left: b.x <= 1, right: b.x + b.w >= f.width - 1, across: b.y <= 1 || b.y + b.h >= f.height - 1 };
}

/**
 * Two lines that can anchor the alignment: a point of one (its centre, or for a line cut by its
 * picture's edge the end the cut did not touch, at mid-height) and the same point of the other.
 */
type Anchor = { scale: number; qx: number; qy: number; cx: number; cy: number; qh: number; whole: boolean };

/**
 * `cut` (a line cut on one side by its own picture's edge) against `whole` (a line of the other
 * picture): the part `cut` shows against the same end of `whole`, scaled by their heights.
 * Returns the anchor in `cut`'s and `whole`'s coordinates, or null.
 */
function cutAnchor(cut: Blob, side: 'left' | 'right', whole: Blob): { scale: number; cutX: number; wholeX: number } | null {
  const scale = cut.h / whole.h;
  if (Math.abs(Math.log(scale)) > 0.35) return null;
  const shown = cut.w / (scale * whole.w);
  if (shown < 0.3 || shown > 1.05) return null;
  const k = GRID_COLS * Math.min(1, shown);
  const part = side === 'left' ? partOf(whole.grid, GRID_COLS - k, GRID_COLS) : partOf(whole.grid, 0, k);
  if (gridDistance(normalised(cut.grid), part) > ANCHOR_CUT_AT) return null;
  return side === 'left' ? { scale, cutX: cut.x + cut.w, wholeX: whole.x + whole.w } : { scale, cutX: cut.x, wholeX: whole.x };
}

/**
 * How `c` maps onto `q` (q = scale × c + shift), found from the lines alike enough to anchor it
 * (whole lines alike, or a line cut by a crop alike to the same end of the other's): the scale
 * and shift most of them agree on. Null below MIN_ANCHORS agreeing lines.
 */
function alignment(q: Fingerprint, c: Fingerprint): Alignment | null {
  const anchors: Anchor[] = [];
  const middle = (b: Blob) => b.y + b.h / 2;
  for (const a of q.blobs) {
    const cutA = cutSides(q, a);
    if (cutA.across || (cutA.left && cutA.right)) continue;
    const shapeA = Math.log(a.w / a.h);
    for (const b of c.blobs) {
      const cutB = cutSides(c, b);
      if (cutB.across || (cutB.left && cutB.right)) continue;
      if (cutA.left || cutA.right) {
        if (cutB.left || cutB.right) continue;
        const found = cutAnchor(a, cutA.left ? 'left' : 'right', b);
        if (found) anchors.push({ scale: found.scale, qx: found.cutX, qy: middle(a), cx: found.wholeX, cy: middle(b), qh: a.h, whole: false });
      } else if (cutB.left || cutB.right) {
        const found = cutAnchor(b, cutB.left ? 'left' : 'right', a);
        if (found) anchors.push({ scale: 1 / found.scale, qx: found.wholeX, qy: middle(a), cx: found.cutX, cy: middle(b), qh: a.h, whole: false });
      } else {
        if (Math.abs(shapeA - Math.log(b.w / b.h)) > 0.2) continue;
        if (gridDistance(a.grid, b.grid) > ANCHOR_AT) continue;
        anchors.push({ scale: (a.w + a.h) / (b.w + b.h), qx: a.x + a.w / 2, qy: middle(a), cx: b.x + b.w / 2, cy: middle(b), qh: a.h, whole: true });
      }
    }
  }
  let best: Anchor[] = [];
  for (const h of anchors) {
    const dx = h.qx - h.scale * h.cx;
    const dy = h.qy - h.scale * h.cy;
    const agreeing = anchors.filter(
      (p) =>
        Math.abs(Math.log(p.scale / h.scale)) < 0.15 &&
        Math.abs(h.scale * p.cx + dx - p.qx) < 0.5 * p.qh + 3 &&
        Math.abs(h.scale * p.cy + dy - p.qy) < 0.5 * p.qh + 3,
    );
    if (agreeing.length > best.length) best = agreeing;
  }
  if (best.length < MIN_ANCHORS) return null;
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // Whole lines measure the scale better than heights do.
  const wholes = best.filter((p) => p.whole);
  const scale = median((wholes.length > 0 ? wholes : best).map((p) => p.scale));
  return { scale, dx: median(best.map((p) => p.qx - scale * p.cx)), dy: median(best.map((p) => p.qy - scale * p.cy)), anchors: best.length };
}

/** Columns [k0, k1) of a grid, stretched to the full width and its contrast normalised again. */
function partOf(grid: ArrayLike<number>, k0: number, k1: number): Float64Array {
  const out = new Float64Array(GRID_ROWS * GRID_COLS);
  for (let r = 0; r < GRID_ROWS; r += 1) {
    for (let c = 0; c < GRID_COLS; c += 1) {
      const x = k0 + ((c + 0.5) * (k1 - k0)) / GRID_COLS - 0.5;
      const a = Math.max(0, Math.min(GRID_COLS - 1, Math.floor(x)));
      const b = Math.min(GRID_COLS - 1, a + 1);
      const f = Math.max(0, Math.min(1, x - a));
      out[r * GRID_COLS + c] = grid[r * GRID_COLS + a]! * (1 - f) + grid[r * GRID_COLS + b]! * f;
    }
  }
  return normalised(out);
}

/** Values spread again over 0–GRID_LEVELS (2.5 standard deviations either side), as a grid is. */
function normalised(values: ArrayLike<number>): Float64Array {
  let mean = 0;
  for (let i = 0; i < values.length; i += 1) mean += values[i]!;
  mean /= values.length;
  let variance = 0;
  for (let i = 0; i < values.length; i += 1) variance += (values[i]! - mean) ** 2;
  const spread = Math.max(0.5, Math.sqrt(variance / values.length));
  return Float64Array.from(values, (v) => ((Math.max(-2.5, Math.min(2.5, (v - mean) / spread)) + 2.5) / 5) * GRID_LEVELS);
}

/** What comparing two fingerprints line by line found. */
export type Comparison = { anchors: number; same: number; different: number; missing: number };

/** A line placed in q's frame: its box there (what the other picture shows of it), and its cut side. */
type Placed = {
  line: Blob;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** The side cut, by either picture's edge; whether by its own (its grid then shows only part). */
  cut: 'left' | 'right' | null;
  ownCut: boolean;
  /** Its whole width in q's frame. */
  span: number;
  comparable: boolean;
};

type Frame = { x0: number; x1: number; y0: number; y1: number };

/**
 * A line, its box given in q's frame, as the other picture (its frame `other`) shows it: whole,
 * or cut on one side (by its own picture's edge or the other's) with at least 40 % and twice its
 * height of it shown — else not comparable (cut across, on both sides, or barely shown), though
 * what faces it is then not missing either. Null when the other shows none of it.
 */
function placed(line: Blob, own: Fingerprint, box: Frame, other: Frame): Placed | null {
  const [x0, x1, y0, y1] = [Math.max(box.x0, other.x0), Math.min(box.x1, other.x1), Math.max(box.y0, other.y0), Math.min(box.y1, other.y1)];
  if (x1 <= x0 || y1 <= y0) return null;
  const [ownLeft, ownRight] = [line.x <= 1, line.x + line.w >= own.width - 1];
  const left = ownLeft || box.x0 < other.x0 + 1;
  const right = ownRight || box.x1 > other.x1 - 1;
  const across = line.y <= 1 || line.y + line.h >= own.height - 1 || box.y0 < other.y0 + 1 || box.y1 > other.y1 - 1;
  const cut = left ? 'left' : right ? 'right' : null;
  const comparable = !across && !(left && right) && x1 - x0 >= 0.4 * (box.x1 - box.x0) && (!cut || x1 - x0 >= 2 * (box.y1 - box.y0));
  return { line, x0, x1, y0, y1, cut, ownCut: ownLeft || ownRight, span: box.x1 - box.x0, comparable };
}

/**
 * Whether two lines at one place show the same: whole lines compared whole; when one of them
 * is cut on one side, the part of the other it shows, lined up on the side the cut left.
 */
function sameLine(a: Placed, b: Placed): boolean {
  const cut = a.cut ?? b.cut;
  if (cut === null || (!a.ownCut && !b.ownCut)) return gridDistance(a.line.grid, b.line.grid) <= DIFFERENT_AT;
  // The line its own picture cut shows a part of the other, from the side the cut left.
  const [part, whole] = a.ownCut && (!b.ownCut || a.span <= b.span) ? [a, b] : [b, a];
  const k = Math.min(1, part.span / whole.span) * GRID_COLS;
  const shown = cut === 'left' ? partOf(whole.line.grid, GRID_COLS - k, GRID_COLS) : partOf(whole.line.grid, 0, k);
  return gridDistance(normalised(part.line.grid), shown) <= DIFFERENT_CUT_AT;
}

/**
 * Every line one picture shows of the other, against what is at its place in the other. Lines
 * of both that overlap form a place: one line each side is the same or different; a line with
 * nothing opposite is missing (a lone mark, a dot or comma, aside); a line opposite two or more
 * (lines joined in one picture and not the other) counts as one difference.
 */
export function compare(q: Fingerprint, c: Fingerprint): Comparison | null {
  const found = alignment(q, c);
  if (!found) return null;
  const { scale, dx, dy } = found;
  // Everything in q's frame: c's lines mapped in, against q's frame; q's lines against c's frame.
  const qFrame = { x0: 0, x1: q.width, y0: 0, y1: q.height };
  const cFrame = { x0: dx, x1: scale * c.width + dx, y0: dy, y1: scale * c.height + dy };
  const fromC = c.blobs.flatMap((b) => {
    const box = { x0: scale * b.x + dx, x1: scale * (b.x + b.w) + dx, y0: scale * b.y + dy, y1: scale * (b.y + b.h) + dy };
    return placed(b, c, box, qFrame) ?? [];
  });
  const fromQ = q.blobs.flatMap((a) => placed(a, q, { x0: a.x, x1: a.x + a.w, y0: a.y, y1: a.y + a.h }, cFrame) ?? []);
  // Which lines face which: overlapping by at least 30 % of the smaller.
  const facing = fromC.map((b) =>
    fromQ.flatMap((a, j) => {
      const ix = Math.min(b.x1, a.x1) - Math.max(b.x0, a.x0);
      const iy = Math.min(b.y1, a.y1) - Math.max(b.y0, a.y0);
      if (ix <= 0 || iy <= 0) return [];
      const smaller = Math.min((b.x1 - b.x0) * (b.y1 - b.y0), (a.x1 - a.x0) * (a.y1 - a.y0));
      return (ix * iy) / smaller >= 0.3 ? [j] : [];
    }),
  );
  // Places: the connected groups of facing lines.
  const placeOfQ = new Int32Array(fromQ.length).fill(-1);
  const placeOfC = new Int32Array(fromC.length).fill(-1);
  let places = 0;
  for (let start = 0; start < fromC.length; start += 1) {
    if (placeOfC[start]! >= 0) continue;
    const stack: ['c' | 'q', number][] = [['c', start]];
    placeOfC[start] = places;
    while (stack.length > 0) {
      const [side, index] = stack.pop()!;
      const next: ['c' | 'q', number][] =
        side === 'c' ? facing[index]!.map((j) => ['q', j]) : facing.flatMap((js, i) => (js.includes(index) ? [['c', i] as ['c', number]] : []));
      for (const [other, k] of next) {
        const marks = other === 'c' ? placeOfC : placeOfQ;
        if (marks[k]! >= 0) continue;
        marks[k] = places;
        stack.push([other, k]);
      }
    }
    places += 1;
  }
  let same = 0;
  let different = 0;
  let missing = 0;
  for (let place = 0; place < places; place += 1) {
    const cs = fromC.filter((_, i) => placeOfC[i] === place);
    const qs = fromQ.filter((_, j) => placeOfQ[j] === place);
    if (cs.some((p) => !p.comparable) || qs.some((p) => !p.comparable)) continue;
    if (qs.length === 0) {
      if (cs[0]!.line.w >= 1.5 * cs[0]!.line.h) missing += 1;
    } else if (cs.length === 1 && qs.length === 1) {
      if (sameLine(qs[0]!, cs[0]!)) same += 1;
      else different += 1;
    } else different += 1;
  }
  // q's lines facing nothing of c.
  fromQ.forEach((a, j) => {
    if (placeOfQ[j]! < 0 && a.comparable && a.line.w >= 1.5 * a.line.h) missing += 1;
  });
  return { anchors: found.anchors, same, different, missing };
}

/** At least this many lines both show must be the same… */
const MIN_SAME = 4;
/** …and at most this many different or missing. */
const MAX_DIFFERENT = 1;

export const looksAlike = (c: Comparison | null): boolean => c !== null && c.same >= MIN_SAME && c.different + c.missing <= MAX_DIFFERENT;

/** Whether `q`, seen one of `variants` ways round (all by default), looks like `c`. */
export function isLookalike(q: Fingerprint, c: Fingerprint, variants: Iterable<number> = [0, 1, 2, 3]): boolean {
  for (const v of variants) if (looksAlike(compare(variantOf(q, v), c))) return true;
  return false;
}
