import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../src/config/env';

const problemsOf = (env: Record<string, string>) => {
  try {
    parseEnv(env, '/srv/iddesk');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('object storage configuration', () => {
  it('is off (disk) without S3_BUCKET', () => {
    expect(parseEnv({}, '/srv/iddesk').s3).toBeUndefined();
  });

  it('reads every S3_* variable', () => {
    const config = parseEnv(
      {
        S3_BUCKET: 'iddesk-uploads',
        S3_REGION: 'ap-south-1',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
        S3_FORCE_PATH_STYLE: 'false',
      },
      '/srv/iddesk',
    );
    expect(config.s3).toEqual({
      bucket: 'iddesk-uploads',
      region: 'ap-south-1',
      endpoint: 'https://s3.example.com',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
    });
  });

  it('defaults: us-east-1, the SDK credential chain, path-style only with an endpoint', () => {
    expect(parseEnv({ S3_BUCKET: 'iddesk-uploads' }, '/srv').s3).toEqual({
      bucket: 'iddesk-uploads',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const compatible = parseEnv({ S3_BUCKET: 'iddesk-uploads', S3_ENDPOINT: 'http://127.0.0.1:9000' }, '/srv').s3;
    expect(compatible?.forcePathStyle).toBe(true);
  });

  it('names every mistake at once', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'x' })).toEqual([
      'S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID is set.',
      'S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK finds credentials itself).',
    ]);
    expect(problemsOf({ S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'maybe' })).toEqual([
      'S3_BUCKET: Use a bucket name: 3–63 lowercase letters, digits, dots or hyphens.',
      'S3_ENDPOINT: Use an http:// or https:// URL.',
      'S3_FORCE_PATH_STYLE: Use true or false.',
    ]);
  });
});
