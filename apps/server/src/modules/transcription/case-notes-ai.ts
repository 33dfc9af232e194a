import { lazy } from '../../core/lazy';
import { loadOpenAiSdk } from '../../core/openai-sdk';

/** What a visit's case notes are made from besides the recording. */
export interface VisitContext {
  treatments: string[];
  products: { name: string; quantity: number }[];
}

export interface CaseNotesDraft {
  summary: string;
  caseNotes: string;
}

/** The outside service behind case notes: speech to text, then text to a summary and case notes. */
export interface CaseNotesAi {
  transcribe(audio: { filename: string; contentType: string; content: Buffer }): Promise<string>;
  draft(transcript: string, visit: VisitContext): Promise<CaseNotesDraft>;
}

export interface OpenAiOptions {
  baseUrl?: string | undefined;
  apiKey: string;
  transcriptionModel: string;
  chatModel: string;
  /** The voice assistant's audio-capable chat model. */
  assistantModel: string;
}

const INSTRUCTIONS = [
  'You write clinical case notes for a dental or aesthetic clinic from the transcript of a recorded visit.',
  'Answer with a JSON object {"summary": string, "case_notes": string}.',
  'summary: two or three sentences a colleague reads first. case_notes: structured notes (procedure, anesthesia, materials used, findings, post-op instructions, follow-up), only from what the transcript and the visit data say.',
].join(' ');

/**
 * Any OpenAI-compatible endpoint (OPENAI_BASE_URL): Whisper-style transcription of each recording,
 * then one chat completion in JSON mode that turns transcript + the visit's treatments and
 * products into a summary and case notes.
 */
export function createOpenAiCaseNotes(options: OpenAiOptions): CaseNotesAi {
  // Loaded with the first call (core/openai-sdk.ts), not when the server starts.
  const connect = lazy(async () => {
    const { default: OpenAI } = await loadOpenAiSdk();
    return new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1, timeout: 120_000 });
  });
  return {
    async transcribe(audio) {
      const [client, { toFile }] = await Promise.all([connect(), loadOpenAiSdk()]);
      const result = await client.audio.transcriptions.create({
        file: await toFile(audio.content, audio.filename, { type: audio.contentType }),
        model: options.transcriptionModel,
      });
      return result.text.trim();
    },

    async draft(transcript, visit) {
      const client = await connect();
      const completion = await client.chat.completions.create({
        model: options.chatModel,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          {
            role: 'user',
            content: JSON.stringify({ treatments: visit.treatments, products_used: visit.products, transcript }),
          },
        ],
      });
      const content = completion.choices[0]?.message.content ?? '';
      let parsed: unknown;
      try {
        parsed = JSON.parse(content);
      } catch {
        throw new Error('the case notes service answered something that is not JSON');
      }
      const { summary, case_notes: caseNotes } = (parsed ?? {}) as { summary?: unknown; case_notes?: unknown };
      if (typeof summary !== 'string' || typeof caseNotes !== 'string') throw new Error('the case notes service left out the summary or the case notes');
      return { summary: summary.trim(), caseNotes: caseNotes.trim() };
    },
  };
}
