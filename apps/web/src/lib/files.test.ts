import { describe, expect, it } from 'vitest';
import { formatFileSize, imageFileError } from './files';

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

describe('formatFileSize', () => {
  it('rounds for people', () => {
    expect(formatFileSize(500)).toBe('500 bytes');
    expect(formatFileSize(1536)).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
