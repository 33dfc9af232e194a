import { ALL, type Case } from './case';

const COMPANY = { organization_admin: ALL(200), company_admin: ALL(200), company_member: ALL(200), assistant: ALL(200) };

export const uploadCases: Record<string, Case> = {
  'POST /api/upload': {
    build: () => ({ url: '/api/upload', payload: { file_name: 'photo.png', type: 'product_image', mimeType: 'image/png' } }),
    expect: { anonymous: ALL(401), admin: ALL(200), ...COMPANY },
  },
};
