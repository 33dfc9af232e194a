function optional(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Where a pending organization books its onboarding meeting: a booking page, else an e-mail to support. */
export function meetingLink(organizationName: string): string | null {
  const url = optional(import.meta.env.VITE_MEETING_URL);
  if (url) return url;
  const email = optional(import.meta.env.VITE_SUPPORT_EMAIL);
  if (!email) return null;
  const subject = encodeURIComponent(`Onboarding meeting for ${organizationName}`);
  return `mailto:${email}?subject=${subject}`;
}
