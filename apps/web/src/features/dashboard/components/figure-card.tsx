import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

interface FigureCardProps {
  title: string;
  /** Undefined while the figure loads. */
  value: string | undefined;
  /** What the figure counts, when the title alone could mislead (e.g. "Now, not in the range"). */
  note?: string;
}

/** One dashboard figure; the value is named after its title so a screen reader (and a test) reads "Spend: $1,234.50". */
export function FigureCard({ title, value, note }: FigureCardProps) {
  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {title}
      </Typography>
      {value === undefined ? (
        <Skeleton variant="text" width="60%" sx={{ fontSize: '2rem' }} aria-label={`Loading ${title}`} />
      ) : (
        <Typography variant="h2" component="p" aria-label={title} sx={{ overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      )}
      {note ? (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
}
