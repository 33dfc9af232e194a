// The generated product catalog and the search requests the search benchmarks send, shared by the
// PostgreSQL run (product-search.mjs) and the embedded one (embedded.mjs).

export const TERMS = [
  'composite', 'lidocain', 'glove nitrile', 'implant 4.1', 'septodont', 'prophy paste', 'endo file', 'suture 4-0', 'filler', '0857213',
  'articaine', 'bur diamond', 'cotton roll', 'face mask', 'alginate', 'healing abutment', 'whitening gel', 'toxin', 'cannula', 'gauze',
  'kerr', 'ivoclar a2', 'etchant', 'matrix band', 'fluoride varnish', 'saliva ejector', 'bite registration', 'polishing disc', 'temporary cement', 'wedge',
];
// Terms matching about a thirtieth of the catalog each (3,300 products, 335 pages, of 100,000): the
// costliest pages to rank and count.
export const BROAD_TERMS = ['composite', 'lidocain', 'glove nitrile', 'septodont', 'prophy paste', 'endo file', 'filler', 'articaine', 'alginate', 'kerr'];

const BRANDS = ['3M', 'Dentsply Sirona', 'Kerr', 'Ivoclar', 'GC', 'Septodont', 'Nobel Biocare', 'Straumann', 'Hu-Friedy', 'Medline', 'Halyard', 'Cranberry', 'Young', 'Ethicon', 'Ultradent', 'Coltene', 'Shofu', 'VOCO', 'Kulzer', 'Premier', 'Galderma', 'Allergan', 'Merz', 'Revance', 'Zimmer', 'BioHorizons', 'Keystone', 'Henry Schein', 'Patterson', 'Benco'];
const KINDS = ['Composite Syringe', 'Lidocaine Cartridge', 'Nitrile Glove', 'Implant Fixture', 'Prophy Paste', 'Endo File', 'Suture', 'Dermal Filler', 'Impression Material', 'Bonding Agent', 'Etchant Gel', 'Saliva Ejector', 'Cotton Roll', 'Face Mask', 'Sterilization Pouch', 'Bur Diamond', 'Articaine Cartridge', 'Alginate', 'Glass Ionomer', 'Temporary Cement', 'Fluoride Varnish', 'Matrix Band', 'Wedge', 'Polishing Disc', 'Healing Abutment', 'Bite Registration', 'Whitening Gel', 'Toxin Vial', 'Cannula', 'Gauze Sponge'];
const VARIANTS = ['A1', 'A2', 'A3', 'B1', 'Small', 'Medium', 'Large', '4.1 x 10 mm', '3.5 x 8 mm', '4-0', '3-0', 'Mint', 'Cherry', '1 ml', '2 ml', 'Regular', 'Fast Set', 'Universal', '#10', '#25'];

/**
 * Inserts `products` generated products in one statement, then vacuums and analyzes them. `client`
 * is anything with node-postgres's query(text, values): a pg.Client, or PGlite on a data directory.
 */
export async function seedCatalog(client, products) {
  await client.query(
    `insert into products (name, brand, barcode, manufacturer_code, type, container, basic_unit, is_approved, description)
     select b.brand || ' ' || k.kind || ' ' || v.variant || ' ' || i,
            b.brand,
            lpad((800000000000 + i)::text, 12, '0'),
            upper(substr(md5(i::text), 1, 8)),
            (case when i % 3 = 0 then 'consumable' else 'disposable' end)::product_type,
            'box', 'item', true,
            'Generated benchmark product ' || i
     from generate_series(1, $1::int) i
     cross join lateral (select ($2::text[])[1 + i % array_length($2::text[], 1)] as brand) b
     cross join lateral (select ($3::text[])[1 + (i / 7) % array_length($3::text[], 1)] as kind) k
     cross join lateral (select ($4::text[])[1 + (i / 13) % array_length($4::text[], 1)] as variant) v`,
    [products, BRANDS, KINDS, VARIANTS],
  );
  // As autovacuum leaves a running server's catalog: the GIN trigram index's pending list (its
  // fastupdate buffer, about 1,700 rows after the bulk insert of 100,000) merged, which every
  // search would otherwise scan on top of the index, about 2 ms each.
  await client.query('vacuum analyze products');
}

/** PRODUCT_SEARCH_TOTAL_CAP (packages/domain): the most rows a search's pages reach. */
const SEARCH_TOTAL_CAP = 3_000;

export const searchPath = (term, page, perPage = 10) => `/api/product/v2?fuzzySearchQuery=${encodeURIComponent(term)}&perPage=${perPage}&currentPage=${page}`;

/** As the web list asks: a term's first page, then the next two it prefetches, term after term. */
export function webListPaths() {
  let index = 0;
  return () => {
    const term = TERMS[Math.floor(index / 3) % TERMS.length];
    const page = 1 + (index % 3);
    index += 1;
    return searchPath(term, page);
  };
}

/**
 * Every request a page nobody asked for before: deep pages of broad terms, so nothing is remembered.
 * When each term's pages from 4 to its last full page have been asked, the next round asks pages
 * one row longer (11 rows, then 12): pages no earlier request had, still within the matches.
 * `matches` is about how many products a broad term matches: 3,300 of a 100,000-product catalog.
 */
export function neverSeenPaths(matches = 3_300) {
  // Only the pages the list offers: its last page is the capped total's (3,000 rows), as the
  // answer's lastPage says; the web list never asks beyond it.
  matches = Math.min(matches, SEARCH_TOTAL_CAP);
  let perPage = 10;
  let page = 4;
  let termIndex = 0;
  return () => {
    if (termIndex === BROAD_TERMS.length) {
      termIndex = 0;
      page += 1;
    }
    // Stay on pages that hold rows.
    if (page > Math.floor(matches / perPage)) {
      perPage += 1;
      page = 4;
    }
    const path = searchPath(BROAD_TERMS[termIndex], page, perPage);
    termIndex += 1;
    return path;
  };
}

/**
 * Every request a term nobody searched before, so its ranking is never remembered: a broad term and
 * a number ("composite 7", "kerr 31", "septodont 418"), whose matches run from about 1,500 (one
 * digit) down to a few (three digits), its first page as the list opens on.
 */
export function newTermPaths() {
  let index = 0;
  return () => {
    const term = `${BROAD_TERMS[index % BROAD_TERMS.length]} ${1 + Math.floor(index / BROAD_TERMS.length)}`;
    index += 1;
    return searchPath(term, 1);
  };
}
