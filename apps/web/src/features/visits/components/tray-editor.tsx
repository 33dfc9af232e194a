import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { ProductSearchPicker, type ProductOption } from '../../../components/product-search-picker';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDollars } from '../../../lib/format';
import { asksForImplant, estimatedCost, type TrayLine, type TreatmentChoice } from '../tray';
import { ImplantFields, SavedImplant } from './implant-fields';
import { LotPicker } from './lot-picker';

interface TrayEditorProps {
  lines: TrayLine[];
  onChange: (update: (lines: TrayLine[]) => TrayLine[]) => void;
  treatments: TreatmentChoice[];
  /** The validation message of a field of the request, once the user tried to save. */
  issue: (path: string) => string | undefined;
  hint: string;
}

/** The visit's tray: each product's units and lot, products added at the chair, and the estimated cost. */
export function TrayEditor({ lines, onChange, treatments, issue, hint }: TrayEditorProps) {
  const [extra, setExtra] = useState<ProductOption | null>(null);
  const change = (key: string, patch: Partial<TrayLine>) => { onChange((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l))); };
  return (
    <Paper component="section" aria-labelledby="tray-title" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="tray-title" variant="h2">
          Tray
        </Typography>
        <Typography sx={{ fontWeight: 600 }} aria-label="Estimated cost of the visit">
          {`Estimated ${formatDollars(estimatedCost(lines))}`}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {hint}
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary">Choose treatments to fill the tray.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {lines.map((line, index) => {
            const treatment = treatments.find((t) => t.id === line.treatmentId);
            const quantityIssue = issue(`products.${String(index)}.quantity`);
            return (
              <Box component="li" key={line.key} aria-label={line.productName} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                <Box sx={{ flex: 1, minWidth: 200, pt: 0.5 }}>
                  <Typography>{line.productName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {treatment ? treatment.treatment_code : 'Added at the chair'}
                    {line.unitPrice === null ? ' · not in stock' : ` · ${formatDollars(line.unitPrice, 5)} a unit`}
                    {line.lotNumber ? ` · lot ${line.lotNumber}` : ''}
                  </Typography>
                </Box>
                <TextField
                  size="small"
                  type="number"
                  label="Units"
                  value={line.quantity}
                  onChange={(e) => { change(line.key, { quantity: e.target.value }); }}
                  onKeyDown={blockNonNumericKeys}
                  error={Boolean(quantityIssue)}
                  helperText={quantityIssue}
                  slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
                  sx={{ width: 120 }}
                />
                <LotPicker productId={line.productId} value={line.stockId} defaultLabel={line.lineId ? 'Lots used' : undefined} onChange={(stockId) => { change(line.key, { stockId }); }} />
                <IconButton aria-label={`Remove ${line.productName} from the tray`} onClick={() => { onChange((all) => all.filter((l) => l.key !== line.key)); }}>
                  <DeleteOutlined />
                </IconButton>
                {asksForImplant(line) ? (
                  <ImplantFields
                    productName={line.productName}
                    udi={line.implantUdi ?? ''}
                    site={line.implantSite ?? ''}
                    onChange={(patch) => { change(line.key, patch); }}
                    udiError={issue(`products.${String(index)}.implant.udi`)}
                    siteError={issue(`products.${String(index)}.implant.site`)}
                  />
                ) : null}
                {line.implant ? <SavedImplant udi={line.implant.udi} site={line.implant.site} /> : null}
              </Box>
            );
          })}
        </Stack>
      )}
      <Box sx={{ mt: 2 }}>
        <ProductSearchPicker
          value={extra}
          label="Add a product used at the chair"
          // An implant may be added again: several implants are several lines.
          exclude={new Set(lines.filter((l) => l.treatmentId === null && !l.implantable).map((l) => l.productId))}
          onChange={(product) => {
            setExtra(null);
            if (product) onChange((all) => [...all, { key: `extra:${product.id}:${crypto.randomUUID()}`, treatmentId: null, productId: product.id, productName: product.name, quantity: '1', unitPrice: null, implantable: product.implantable ?? false }]);
          }}
        />
      </Box>
    </Paper>
  );
}
