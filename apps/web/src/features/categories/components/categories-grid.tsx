import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import type { Category } from '@clinic/domain';
import type { CategoryAction } from '../category-actions';
import { CategoryCard } from './category-card';

/**
 * As many columns of at least 240 px as fit: one on a phone, three on a tablet,
 * four beside the sidebar on a desktop, without a breakpoint per width.
 */
const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))',
  gap: 2,
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

const SKELETON_CARDS = 8;

interface CategoriesGridProps {
  categories: Category[];
  /** True until the first page arrives: show the shape of the grid instead of an empty state. */
  pending: boolean;
  emptyText: string;
  isShared: (category: Category) => boolean;
  actionsFor: (category: Category) => CategoryAction[];
  onAction: (category: Category, action: CategoryAction) => void;
}

function SkeletonCard() {
  return (
    <Card sx={{ height: '100%' }}>
      <Skeleton variant="rectangular" height={140} />
      <CardContent>
        <Skeleton width="60%" height={28} />
        <Skeleton />
        <Skeleton width="40%" />
      </CardContent>
    </Card>
  );
}

export function CategoriesGrid({ categories, pending, emptyText, isShared, actionsFor, onAction }: CategoriesGridProps) {
  if (pending) {
    return (
      <Box role="status" aria-label="Loading categories" sx={GRID}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <SkeletonCard key={index} />
        ))}
      </Box>
    );
  }
  if (categories.length === 0) {
    return (
      <Box sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary', border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
        <CategoryOutlined sx={{ fontSize: 40, color: 'text.disabled', mb: 1 }} aria-hidden />
        <Typography>{emptyText}</Typography>
      </Box>
    );
  }
  return (
    <Box component="ul" aria-label="Categories" sx={GRID}>
      {categories.map((category) => (
        <Box component="li" key={category.id} sx={{ minWidth: 0 }}>
          <CategoryCard
            category={category}
            shared={isShared(category)}
            actions={actionsFor(category)}
            onAction={(action) => { onAction(category, action); }}
          />
        </Box>
      ))}
    </Box>
  );
}
