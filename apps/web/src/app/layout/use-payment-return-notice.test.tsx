import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/auth-token';
import { stubApi } from '../../test/fake-api';
import { fakeToken, profileFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('payment return notice', () => {
  it.each([
    ['success=true', 'Payment succesfull'],
    ['cancelled=true', 'Payment Cancelled'],
  ])('shows the message for ?%s and removes the parameter', async (query, message) => {
    setToken(fakeToken('organization_admin'));
    stubApi(profileFor('organization_admin'));
    const { router } = renderApp(`/dashboard?${query}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
