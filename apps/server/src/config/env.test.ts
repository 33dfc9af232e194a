import { loadConfig } from './env';
import { judgeAddress } from '../modules/outbound/address-policy';

describe('UPLOAD_QUOTA_MB_PER_ORGANIZATION', () => {
  it('defaults to 5120 MB, takes whole megabytes (0 turns the quota off) and stops the server on anything else', () => {
    expect(loadConfig({}).uploadQuotaMb).toBe(5120);
    expect(loadConfig({ UPLOAD_QUOTA_MB_PER_ORGANIZATION: '250' }).uploadQuotaMb).toBe(250);
    expect(loadConfig({ UPLOAD_QUOTA_MB_PER_ORGANIZATION: '0' }).uploadQuotaMb).toBe(0);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB_PER_ORGANIZATION: '5 GB' })).toThrow(/UPLOAD_QUOTA_MB_PER_ORGANIZATION/);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB_PER_ORGANIZATION: '-1' })).toThrow(/UPLOAD_QUOTA_MB_PER_ORGANIZATION/);
  });
});

describe('JOBS_PMS_SYNC_CONCURRENCY', () => {
  it('is 64 on PostgreSQL and 4 on the embedded database by default, takes 1 to 64 and stops the server on anything else', () => {
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/clinic' };
    expect(loadConfig(postgres).jobConcurrency['pms-sync-location']).toBe(64);
    expect(loadConfig({}).jobConcurrency['pms-sync-location']).toBe(4);
    expect(loadConfig({ ...postgres, JOBS_PMS_SYNC_CONCURRENCY: '8' }).jobConcurrency['pms-sync-location']).toBe(8);
    expect(loadConfig({ JOBS_PMS_SYNC_CONCURRENCY: '16' }).jobConcurrency['pms-sync-location']).toBe(16);
    expect(() => loadConfig({ JOBS_PMS_SYNC_CONCURRENCY: '0' })).toThrow(/JOBS_PMS_SYNC_CONCURRENCY/);
    expect(() => loadConfig({ JOBS_PMS_SYNC_CONCURRENCY: 'many' })).toThrow(/JOBS_PMS_SYNC_CONCURRENCY/);
  });
});

describe('MARKETPLACE_DISTRIBUTORS', () => {
  it('is none by default, a JSON list of distributors when set, and stops the server when it is wrong', () => {
    expect(loadConfig({}).distributors).toEqual([]);
    const one = [{ code: 'dentalcity', name: 'DentalCity', url: 'https://api.dentalcity.example/v1', key: 'k' }];
    expect(loadConfig({ MARKETPLACE_DISTRIBUTORS: JSON.stringify(one) }).distributors).toEqual(one);
    expect(() => loadConfig({ MARKETPLACE_DISTRIBUTORS: 'dentalcity' })).toThrow(/MARKETPLACE_DISTRIBUTORS: not JSON/);
    expect(() => loadConfig({ MARKETPLACE_DISTRIBUTORS: JSON.stringify([{ ...one[0], url: 'ftp://x' }]) })).toThrow(/MARKETPLACE_DISTRIBUTORS\.0\.url/);
    expect(() => loadConfig({ MARKETPLACE_DISTRIBUTORS: JSON.stringify([...one, ...one]) })).toThrow(/each code once/);
  });
});

describe('BOOKING_URL and SUPPORT_EMAIL', () => {
  it('are unset by default, taken as given when valid, and stop the server when they are not an http(s) address or an e-mail', () => {
    expect(loadConfig({}).support).toEqual({ bookingUrl: null, email: null });
    expect(loadConfig({ BOOKING_URL: 'https://cal.example/clinic/onboarding', SUPPORT_EMAIL: 'help@clinic.example' }).support).toEqual({ bookingUrl: 'https://cal.example/clinic/onboarding', email: 'help@clinic.example' });
    expect(() => loadConfig({ BOOKING_URL: 'javascript:alert(1)' })).toThrow(/BOOKING_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help' })).toThrow(/SUPPORT_EMAIL/);
  });
});

describe('PMS_SECRET_KEY', () => {
  it('is unset by default, taken when it is 32 bytes, and stops the server when it is set but not a 32-byte key', () => {
    expect(loadConfig({}).pmsSecretKey).toBeUndefined();
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ PMS_SECRET_KEY: key }).pmsSecretKey).toBe(key);
    expect(() => loadConfig({ PMS_SECRET_KEY: Buffer.alloc(16).toString('hex') })).toThrow(/Invalid configuration:\n {2}PMS_SECRET_KEY must be a 32-byte key/);
  });
});

describe('EMBEDDED_SHARED_BUFFERS', () => {
  it('is 32MB by default, takes a PostgreSQL size and stops the server on anything else', () => {
    expect(loadConfig({}).embeddedSharedBuffers).toBe('32MB');
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS: '128MB' }).embeddedSharedBuffers).toBe('128MB');
    expect(() => loadConfig({ EMBEDDED_SHARED_BUFFERS: '32' })).toThrow(/EMBEDDED_SHARED_BUFFERS/);
    expect(() => loadConfig({ EMBEDDED_SHARED_BUFFERS: '32MB; drop table users' })).toThrow(/EMBEDDED_SHARED_BUFFERS/);
  });
});

describe('OUTBOUND_ALLOWED_NETWORKS', () => {
  it('is empty by default (public addresses only), a list of addresses and CIDRs when set, and stops the server on anything else', () => {
    expect(loadConfig({}).outboundAllowedNetworks).toEqual([]);
    const allowed = loadConfig({ OUTBOUND_ALLOWED_NETWORKS: '192.168.10.0/24, 10.1.2.3 fd00::/8' }).outboundAllowedNetworks;
    expect(allowed).toHaveLength(3);
    expect(judgeAddress('192.168.10.40', allowed).allowed).toBe(true);
    expect(judgeAddress('192.168.11.40', allowed).allowed).toBe(false);
    expect(() => loadConfig({ OUTBOUND_ALLOWED_NETWORKS: '192.168.10.0/24, intranet' })).toThrow(/OUTBOUND_ALLOWED_NETWORKS: not an address or CIDR network: "intranet"/);
  });
});
