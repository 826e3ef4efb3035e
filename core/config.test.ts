import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, maintenanceMode } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.BASE_URL).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
  });

  it('parses values and strips a trailing slash from the base URL', () => {
    const config = loadConfig({
      PORT: '8080',
      BASE_URL: 'https://swapgate.example/',
      REDIRECT_ALLOWED_HOSTS: 'A.example, b.example',
    });
    expect(config.PORT).toBe(8080);
    expect(config.BASE_URL).toBe('https://swapgate.example');
    expect(config.REDIRECT_ALLOWED_HOSTS).toEqual(['a.example', 'b.example']);
  });

  it('names the bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ BASE_URL: 'not a url' })).toThrow(/BASE_URL/);
  });
});

describe('a production deployment (DEPLOYMENT=production)', () => {
  const production = {
    DEPLOYMENT: 'production',
    DATABASE_URL: 'postgres://swapgate:Xk29-long-secret@db:5432/swapgate',
  };

  it('runs no sandbox providers unless asked', () => {
    expect(loadConfig({}).SANDBOX_PROVIDERS).toBe(true);
    expect(loadConfig(production).SANDBOX_PROVIDERS).toBe(false);
    expect(loadConfig({ ...production, SANDBOX_PROVIDERS: 'true' }).SANDBOX_PROVIDERS).toBe(true);
  });

  it('runs no sandbox chains unless asked (each node would run diverging ones)', () => {
    expect(loadConfig({}).SANDBOX_CHAINS).toBe('on');
    expect(loadConfig(production).SANDBOX_CHAINS).toBe('off');
    expect(loadConfig({ ...production, SANDBOX_CHAINS: 'on' }).SANDBOX_CHAINS).toBe('on');
  });

  it('refuses the sample database password, or none', () => {
    for (const url of [
      'postgres://swapgate:swapgate@postgres:5432/swapgate',
      'postgres://swapgate@postgres:5432/swapgate',
      'postgres://postgres:postgres@db/x',
    ]) {
      expect(() => loadConfig({ ...production, DATABASE_URL: url }), url).toThrow(/sample password/);
    }
    // The demo shape keeps working as before.
    expect(
      loadConfig({ DATABASE_URL: 'postgres://swapgate:swapgate@postgres:5432/swapgate' }).DEPLOYMENT,
    ).toBe('demo');
  });
});

describe('maintenanceMode', () => {
  it('is on only for the string true, off for anything else, unset when undefined', () => {
    expect(maintenanceMode({ LANDING__MAINTENANCE_MODE: 'true' })).toBe('on');
    expect(maintenanceMode({ LANDING__MAINTENANCE_MODE: 'false' })).toBe('off');
    expect(maintenanceMode({ LANDING__MAINTENANCE_MODE: 'TRUE' })).toBe('off');
    expect(maintenanceMode({ LANDING__MAINTENANCE_MODE: undefined })).toBe('unset');
  });
});
