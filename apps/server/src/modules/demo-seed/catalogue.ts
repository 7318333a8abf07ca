import { ID_LOGO_FIELD } from '@iddesk/contract';
import { insertItem } from '../catalogue';
import { recordUpload, type StoredImage, storeImage } from '../uploads';
import { logoPng } from './images';
import type { SeedArea } from './types';

type DemoItem = {
  name: string;
  initials: string;
  colour: string;
  description: string;
  /** Rupees; stored in paise. */
  minDeposit: number;
  demo: { login: string; password: string } | null;
};

/**
 * Made-up services on example.com addresses, so a site left on demo data points nobody at a
 * real operator. Some carry demo access for the /demo_ids screen.
 */
const ITEMS: DemoItem[] = [
  {
    name: 'Lotus Exchange',
    initials: 'LE',
    colour: '#be123c',
    description: 'Cricket, football and tennis exchange with live markets.',
    minDeposit: 500,
    demo: { login: 'lotus_demo', password: 'demo-lotus-2026' },
  },
  {
    name: 'Skyline Sports',
    initials: 'SS',
    colour: '#1d4ed8',
    description: 'Sportsbook with in-play odds and quick settlement.',
    minDeposit: 300,
    demo: { login: 'skyline_demo', password: 'demo-skyline-2026' },
  },
  {
    name: 'Royal Play',
    initials: 'RP',
    colour: '#7c3aed',
    description: 'Casino tables and live games around the clock.',
    minDeposit: 1000,
    demo: null,
  },
  {
    name: 'Tiger Book',
    initials: 'TB',
    colour: '#c2410c',
    description: 'Fancy markets and sessions for every match.',
    minDeposit: 200,
    demo: { login: 'tiger_demo', password: 'demo-tiger-2026' },
  },
  {
    name: 'Nova Games',
    initials: 'NG',
    colour: '#0f766e',
    description: 'Card games and quick rounds with small stakes.',
    minDeposit: 100,
    demo: null,
  },
];

const websiteOf = (name: string) => `https://${name.toLowerCase().replace(/\s+/g, '-')}.example.com/`;

export const catalogueArea: SeedArea<{ item: DemoItem; logo: StoredImage }[]> = {
  name: 'catalogue',
  async prepare({ storage }) {
    const data: { item: DemoItem; logo: StoredImage }[] = [];
    for (const item of ITEMS) {
      const png = await logoPng(item.initials, item.colour);
      data.push({ item, logo: await storeImage(storage, png, 'public', ID_LOGO_FIELD) });
    }
    return { data, files: data.map((d) => d.logo) };
  },
  async write(tx, data) {
    for (const { item, logo } of data) {
      await recordUpload(tx, logo, null);
      await insertItem(tx, {
        name: item.name,
        website: websiteOf(item.name),
        description: item.description,
        logoKey: logo.key,
        minDeposit: BigInt(item.minDeposit) * 100n,
        isActive: true,
        demoLogin: item.demo?.login ?? null,
        demoPassword: item.demo?.password ?? null,
      });
    }
  },
};
