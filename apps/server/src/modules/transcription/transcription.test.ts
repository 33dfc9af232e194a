import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import { TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { uploadFile } from '../../../test/fixtures/files';
import { wav } from '../../../test/fixtures/openai-assistant-stand-in';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { insertTreatment } from '../treatments/treatments.repo';


/** What the stand-in saw, and how it should answer. */
const seen = { transcriptions: [] as { model: string; filename: string; bytes: number; auth: string }[], chats: [] as { model: string; format: unknown; user: string }[] };
let failChat = false;
/** Chat completions asked for while failing (each attempt of a job asks twice: the SDK retries once at once). */
let failedChats = 0;

function readMultipart(request: IncomingMessage): Promise<{ fields: Record<string, string>; file: { filename: string; bytes: number } | null }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { filename: string; bytes: number } | null = null;
    const parser = busboy({ headers: request.headers });
    parser.on('field', (name, value) => { fields[name] = value; });
    parser.on('file', (_name, stream, info) => {
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      stream.on('end', () => { file = { filename: info.filename ?? '', bytes }; });
    });
    parser.on('close', () => { resolve({ fields, file }); });
    parser.on('error', reject);
    request.pipe(parser);
  });
}

/** An OpenAI-compatible server on 127.0.0.1: multipart transcription and JSON chat completions. */
function openAiStandIn(): Server {
  return createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
      void readMultipart(request).then(({ fields, file }) => {
        if (!file || !fields.model) return send(400, { error: { message: 'file and model are required' } });
        seen.transcriptions.push({ model: fields.model, filename: file.filename, bytes: file.bytes, auth: request.headers.authorization ?? '' });
        send(200, { text: 'Extraction of tooth thirty two under local anesthesia, no complications.' });
      });
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/chat/completions') {
      let raw = '';
      request.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
      request.on('end', () => {
        const body = JSON.parse(raw) as { model: string; response_format: unknown; messages: { role: string; content: string }[] };
        seen.chats.push({ model: body.model, format: body.response_format, user: body.messages.find((m) => m.role === 'user')?.content ?? '' });
        if (failChat) {
          failedChats += 1;
          return send(500, { error: { message: 'model overloaded' } });
        }
        send(200, {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify({ summary: 'Uneventful extraction of #32.', case_notes: 'Procedure: extraction #32.\nAnesthesia: lidocaine.\nFollow-up: 1 week.' }) } }],
        });
      });
      return;
    }
    send(404, { error: { message: 'not found' } });
  });
}

let server: Server;
let t: TestApp;
let unconfigured: TestApp;
let world: World;
beforeAll(async () => {
  server = openAiStandIn();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp({ openAi: { baseUrl: `http://127.0.0.1:${String(port)}/v1`, apiKey: 'sk-test', transcriptionModel: 'whisper-1', chatModel: 'gpt-4o-mini', assistantModel: 'gpt-4o-audio-preview' } });
  world = await createWorld(t.db);
  unconfigured = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await unconfigured.close();
  await new Promise<void>((resolve) => server.close(() => { resolve(); }));
});

/** A visit with one extraction at the member's location, on the given app. */
async function visitOn(app: TestApp, people: World) {
  const member = app.tokenFor(people.own.users.company_member);
  const companyId = people.own.org.locations[0]!.id;
  const treatment = await insertTreatment(app.db, { companyId, treatmentCode: `X${randomUUID().slice(0, 6)}`, name: 'Extraction', abbreviation: '', description: '', categoryId: null, createdBy: null });
  const product = await createProduct(app.db, { companyId: null, name: `Lidocaine ${randomUUID().slice(0, 8)}` });
  await createStock(app.db, { companyId, productId: product.id, unitsPerContainer: 50 });
  const res = await app.request({
    method: 'POST',
    url: '/api/treatment_log',
    token: member,
    payload: { patient_chart_number: 'CH-REC', treatments: [treatment.id], products: [{ product_id: product.id, quantity: 2, treatment_id: treatment.id }], idempotency_key: randomUUID() },
  });
  return { member, visit: res.json() as { id: string; transcriptionJobStatus: unknown } };
}

const recording = () => ({ name: 'recording.wav', mimeType: 'audio/wav', bytes: wav() });

