import { describe, expect, it } from 'vitest';
import { isUnsupportedAppleMobileOs, parseAppleMobileOsMajor } from './ipad-version';

const UA = {
  ipad14:
    'Mozilla/5.0 (iPad; CPU OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1',
  ipad15:
    'Mozilla/5.0 (iPad; CPU OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1',
  ipad17:
    'Mozilla/5.0 (iPad; CPU OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphone12: 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ipadChrome13: 'Mozilla/5.0 (iPad; CPU OS 13_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/87.0.4280.77 Mobile/15E148 Safari/604.1',
  ipadDesktopMode14:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Safari/605.1.15',
  macSafari14:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Safari/605.1.15',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};

describe('parseAppleMobileOsMajor', () => {
  it('reads the iPadOS and iOS major version', () => {
    expect(parseAppleMobileOsMajor(UA.ipad14)).toBe(14);
    expect(parseAppleMobileOsMajor(UA.ipad15)).toBe(15);
    expect(parseAppleMobileOsMajor(UA.ipad17)).toBe(17);
    expect(parseAppleMobileOsMajor(UA.iphone12)).toBe(12);
    expect(parseAppleMobileOsMajor(UA.ipadChrome13)).toBe(13);
  });

  it('recognises an iPad asking for the desktop site by its touch screen', () => {
    expect(parseAppleMobileOsMajor(UA.ipadDesktopMode14, 5)).toBe(14);
    expect(parseAppleMobileOsMajor(UA.macSafari14, 0)).toBeNull();
  });

  it('ignores other devices', () => {
    expect(parseAppleMobileOsMajor(UA.windowsChrome)).toBeNull();
    expect(parseAppleMobileOsMajor(UA.android, 5)).toBeNull();
    expect(parseAppleMobileOsMajor('')).toBeNull();
  });
});

describe('isUnsupportedAppleMobileOs', () => {
  it('flags versions below 15 only', () => {
    expect(isUnsupportedAppleMobileOs(UA.ipad14)).toBe(true);
    expect(isUnsupportedAppleMobileOs(UA.iphone12)).toBe(true);
    expect(isUnsupportedAppleMobileOs(UA.ipadDesktopMode14, 5)).toBe(true);
    expect(isUnsupportedAppleMobileOs(UA.ipad15)).toBe(false);
    expect(isUnsupportedAppleMobileOs(UA.ipad17)).toBe(false);
    expect(isUnsupportedAppleMobileOs(UA.macSafari14)).toBe(false);
    expect(isUnsupportedAppleMobileOs(UA.windowsChrome)).toBe(false);
  });
});
