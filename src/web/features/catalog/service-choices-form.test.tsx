// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceChoicesForm } from './service-modal.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no layout: the listbox only asks to keep its active option in view.
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  document.body.innerHTML = '';
});

const applyNow = () => screen.getByRole('button', { name: 'Apply Now' });

async function pick(label: string, country: string) {
  await act(async () => fireEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) })));
  const listbox = screen.getByRole('listbox', { name: label });
  await act(async () => fireEvent.click(within(listbox).getByRole('option', { name: country })));
}

describe('service modal form (SPEC.md §5)', () => {
  it("shows '{Parameter} is required' under every empty dropdown and sends nothing", async () => {
    const onApply = vi.fn(async () => true);
    render(
      <ServiceChoicesForm
        service={{ name: 'Indian Visa', parameters: ['citizenship', 'destination'] }}
        options={{ citizenship: ['US', 'CA'], destination: ['IN'] }}
        initial={{}}
        onApply={onApply}
      />,
    );
    await act(async () => fireEvent.click(applyNow()));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Citizenship is required', 'Destination is required']);
    expect(onApply).not.toHaveBeenCalled();

    await pick('Citizenship', 'Canada');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Destination is required']);
    await pick('Destination', 'India');
    await act(async () => fireEvent.click(applyNow()));
    expect(onApply).toHaveBeenCalledWith({ citizenship: 'CA', destination: 'IN' });
  });

  it("refuses the same Applying From and Destination with 'Applying From and Destination cannot be the same'", async () => {
    const onApply = vi.fn(async () => true);
    render(
      <ServiceChoicesForm
        service={{ name: 'Visa Application Centre Support', parameters: ['applyingFrom', 'destination'] }}
        options={{ applyingFrom: ['US', 'IN'], destination: ['US', 'IN'] }}
        initial={{ applyingFrom: 'IN', destination: 'IN' }}
        onApply={onApply}
      />,
    );
    await act(async () => fireEvent.click(applyNow()));
    expect(screen.getByRole('alert').textContent).toBe('Applying From and Destination cannot be the same');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('lists countries with flags in a listbox at most 300 px high, and works from the keyboard', async () => {
    render(
      <ServiceChoicesForm
        service={{ name: 'OCI Card', parameters: ['applyingFrom'] }}
        options={{ applyingFrom: ['US', 'CA'] }}
        initial={{ applyingFrom: 'US' }}
        onApply={async () => true}
      />,
    );
    const combobox = screen.getByRole('combobox', { name: /^Applying From/ });
    expect(combobox.textContent).toContain('United States');
    await act(async () => fireEvent.keyDown(combobox, { key: 'ArrowDown' }));
    const listbox = screen.getByRole('listbox', { name: 'Applying From' });
    expect(listbox.style.maxHeight).toBe('300px');
    expect(listbox.querySelectorAll('img[src="/flags/ca.svg"]').length).toBe(1);
    await act(async () => fireEvent.keyDown(combobox, { key: 'ArrowDown' }));
    await act(async () => fireEvent.keyDown(combobox, { key: 'Enter' }));
    expect(combobox.textContent).toContain('Canada');
    expect(listbox.hidden).toBe(true);
  });
});
