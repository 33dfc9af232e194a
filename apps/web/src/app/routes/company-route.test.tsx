import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Company, Role } from '@clinic/domain';
import { setToken } from '../../lib/auth-token';
import { stubApi } from '../../test/fake-api';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** Downtown in California: the address points to one zone. */
function signIn(role: Role, start: Company) {
  setToken(fakeToken(role));
  let company = start;
  const patches: unknown[] = [];
  stubApi(profileFor(role, { company: { id: IDS.company, name: 'Downtown', city: 'San Diego', state: 'CA', time_zone: null, organization: { id: IDS.organization, name: 'Smile Dental', approvalStatus: 'approved', numberOfLocations: 2 } } }), {
    [`/api/company/${IDS.company}`]: (_url, init) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { time_zone: string | null };
        patches.push(body);
        company = { ...company, time_zone: body.time_zone };
      }
      return jsonResponse(company);
    },
  });
  return patches;
}

const DOWNTOWN: Company = { id: IDS.company, name: 'Downtown', city: 'San Diego', state: 'CA', time_zone: null, organization_id: IDS.organization, created_at: '2026-01-05T10:00:00.000Z' };

describe('/users/company: the location’s time zone', () => {
  it('proposes the zone the address points to, and the location admin saves it', async () => {
    const patches = signIn('company_admin', DOWNTOWN);
    renderApp('/users/company');
    const section = await screen.findByRole('region', { name: 'Time zone of Downtown' });
    expect(within(section).getByText(/Not set: the nightly work follows UTC\. Its address points to America\/Los_Angeles\./)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Set time zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Time zone of Downtown' });
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Los_Angeles');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(/^America\/Los_Angeles: the nightly forecasts run after its midnight/)).toBeInTheDocument();
    expect(patches).toEqual([{ time_zone: 'America/Los_Angeles' }]);
  });

  it('shows a member the zone without a way to change it', async () => {
    signIn('company_member', { ...DOWNTOWN, time_zone: 'America/Los_Angeles' });
    renderApp('/users/company');
    const section = await screen.findByRole('region', { name: 'Time zone of Downtown' });
    expect(within(section).getByText(/^America\/Los_Angeles:/)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
