import { CATEGORY_MESSAGES, UPLOAD_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createCategory, createProduct } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { PNG_BYTES, uploadFile } from '../../../test/fixtures/files';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const ownLocation = () => world.own.org.locations[0]!.id;
const png = { name: 'composites.png', mimeType: 'image/png', bytes: PNG_BYTES };

it('creates a category with an uploaded image, which lists with a readable signed address', async () => {
  const imageUrl = await uploadFile(t, member(), 'category_image', png);
  const res = await t.request({ method: 'POST', url: '/api/category', token: member(), payload: { name: 'Composites', description: 'Light-cured restoratives', image_url: imageUrl } });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ name: 'Composites', description: 'Light-cured restoratives', company_id: ownLocation(), product_count: 0 });

  const listRes = await t.request({ method: 'GET', url: '/api/category?search=compos', token: member() });
  const list = listRes.json();
  expect(list.results).toHaveLength(1);
  const signed: string = list.results[0].image_url;
  expect(signed).toMatch(/^\/api\/files\/.+\?expires=\d+&signature=/);
  const image = await t.app.inject({ method: 'GET', url: signed });
  expect(image.statusCode).toBe(200);
  expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
});

it("refuses another location's upload as a category image", async () => {
  const foreignUpload = await uploadFile(t, t.tokenFor(world.foreign.users.company_member), 'category_image', png);
  const res = await t.request({ method: 'POST', url: '/api/category', token: member(), payload: { name: 'Borrowed', image_url: foreignUpload } });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual([{ field: 'image_url', message: UPLOAD_MESSAGES.fileForeign }]);
});

it("answers 409 'Category already exists' whatever the case, per location", async () => {
  await createCategory(t.db, { companyId: ownLocation(), name: 'Anesthetics' });
  const again = await t.request({ method: 'POST', url: '/api/category', token: member(), payload: { name: 'ANESTHETICS' } });
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe(CATEGORY_MESSAGES.exists);
  const other = await t.request({ method: 'POST', url: '/api/category', token: t.tokenFor(world.foreign.users.company_member), payload: { name: 'Anesthetics' } });
  expect(other.statusCode).toBe(201);
});

it('validates the name and writes nothing on bad input', async () => {
  const res = await t.request({ method: 'POST', url: '/api/category', token: member(), payload: { name: '   ', description: 'x'.repeat(501) } });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual(
    expect.arrayContaining([
      { field: 'name', message: 'Name is required' },
      { field: 'description', message: 'Description must be at most 500 characters' },
    ]),
  );
});

it('lists its own and the shared categories with the products each holds for the reader', async () => {
  const shared = await createCategory(t.db, { companyId: null, name: 'Gloves & PPE' });
  const foreign = await createCategory(t.db, { companyId: world.foreign.org.locations[0]!.id, name: 'Foreign Only' });
  await createProduct(t.db, { companyId: null, categoryId: shared.id });
  await createProduct(t.db, { companyId: ownLocation(), categoryId: shared.id, isApproved: false });
  // Another location's pending product is not counted for this reader.
  await createProduct(t.db, { companyId: world.foreign.org.locations[0]!.id, categoryId: shared.id, isApproved: false });
  const list = (await t.request({ method: 'GET', url: '/api/category?perPage=100', token: member() })).json();
  const byId = new Map(list.results.map((c: { id: string; product_count: number }) => [c.id, c.product_count]));
  expect(byId.get(shared.id)).toBe(2);
  expect(byId.has(foreign.id)).toBe(false);
  const foreignAsked = await t.request({ method: 'GET', url: `/api/category?company_id=${world.foreign.org.locations[0]!.id}`, token: member() });
  expect(foreignAsked.statusCode).toBe(404);
});

it('updates name and image, and deleting moves its products to Default', async () => {
  const category = await createCategory(t.db, { companyId: ownLocation(), name: 'Implants' });
  const product = await createProduct(t.db, { companyId: ownLocation(), categoryId: category.id, isApproved: false });
  const renamed = await t.request({ method: 'PATCH', url: `/api/category/${category.id}`, token: member(), payload: { name: 'Implants & Components' } });
  expect(renamed.statusCode).toBe(200);
  expect(renamed.json()).toMatchObject({ name: 'Implants & Components', product_count: 1 });

  const admin = t.tokenFor(world.own.users.company_admin);
  expect((await t.request({ method: 'DELETE', url: `/api/category/${category.id}`, token: admin })).statusCode).toBe(204);
  const detail = (await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: member() })).json();
  expect(detail.category).toBeNull();
  expect(detail.category_id).toBeNull();
});

it('keeps shared categories read-only for locations', async () => {
  const shared = await createCategory(t.db, { companyId: null, name: 'Endodontics' });
  const res = await t.request({ method: 'PATCH', url: `/api/category/${shared.id}`, token: member(), payload: { name: 'Endo' } });
  expect(res.statusCode).toBe(403);
});
