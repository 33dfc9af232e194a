import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

export type AppLinkProps = Omit<MuiLinkProps, 'href'> & Pick<RouterLinkProps, 'to' | 'replace' | 'state'>;

/** MUI-styled link that navigates inside the app without reloading. */
export function AppLink(props: AppLinkProps) {
  return <MuiLink component={RouterLink} {...props} />;
}
