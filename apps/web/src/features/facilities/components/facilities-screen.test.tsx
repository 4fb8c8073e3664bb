/** The facilities screen says why it shows no table: none yet, or every one archived. */
import type { Facility } from '@fieldhouse/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { FacilitiesScreen } from './facilities-screen.tsx';

const { apiGet } = vi.hoisted(() => ({ apiGet: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiGet, apiDelete: vi.fn(), apiPatch: vi.fn(), apiPost: vi.fn() }));

const gym: Facility = { id: 1, name: 'Old Gym', address: null, capacity: null, hours: null, archived: true };

describe('FacilitiesScreen', () => {
  it('shows the empty state when every facility is archived and archived ones are hidden', async () => {
    apiGet.mockResolvedValue({ data: [gym] });
    await renderPage(<FacilitiesScreen />);
    expect((await screen.findByTestId('facilities-empty')).textContent).toMatch(/Every facility is archived/);
    expect(screen.queryByTestId('facilities-table')).toBeNull();
    expect(screen.getByLabelText('Show archived (1)')).toBeTruthy();
  });

  it('invites adding the first facility when there are none', async () => {
    apiGet.mockResolvedValue({ data: [] });
    await renderPage(<FacilitiesScreen />);
    expect((await screen.findByTestId('facilities-empty')).textContent).toMatch(/No facilities yet/);
  });
});