describe('case notes from recordings', () => {
  it('uploads the recording to the transcription endpoint, then drafts summary and case notes from it and the visit', async () => {
    const { member, visit } = await visitOn(t, world);
    expect(visit.transcriptionJobStatus).toBeNull();
    const url = await uploadFile(t, member, 'treatment_execution_recording', recording());
    const saved = await t.request({ method: 'PATCH', url: `/api/treatment_log/${visit.id}`, token: member, payload: { recordingUrls: [url] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().recordingUrls).toHaveLength(1);
    await t.transcriptions.drain();

    const done = (await t.request({ method: 'GET', url: `/api/treatment_log/${visit.id}`, token: member })).json();
    expect(done).toMatchObject({
      transcriptionJobStatus: { status: 'completed' },
      recordingTranscript: 'Extraction of tooth thirty two under local anesthesia, no complications.',
      summary: 'Uneventful extraction of #32.',
      caseNotes: 'Procedure: extraction #32.\nAnesthesia: lidocaine.\nFollow-up: 1 week.',
    });
    // The real protocol: a multipart upload of the WAV with the model, then JSON mode chat with the visit's data.
    expect(seen.transcriptions.at(-1)).toEqual({ model: 'whisper-1', filename: 'recording.wav', bytes: wav().length, auth: 'Bearer sk-test' });
    const chat = seen.chats.at(-1)!;
    expect(chat).toMatchObject({ model: 'gpt-4o-mini', format: { type: 'json_object' } });
    expect(JSON.parse(chat.user)).toMatchObject({ treatments: [expect.stringContaining('Extraction')], transcript: expect.stringContaining('tooth thirty two') });
    const patients = (await t.request({ method: 'GET', url: '/api/patient?search=CH-REC', token: member })).json();
    expect(patients.results[0].last_visit_treatment_log_transcription_job_status).toBe('completed');
  });

  it('retries a failing service with backoff, fails with the reason after the last attempt, and re-generating runs it again', async () => {
    const { member, visit } = await visitOn(t, world);
    const url = await uploadFile(t, member, 'treatment_execution_recording', recording());
    failChat = true;
    failedChats = 0;
    await t.request({ method: 'PATCH', url: `/api/treatment_log/${visit.id}`, token: member, payload: { recordingUrls: [url] } });
    await t.transcriptions.drain();
    // The first attempt failed; the engine tries again later, so the visit still waits for notes.
    expect(failedChats).toBe(2);
    expect((await t.request({ method: 'GET', url: `/api/treatment_log/${visit.id}`, token: member })).json().transcriptionJobStatus).toEqual({ status: 'in_progress', configured: true });
    expect(await t.transcriptions.drain()).toBe(0);
    // The two retries, run now instead of after their delays: then it gives up.
    expect(await t.transcriptions.drain({ ignoreDelay: true })).toBe(2);
    expect(failedChats).toBe(6);
    expect((await t.request({ method: 'GET', url: `/api/treatment_log/${visit.id}`, token: member })).json().transcriptionJobStatus).toEqual({ status: 'failed', configured: true });

    failChat = false;
    const again = await t.request({ method: 'PATCH', url: `/api/treatment_log/${visit.id}/regenerate-casenotes`, token: member });
    expect(again.statusCode).toBe(200);
    expect(again.json().transcriptionJobStatus).toEqual({ status: 'in_progress', configured: true });
    await t.transcriptions.drain();
    expect((await t.request({ method: 'GET', url: `/api/treatment_log/${visit.id}`, token: member })).json()).toMatchObject({ transcriptionJobStatus: { status: 'completed' }, summary: 'Uneventful extraction of #32.' });
  });

  it('refuses what is not a recording of this location, and a visit without recordings cannot re-generate', async () => {
    const { member, visit } = await visitOn(t, world);
    const image = await uploadFile(t, member, 'product_image', { name: 'x.png', mimeType: 'image/png', bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64') });
    const wrong = await t.request({ method: 'PATCH', url: `/api/treatment_log/${visit.id}`, token: member, payload: { recordingUrls: [image] } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('recordingUrls.0');
    const none = await t.request({ method: 'PATCH', url: `/api/treatment_log/${visit.id}/regenerate-casenotes`, token: member });
    expect(none.json().errors).toEqual([{ field: 'recordingUrls', message: TREATMENT_LOG_MESSAGES.noRecording }]);
  });
});

describe('without a configured endpoint', () => {
  it("fails the job with 'transcription is not configured', says so on the visit, and case notes can still be typed", async () => {
    const people = await createWorld(unconfigured.db);
    const { member, visit } = await visitOn(unconfigured, people);
    const url = await uploadFile(unconfigured, member, 'treatment_execution_recording', recording());
    await unconfigured.request({ method: 'PATCH', url: `/api/treatment_log/${visit.id}`, token: member, payload: { recordingUrls: [url] } });
    await unconfigured.transcriptions.drain();
    const failed = (await unconfigured.request({ method: 'GET', url: `/api/treatment_log/${visit.id}`, token: member })).json();
    // The web app tells "automatic case notes are not set up" from this, and offers no Re-generate.
    expect(failed.transcriptionJobStatus).toEqual({ status: 'failed', configured: false });
    const list = (await unconfigured.request({ method: 'GET', url: `/api/treatment_log?patient_id=${String(failed.patient.id)}`, token: member })).json();
    expect(list.results[0].transcriptionJobStatus).toEqual({ status: 'failed', configured: false });
    const [job] = await unconfigured.db.query.transcriptionJobs.findMany({ where: (j, { eq }) => eq(j.treatmentLogId, visit.id) });
    expect(job?.reason).toBe('transcription is not configured');
    const typed = await unconfigured.request({ method: 'PATCH', url: `/api/treatment_log/${visit.id}`, token: member, payload: { caseNotes: 'Typed by hand.' } });
    expect(typed.json().caseNotes).toBe('Typed by hand.');
  });
});
