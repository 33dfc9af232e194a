import { createTheme } from '@mui/material/styles';

/** Calm clinical palette: teal for actions, blue for information, plenty of white space. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#00796b', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
    secondary: { main: '#1565c0', contrastText: '#ffffff' },
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e1e8eb' } } },
    MuiAppBar: { styleOverrides: { root: { border: 'none' } } },
    MuiDrawer: { styleOverrides: { paper: { border: 'none' } } },
    MuiDialog: { styleOverrides: { paper: { border: 'none' } } },
    MuiMenu: { styleOverrides: { paper: { border: 'none' } } },
    MuiPopover: { styleOverrides: { paper: { border: 'none' } } },
    MuiSnackbarContent: { styleOverrides: { root: { border: 'none' } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, whiteSpace: 'nowrap' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
