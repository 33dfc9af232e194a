export const MIN_APPLE_MOBILE_OS_MAJOR = 15;

/**
 * Major iOS/iPadOS version from a user agent, or null when the device is not an iPhone/iPad.
 * iPadOS 13+ Safari asks for desktop pages and reports "Macintosh"; a touch screen gives it away,
 * and its Safari "Version/x" follows the OS version.
 */
export function parseAppleMobileOsMajor(userAgent: string, maxTouchPoints = 0): number | null {
  const mobile = /\((?:iPad|iPhone|iPod)[^)]*?\bOS (\d+)[_.]\d+/.exec(userAgent);
  if (mobile?.[1]) return Number(mobile[1]);

  const isDesktopModeIpad = /\(Macintosh;/.test(userAgent) && maxTouchPoints > 1;
  if (isDesktopModeIpad) {
    const safari = /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//.exec(userAgent);
    if (safari?.[1]) return Number(safari[1]);
  }
  return null;
}

export function isUnsupportedAppleMobileOs(userAgent: string, maxTouchPoints = 0): boolean {
  const major = parseAppleMobileOsMajor(userAgent, maxTouchPoints);
  return major !== null && major < MIN_APPLE_MOBILE_OS_MAJOR;
}
