import { z } from 'zod';
import { ASSISTANT_AUDIO_MAX_BYTES, ErrorResponseSchema, TranscriptionResponseSchema, VoiceActionRequestSchema, VoiceActionResponseSchema } from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import { badRequest } from '../../core/errors';
import type { AssistantService } from './assistant.service';

/** Spec section 7 (AI): POST transcription (a form file) and POST voice-actions ({request}). */
export function assistantRoutes(app: ZodApp, assistant: AssistantService): void {
  app.get('/voice-actions/mode', {
    schema: { tags: ['assistant'], response: { 200: z.object({ mode: z.enum(['ai', 'local']) }), ...errorResponses } },
    handler: () => ({ mode: assistant.mode() }),
  });

  app.post('/voice-actions', {
    // Speech arrives as base64 in the JSON body: up to 25 MB of audio, a third more as text.
    bodyLimit: Math.ceil((ASSISTANT_AUDIO_MAX_BYTES * 4) / 3) + 1024 * 1024,
    schema: { tags: ['assistant'], body: VoiceActionRequestSchema, response: { 200: VoiceActionResponseSchema, ...errorResponses, 429: ErrorResponseSchema } },
    handler: (request) => assistant.turn(actorOf(request), request.body),
  });

  app.post('/transcription', {
    bodyLimit: ASSISTANT_AUDIO_MAX_BYTES + 1024 * 1024,
    schema: { tags: ['assistant'], consumes: ['multipart/form-data'], response: { 200: TranscriptionResponseSchema, ...errorResponses, 429: ErrorResponseSchema } },
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest('file', 'Send the recording as multipart/form-data');
      const file = await request.file({ limits: { fileSize: ASSISTANT_AUDIO_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('file', 'Attach the recording as the form field "file"');
      const content = await file.toBuffer();
      if (file.file.truncated) throw badRequest('file', 'The recording is larger than 25 MB');
      return assistant.transcribe(actorOf(request), content);
    },
  });
}
