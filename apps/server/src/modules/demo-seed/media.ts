import { MEDIA_IMAGE_FIELD } from '@iddesk/contract';
import { insertMedia } from '../media';
import { recordUpload, type StoredImage, storeImage } from '../uploads';
import { type Palette, posterPng } from './images';
import type { SeedArea } from './types';

const POSTERS: { title: string; headline: string; caption: string; palette: Palette }[] = [
  {
    title: 'Welcome to ID Desk',
    headline: 'Welcome to ID Desk',
    caption: 'Your IDs, deposits and withdrawals in one place',
    palette: { from: '#312e81', to: '#0f766e', accent: '#2dd4bf' },
  },
  {
    title: 'How to request an ID',
    headline: 'Request an ID',
    caption: 'Pick a site, choose a username, pay from your wallet',
    palette: { from: '#4338ca', to: '#7c3aed', accent: '#c4b5fd' },
  },
  {
    title: 'Add funds in minutes',
    headline: 'Add funds fast',
    caption: 'UPI or bank transfer, checked by a real person',
    palette: { from: '#0f766e', to: '#1d4ed8', accent: '#fde68a' },
  },
  {
    title: 'Support every day',
    headline: 'We are here 24×7',
    caption: 'Chat with the desk on WhatsApp or Telegram',
    palette: { from: '#9f1239', to: '#4338ca', accent: '#fda4af' },
  },
];

export const mediaArea: SeedArea<{ title: string; image: StoredImage }[]> = {
  name: 'media',
  async prepare({ storage }) {
    const data: { title: string; image: StoredImage }[] = [];
    for (const poster of POSTERS) {
      const png = await posterPng(poster.headline, poster.caption, poster.palette);
      data.push({
        title: poster.title,
        image: await storeImage(storage, png, 'public', MEDIA_IMAGE_FIELD),
      });
    }
    return { data, files: data.map((d) => d.image) };
  },
  async write(tx, data) {
    for (const [index, item] of data.entries()) {
      await recordUpload(tx, item.image, null);
      await insertMedia(tx, {
        kind: 'image',
        title: item.title,
        sortOrder: index,
        imageKey: item.image.key,
        videoUrl: null,
        videoProvider: null,
        embedUrl: null,
      });
    }
  },
};
