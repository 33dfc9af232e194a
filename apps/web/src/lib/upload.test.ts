import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '@clinic/domain';
import { jsonResponse } from '../test/fixtures';
import { uploadFile, UploadError } from './upload';

describe('uploadFile', () => {
  it('declares the size it needs and shows why a full storage refused it', async () => {
    const refusal = UPLOAD_MESSAGES.quotaExceeded(5120);
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: refusal }, 413)));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array(1234)], 'box.png', { type: 'image/png' });
    const upload = uploadFile(file, 'product_image');
    await expect(upload).rejects.toThrow(UploadError);
    await expect(upload).rejects.toThrow(refusal);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ file_name: 'box.png', type: 'product_image', mimeType: 'image/png', size_bytes: 1234 });
  });
});
