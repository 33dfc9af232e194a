import { createTheme } from '@mui/material/styles';

/**
 * Touch screens (a coarse primary pointer: phones, tablets at the chair) get targets of at least
 * 44x44 px, the size a gloved finger hits; a mouse keeps MUI's denser defaults.
 */
const TOUCH = '@media (pointer: coarse)';
const TOUCH_TARGET = { [TOUCH]: { minHeight: 44, minWidth: 44 } };

/** Calm clinical palette: teal for actions, blue for information, plenty of white space. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#00796b', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
    secondary: { main: '#1565c0', contrastText: '#ffffff' },
    // MUI's default info (#0288d1) and warning (#ed6c02) read below 4.5:1 as chip text on white; these
    // reach it on the page's grey too (4.9:1 on #f4f7f8: a status chip sits there in a page's header).
    info: { main: '#0271b0', contrastText: '#ffffff' },
    warning: { main: '#a65808', contrastText: '#ffffff' },
    background: { default: '#f4f7f8', paper: '#ffffff' },
    text: { primary: '#1d2a30', secondary: '#52636b' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: TOUCH_TARGET } },
    MuiIconButton: { styleOverrides: { root: TOUCH_TARGET } },
    // Unselected, MUI writes a toggle's label in the icons' grey (action.active), 4.49:1 on the page's
    // grey (the transfers' Incoming / Outgoing, issue 50): the secondary text's colour reads 5.8:1.
    MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary, ...TOUCH_TARGET }) } },
    MuiPaginationItem: { styleOverrides: { root: TOUCH_TARGET } },
    MuiCheckbox: { styleOverrides: { root: TOUCH_TARGET } },
    MuiRadio: { styleOverrides: { root: TOUCH_TARGET } },
    MuiMenuItem: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
    // The sidebar's links, which a landscape tablet at the chair (1180 px) shows instead of the bottom bar.
    MuiListItemButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
    MuiInputBase: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
    // A sortable column's header (Days of cover on the product list) is a button on a tablet too.
    MuiTableSortLabel: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
    // Links in a table (a chart number, a PO number) are a row's way in: a whole 44 px target.
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, whiteSpace: 'nowrap' },
        root: { [TOUCH]: { '& a': { display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 } } },
      },
    },
    // A page's alert with a button (Automatic sending…, Open history): when the two do not fit side
    // by side (a phone), the button goes under the message, its label whole, rather than squeezing
    // into a column of broken words (issue 50). Toasts (filled) keep their one line.
    MuiAlert: {
      styleOverrides: {
        root: {
          variants: [
            {
              props: { variant: 'standard' },
              style: {
                '&:has(> .MuiAlert-action)': { flexWrap: 'wrap', '& > .MuiAlert-message': { flex: '1 1 12rem' } },
                '& > .MuiAlert-action .MuiButton-root': { whiteSpace: 'nowrap' },
              },
            },
          ],
        },
      },
    },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e1e8eb' } } },
    MuiAppBar: { styleOverrides: { root: { border: 'none' } } },
    MuiDrawer: { styleOverrides: { paper: { border: 'none' } } },
    MuiDialog: { styleOverrides: { paper: { border: 'none' } } },
    MuiMenu: { styleOverrides: { paper: { border: 'none' } } },
    MuiPopover: { styleOverrides: { paper: { border: 'none' } } },
    MuiSnackbarContent: { styleOverrides: { root: { border: 'none' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
