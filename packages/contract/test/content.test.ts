import { describe, expect, it } from 'vitest';
import {
  AddReviewBodySchema,
  contactLinks,
  DEFAULT_SITE_SETTINGS,
  MediaCreateBodySchema,
  parseVideoUrl,
  SiteSettingsBodySchema,
} from '../src';

describe('parseVideoUrl', () => {
  it('turns YouTube links into privacy-enhanced embeds', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(parseVideoUrl(link), link).toEqual({
        provider: 'youtube',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      });
    }
  });

  it('turns Vimeo links into player embeds, keeping an unlisted hash', () => {
    expect(parseVideoUrl('https://vimeo.com/76979871')).toEqual({
      provider: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871',
    });
    expect(parseVideoUrl('https://vimeo.com/76979871/abcdef1234')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?h=abcdef1234',
    );
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871')?.provider).toBe('vimeo');
  });

  it('accepts a direct https mp4 or webm file', () => {
    expect(parseVideoUrl('https://cdn.example.com/clips/intro.MP4')).toEqual({
      provider: 'file',
      embedUrl: 'https://cdn.example.com/clips/intro.MP4',
    });
  });

  it('refuses http, other sites, bad ids, credentials and scripts', () => {
    for (const bad of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://example.com/page',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/abc',
      'https://vimeo.com/about',
      'https://user:pw@cdn.example.com/a.mp4',
      'javascript:alert(1)//.mp4',
      'not a url',
      '',
    ]) {
      expect(parseVideoUrl(bad), bad).toBeNull();
    }
  });
});

describe('content bodies', () => {
  it('reads a review rating from a number or a form value and trims the text', () => {
    expect(AddReviewBodySchema.parse({ rating: '4', text: '  Great  ' })).toEqual({
      rating: 4,
      text: 'Great',
    });
    expect(AddReviewBodySchema.safeParse({ rating: 4.5, text: 'x' }).success).toBe(false);
  });

  it('media create takes an optional video link and order from form strings', () => {
    expect(MediaCreateBodySchema.parse({ title: ' Intro ', video_url: '', order: '-3' })).toEqual({
      title: 'Intro',
      order: -3,
    });
    expect(
      MediaCreateBodySchema.safeParse({ title: 'x', video_url: 'https://evil.test/' }).success,
    ).toBe(false);
  });

  it('settings normalise WhatsApp, Telegram and links, and "" means not set', () => {
    const parsed = SiteSettingsBodySchema.parse({
      ...DEFAULT_SITE_SETTINGS,
      contact_phone: '+91 98765  43210',
      whatsapp: '+91 98765-43210',
      telegram: 'https://t.me/iddesk_help',
      email: 'Help@Example.com',
      instagram: 'https://instagram.com/iddesk',
      terms_text: 'One\r\n\r\nTwo  ',
    });
    expect(parsed).toMatchObject({
      contact_phone: '+91 98765 43210',
      whatsapp: '919876543210',
      telegram: 'iddesk_help',
      email: 'help@example.com',
      facebook: '',
      terms_text: 'One\n\nTwo',
    });
    expect(contactLinks(parsed)).toEqual({
      phone: 'tel:+919876543210',
      whatsapp: 'https://wa.me/919876543210',
      telegram: 'https://t.me/iddesk_help',
      email: 'mailto:help@example.com',
    });
    const bad = SiteSettingsBodySchema.safeParse({
      ...DEFAULT_SITE_SETTINGS,
      whatsapp: 'call me',
      x: 'http://x.com/iddesk',
      site_name: ' ',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['site_name', 'whatsapp', 'x']);
  });
});
