import { lazy } from '../../core/lazy';
import { loadOpenAiSdk } from '../../core/openai-sdk';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ASSISTANT_OUTPUT_AUDIO_FORMAT, ASSISTANT_VOICE, assistantToolDefinitions, type AssistantAudioFormat, type AssistantTurn } from '@clinic/domain';

export interface AssistantAiOptions {
  baseUrl?: string | undefined;
  apiKey: string;
  transcriptionModel: string;
  /** An audio-capable chat model (audio in, text and audio out, tools). */
  assistantModel: string;
}

export interface AssistantAiTurn {
  text: string;
  /** The spoken reply, base64 flac; null when the model answered in text only. */
  audio: string | null;
  toolCall: { id: string; name: string; arguments: unknown } | null;
}

/** The outside service behind the voice assistant: speech to text, and one turn of the conversation. */
export interface AssistantAi {
  transcribe(audio: { content: Buffer; format: AssistantAudioFormat }): Promise<string>;
  turn(input: { history: AssistantTurn[]; text: string | null; audio: { data: string; format: AssistantAudioFormat } | null; today: string }): Promise<AssistantAiTurn>;
}

const INSTRUCTIONS = (today: string) =>
  [
    `You are the inventory assistant of a dental or aesthetic clinic. Today is ${today}.`,
    'You help staff add stock, create products, suppliers and categories by calling the tools; the app asks the user to confirm before anything is created.',
    'Never invent ids: get a product id with select_product and a supplier id with select_supplier (or from earlier tool results).',
    'If something required is missing, ask one short question. Prices are in dollars. Dates are ISO (YYYY-MM-DD).',
    'Reply briefly, in the language the user speaks. Call at most one tool per reply.',
  ].join(' ');

/** The conversation the web kept, as chat messages (tool calls paired with their results). */
function toMessages(history: AssistantTurn[]): ChatCompletionMessageParam[] {
  return history.map((turn): ChatCompletionMessageParam => {
    if (turn.role === 'user') return { role: 'user', content: turn.text };
    if (turn.role === 'tool') return { role: 'tool', tool_call_id: turn.tool_call_id, content: turn.data ? `${turn.content} ${JSON.stringify(turn.data)}` : turn.content };
    return {
      role: 'assistant',
      content: turn.text,
      ...(turn.tool_call ? { tool_calls: [{ id: turn.tool_call.id, type: 'function' as const, function: { name: turn.tool_call.name, arguments: JSON.stringify(turn.tool_call.arguments) } }] } : {}),
    };
  });
}

/**
 * Any OpenAI-compatible endpoint: Whisper-style transcription, and chat completions with audio in,
 * the tools of spec section 5, voice alloy, flac out and no parallel tool calls.
 */
export function createOpenAiAssistant(options: AssistantAiOptions): AssistantAi {
  // Loaded with the first call (core/openai-sdk.ts), not when the server starts.
  const connect = lazy(async () => {
    const { default: OpenAI } = await loadOpenAiSdk();
    return new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1, timeout: 120_000 });
  });
  return {
    async transcribe(audio) {
      const [client, { toFile }] = await Promise.all([connect(), loadOpenAiSdk()]);
      const result = await client.audio.transcriptions.create({
        file: await toFile(audio.content, `speech.${audio.format}`, { type: `audio/${audio.format === 'mp3' ? 'mpeg' : audio.format}` }),
        model: options.transcriptionModel,
      });
      return result.text.trim();
    },

    async turn({ history, text, audio, today }) {
      const current: ChatCompletionMessageParam[] = [];
      // Chat audio input takes wav or mp3; other recordings arrive as their transcript (text).
      if (audio && (audio.format === 'wav' || audio.format === 'mp3')) {
        current.push({ role: 'user', content: [{ type: 'input_audio', input_audio: { data: audio.data, format: audio.format } }] });
      } else if (text) {
        current.push({ role: 'user', content: text });
      }
      const client = await connect();
      const completion = await client.chat.completions.create({
        model: options.assistantModel,
        modalities: ['text', 'audio'],
        audio: { voice: ASSISTANT_VOICE, format: ASSISTANT_OUTPUT_AUDIO_FORMAT },
        tools: assistantToolDefinitions(),
        parallel_tool_calls: false,
        messages: [{ role: 'system', content: INSTRUCTIONS(today) }, ...toMessages(history), ...current],
      });
      const message = completion.choices[0]?.message;
      const call = message?.tool_calls?.find((c) => c.type === 'function');
      let args: unknown = null;
      if (call?.type === 'function') {
        try {
          args = JSON.parse(call.function.arguments || '{}');
        } catch {
          args = null;
        }
      }
      return {
        text: (message?.content ?? message?.audio?.transcript ?? '').trim(),
        audio: message?.audio?.data ?? null,
        toolCall: call?.type === 'function' ? { id: call.id, name: call.function.name, arguments: args } : null,
      };
    },
  };
}
