import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStyleCache } from './style-cache';

/** The CSS a cache wrote into the document (each test's cache has its own key: other files' styles share the head). */
function writtenCss(key: string): string {
  return [...document.head.querySelectorAll(`style[data-emotion^="${key}"]`)].map((style) => style.textContent).join('');
}

describe('the style cache', () => {
  it('writes the -webkit-user-select Safari needs, so a long press on a button does not select its label', () => {
    const cache = createStyleCache('chair');
    render(
      <CacheProvider value={cache}>
        <Button>Save procedure</Button>
      </CacheProvider>,
    );
    expect(screen.getByRole('button', { name: 'Save procedure' })).toBeInTheDocument();
    const css = writtenCss(cache.key);
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
  });

  it('leaves out the prefixes of browsers the app does not support', () => {
    const cache = createStyleCache('tray');
    render(
      <CacheProvider value={cache}>
        <Box sx={{ display: 'flex', alignItems: 'center', transition: 'opacity 200ms' }}>Tray</Box>
      </CacheProvider>,
    );
    const css = writtenCss(cache.key);
    expect(css).toContain('display:flex;');
    expect(css).not.toMatch(/-webkit-box|-ms-flexbox|-webkit-transition|-webkit-align-items/);
  });
});
