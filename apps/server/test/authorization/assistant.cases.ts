import { ALL, type Case } from './case';

/**
 * The assistant acts for whoever is signed in; what it proposes is written later through the
 * ordinary routes, which check the role. Transcription without a recording is a 400 for everyone.
 */
const SIGNED_IN = (status: number) => ({ anonymous: ALL(401), admin: ALL(status), organization_admin: ALL(status), company_admin: ALL(status), company_member: ALL(status), assistant: ALL(status) });

export const assistantCases: Record<string, Case> = {
  'GET /api/voice-actions/mode': { build: () => ({ url: '/api/voice-actions/mode' }), expect: SIGNED_IN(200) },
  'POST /api/voice-actions': { build: () => ({ url: '/api/voice-actions', payload: { request: { text: 'new category Implants', history: [] } } }), expect: SIGNED_IN(200) },
  'POST /api/transcription': { build: () => ({ url: '/api/transcription', payload: {} }), expect: SIGNED_IN(400) },
};
