import { loadConfig } from './env';

describe('UPLOAD_QUOTA_MB_PER_ORGANIZATION', () => {
  it('defaults to 5120 MB, takes whole megabytes (0 turns the quota off) and stops the server on anything else', () => {
    expect(loadConfig({}).uploadQuotaMb).toBe(5120);
    expect(loadConfig({ UPLOAD_QUOTA_MB_PER_ORGANIZATION: '250' }).uploadQuotaMb).toBe(250);
    expect(loadConfig({ UPLOAD_QUOTA_MB_PER_ORGANIZATION: '0' }).uploadQuotaMb).toBe(0);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB_PER_ORGANIZATION: '5 GB' })).toThrow(/UPLOAD_QUOTA_MB_PER_ORGANIZATION/);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB_PER_ORGANIZATION: '-1' })).toThrow(/UPLOAD_QUOTA_MB_PER_ORGANIZATION/);
  });
});
