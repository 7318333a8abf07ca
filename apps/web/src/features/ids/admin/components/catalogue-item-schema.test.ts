import { describe, expect, it } from 'vitest';
import { catalogueFormValues, catalogueItemFormSchema } from './catalogue-item-schema';

const png = () => new File([new Uint8Array(500)], 'logo.png', { type: 'image/png' });

const messages = (result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = {
  ...catalogueFormValues(null),
  name: ' Lotus Exchange ',
  website: 'lotus.example.com',
  min_deposit: '1,000',
  image: png(),
};

describe('catalogueItemFormSchema', () => {
  it('cleans the values for the multipart call', () => {
    const out = catalogueItemFormSchema(true).parse(valid);
    expect(out).toMatchObject({
      name: 'Lotus Exchange',
      website: 'https://lotus.example.com/',
      description: '',
      min_deposit: '1000.00',
      is_active: true,
      demo_login: '',
      demo_password: '',
    });
  });

  it('needs a logo on create only', () => {
    expect(messages(catalogueItemFormSchema(true).safeParse({ ...valid, image: null }))).toEqual({
      image: 'Attach a logo image.',
    });
    expect(catalogueItemFormSchema(false).safeParse({ ...valid, image: null }).success).toBe(true);
  });

  it('refuses a logo that is not an image', () => {
    const pdf = new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' });
    expect(messages(catalogueItemFormSchema(true).safeParse({ ...valid, image: pdf })).image).toBe(
      'The file must be a JPEG, PNG or WebP image.',
    );
  });

  it('asks for both halves of the demo login', () => {
    expect(
      messages(catalogueItemFormSchema(true).safeParse({ ...valid, demo_login: 'demo1' })),
    ).toEqual({ demo_password: 'Enter the demo password too.' });
  });

  it('names every missing field at once', () => {
    const result = messages(
      catalogueItemFormSchema(true).safeParse({
        ...valid,
        name: ' ',
        website: 'http://plain.example.com',
        min_deposit: '',
      }),
    );
    expect(Object.keys(result).sort()).toEqual(['min_deposit', 'name', 'website']);
    expect(result.website).toBe('Enter the website address, like https://example.com.');
  });
});
