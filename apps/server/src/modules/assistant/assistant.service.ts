import {
  ASSISTANT_AUDIO_MAX_BYTES,
  ASSISTANT_MESSAGES,
  AssistantToolNameSchema,
  checkToolArguments,
  type AssistantAudioFormat,
  type VoiceActionRequest,
  type VoiceActionResponse,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { AppError, badRequest } from '../../core/errors';
import { locationDay } from '../../db/location-day';
import { countAttempt } from '../auth/auth.writes';
import type { AssistantAi } from './assistant-ai';
import { createAssistantResolver } from './assistant-resolver';
import { detectAudioFormat } from './audio-format';
import { createLocalAssistant } from './local-assistant';

/** Turns and transcriptions per user within the throttle window (15 minutes). */
export const ASSISTANT_REQUESTS_PER_WINDOW = 120;

/**
 * The voice assistant's turns (POST voice-actions) and transcriptions. With an AI endpoint the
 * model proposes tool calls, checked here against the tool schemas and the user's own records;
 * without one the built-in parser does. Either way a tool call only proposes: the web confirms
 * and calls the ordinary routes. Audio is read in memory and never stored.
 */
export function createAssistantService(deps: ServiceDeps, ai: AssistantAi | null) {
  const resolver = createAssistantResolver(deps.db);
  const local = createLocalAssistant(resolver);

  async function throttle(actor: Actor): Promise<void> {
    if ((await countAttempt(deps.db, `assistant:${actor.userId}`, deps.now())) > ASSISTANT_REQUESTS_PER_WINDOW) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many assistant requests. Try again in a few minutes.');
    }
  }

  /** Audio as it really is: its size and its format read from its bytes. */
  function checkedAudio(content: Buffer, field: string): AssistantAudioFormat {
    if (content.length === 0) throw badRequest(field, 'The recording is empty');
    if (content.length > ASSISTANT_AUDIO_MAX_BYTES) throw badRequest(field, 'The recording is larger than 25 MB');
    const format = detectAudioFormat(content);
    if (!format) throw badRequest(field, 'Send audio as wav, webm, ogg, mp3 or flac');
    return format;
  }

  return {
    mode: (): 'ai' | 'local' => (ai ? 'ai' : 'local'),

    async transcribe(actor: Actor, content: Buffer): Promise<{ text: string }> {
      const format = checkedAudio(content, 'file');
      if (!ai) throw new AppError('CONFLICT', ASSISTANT_MESSAGES.speechNeedsSetup);
      await throttle(actor);
      return { text: await ai.transcribe({ content, format }) };
    },

    async turn(actor: Actor, { request }: VoiceActionRequest): Promise<VoiceActionResponse> {
      const audio = request.audio ? { data: request.audio.data, content: Buffer.from(request.audio.data, 'base64') } : null;
      const format = audio ? checkedAudio(audio.content, 'request.audio') : null;
      await throttle(actor);
      const today = await locationDay(deps.db, actor.companyId, deps.now());

      if (!ai) {
        if (audio) throw new AppError('CONFLICT', ASSISTANT_MESSAGES.speechNeedsSetup);
        return local.turn(actor, request.text ?? null, request.history, today);
      }

      const heard = audio && format ? await ai.transcribe({ content: audio.content, format }) : (request.text ?? null);
      const answer = await ai.turn({ history: request.history, text: heard, audio: audio && format ? { data: audio.data, format } : null, today });
      const base: VoiceActionResponse = { mode: 'ai', heard, text: answer.text, audio: answer.audio ? { data: answer.audio, format: 'flac' } : null, tool_call: null, display: null, draft: null };
      if (!answer.toolCall) return base;

      // What the model proposes is checked like any request: the tool exists, its arguments pass the schema, its ids are the user's.
      const name = AssistantToolNameSchema.safeParse(answer.toolCall.name);
      const checked = name.success ? checkToolArguments(name.data, answer.toolCall.arguments) : null;
      if (!name.success || !checked?.ok) {
        const why = checked && !checked.ok ? ` (${checked.errors.map((e) => `${e.field}: ${e.message}`).join('; ')})` : '';
        return { ...base, text: `${ASSISTANT_MESSAGES.badToolArguments}${why}`, audio: null };
      }
      const described = await resolver.describe(actor, name.data, checked.value);
      if ('problem' in described) return { ...base, text: `${described.problem} ${ASSISTANT_MESSAGES.badToolArguments}`, audio: null };
      return { ...base, tool_call: { id: answer.toolCall.id, name: name.data, arguments: checked.value }, display: described.display };
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
