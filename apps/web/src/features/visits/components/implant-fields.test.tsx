import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImplantFields } from './implant-fields';

/** The fields as the tray holds them: the line's UDI and site in state. */
function Harness({ udiError }: { udiError?: string }) {
  const [line, setLine] = useState({ implantUdi: '', implantSite: '' });
  return <ImplantFields productName="BoneLevel implant" udi={line.implantUdi} site={line.implantSite} onChange={(patch) => { setLine((l) => ({ ...l, ...patch })); }} udiError={udiError} />;
}

describe('the implant fields at the chair', () => {
  it('reads a typed GS1 string back to the clinician: UDI-DI, lot, serial and use-by date', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Implant of BoneLevel implant' });
    await user.type(within(group).getByRole('textbox', { name: 'Implant UDI' }), '(01)09506000134352(17)271231(10)LOTA1(21)SN123');
    expect(within(group).getByText('UDI-DI 09506000134352 · lot LOTA1 · serial SN123 · use by 12-31-2027')).toBeInTheDocument();
    await user.type(within(group).getByRole('textbox', { name: 'Site (tooth or area)' }), '36');
    expect(within(group).getByRole('textbox', { name: 'Site (tooth or area)' })).toHaveValue('36');
  });

  it('fills the UDI from the scanner dialog (a hand scanner or typed when the camera is not there)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Scan the UDI of BoneLevel implant' }));
    const dialog = await screen.findByRole('dialog', { name: "Scan the implant's UDI" });
    await user.type(within(dialog).getByRole('textbox', { name: 'Barcode' }), '(01)09506000134352(21)SN9');
    await user.click(within(dialog).getByRole('button', { name: 'Use code' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Implant UDI' })).toHaveValue('(01)09506000134352(21)SN9');
    expect(screen.getByText('UDI-DI 09506000134352 · serial SN9')).toBeInTheDocument();
  });

  it('shows the validation message in place of the reading', () => {
    render(<Harness udiError="Scan or type the implant’s UDI" />);
    expect(screen.getByText('Scan or type the implant’s UDI')).toBeInTheDocument();
  });
});
