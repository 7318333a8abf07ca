import { proofRequiredMessage } from '@iddesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { formatFileSize, imageFileError } from './files';
import { imageFieldSchema } from './image-field-schema';
import { activateLocale } from './i18n';

describe('imageFileError', () => {
  it('accepts a JPEG, PNG or WebP up to exactly 5 MB', () => {
    expect(imageFileError({ size: 5 * 1024 * 1024, type: 'image/jpeg' })).toBeNull();
    expect(imageFileError({ size: 10, type: 'image/webp' })).toBeNull();
  });

  it('leaves a file of unknown type to the server', () => {
    expect(imageFileError({ size: 10, type: '' })).toBeNull();
  });

  it('refuses one byte over 5 MB, saying how big the file is', () => {
    expect(imageFileError({ size: 5 * 1024 * 1024 + 1, type: 'image/png' })).toBe(
      'The image may not be larger than 5 MB. This one is 5.0 MB.',
    );
    expect(imageFileError({ size: 12.34 * 1024 * 1024, type: 'image/png' })).toMatch(/12\.3 MB\.$/);
  });

  it('refuses other types and empty files', () => {
    expect(imageFileError({ size: 10, type: 'image/gif' })).toBe(
      'The file must be a JPEG, PNG or WebP image.',
    );
    expect(imageFileError({ size: 0, type: 'image/png' })).toMatch(/empty/);
  });
});

describe('upload messages in Hindi (issue 18)', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('a wrong type, a file too large and a missing file follow the page language', async () => {
    await activateLocale('hi');
    expect(imageFileError({ size: 10, type: 'application/pdf' })).toBe('फ़ाइल JPEG, PNG या WebP इमेज होनी चाहिए।');
    expect(imageFileError({ size: 6 * 1024 * 1024, type: 'image/png' })).toBe(
      'इमेज 5 MB से बड़ी नहीं हो सकती। यह 6.0 MB की है।',
    );
    // A required file's message is asked for when it is missing, in the language of that moment.
    const field = imageFieldSchema(proofRequiredMessage);
    expect(field.safeParse(null).error?.issues[0]?.message).toBe('भुगतान का स्क्रीनशॉट लगाएँ।');
    await activateLocale('en');
    expect(field.safeParse(null).error?.issues[0]?.message).toBe('Attach a screenshot of the payment.');
  });
});

describe('formatFileSize', () => {
  it('rounds for people', () => {
    expect(formatFileSize(500)).toBe('500 bytes');
    expect(formatFileSize(1536)).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
