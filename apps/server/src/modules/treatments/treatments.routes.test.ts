import { sql } from 'drizzle-orm';
import { CATEGORY_MESSAGES, TREATMENT_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';

const NOW = new Date('2026-11-22T15:00:00Z');
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const assistant = () => t.tokenFor(world.own.users.assistant);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const ownLocation = () => world.own.org.locations[0]!.id;
let codes = 0;
const code = () => `D${String(++codes).padStart(4, '0')}`;

const createCategory = (name: string, token = member()) => t.request({ method: 'POST', url: '/api/treatment/category', token, payload: { name } });
const createTreatment = (payload: Record<string, unknown>, token = member()) => t.request({ method: 'POST', url: '/api/treatment', token, payload });

describe('treatment categories', () => {
  it("are the location's own, named once ('Category already exists'), and deleting one keeps its treatments", async () => {
    const res = await createCategory('Restorative');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Restorative', treatment_count: 0 });
    const again = await createCategory('restorative');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CATEGORY_MESSAGES.exists);
    // Another organization may use the same name.
    expect((await createCategory('Restorative', foreignMember())).statusCode).toBe(201);
    expect((await createCategory('   ')).statusCode).toBe(400);

    const id = res.json().id;
    const treatment = await createTreatment({ treatment_code: code(), name: 'Composite filling', category_id: id, treatmentProducts: [] });
    expect(treatment.json()).toMatchObject({ category: { id } });
    expect((await t.request({ method: 'GET', url: `/api/treatment/category/${String(id)}`, token: member() })).json().treatment_count).toBe(1);
    const renamed = await t.request({ method: 'PATCH', url: `/api/treatment/category/${String(id)}`, token: member(), payload: { name: 'Restorative care' } });
    expect(renamed.json()).toMatchObject({ name: 'Restorative care' });
    expect((await t.request({ method: 'GET', url: `/api/treatment/category/${String(id)}`, token: foreignMember() })).statusCode).toBe(404);
    // Members create and edit; deleting needs treatmentCategories.delete (location admins).
    expect((await t.request({ method: 'DELETE', url: `/api/treatment/category/${String(id)}`, token: member() })).statusCode).toBe(403);
    const manager = t.tokenFor(world.own.users.company_admin);
    expect((await t.request({ method: 'DELETE', url: `/api/treatment/category/${String(id)}`, token: manager })).statusCode).toBe(204);
    const kept = (await t.request({ method: 'GET', url: `/api/treatment/${String(treatment.json().id)}`, token: member() })).json();
    expect(kept).toMatchObject({ name: 'Composite filling', category: null });
  });
});

