/**
 * Read by screen readers, not shown (MUI's visuallyHidden). The sizes are strings: in `sx` a bare
 * `width: 1` means 100%, and a "hidden" span a whole container wide made /places scroll sideways
 * by 1,096 px (issue 50). The same object serves `sx` and `style`.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
