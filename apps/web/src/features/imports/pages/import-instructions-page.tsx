import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { BASIC_UNITS, CONTAINERS, IMPORT_DEFAULT_CONTAINER, IMPORT_EXAMPLE_MARK, PRODUCT_IMPORT_COLUMNS, PRODUCT_TYPES } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { ProductTemplateButton } from '../components/product-template-button';


function PreImport() {
  return (
    <Box component="ol" sx={{ pl: 3, '& li': { mb: 1.5 } }}>
      <li>Download the template and fill one product per row. Keep the header row as it is; columns may come in any order.</li>
      <li>The template&apos;s example row, whose Product Name starts with &lsquo;{IMPORT_EXAMPLE_MARK}&rsquo;, shows how cells are written and is never imported: delete it or write over it.</li>
      <li>
        Required on every row: {PRODUCT_IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.header).join(', ')}.
      </li>
      <li>Type is {PRODUCT_TYPES.join(' or ')}.</li>
      <li>Basic Unit is one of: {BASIC_UNITS.join(', ')}.</li>
      <li>
        Container is one of: {CONTAINERS.join(', ')}. Left empty it becomes {IMPORT_DEFAULT_CONTAINER}. A product sold by the unit is counted in cartridges or items.
      </li>
      <li>
        Category must already exist (create it on the Categories page first); otherwise the row fails. Left empty, the product shows under Default.
      </li>
      <li>Expiry Date is written mm/dd/yyyy, for example 12/31/2027.</li>
      <li>A product whose name or barcode is already in the catalog is not imported twice.</li>
      <li>
        Stock (optional): fill Supplier, Number of Containers, Quantity (units in each container) and Price per Container, and optionally Lot Number and
        Stock Expiry Date (mm/dd/yyyy; one year from today when empty). Choose the location receiving the stock before you upload. The supplier must exist
        at that location, otherwise the row fails and no stock is added. A consumable product is counted in units: its Quantity is 1. Leave all stock cells
        empty for a product without stock.
      </li>
      <li>
        Upload an Excel workbook (<strong>.xlsx</strong>, its first sheet) or a <strong>.csv</strong> file: UTF-8 or Windows (ANSI), separated by commas or
        semicolons. Every cell is imported as the text it holds, including one starting with +, - or = (an HIBC barcode like +H629…); nothing is
        calculated. In an .xlsx file a date cell may hold the Expiry Date.
      </li>
    </Box>
  );
}

function PostImport() {
  return (
    <Box component="ol" sx={{ pl: 3, '& li': { mb: 1.5 } }}>
      <li>The import runs in the background; its progress shows on the Import Products page, and you can leave the page meanwhile.</li>
      <li>Good rows become products of the shared catalog at once, approved and visible to every location; their stock is received at the chosen location.</li>
      <li>Rows with problems are kept with the reason. Open the import, choose Need fixing, press Fix on a row, correct it and import it again.</li>
      <li>A file that cannot be read (not a .csv or .xlsx file, missing a required column) is refused whole: nothing from it is written.</li>
    </Box>
  );
}

/** /import/instructions: the How it works page with Pre Import and Post Import tabs. */
export function ImportInstructionsPage() {
  const [tab, setTab] = useState<'pre' | 'post'>('pre');
  return (
    <>
      <PageHeader
        title="How it works"
        subtitle={<AppLink to="/import">Back to Import Products</AppLink>}
        actions={
          <ProductTemplateButton variant="contained" />
        }
      />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Tabs value={tab} onChange={(_event, value: 'pre' | 'post') => { setTab(value); }} aria-label="Import instructions" sx={{ mb: 2 }}>
          <Tab value="pre" label="Pre Import" id="tab-pre" aria-controls="panel-pre" />
          <Tab value="post" label="Post Import" id="tab-post" aria-controls="panel-post" />
        </Tabs>
        <Typography component="div" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'pre' ? <PreImport /> : <PostImport />}
        </Typography>
      </Paper>
    </>
  );
}
