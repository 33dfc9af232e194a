import { useState, type KeyboardEvent, type PointerEvent, type ReactNode, type Ref } from 'react';
import type { TickRendererProps } from '@visx/axis';
import { useParentSize } from '@visx/responsive';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

/** One series' key under a chart: a square for bars, a stroke for lines. */
export interface LegendItem {
  name: string;
  color: string;
  shape: 'bar' | 'line';
}

export interface TooltipRow {
  name: string;
  value: string;
  color: string;
}

export interface ChartTooltip {
  title: string;
  rows: readonly TooltipRow[];
  /** Where the item is, in the svg's coordinates: the box sits beside it, on the side with room. */
  x: number;
  y: number;
}

/** The legend's line plus its gap, taken from the frame's fixed height. */
export const LEGEND_HEIGHT = 28;

export interface ChartMargin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The measured width and the plot's size in a frame `frameHeight` tall with a legend: frameRef
 * goes to ChartFrame, the svg is `height` tall, the plot inside the margins inner* wide and high.
 */
export function useChartSize(frameHeight: number, margin: ChartMargin) {
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const height = frameHeight - LEGEND_HEIGHT;
  return {
    frameRef: parentRef,
    width,
    height,
    innerWidth: Math.max(0, width - margin.left - margin.right),
    innerHeight: height - margin.top - margin.bottom,
  };
}

/**
 * The item under the pointer, and the item the arrow keys step to while the chart has focus (as
 * Recharts' keyboard layer did), so a tooltip is reachable without a mouse. itemAt maps a point
 * in the svg to an item's index.
 */
export function useChartPointer(count: number, itemAt: (x: number, y: number) => number | null) {
  const [active, setActive] = useState<number | null>(null);
  const point = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(itemAt(event.clientX - box.left, event.clientY - box.top));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = active === null ? 0 : Math.min(count - 1, Math.max(0, active + step));
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else if (event.key === 'Escape') setActive(null);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };
  return {
    active: active !== null && active < count ? active : null,
    svgProps: {
      tabIndex: 0,
      onPointerMove: point,
      onPointerDown: point,
      onPointerLeave: () => { setActive(null); },
      onFocus: () => { setActive((current) => current ?? (count > 0 ? 0 : null)); },
      onBlur: () => { setActive(null); },
      onKeyDown,
    },
  };
}

interface ChartFrameProps {
  /** The whole frame's height, legend included, fixed so nothing moves when the chart draws. */
  height: number;
  /** The measured box (useParentSize's ref): the svg takes its width. */
  frameRef: Ref<HTMLDivElement>;
  width: number;
  legend?: readonly LegendItem[] | undefined;
  tooltip: ChartTooltip | null;
  children: ReactNode;
}

/** A chart's box: the svg, its tooltip beside the active item, and its legend underneath. */
export function ChartFrame({ height, frameRef, width, legend, tooltip, children }: ChartFrameProps) {
  const onRight = tooltip !== null && tooltip.x < width / 2;
  return (
    <Box sx={{ height, display: 'flex', flexDirection: 'column' }}>
      <Box ref={frameRef} sx={{ position: 'relative', flex: 1, minHeight: 0, '& svg': { display: 'block', outline: 'none' }, '& svg:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } }}>
        {width > 0 ? children : null}
        {/* Always there, so a screen reader announces each item the arrow keys reach. */}
        <Box aria-live="polite">
        {tooltip ? (
          <Paper
            elevation={3}
            sx={{
              position: 'absolute',
              top: Math.max(0, tooltip.y - 24),
              left: onRight ? tooltip.x + 12 : undefined,
              right: onRight ? undefined : width - tooltip.x + 12,
              px: 1.5,
              py: 1,
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
              zIndex: 1,
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>{tooltip.title}</Typography>
            {tooltip.rows.map((row) => (
              <Typography key={row.name} variant="body2" sx={{ color: row.color }}>
                {`${row.name}: ${row.value}`}
              </Typography>
            ))}
          </Paper>
        ) : null}
        </Box>
      </Box>
      {legend ? (
        <Box component="ul" sx={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 2, m: 0, p: 0, pt: 1, height: LEGEND_HEIGHT, listStyle: 'none' }}>
          {legend.map((item) => (
            <Box component="li" key={item.name} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, typography: 'body2', color: item.color }}>
              <Box aria-hidden sx={{ width: 14, height: item.shape === 'bar' ? 14 : 3, bgcolor: item.color, borderRadius: item.shape === 'bar' ? 0.5 : 0 }} />
              {item.name}
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** The index whose position (a band's centre, a point) is nearest to a coordinate. */
export function nearest(positions: readonly number[], at: number): number | null {
  let best: number | null = null;
  let distance = Infinity;
  positions.forEach((position, index) => {
    const d = Math.abs(position - at);
    if (d < distance) {
      distance = d;
      best = index;
    }
  });
  return best;
}

/**
 * Category ticks that fit: every nth label so that neighbours keep a gap (Recharts' minTickGap),
 * as a year of days would otherwise print 365 labels on top of each other.
 */
export function spacedTicks<T>(values: readonly T[], span: number, labelWidth: number): T[] {
  if (values.length === 0 || span <= 0) return [];
  const fit = Math.max(1, Math.floor(span / labelWidth));
  const every = Math.ceil(values.length / fit);
  return values.filter((_value, index) => index % every === 0);
}

/**
 * A tick's label as one plain svg text. visx's default, @visx/text's Text, measures every word
 * with getComputedTextLength to wrap lines we never wrap: a forced layout per label, about 200 ms
 * of the dashboard's first render at a phone's speed. Same place and look: Text's nested svg only
 * carried dx and dy, which the text takes here in the same ems.
 */
export function TickLabel({ formattedValue, x, y, dx, dy, textAnchor, fill, fontSize, fontFamily }: TickRendererProps) {
  return (
    <text x={x} y={y} dx={dx} dy={dy} textAnchor={textAnchor} fill={fill} fontSize={fontSize} fontFamily={fontFamily}>
      {formattedValue}
    </text>
  );
}

/** Axis, tick and grid colours from the MUI theme; `axis` spreads onto a visx Axis. */
export function useChartStyle() {
  const theme = useTheme();
  const axis = theme.palette.text.secondary;
  return {
    grid: theme.palette.divider,
    axis: {
      stroke: axis,
      tickStroke: axis,
      tickLabelProps: { fontSize: 12, fill: axis, fontFamily: theme.typography.fontFamily },
      tickComponent: TickLabel,
    },
  };
}

/** Zero to the largest value; all zeros still get a scale, which an empty domain would put mid-height. */
export function valueDomain(values: readonly number[]): [number, number] {
  const max = Math.max(0, ...values);
  return [0, max > 0 ? max : 1];
}
