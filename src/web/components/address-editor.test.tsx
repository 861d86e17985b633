// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach, fakeApi, installBrowserStubs, renderWithRouter } from '../testing/dom.tsx';
import { AddressEditor } from './address-editor.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const renderNew = () => {
  fakeApi({});
  renderWithRouter(<AddressEditor address={null} isFirst onDone={() => {}} onCancel={() => {}} />);
  return screen.findByRole('form', { name: 'New address' });
};

describe('the address editor’s fill from the ZIP code', () => {
  it('keeps a city the customer typed: a ZIP prefix names only its main city (945… is Fremont too, not only Oakland)', async () => {
    const form = await renderNew();
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Fremont' } });
    fireEvent.change(within(form).getByLabelText('ZIP code'), { target: { value: '94538' } });
    expect((within(form).getByLabelText('City') as HTMLInputElement).value).toBe('Fremont');
    expect((within(form).getByLabelText('State') as HTMLSelectElement).value).toBe('CA');
    expect(within(form).getByText('Filled from the code: CA. Change them if they are not right.')).toBeTruthy();
  });

  it('fills an empty city from the code, and follows the code while the city is still the one it filled', async () => {
    const form = await renderNew();
    const city = within(form).getByLabelText('City') as HTMLInputElement;
    const zip = within(form).getByLabelText('ZIP code');
    fireEvent.change(zip, { target: { value: '94105' } });
    const first = city.value;
    expect(first).not.toBe('');
    fireEvent.change(zip, { target: { value: '10001' } });
    expect(city.value).not.toBe(first);
    expect(city.value).not.toBe('');
    expect((within(form).getByLabelText('State') as HTMLSelectElement).value).toBe('NY');
  });
});
