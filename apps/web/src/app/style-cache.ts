import createCache, { type StylisPlugin } from '@emotion/cache';

/**
 * Safari, up to the versions we support and beyond, selects text with `-webkit-user-select` only:
 * without it a long press on a button at the chair would select its label.
 */
const prefixUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select') element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * Emotion compiles each new style with stylis when a component first renders, and its default
 * cache runs stylis's vendor prefixer on every declaration, written for browsers long gone: on a
 * throttled phone it was a third of the style work of a page's first commit (issue 37). Of what
 * the prefixer adds, the browsers the app supports (iPadOS 15, Chrome, Edge and Firefox 100) need
 * only Safari's `-webkit-user-select`; MUI writes its other prefixes itself.
 */
export function createStyleCache(key = 'css') {
  return createCache({ key, stylisPlugins: [prefixUserSelect] });
}
