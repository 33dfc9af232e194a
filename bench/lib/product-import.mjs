// A product CSV import through the API, timed from POST /import/product to its job's end.

async function uploadCsv(base, token, csv) {
  const presign = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file_name: 'bench.csv', type: 'product_csv_import', mimeType: 'text/csv' }),
  }).then((r) => r.json());
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.fields)) form.append(name, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const posted = await fetch(`${base}${presign.url}`, { method: 'POST', body: form });
  if (posted.status !== 204) throw new Error(`upload failed: ${posted.status} ${await posted.text()}`);
  return presign.public_url;
}

/** Imports `rows` new products as an admin; resolves with the seconds taken and the finished job. */
export async function importRun(base, token, rows) {
  const lines = ['Product Name,Barcode,Type,Basic Unit,Container,Brand,Category,Expiry Date'];
  for (let i = 1; i <= rows; i += 1) lines.push(`Bench Import Product ${i},IMP${String(i).padStart(9, '0')},disposable,item,box,Bench Brand,Anesthetics,12/31/2027`);
  const url = await uploadCsv(base, token, lines.join('\n'));
  const started = performance.now();
  const created = await fetch(`${base}/api/import/product`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ file_url: url }) }).then((r) => r.json());
  for (;;) {
    const job = await fetch(`${base}/api/import/product/${created.id}?perPage=1`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    if (job.status === 'completed' || job.status === 'failed') {
      return { seconds: (performance.now() - started) / 1000, job };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
