import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TooltipRenderProps } from 'react-joyride';
import { TOUR_CHOICES } from '@clinic/domain';
import { useTourChoice } from './tour-choice-context';

/**
 * The tour's tooltip in the app's own look. Besides Skip, Back and Next (Finish on the last step),
 * every step offers the two lasting choices, so nobody has to sit through the tour to decline it.
 * Escape skips; react-joyride keeps Tab inside and focuses the primary button.
 */
export function TourTooltip({ index, size, isLastStep, step, backProps, primaryProps, skipProps, tooltipProps, controls }: TooltipRenderProps) {
  const choose = useTourChoice();
  const titleId = useId();
  const contentId = useId();
  const primaryLabel = index === 0 ? 'Start the tour' : isLastStep ? 'Finish' : 'Next';

  return (
    <Paper
      {...tooltipProps}
      aria-labelledby={titleId}
      aria-describedby={contentId}
      elevation={8}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        controls.skip('button_skip');
      }}
      // The tour's layer lets clicks through to the overlay; the tooltip takes its own.
      sx={{ width: 380, maxWidth: 'calc(100vw - 24px)', p: { xs: 2, sm: 2.5 }, borderRadius: 3, pointerEvents: 'auto' }}
    >
      <Typography variant="caption" color="text.secondary">
        {`Step ${String(index + 1)} of ${String(size)}`}
      </Typography>
      <Typography variant="h3" component="h2" id={titleId} sx={{ mt: 0.5 }}>
        {step.title}
      </Typography>
      <Typography id={contentId} sx={{ mt: 1 }}>
        {step.content}
      </Typography>

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
        {isLastStep ? null : (
          <Button onClick={skipProps.onClick} data-action={skipProps['data-action']} color="inherit">
            Skip
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {index > 0 ? (
          <Button variant="outlined" onClick={backProps.onClick} data-action={backProps['data-action']}>
            Back
          </Button>
        ) : null}
        <Button variant="contained" onClick={primaryProps.onClick} data-action={primaryProps['data-action']}>
          {primaryLabel}
        </Button>
      </Box>

      <Divider sx={{ my: 1.5 }} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 0.5 }}>
        <Button size="small" onClick={() => { choose('hide'); }}>
          {TOUR_CHOICES.hide}
        </Button>
        <Button size="small" onClick={() => { choose('remind'); }}>
          {TOUR_CHOICES.remind}
        </Button>
      </Box>
    </Paper>
  );
}
