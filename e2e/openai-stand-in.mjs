// An OpenAI-compatible server on 127.0.0.1 for the browser tests: the app's case-notes adapter
// speaks the real protocol to it (a multipart transcription upload, then a JSON chat completion).
import { createServer } from 'node:http';

export function startOpenAiStandIn() {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = (status, payload) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
        const text = body.toString('latin1');
        const multipart = String(request.headers['content-type'] ?? '').startsWith('multipart/form-data');
        if (!multipart || !text.includes('name="model"') || !text.includes('RIFF')) return send(400, { error: { message: 'a WAV file and a model are required' } });
        return send(200, { text: 'Local anesthesia given, tooth extracted, gauze placed, patient comfortable.' });
      }
      if (request.method === 'POST' && request.url === '/v1/chat/completions') {
        const { model, messages } = JSON.parse(body.toString('utf8'));
        const visit = JSON.parse(messages.find((m) => m.role === 'user').content);
        const content = JSON.stringify({
          summary: `Recorded visit: ${visit.treatments.join(', ')}.`,
          case_notes: `Procedure: ${visit.treatments.join(', ')}\nMaterials: ${visit.products_used.map((p) => `${p.name} x${p.quantity}`).join('; ')}\nNotes: ${visit.transcript}`,
        });
        return send(200, { id: 'chatcmpl-e2e', object: 'chat.completion', created: 0, model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] });
      }
      send(404, { error: { message: 'not found' } });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}
