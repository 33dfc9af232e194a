import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { theme } from '../app/theme';
import { StaticSignInPage, StaticSignInTemplates } from './static-sign-in-page';

/** Emotion's server rendering writes each new rule set as a <style data-emotion> tag before the element using it. */
const EMOTION_STYLE = /<style data-emotion="[^"]*">([^<]*)<\/style>/g;

/**
 * Renders the sign-in page to HTML and its CSS (run at build time by
 * scripts/prerender-sign-in-plugin.ts): the styles emotion would insert at runtime are moved into
 * one style sheet for the head, in the order they were written.
 */
export function renderSignInPage(): { markup: string; css: string } {
  const cache = createCache({ key: 'css' });
  const render = (node: ReactNode) =>
    renderToStaticMarkup(
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>{node}</ThemeProvider>
      </CacheProvider>,
    );
  const html = render(
    <>
      <CssBaseline />
      <StaticSignInPage />
      <StaticSignInTemplates />
    </>,
  );
  const css: string[] = [];
  const markup = html.replace(EMOTION_STYLE, (_tag, rules: string) => {
    css.push(rules);
    return '';
  });
  return { markup, css: css.join('') };
}
