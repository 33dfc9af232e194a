import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Category } from '@clinic/domain';
import { RowMenu } from '../../../components/row-menu';
import { CATEGORY_ACTION_LABELS, type CategoryAction } from '../category-actions';
import { CategoryImage } from './category-image';

interface CategoryCardProps {
  category: Category;
  /** Shared (product admin) categories are read-only for this person. */
  shared: boolean;
  actions: CategoryAction[];
  onAction: (action: CategoryAction) => void;
}

/** Long names and descriptions end in an ellipsis after a few lines, so cards in a row stay alike. */
function clampLines(lines: number) {
  return { display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' } as const;
}

function productCountText(count: number): string {
  return `${String(count)} ${count === 1 ? 'product' : 'products'}`;
}

/** One category in the grid: the whole card opens its products; the ⋮ menu sits outside that link. */
export function CategoryCard({ category, shared, actions, onAction }: CategoryCardProps) {
  const nameId = useId();
  const detailsId = useId();
  return (
    <Card sx={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={RouterLink}
        to={`/categories/${category.id}/products`}
        // The link is named by the category alone; description and count are read as its description.
        aria-labelledby={nameId}
        aria-describedby={detailsId}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <CategoryImage url={category.image_url} />
        <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
          <Typography id={nameId} variant="h3" component="h2" title={category.name} sx={clampLines(2)}>
            {category.name}
          </Typography>
          <Box id={detailsId} sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {category.description ? (
              <Typography variant="body2" color="text.secondary" sx={clampLines(2)}>
                {category.description}
              </Typography>
            ) : null}
            {/* As tall as a chip, so cards with and without 'Shared' end on the same line. */}
            <Box sx={{ mt: 'auto', pt: 1, minHeight: 32, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {productCountText(category.product_count)}
              </Typography>
              {shared ? (
                <Tooltip title="Shared with every location; only the product admin can change it">
                  <Chip size="small" variant="outlined" color="info" label="Shared" />
                </Tooltip>
              ) : null}
            </Box>
          </Box>
        </CardContent>
      </CardActionArea>
      {actions.length > 0 ? (
        <Box sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', borderRadius: '50%', boxShadow: 1 }}>
          <RowMenu
            subject={category.name}
            items={actions.map((action) => ({ kind: action, label: CATEGORY_ACTION_LABELS[action] }))}
            onSelect={onAction}
          />
        </Box>
      ) : null}
    </Card>
  );
}