describe('treatment designs', () => {
  it('keep a tray of products with default quantities and cost it at the price of the next lot', async () => {
    const gloves = await createProduct(t.db, { companyId: null, name: 'Design Gloves' });
    const anesthetic = await createProduct(t.db, { companyId: null, name: 'Design Anesthetic' });
    const unstocked = await createProduct(t.db, { companyId: null, name: 'Design Floss' });
    // Gloves: $0.10 a unit in the lot that expires first; anesthetic $1.25 a cartridge.
    const firstGloves = await createStock(t.db, { companyId: ownLocation(), productId: gloves.id, unitsPerContainer: 100, pricePerContainer: 10, expiryDate: '2027-01-01' });
    await createStock(t.db, { companyId: ownLocation(), productId: gloves.id, unitsPerContainer: 100, pricePerContainer: 20, expiryDate: '2028-01-01' });
    await createStock(t.db, { companyId: ownLocation(), productId: anesthetic.id, unitsPerContainer: 50, pricePerContainer: 62.5 });
    const category = (await createCategory('Surgery')).json();

    const res = await createTreatment({
      treatment_code: 'D7140',
      name: 'Extraction, erupted tooth',
      abbreviation: 'EXT',
      category_id: category.id,
      treatmentProducts: [
        { product_id: gloves.id, quantity: 4 },
        { product_id: anesthetic.id, quantity: 1.5 },
        { product_id: unstocked.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const treatment = res.json();
    expect(treatment).toMatchObject({ treatment_code: 'D7140', abbreviation: 'EXT', category: { id: category.id, name: 'Surgery' }, estimated_cost: 2.28 });
    expect(treatment.treatmentProducts).toEqual([
      expect.objectContaining({ product_id: anesthetic.id, quantity: 1.5, estimated_unit_price: 1.25 }),
      expect.objectContaining({ product_id: unstocked.id, quantity: 1, estimated_unit_price: null }),
      expect.objectContaining({ product_id: gloves.id, quantity: 4, estimated_unit_price: 0.1 }),
    ]);

    // Saving the tray replaces it whole.
    const edited = await t.request({ method: 'PATCH', url: `/api/treatment/${String(treatment.id)}`, token: member(), payload: { treatmentProducts: [{ product_id: gloves.id, quantity: 2 }] } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ estimated_cost: 0.2, treatmentProducts: [expect.objectContaining({ product_id: gloves.id, quantity: 2 })] });
    // A quarantined lot is not the next one used: the tray is costed at the lot the chair would take.
    await t.db.execute(sql`update stocks set status = 'quarantined' where id = ${firstGloves.id}`);
    const costed = (await t.request({ method: 'GET', url: `/api/treatment/${String(treatment.id)}`, token: member() })).json();
    expect(costed).toMatchObject({ estimated_cost: 0.4, treatmentProducts: [expect.objectContaining({ product_id: gloves.id, estimated_unit_price: 0.2 })] });

    // The product page names the treatments using it.
    const product = (await t.request({ method: 'GET', url: `/api/product/${gloves.id}`, token: member() })).json();
    expect(product.associatedTreatments).toEqual([{ id: treatment.id, treatment_code: 'D7140', name: 'Extraction, erupted tooth', abbreviation: 'EXT' }]);
    expect((await t.request({ method: 'GET', url: `/api/product/${gloves.id}`, token: foreignMember() })).json().associatedTreatments).toEqual([]);
    const admin = (await t.request({ method: 'GET', url: `/api/product/${gloves.id}`, token: t.tokenFor(world.admin) })).json();
    expect(admin.associatedTreatments.map((a: { treatment_code: string }) => a.treatment_code)).toEqual(['D7140']);
  });

  it("refuses a code already used at the location with the spec's message, and bad trays field by field", async () => {
    const p = await createProduct(t.db, { companyId: null });
    const first = await createTreatment({ treatment_code: 'D1110', name: 'Adult prophylaxis', treatmentProducts: [{ product_id: p.id, quantity: 1 }] });
    expect(first.statusCode).toBe(201);
    const again = await createTreatment({ treatment_code: 'd1110', name: 'Cleaning', treatmentProducts: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TREATMENT_MESSAGES.exists);
    expect((await createTreatment({ treatment_code: 'D1110', name: 'Cleaning', treatmentProducts: [] }, foreignMember())).statusCode).toBe(201);

    const twice = await createTreatment({ treatment_code: code(), name: 'Twice', treatmentProducts: [{ product_id: p.id, quantity: 1 }, { product_id: p.id, quantity: 2 }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ field: 'treatmentProducts.1.product_id', message: TREATMENT_MESSAGES.productTwice }]);
    const zero = await createTreatment({ treatment_code: code(), name: 'Zero', treatmentProducts: [{ product_id: p.id, quantity: 0 }] });
    expect(zero.json().errors).toEqual([{ field: 'treatmentProducts.0.quantity', message: TREATMENT_MESSAGES.quantityMin }]);
    const tiny = await createTreatment({ treatment_code: code(), name: 'Tiny', treatmentProducts: [{ product_id: p.id, quantity: 0.0004 }] });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().errors).toEqual([{ field: 'treatmentProducts.0.quantity', message: TREATMENT_MESSAGES.quantityMin }]);
    const blank = await createTreatment({ treatment_code: ' ', name: '', treatmentProducts: [] });
    expect(blank.json().errors.map((e: { field: string }) => e.field)).toEqual(['treatment_code', 'name']);
    const hidden = await createProduct(t.db, { companyId: world.foreign.org.locations[0]!.id });
    const unseen = await createTreatment({ treatment_code: code(), name: 'Hidden', treatmentProducts: [{ product_id: hidden.id, quantity: 1 }] });
    expect(unseen.json().errors).toEqual([{ field: 'treatmentProducts.0.product_id', message: 'Product not found' }]);
    const foreignCategory = (await createCategory(`Foreign ${code()}`, foreignMember())).json();
    const wrong = await createTreatment({ treatment_code: code(), name: 'Wrong category', category_id: foreignCategory.id, treatmentProducts: [] });
    expect(wrong.json().errors).toEqual([{ field: 'category_id', message: 'Category not found' }]);
  });

  it('are listed 5 a page by code, searched and filtered, and a deleted design is gone but its code free again', async () => {
    const category = (await createCategory(`Hygiene ${code()}`)).json();
    for (const [c, name] of [['H100', 'Sealant'], ['H200', 'Fluoride varnish'], ['H300', 'Scaling']] as const) {
      await createTreatment({ treatment_code: c, name, abbreviation: name.slice(0, 3).toUpperCase(), category_id: category.id, treatmentProducts: [] });
    }
    const page = (await t.request({ method: 'GET', url: `/api/treatment?category_id=${String(category.id)}`, token: assistant() })).json();
    expect(page).toMatchObject({ total: 3, lastPage: 1 });
    expect(page.results.map((r: { treatment_code: string }) => r.treatment_code)).toEqual(['H100', 'H200', 'H300']);
    const search = (await t.request({ method: 'GET', url: '/api/treatment?search=varnish', token: member() })).json();
    expect(search.results.map((r: { treatment_code: string }) => r.treatment_code)).toEqual(['H200']);
    expect((await t.request({ method: 'GET', url: '/api/treatment?perPage=100', token: member() })).json().results.length).toBeGreaterThan(3);

    const sealant = page.results[0];
    // Assistants read designs; deleting needs treatments.delete.
    expect((await t.request({ method: 'DELETE', url: `/api/treatment/${String(sealant.id)}`, token: assistant() })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/treatment/${String(sealant.id)}`, token: foreignMember() })).statusCode).toBe(403);
    const manager = t.tokenFor(world.own.users.company_admin);
    expect((await t.request({ method: 'DELETE', url: `/api/treatment/${String(sealant.id)}`, token: manager })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/treatment/${String(sealant.id)}`, token: member() })).statusCode).toBe(404);
    expect((await createTreatment({ treatment_code: 'H100', name: 'Sealant, new protocol', treatmentProducts: [] })).statusCode).toBe(201);
  });
});
